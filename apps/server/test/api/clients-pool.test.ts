import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, onPostgres, type TestApp } from '../support/app';
import {
  auditRows,
  createClient,
  deptIdOf,
  ownerLogs,
  rowOf,
  SALES_PASSWORD,
  setClient,
  staff,
} from '../support/clients';

let t: TestApp;
let admin: string;
let a: { id: number; token: string; username: string };
let b: { id: number; token: string; username: string };
const BASE = '/api/v1/clients';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  a = await staff(t, admin, 'pool_a', { dept: '销售一组', nickname: '甲' });
  b = await staff(t, admin, 'pool_b', { dept: '销售二组', nickname: '乙' });
});
afterAll(async () => t.close());

const poolClient = async (extra: Record<string, unknown> = {}) =>
  createClient(t, admin, { ownerUserId: null, ...extra });
const claim = (token: string, id: number) => t.call('POST', `${BASE}/${id}/claim`, { token });
const config = async () => (await t.call('GET', `${BASE}/pool-config`, { token: admin })).body.data;
const setConfig = async (values: Record<string, unknown>) => {
  const { updatedAt: _u, ...current } = await config();
  const res = await t.call('PUT', `${BASE}/pool-config`, { token: admin, body: { ...current, ...values } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const relogin = async () => {
  admin = await t.login('admin', ADMIN_PASSWORD);
  a.token = await t.login(a.username, SALES_PASSWORD);
  b.token = await t.login(b.username, SALES_PASSWORD);
};

describe('pool settings and limit rules', () => {
  it('start with the defaults of Decision 9 and are admin-only, versioned and audited', async () => {
    const cfg = await config();
    expect(cfg).toMatchObject({
      enabled: true,
      contactExpireDays: 7,
      dealExpireDays: 30,
      notifyEnabled: true,
      notifyDays: 2,
      recycleDealClients: false,
      claimDailyLimit: 20,
      preOwnerBanDays: 7,
    });
    expect((await t.call('GET', `${BASE}/pool-config`, { token: a.token })).status).toBe(403);
    const { updatedAt: _u, ...body } = cfg;
    const bad = await t.call('PUT', `${BASE}/pool-config`, {
      token: admin,
      body: { ...body, claimDailyLimit: -1 },
    });
    expect(bad.body.data.fields.claimDailyLimit).toBeTruthy();
    const ok = await t.call('PUT', `${BASE}/pool-config`, { token: admin, body: { ...body, notifyDays: 3 } });
    expect(ok.body.data).toMatchObject({ notifyDays: 3, version: cfg.version + 1 });
    const stale = await t.call('PUT', `${BASE}/pool-config`, { token: admin, body });
    expect(stale.status).toBe(409);
    expect((await auditRows(t, 'client.pool.config')).length).toBe(1);
    await setConfig({ notifyDays: 2 });

    const rules = await t.call('GET', `${BASE}/limit-rules`, { token: admin });
    expect(rules.body.data.items).toEqual([
      expect.objectContaining({
        type: 'OWNER_LIMIT',
        maxCount: 300,
        dealCounts: false,
        userIds: [],
        deptIds: [],
      }),
    ]);
    const badDept = await t.call('POST', `${BASE}/limit-rules`, {
      token: admin,
      body: { type: 'LOCK_LIMIT', deptIds: [99999], maxCount: 5 },
    });
    expect(badDept.status).toBe(400);
    const created = await t.call('POST', `${BASE}/limit-rules`, {
      token: admin,
      body: { type: 'LOCK_LIMIT', deptIds: [await deptIdOf(t, admin, '销售二组')], maxCount: 5 },
    });
    expect(created.status).toBe(200);
    const updated = await t.call('PUT', `${BASE}/limit-rules/${created.body.data.id}`, {
      token: admin,
      body: { ...created.body.data, id: undefined, maxCount: 6 },
    });
    expect(updated.body.data.maxCount).toBe(6);
    expect(
      (await t.call('DELETE', `${BASE}/limit-rules/${created.body.data.id}`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await t.call('DELETE', `${BASE}/limit-rules/${created.body.data.id}`, { token: admin })).status,
    ).toBe(404);
  });
});

describe('claim', () => {
  it('moves a pool client to the claimer with an owner log; a second claimer is refused clearly', async () => {
    const c = await poolClient();
    const res = await claim(a.token, c.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ownerUserId: a.id,
      ownerName: '甲',
      followed: false,
      poolReason: null,
    });
    const row = await rowOf(t, c.id);
    expect(row.ownerDeptId).toBe(await deptIdOf(t, admin, '销售一组'));
    expect((await ownerLogs(t, c.id)).map((l) => [l.type, l.to_user_id])).toEqual([
      ['CREATE', null],
      ['CLAIM', a.id],
    ]);
    const late = await claim(b.token, c.id);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('手慢了，该客户已被他人领取');
    expect((await claim(a.token, c.id)).body.msg).toBe('客户已在该负责人名下');
    expect((await claim(a.token, 999999)).status).toBe(404);
    // A client that was never in the pool and is owned by someone else is simply not found.
    const owned = await createClient(t, b.token);
    expect((await claim(a.token, owned.id)).status).toBe(404);
    expect((await claim(await t.login('chakan1', DEMO_PASSWORD), c.id)).status).toBe(403);
  });

  it('caps claims per Asia/Shanghai day ("今日领取次数超过上限")', async () => {
    await setConfig({ claimDailyLimit: 2 });
    t.clock.current = new Date('2026-11-02T15:50:00Z'); // 23:50 in Shanghai
    await relogin();
    const c1 = await poolClient();
    const c2 = await poolClient();
    const c3 = await poolClient();
    expect((await claim(b.token, c1.id)).status).toBe(200);
    expect((await claim(b.token, c2.id)).status).toBe(200);
    const third = await claim(b.token, c3.id);
    expect(third.status).toBe(422);
    expect(third.body.msg).toBe('今日领取次数超过上限');
    const quota = await t.call('GET', `${BASE}/quota`, { token: b.token });
    expect(quota.body.data).toMatchObject({ claimedToday: 2, claimDailyLimit: 2 });
    // 00:05 in Shanghai: a new day (still 2 November in UTC).
    t.clock.current = new Date('2026-11-02T16:05:00Z');
    await relogin();
    expect((await claim(b.token, c3.id)).status).toBe(200);
    await setConfig({ claimDailyLimit: 20 });
  });

  it('bans the previous owner for pre_owner_ban_days: the pool row says from when, the refusal names the date', async () => {
    const c = await createClient(t, a.token);
    const noReason = await t.call('POST', `${BASE}/${c.id}/release`, { token: a.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields.reason).toBe('必填');
    const released = await t.call('POST', `${BASE}/${c.id}/release`, {
      token: a.token,
      body: { reason: '家长暂无需求' },
    });
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({
      ownerUserId: null,
      poolReason: 'MANUAL_RELEASE',
      preOwnerUserId: a.id,
    });
    expect((await ownerLogs(t, c.id)).at(-1)).toMatchObject({
      type: 'RELEASE',
      from_user_id: a.id,
      reason: '家长暂无需求',
    });
    const poolTime = new Date(released.body.data.poolTime);
    const banEnd = new Date(poolTime.getTime() + 7 * 24 * 60 * 60 * 1000);
    const poolRow = async (token: string) =>
      (await t.call('GET', `${BASE}/pool?keyword=${c.mobile}`, { token })).body.data.items.find(
        (x: { id: number }) => x.id === c.id,
      );
    expect((await poolRow(a.token)).claimableFrom).toBe(banEnd.toISOString());
    expect((await poolRow(b.token)).claimableFrom).toBeNull();
    const banned = await claim(a.token, c.id);
    expect(banned.status).toBe(422);
    const shanghai = new Date(banEnd.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(banned.body.msg).toBe(`你是该客户的前负责人，${shanghai} 之后才能再次领取`);
    t.clock.advance(8 * 24 * 60 * 60);
    await relogin();
    expect((await poolRow(a.token)).claimableFrom).toBeNull();
    expect((await claim(a.token, c.id)).status).toBe(200);
  });

  it('enforces OWNER_LIMIT on claim, assign and create, not counting deal clients (Decision 9)', async () => {
    const c = await staff(t, admin, 'pool_c', { dept: '销售二组' });
    const rule = await t.call('POST', `${BASE}/limit-rules`, {
      token: admin,
      body: { type: 'OWNER_LIMIT', userIds: [c.id], maxCount: 2, dealCounts: false },
    });
    const first = await createClient(t, c.token);
    await createClient(t, c.token);
    const p1 = await poolClient();
    const refused = await claim(c.token, p1.id);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('超出客户数拥有上限');
    const assign = await t.call('POST', `${BASE}/${p1.id}/assign`, { token: admin, body: { userId: c.id } });
    expect(assign.status).toBe(422);
    expect(assign.body.msg).toBe('超出客户数拥有上限');
    const create = await t.call('POST', BASE, { token: c.token, body: { mobile: '14799999999' } });
    expect(create.body.msg).toBe('超出客户数拥有上限');
    // A deal client does not count.
    await setClient(t, first.id, { dealStatus: true, stage: 'DEAL' });
    expect((await claim(c.token, p1.id)).status).toBe(200);
    const quota = await t.call('GET', `${BASE}/quota`, { token: c.token });
    expect(quota.body.data).toMatchObject({ owned: 2, ownerLimit: 2 });
    // Unless the rule says deal clients count.
    await t.call('PUT', `${BASE}/limit-rules/${rule.body.data.id}`, {
      token: admin,
      body: {
        type: 'OWNER_LIMIT',
        userIds: [c.id],
        deptIds: [],
        maxCount: 3,
        dealCounts: true,
        remark: '',
        version: 1,
      },
    });
    const p2 = await poolClient();
    expect((await claim(c.token, p2.id)).body.msg).toBe('超出客户数拥有上限');
  });

  it('claims in bulk, answering per id', async () => {
    const p1 = await poolClient();
    const p2 = await poolClient();
    const owned = await createClient(t, a.token);
    const res = await t.call('POST', `${BASE}/bulk/claim`, {
      token: b.token,
      body: { ids: [p1.id, p2.id, owned.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded).toBe(2);
    expect(res.body.data.results.find((r: { id: number }) => r.id === owned.id)).toMatchObject({
      ok: false,
      code: 404,
    });
    const tooMany = await t.call('POST', `${BASE}/bulk/claim`, {
      token: b.token,
      body: { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('assign, transfer, release and lock', () => {
  it('assigns pool clients (admin only), round-robin in bulk', async () => {
    const p1 = await poolClient();
    const p2 = await poolClient();
    expect(
      (await t.call('POST', `${BASE}/${p1.id}/assign`, { token: a.token, body: { userId: a.id } })).status,
    ).toBe(403);
    const res = await t.call('POST', `${BASE}/bulk/assign`, {
      token: admin,
      body: { ids: [p1.id, p2.id], userIds: [a.id, b.id] },
    });
    expect(res.body.data.succeeded).toBe(2);
    expect((await rowOf(t, p1.id)).ownerUserId).toBe(a.id);
    expect((await rowOf(t, p2.id)).ownerUserId).toBe(b.id);
    expect((await ownerLogs(t, p2.id)).at(-1)).toMatchObject({ type: 'ASSIGN', to_user_id: b.id });
    const again = await t.call('POST', `${BASE}/${p1.id}/assign`, { token: admin, body: { userId: b.id } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('客户不在公海中');
    const p3 = await poolClient();
    const nobody = await t.call('POST', `${BASE}/${p3.id}/assign`, {
      token: admin,
      body: { userId: 999999 },
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.data.fields.userId).toMatch(/目标用户/);
  });

  it('transfers between owners (admin) with the reason in the owner log', async () => {
    const c = await createClient(t, a.token);
    expect(
      (await t.call('POST', `${BASE}/${c.id}/transfer`, { token: a.token, body: { userId: b.id } })).status,
    ).toBe(403);
    const res = await t.call('POST', `${BASE}/${c.id}/transfer`, {
      token: admin,
      body: { userId: b.id, reason: '离职交接' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ownerUserId: b.id, ownerDeptName: '销售二组' });
    expect((await ownerLogs(t, c.id)).at(-1)).toMatchObject({
      type: 'TRANSFER',
      from_user_id: a.id,
      to_user_id: b.id,
      reason: '离职交接',
    });
    const same = await t.call('POST', `${BASE}/${c.id}/transfer`, { token: admin, body: { userId: b.id } });
    expect(same.status).toBe(409);
    expect(same.body.msg).toBe('客户已在该负责人名下');
  });

  it('locks within LOCK_LIMIT; a locked client cannot be released ("客户已锁定")', async () => {
    await t.call('POST', `${BASE}/limit-rules`, {
      token: admin,
      body: { type: 'LOCK_LIMIT', userIds: [a.id], maxCount: 1 },
    });
    const c1 = await createClient(t, a.token);
    const c2 = await createClient(t, a.token);
    const locked = await t.call('POST', `${BASE}/${c1.id}/lock`, { token: a.token });
    expect(locked.status).toBe(200);
    expect(locked.body.data.locked).toBe(true);
    expect(locked.body.data.recycleAt).toBeNull();
    const second = await t.call('POST', `${BASE}/${c2.id}/lock`, { token: a.token });
    expect(second.status).toBe(422);
    expect(second.body.msg).toBe('超出锁定客户数上限');
    const release = await t.call('POST', `${BASE}/${c1.id}/release`, {
      token: a.token,
      body: { reason: '不跟了' },
    });
    expect(release.status).toBe(422);
    expect(release.body.msg).toBe('客户已锁定');
    expect(
      (await t.call('POST', `${BASE}/${c1.id}/release`, { token: admin, body: { reason: 'x' } })).status,
    ).toBe(422);
    expect((await t.call('POST', `${BASE}/${c1.id}/unlock`, { token: a.token })).body.data.locked).toBe(
      false,
    );
    expect((await t.call('POST', `${BASE}/${c2.id}/lock`, { token: a.token })).status).toBe(200);
    const bulk = await t.call('POST', `${BASE}/bulk/release`, {
      token: a.token,
      body: { ids: [c1.id, c2.id], reason: '批量放入' },
    });
    expect(bulk.body.data.results).toEqual([
      { id: c1.id, ok: true, code: 0, msg: 'ok' },
      { id: c2.id, ok: false, code: 422, msg: '客户已锁定' },
    ]);
    expect((await auditRows(t, 'client.lock', c2.id)).length).toBe(1);
  });
});

describe.runIf(onPostgres())('races on PostgreSQL', () => {
  it('20 staff claiming one client at once: exactly one owner and 19 clear refusals', async () => {
    const racers = [];
    for (let i = 0; i < 20; i++) racers.push(await staff(t, admin, `racer_${i}`));
    for (let round = 0; round < 3; round++) {
      const c = await poolClient();
      const results = await Promise.all(racers.map((r) => claim(r.token, c.id)));
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      const losers = results.filter((r) => r.status !== 200);
      expect(losers.map((r) => r.status)).toEqual(Array(19).fill(409));
      expect(new Set(losers.map((r) => r.body.msg))).toEqual(new Set(['手慢了，该客户已被他人领取']));
      const logs = (await ownerLogs(t, c.id)).filter((l) => l.type === 'CLAIM');
      expect(logs).toHaveLength(1);
      expect((await rowOf(t, c.id)).ownerUserId).toBe(winners[0]?.body.data.ownerUserId);
    }
  });

  it('a burst of claims by one user never exceeds the daily cap', async () => {
    await setConfig({ claimDailyLimit: 5 });
    const u = await staff(t, admin, 'burst_user');
    const clients = await Promise.all(Array.from({ length: 20 }, () => poolClient()));
    const results = await Promise.all(clients.map((c) => claim(u.token, c.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.msg === '今日领取次数超过上限')).toBe(
      true,
    );
    expect(results.filter((r) => r.status === 422)).toHaveLength(15);
    const quota = await t.call('GET', `${BASE}/quota`, { token: u.token });
    expect(quota.body.data.claimedToday).toBe(5);
    await setConfig({ claimDailyLimit: 20 });
  });
});
