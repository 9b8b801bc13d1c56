import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRun } from '../../src/db/schema';
import { runJobOnce } from '../../src/jobs/scheduler';
import { FollowUpService } from '../../src/modules/clients/follow-ups.service';
import { clientRecycleJob } from '../../src/modules/clients/jobs';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import {
  auditRows,
  createClient,
  ownerLogs,
  rowOf,
  SALES_PASSWORD,
  setClient,
  staff,
} from '../support/clients';

let t: TestApp;
let admin: string;
let r: { id: number; token: string; username: string };
const DAY = 24 * 60 * 60 * 1000;
const BASE = '/api/v1/clients';

beforeAll(async () => {
  t = await createTestApp();
  // 10:00 in Shanghai: after the 09:00 reminder hour.
  t.clock.current = new Date('2026-11-03T02:00:00Z');
  admin = await t.login('admin', ADMIN_PASSWORD);
  r = await staff(t, admin, 'recycle_r', { dept: '销售一组', nickname: '回收测试' });
});
afterAll(async () => t.close());

const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY);
const run = () => runJobOnce(t.database.db, clientRecycleJob(), t.clock.now());
const owned = async (days: number, values: Parameters<typeof setClient>[2] = {}) => {
  const c = await createClient(t, r.token);
  await setClient(t, c.id, { ownerTime: ago(days), lastFollowTime: null, ...values });
  return c.id;
};

describe('auto-recycle', () => {
  it('applies the exact predicate: no follow-up within 7 days, or no deal within 30 days; locked and deal clients stay', async () => {
    const noFollow = await owned(8);
    const followedYesterday = await owned(8, { lastFollowTime: ago(1) });
    const noDeal = await owned(31, { lastFollowTime: ago(1) });
    const deal = await owned(31, { dealStatus: true, stage: 'DEAL', lastFollowTime: ago(20) });
    const locked = await owned(40, { lockStatus: true });
    const fresh = await owned(6);

    const counts = await run();
    expect(counts?.recycled).toBeGreaterThanOrEqual(2);
    for (const id of [noFollow, noDeal]) expect((await rowOf(t, id)).ownerUserId).toBeNull();
    for (const id of [followedYesterday, deal, locked, fresh])
      expect((await rowOf(t, id)).ownerUserId).toBe(r.id);

    const row = await rowOf(t, noFollow);
    expect(row).toMatchObject({ poolReason: 'AUTO_NO_FOLLOW', preOwnerUserId: r.id, ownerDeptId: null });
    expect(row.poolTime?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await rowOf(t, noDeal)).poolReason).toBe('AUTO_NO_DEAL');
    expect((await ownerLogs(t, noFollow)).at(-1)).toMatchObject({
      type: 'AUTO_RECYCLE',
      from_user_id: r.id,
      to_user_id: null,
      reason: 'AUTO_NO_FOLLOW',
    });
    const [last] = await t.database.db
      .select()
      .from(jobRun)
      .where(eq(jobRun.job, 'client-recycle'))
      .orderBy(desc(jobRun.id))
      .limit(1);
    expect(last).toMatchObject({ status: 'SUCCESS' });
    expect(last?.counts).toMatchObject({ recycled: counts?.recycled });
    expect((await auditRows(t, 'client.recycle')).length).toBe(1);

    // Deal clients go too once the pool settings say so (Decision 6: off by default).
    const cfg = (await t.call('GET', `${BASE}/pool-config`, { token: admin })).body.data;
    const { updatedAt: _u, ...body } = cfg;
    await t.call('PUT', `${BASE}/pool-config`, { token: admin, body: { ...body, recycleDealClients: true } });
    await run();
    expect((await rowOf(t, deal)).ownerUserId).toBeNull();
    const cfg2 = (await t.call('GET', `${BASE}/pool-config`, { token: admin })).body.data;
    const { updatedAt: _v, ...body2 } = cfg2;
    await t.call('PUT', `${BASE}/pool-config`, {
      token: admin,
      body: { ...body2, recycleDealClients: false, enabled: false },
    });
    const stale = await owned(9);
    const off = await run();
    expect(off).toMatchObject({ recycled: 0, disabled: 1 });
    expect((await rowOf(t, stale)).ownerUserId).toBe(r.id);
    const cfg3 = (await t.call('GET', `${BASE}/pool-config`, { token: admin })).body.data;
    const { updatedAt: _w, ...body3 } = cfg3;
    await t.call('PUT', `${BASE}/pool-config`, { token: admin, body: { ...body3, enabled: true } });
    await run();
    expect((await rowOf(t, stale)).ownerUserId).toBeNull();
  });

  it('restarts the no-follow timer for MANUAL follow-ups and calls of 30 s or more only (Decision 5)', async () => {
    const manual = await owned(10, { lastFollowTime: ago(9) });
    const shortCall = await owned(10, { lastFollowTime: ago(9) });
    const longCall = await owned(10, { lastFollowTime: ago(9) });
    const sms = await owned(10, { lastFollowTime: ago(9) });
    const res = await t.call('POST', '/api/v1/follow-ups', {
      token: r.token,
      body: { clientId: manual, type: 'CALL', content: '回访了家长' },
    });
    expect(res.status).toBe(200);
    const followUps = new FollowUpService(t.database.db, t.clock.now);
    const base = { type: 'CALL' as const, content: '外呼', userId: r.id, deptId: null };
    await followUps.recordAutomatic({ ...base, clientId: shortCall, source: 'CALL', talkSeconds: 29 });
    await followUps.recordAutomatic({ ...base, clientId: longCall, source: 'CALL', talkSeconds: 30 });
    await followUps.recordAutomatic({ ...base, type: 'SMS', clientId: sms, source: 'SMS' });
    expect((await rowOf(t, shortCall)).followCount).toBe(1);
    expect((await rowOf(t, longCall)).lastFollowTime?.toISOString()).toBe(t.clock.now().toISOString());
    await run();
    expect((await rowOf(t, manual)).ownerUserId).toBe(r.id);
    expect((await rowOf(t, longCall)).ownerUserId).toBe(r.id);
    expect((await rowOf(t, shortCall)).ownerUserId).toBeNull();
    expect((await rowOf(t, sms)).ownerUserId).toBeNull();
  });

  it('lists clients about to drop (predicate shifted by notify_days) with the days left', async () => {
    const soon = await owned(6);
    const later = await owned(2);
    const list = await t.call('GET', `${BASE}/mine?aboutToRecycle=true&pageSize=100`, { token: r.token });
    const ids = list.body.data.items.map((x: { id: number }) => x.id);
    expect(ids).toContain(soon);
    expect(ids).not.toContain(later);
    const row = list.body.data.items.find((x: { id: number }) => x.id === soon);
    expect(row.recycleAt).toBe(new Date(ago(6).getTime() + 7 * DAY).toISOString());
    const notSoon = await t.call('GET', `${BASE}/mine?aboutToRecycle=false&pageSize=100`, { token: r.token });
    expect(notSoon.body.data.items.map((x: { id: number }) => x.id)).toContain(later);
  });

  it('reminds each owner once a day from 09:00 Shanghai time, in their language', async () => {
    const soon = await owned(6);
    // Yesterday's reminders (from the runs above) are read.
    expect((await t.call('POST', '/api/v1/notifications/read-all', { token: r.token })).status).toBe(200);
    t.clock.current = new Date('2026-11-04T00:30:00Z'); // 08:30 in Shanghai
    await setClient(t, soon, { ownerTime: ago(6) });
    const early = await run();
    expect(early?.reminded).toBe(0);
    t.clock.current = new Date('2026-11-04T01:10:00Z'); // 09:10
    await setClient(t, soon, { ownerTime: ago(6) });
    const first = await run();
    expect(first?.reminded).toBeGreaterThanOrEqual(1);
    const second = await run();
    expect(second?.reminded).toBe(0);
    r.token = await t.login(r.username, SALES_PASSWORD);
    admin = await t.login('admin', ADMIN_PASSWORD);
    const list = await t.call('GET', '/api/v1/notifications', { token: r.token });
    expect(list.status).toBe(200);
    expect(list.body.data.unread).toBe(1);
    const note = list.body.data.items[0];
    expect(note.kind).toBe('CLIENT_RECYCLE_SOON');
    expect(note.title).toBe('客户即将掉入公海');
    expect(note.content).toMatch(/^你有 \d+ 个客户将在 2 天内掉入公海/);
    expect(note.data.clientIds).toContain(soon);
    const en = await t.call('GET', '/api/v1/notifications', {
      token: r.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.data.items[0].title).toBe('Clients about to return to the pool');
    const otherUser = await t.call('POST', `/api/v1/notifications/${note.id}/read`, { token: admin });
    expect(otherUser.status).toBe(404);
    expect((await t.call('POST', `/api/v1/notifications/${note.id}/read`, { token: r.token })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/v1/notifications', { token: r.token })).body.data.unread).toBe(0);
    const all = await t.call('GET', '/api/v1/notifications?unreadOnly=false', { token: r.token });
    expect(all.body.data.items[0].readAt).toBe(t.clock.now().toISOString());
  });
});
