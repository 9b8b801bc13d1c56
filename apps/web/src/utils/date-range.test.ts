import { afterAll, describe, expect, it } from 'vitest';
import { type DateRangeKey, dateRangeShortcuts, shanghaiDayStart } from './date-range';

/** An instant given as Shanghai wall-clock time (UTC+8). */
const sh = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) =>
  new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s, ms));
const DAY = 86_400_000;

const rangesAt = (now: Date) =>
  Object.fromEntries(
    dateRangeShortcuts(now).map((s) => [s.key, s.range.map((d) => d.toISOString())]),
  ) as Record<DateRangeKey, [string, string]>;
const iso = (d: Date) => d.toISOString();

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('dateRangeShortcuts', () => {
  const now = sh(2026, 3, 5, 20, 0, 0); // 2026-03-05 20:00 Shanghai = 12:00 UTC

  it('lists the five shortcuts in order', () => {
    expect(dateRangeShortcuts(now).map((s) => s.key)).toEqual([
      'today',
      'yesterday',
      'last7',
      'last30',
      'last90',
    ]);
  });

  it('gives today and yesterday as whole Shanghai calendar days', () => {
    const r = rangesAt(now);
    expect(r.today).toEqual([iso(sh(2026, 3, 5)), iso(sh(2026, 3, 5, 23, 59, 59, 999))]);
    expect(r.today).toEqual(['2026-03-04T16:00:00.000Z', '2026-03-05T15:59:59.999Z']);
    expect(r.yesterday).toEqual([iso(sh(2026, 3, 4)), iso(sh(2026, 3, 4, 23, 59, 59, 999))]);
  });

  it('gives last N days as N calendar days ending today, today included', () => {
    const r = rangesAt(now);
    const endOfToday = iso(sh(2026, 3, 5, 23, 59, 59, 999));
    expect(r.last7).toEqual([iso(sh(2026, 2, 27)), endOfToday]);
    expect(r.last30).toEqual([iso(sh(2026, 2, 4)), endOfToday]);
    expect(r.last90).toEqual([iso(sh(2025, 12, 6)), endOfToday]);
  });

  it('makes every range exactly its number of days long', () => {
    const lengths = Object.fromEntries(
      dateRangeShortcuts(now).map((s) => [s.key, (s.range[1].getTime() - s.range[0].getTime() + 1) / DAY]),
    );
    expect(lengths).toEqual({ today: 1, yesterday: 1, last7: 7, last30: 30, last90: 90 });
  });

  it('keeps the same Shanghai day across UTC midnight (08:00 Shanghai)', () => {
    const before = rangesAt(new Date('2026-03-04T23:59:59.999Z')); // 07:59:59.999 on the 5th
    const after = rangesAt(new Date('2026-03-05T00:00:00.000Z')); // 08:00 on the 5th
    expect(before.today).toEqual(after.today);
    expect(after.today[0]).toBe(iso(sh(2026, 3, 5)));
  });

  it('switches day at Shanghai midnight (16:00 UTC)', () => {
    const lastMs = rangesAt(new Date('2026-03-05T15:59:59.999Z'));
    const nextDay = rangesAt(new Date('2026-03-05T16:00:00.000Z'));
    expect(lastMs.today[0]).toBe(iso(sh(2026, 3, 5)));
    expect(nextDay.today[0]).toBe(iso(sh(2026, 3, 6)));
    expect(nextDay.yesterday).toEqual(lastMs.today);
  });

  it('crosses year ends and leap days', () => {
    const newYear = rangesAt(sh(2026, 1, 1, 0, 30));
    expect(newYear.today[0]).toBe(iso(sh(2026, 1, 1)));
    expect(newYear.yesterday).toEqual([iso(sh(2025, 12, 31)), iso(sh(2025, 12, 31, 23, 59, 59, 999))]);
    const leap = rangesAt(sh(2028, 3, 1, 9));
    expect(leap.yesterday[0]).toBe(iso(sh(2028, 2, 29)));
    expect(leap.last7[0]).toBe(iso(sh(2028, 2, 24)));
  });

  it('does not depend on the time zone of the browser, DST included', () => {
    const expected = rangesAt(now);
    for (const tz of ['UTC', 'America/New_York', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Tokyo']) {
      process.env.TZ = tz;
      expect(rangesAt(now)).toEqual(expected);
    }
    // New York moves its clocks on 2026-03-08; Shanghai days stay 24 hours long.
    process.env.TZ = 'America/New_York';
    const dst = dateRangeShortcuts(sh(2026, 3, 9, 12));
    const last7 = dst.find((s) => s.key === 'last7');
    expect(last7 && (last7.range[1].getTime() - last7.range[0].getTime() + 1) / DAY).toBe(7);
  });

  it('uses the current time by default', () => {
    const before = Date.now();
    const today = dateRangeShortcuts()[0];
    expect(today?.key).toBe('today');
    expect(today?.range[0].getTime()).toBeLessThanOrEqual(before);
    expect(today?.range[1].getTime()).toBeGreaterThanOrEqual(before);
  });
});

describe('shanghaiDayStart', () => {
  it('gives 00:00 Shanghai of the day containing the instant', () => {
    expect(iso(shanghaiDayStart(sh(2026, 3, 5, 0, 0, 0)))).toBe(iso(sh(2026, 3, 5)));
    expect(iso(shanghaiDayStart(sh(2026, 3, 5, 23, 59, 59, 999)))).toBe(iso(sh(2026, 3, 5)));
  });

  it('handles instants before 1970', () => {
    expect(iso(shanghaiDayStart(new Date('1969-12-31T20:00:00Z')))).toBe('1969-12-31T16:00:00.000Z');
    expect(iso(shanghaiDayStart(new Date('1969-12-31T10:00:00Z')))).toBe('1969-12-30T16:00:00.000Z');
  });
});
