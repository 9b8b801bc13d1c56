import { describe, expect, it } from 'vitest';
import { expiryOf } from '../../src/modules/courses/delivery';
import { verifyLcicCallback } from '../../src/providers/live/lcic';
import { SandboxLiveProvider } from '../../src/providers/live/sandbox';

describe('LCIC callback signature', () => {
  it('accepts md5(CallbackKey + ExpireTime) before expiry only', () => {
    const now = new Date(1614151000 * 1000);
    const body = { ExpireTime: 1614151508, Sign: 'b9454ab5a85f9b7ad36071f5688ed34d' };
    expect(verifyLcicCallback(body, 'NjFGoDEy', now)).toBe(true);
    expect(verifyLcicCallback(body, 'other', now)).toBe(false);
    expect(verifyLcicCallback({ ...body, Sign: 'x' }, 'NjFGoDEy', now)).toBe(false);
    expect(verifyLcicCallback({ ...body, Sign: body.Sign.toUpperCase() }, 'NjFGoDEy', now)).toBe(true);
    expect(verifyLcicCallback(body, 'NjFGoDEy', new Date(1614151509 * 1000))).toBe(false);
  });
});

describe('entitlement validity', () => {
  const paid = new Date('2026-11-24T18:30:00Z'); // 02:30 on the 25th in Shanghai
  it('counts Shanghai days, ends at Shanghai midnight; the SKU wins over the product', () => {
    expect(
      expiryOf(
        { mode: null, days: null, date: null },
        { mode: 'DAYS', days: 1, date: null },
        paid,
      )?.toISOString(),
    ).toBe('2026-11-25T16:00:00.000Z');
    expect(
      expiryOf(
        { mode: 'DATE', days: null, date: '2027-01-31' },
        { mode: 'DAYS', days: 1, date: null },
        paid,
      )?.toISOString(),
    ).toBe('2027-01-31T16:00:00.000Z');
    expect(
      expiryOf({ mode: 'FOREVER', days: null, date: null }, { mode: 'DAYS', days: 9, date: null }, paid),
    ).toBeNull();
  });
});

describe('sandbox classroom', () => {
  it('reports realistic, stable attendance within the class time', async () => {
    const p = new SandboxLiveProvider();
    const start = new Date('2026-11-20T11:00:00Z');
    const end = new Date('2026-11-20T12:30:00Z');
    const roster = Array.from({ length: 200 }, (_, i) => i + 1);
    const a = await p.attendance('sbx-0123456789ab', { start, end }, roster);
    expect(a.length).toBeGreaterThan(130);
    expect(a.length).toBeLessThan(190);
    for (const r of a) {
      expect(r.watchSeconds).toBeGreaterThan(0);
      expect(r.watchSeconds).toBeLessThanOrEqual(5400);
      expect((r.firstJoinAt as Date).getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect((r.lastLeaveAt as Date).getTime()).toBeLessThanOrEqual(end.getTime());
    }
    expect(await p.attendance('sbx-0123456789ab', { start, end }, roster)).toEqual(a);
    expect((await p.state('sbx-0123456789ab', { start, end }, new Date('2026-11-20T11:30:00Z'))).status).toBe(
      'LIVE',
    );
    expect(
      (await p.state('sbx-0123456789ab', { start, end }, new Date('2026-11-20T13:30:00Z'))).replayUrl,
    ).toContain('sbx-0123456789ab');
  });
});
