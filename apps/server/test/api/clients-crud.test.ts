import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesOrder } from '../../src/db/schema';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { auditRows, createClient, newMobile, rowOf, setClient, staff } from '../support/clients';

let t: TestApp;
let admin: string;
let chakan: string;
let a: { id: number; token: string };
let b: { id: number; token: string };
const BASE = '/api/v1/clients';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  a = await staff(t, admin, 'sales_a', { dept: '销售一组', nickname: '张三' });
  b = await staff(t, admin, 'sales_b', { dept: '销售二组', nickname: '李四' });
});
afterAll(async () => t.close());

const ids = (res: { body: { data: { items: { id: number }[] } } }) => res.body.data.items.map((x) => x.id);

describe('create and edit', () => {
  it('normalises the mobile (+86, 0086, spaces, dashes), defaults the name and writes CREATE + audit', async () => {
    const res = await t.call('POST', BASE, {
      token: a.token,
      body: { name: '', mobile: '+86 139-0011 2233' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '未命名2233',
      mobile: '139****2233',
      mobileMasked: true,
      ownerUserId: a.id,
      ownerName: '张三',
      ownerDeptName: '销售一组',
      stage: 'NEW',
      version: 1,
    });
    expect((await rowOf(t, res.body.data.id)).mobileRaw).toBe('+86 139-0011 2233');
    const again = await t.call('POST', BASE, {
      token: a.token,
      body: { name: 'x', mobile: '0086 13900112233' },
    });
    expect(again.status).toBe(409);
    const audits = await auditRows(t, 'client.create', res.body.data.id);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('13900112233');
  });

  it('shows field errors beside the form fields', async () => {
    const bad = await t.call('POST', BASE, { token: a.token, body: { name: 'x', mobile: '12345678901' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.mobile).toBe('请输入有效的中国大陆手机号');
    const missing = await t.call('POST', BASE, { token: a.token, body: { name: 'x' } });
    expect(missing.body.data.fields.mobile).toBeTruthy();
    const en = await t.call('POST', BASE, {
      token: a.token,
      body: { mobile: '1380013800' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.data.fields.mobile).toBe('Enter a valid mainland China mobile number');
    const unknownGrade = await t.call('POST', BASE, {
      token: a.token,
      body: { mobile: newMobile(), gradeId: 99999 },
    });
    expect(unknownGrade.body.data.fields.gradeId).toBe('所选项不存在或已停用');
    const badStage = await t.call('POST', BASE, {
      token: a.token,
      body: { mobile: newMobile(), stage: 'WON' },
    });
    expect(badStage.body.data.fields.stage).toBeTruthy();
    const extra = await t.call('POST', BASE, {
      token: a.token,
      body: { mobile: newMobile(), ownerDeptId: 1 },
    });
    expect(extra.body.data.fields.ownerDeptId).toBeTruthy();
    const longName = await t.call('POST', BASE, {
      token: a.token,
      body: { mobile: newMobile(), name: '长'.repeat(65) },
    });
    expect(longName.body.data.fields.name).toBe('最多 64 个字符');
  });

  it('lets only holders of client.assign create for someone else or into the pool', async () => {
    const denied = await t.call('POST', BASE, {
      token: a.token,
      body: { mobile: newMobile(), ownerUserId: b.id },
    });
    expect(denied.status).toBe(403);
    const forB = await createClient(t, admin, { ownerUserId: b.id });
    expect(forB.ownerUserId).toBe(b.id);
    const pooled = await createClient(t, admin, { ownerUserId: null });
    expect(pooled).toMatchObject({ ownerUserId: null, poolReason: 'IMPORT_UNASSIGNED' });
  });

  it('edits with the version read: only sent fields change; a stale version answers 409', async () => {
    const c = await createClient(t, a.token, { studentName: '小明', level: 'B' });
    const res = await t.call('PUT', `${BASE}/${c.id}`, {
      token: a.token,
      body: { stage: 'INTENT', subjects: ['MATH', 'ENGLISH'], version: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stage: 'INTENT', studentName: '小明', level: 'B', version: 2 });
    expect(res.body.data.subjects).toEqual(['MATH', 'ENGLISH']);
    const stale = await t.call('PUT', `${BASE}/${c.id}`, {
      token: a.token,
      body: { stage: 'TRIAL', version: 1 },
    });
    expect(stale.status).toBe(409);
    const audits = await auditRows(t, 'client.update', c.id);
    expect(audits.at(-1)?.summary).toMatch(/stage/);
  });
});

describe('duplicates (查重)', () => {
  it('answers mine / someone else (name only) / pool / deleted on create, edit and the look-up', async () => {
    const mine = await createClient(t, a.token);
    const theirs = await createClient(t, b.token);
    const pooled = await createClient(t, admin, { ownerUserId: null });
    const gone = await createClient(t, admin);
    expect((await t.call('DELETE', `${BASE}/${gone.id}`, { token: admin })).status).toBe(200);

    const onMine = await t.call('POST', BASE, { token: a.token, body: { mobile: mine.mobile } });
    expect(onMine.status).toBe(409);
    expect(onMine.body.msg).toBe('该手机号客户已在你名下');
    expect(onMine.body.data.duplicate).toMatchObject({ status: 'MINE', clientId: mine.id });
    expect(onMine.body.data.fields.mobile).toBe('该手机号客户已在你名下');

    const onTheirs = await t.call('POST', BASE, { token: a.token, body: { mobile: theirs.mobile } });
    expect(onTheirs.status).toBe(409);
    expect(onTheirs.body.msg).toBe('该手机号已由【李四】跟进');
    expect(onTheirs.body.data.duplicate).toEqual({
      status: 'OTHER',
      mobile: theirs.mobile,
      clientId: null,
      ownerName: '李四',
    });

    const onPool = await t.call('POST', BASE, { token: a.token, body: { mobile: pooled.mobile } });
    expect(onPool.body.msg).toBe('该手机号客户在公海中，可以领取');
    expect(onPool.body.data.duplicate).toMatchObject({ status: 'POOL', clientId: pooled.id });

    const onDeleted = await t.call('POST', BASE, { token: a.token, body: { mobile: gone.mobile } });
    expect(onDeleted.body.data.duplicate).toMatchObject({ status: 'DELETED', clientId: null });
    const adminOnDeleted = await t.call('POST', BASE, { token: admin, body: { mobile: gone.mobile } });
    expect(adminOnDeleted.body.data.duplicate).toMatchObject({ status: 'DELETED', clientId: gone.id });

    // Editing a client onto another client's mobile gets the same answer.
    const edit = await t.call('PUT', `${BASE}/${mine.id}`, {
      token: a.token,
      body: { mobile: theirs.mobile, version: mine.version },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('该手机号已由【李四】跟进');

    // The look-up tool (siyu): exists / owner name / in pool, never more.
    const check = (m: string, token = a.token) =>
      t.call('GET', `${BASE}/check-mobile?mobile=${encodeURIComponent(m)}`, { token });
    expect((await check(theirs.mobile)).body.data).toEqual({
      status: 'OTHER',
      mobile: theirs.mobile,
      clientId: null,
      ownerName: '李四',
    });
    expect((await check(`+86 ${mine.mobile}`)).body.data).toMatchObject({
      status: 'MINE',
      clientId: mine.id,
    });
    expect((await check(pooled.mobile)).body.data).toMatchObject({ status: 'POOL', clientId: pooled.id });
    expect((await check('13700000001')).body.data.status).toBe('NONE');
    expect((await check('123')).status).toBe(400);
    // Admin sees the id of someone else's client (within their scope).
    expect((await check(theirs.mobile, admin)).body.data).toMatchObject({
      status: 'OTHER',
      clientId: theirs.id,
    });

    // Restore (admin) brings the deleted one back unless its mobile is taken meanwhile.
    const restored = await t.call('POST', `${BASE}/${gone.id}/restore`, { token: admin });
    expect(restored.status).toBe(200);
    expect(restored.body.data.deleted).toBe(false);
    expect((await t.call('POST', `${BASE}/${gone.id}/restore`, { token: admin })).status).toBe(409);
    expect((await t.call('POST', `${BASE}/${gone.id}/restore`, { token: a.token })).status).toBe(403);
    await t.call('DELETE', `${BASE}/${gone.id}`, { token: admin });
    const reuse = await createClient(t, admin, { mobile: newMobile() });
    await t.call('PUT', `${BASE}/${reuse.id}`, {
      token: admin,
      body: { mobile: gone.mobile, version: reuse.version },
    });
    const conflict = await t.call('POST', `${BASE}/${gone.id}/restore`, { token: admin });
    expect(conflict.status).toBe(409);
    expect(conflict.body.msg).toBe('已有使用该手机号的客户，不能恢复');
  });
});

describe('data scope', () => {
  it('keeps siyu A away from siyu B’s clients by id (404) and out of every list', async () => {
    const bc = await createClient(t, b.token, { name: '乙方客户' });
    for (const [method, url, body] of [
      ['GET', `${BASE}/${bc.id}`, undefined],
      ['PUT', `${BASE}/${bc.id}`, { name: 'x', version: 1 }],
      ['GET', `${BASE}/${bc.id}/timeline`, undefined],
      ['GET', `${BASE}/${bc.id}/owner-logs`, undefined],
      ['POST', `${BASE}/${bc.id}/release`, { reason: '不要了' }],
      ['POST', `${BASE}/${bc.id}/lock`, undefined],
      ['POST', `${BASE}/${bc.id}/tags`, { add: [] }],
      ['POST', `${BASE}/${bc.id}/reveal-phone`, undefined],
      ['POST', '/api/v1/follow-ups', { clientId: bc.id, type: 'CALL', content: 'x' }],
    ] as const) {
      const res = await t.call(method, url, { token: a.token, body });
      expect([404, 400], `${method} ${url}`).toContain(res.status);
      if (res.status === 400) expect(res.body.data.fields.clientId).toBeTruthy();
    }
    expect((await rowOf(t, bc.id)).name).toBe('乙方客户');
    expect(ids(await t.call('GET', `${BASE}?pageSize=100&keyword=乙方客户`, { token: a.token }))).toEqual([]);
    expect(ids(await t.call('GET', `${BASE}/mine?pageSize=100`, { token: a.token }))).not.toContain(bc.id);
    expect(ids(await t.call('GET', `${BASE}?keyword=乙方客户`, { token: b.token }))).toEqual([bc.id]);
    expect(ids(await t.call('GET', `${BASE}?keyword=乙方客户`, { token: admin }))).toEqual([bc.id]);
    expect(ids(await t.call('GET', `${BASE}?keyword=乙方客户`, { token: chakan }))).toEqual([bc.id]);
  });

  it('masks phones for chakan everywhere and lets phone.view holders reveal them, logged', async () => {
    const c = await createClient(t, b.token, { name: '脱敏客户', mobile: '13812341234' });
    await t.call('POST', '/api/v1/follow-ups', {
      token: b.token,
      body: { clientId: c.id, type: 'CALL', content: '首次沟通' },
    });
    const list = await t.call('GET', `${BASE}?keyword=脱敏客户`, { token: chakan });
    expect(list.body.data.items[0]).toMatchObject({ mobile: '138****1234', mobileMasked: true });
    const detail = await t.call('GET', `${BASE}/${c.id}`, { token: chakan });
    expect(detail.body.data.mobile).toBe('138****1234');
    const byDigits = await t.call('GET', `${BASE}?keyword=1234`, { token: chakan });
    expect(byDigits.body.data.items.map((x: { mobile: string }) => x.mobile)).toContain('138****1234');
    expect(JSON.stringify(byDigits.body)).not.toContain('13812341234');
    const timeline = await t.call('GET', `${BASE}/${c.id}/timeline`, { token: chakan });
    expect(timeline.status).toBe(200);
    expect(JSON.stringify(timeline.body)).not.toContain('13812341234');
    const followUps = await t.call('GET', `/api/v1/follow-ups?clientId=${c.id}`, { token: chakan });
    expect(followUps.body.data.items[0].clientMobile).toBe('138****1234');
    expect((await t.call('POST', `${BASE}/${c.id}/reveal-phone`, { token: chakan })).status).toBe(403);
    // What the console masks, the API masks: the owner and admin read it masked too, and the
    // full number comes only from the audited reveal.
    for (const token of [b.token, admin]) {
      const own = await t.call('GET', `${BASE}/${c.id}`, { token });
      expect(own.body.data).toMatchObject({ mobile: '138****1234', mobileMasked: true });
      const lists = await t.call('GET', `${BASE}?keyword=13812341234`, { token });
      expect(JSON.stringify(lists.body)).not.toContain('13812341234');
    }
    const ownReveal = await t.call('POST', `${BASE}/${c.id}/reveal-phone`, { token: b.token });
    expect(ownReveal.body.data.mobile).toBe('13812341234');
    // A pool client is masked for siyu until revealed (logged).
    const p = await createClient(t, admin, { ownerUserId: null, name: '公海脱敏' });
    const poolRow = await t.call('GET', `${BASE}/${p.id}`, { token: a.token });
    expect(poolRow.body.data.mobileMasked).toBe(true);
    const reveal = await t.call('POST', `${BASE}/${p.id}/reveal-phone`, { token: a.token });
    expect(reveal.body.data.mobile).toBe(p.mobile);
    const logged = await auditRows(t, 'client.phone.reveal', p.id);
    expect(logged.map((r) => r.actor_name)).toEqual(['sales_a']);
  });
});

describe('lists', () => {
  it('filters by keyword (1-3 CJK characters, mobile, last 4, WeChat) within the scope', async () => {
    const c1 = await createClient(t, a.token, {
      name: '欧阳娜娜',
      studentName: '欧阳小雨',
      wechatId: 'Nana_2026',
    });
    const c2 = await createClient(t, a.token, { name: '司马懿' });
    const mine = (q: string) =>
      t.call('GET', `${BASE}/mine?keyword=${encodeURIComponent(q)}&pageSize=100`, { token: a.token });
    expect(ids(await mine('娜'))).toEqual([c1.id]);
    expect(ids(await mine('欧阳'))).toEqual([c1.id]);
    expect(ids(await mine('阳娜娜'))).toEqual([c1.id]);
    expect(ids(await mine('小雨'))).toEqual([c1.id]);
    expect(ids(await mine('司马懿'))).toEqual([c2.id]);
    expect(ids(await mine('马娜'))).toEqual([]);
    expect(ids(await mine('nana_2026'))).toEqual([c1.id]);
    expect(ids(await mine(c2.mobile))).toEqual([c2.id]);
    expect(ids(await mine(c2.mobile.slice(-4)))).toContain(c2.id);
    expect(ids(await mine(c2.mobile.slice(3, 9)))).toContain(c2.id);
    const wild = await t.call('GET', `${BASE}?keyword=${encodeURIComponent("%' OR 1=1 --")}`, {
      token: a.token,
    });
    expect(wild.status).toBe(200);
    expect(wild.body.data.items).toEqual([]);
  });

  it('filters by stage, level, tags, owner, dates, next-follow presets, locked and deal status', async () => {
    const tag = await t.call('POST', '/api/v1/client-tags', {
      token: a.token,
      body: { name: '列表测试标签' },
    });
    expect(tag.status).toBe(200);
    const x = await createClient(t, a.token, { stage: 'TRIAL', level: 'A', tagIds: [tag.body.data.id] });
    const y = await createClient(t, a.token, { stage: 'TRIAL', level: 'C' });
    const q = async (query: string, token = a.token) =>
      ids(await t.call('GET', `${BASE}/mine?pageSize=100&${query}`, { token }));
    expect(await q('stage=TRIAL&level=A')).toEqual([x.id]);
    expect(await q(`tagIds=${tag.body.data.id}`)).toEqual([x.id]);
    expect(await q('stage=TRIAL,INTENT&level=C')).toContain(y.id);
    expect((await t.call('GET', `${BASE}/mine?stage=WON`, { token: a.token })).status).toBe(400);
    const now = t.clock.now();
    await setClient(t, x.id, { nextFollowTime: new Date(now.getTime() - 60_000) });
    await setClient(t, y.id, { nextFollowTime: new Date(now.getTime() + 60_000), lockStatus: true });
    expect(await q('nextFollow=overdue')).toContain(x.id);
    expect(await q('nextFollow=overdue')).not.toContain(y.id);
    expect(await q('nextFollow=unset')).not.toContain(x.id);
    expect(await q('locked=true')).toEqual([y.id]);
    await setClient(t, x.id, { dealStatus: true, totalPaid: 129_900 });
    expect(await q('dealStatus=true')).toEqual([x.id]);
    const from = new Date(now.getTime() - 5_000).toISOString();
    expect(await q(`createdFrom=${encodeURIComponent(from)}&stage=TRIAL`)).toEqual(
      expect.arrayContaining([x.id, y.id]),
    );
    const byOwner = await t.call('GET', `${BASE}?ownerUserId=${b.id}&pageSize=100`, { token: admin });
    expect(byOwner.body.data.items.every((r: { ownerUserId: number }) => r.ownerUserId === b.id)).toBe(true);
    const sorted = await t.call('GET', `${BASE}/mine?sort=-totalPaid&pageSize=1`, { token: a.token });
    expect(ids(sorted)).toEqual([x.id]);
    expect((await t.call('GET', `${BASE}?sort=mobile`, { token: admin })).status).toBe(400);
    const deep = await t.call('GET', `${BASE}?page=101&pageSize=100`, { token: admin });
    expect(deep.status).toBe(400);
    expect(deep.body.msg).toBe('最多翻到前 10000 条，请缩小筛选范围');
  });

  it('answers totals exactly for small results and the pool page with pool rows only', async () => {
    const mine = await t.call('GET', `${BASE}/mine?pageSize=2`, { token: a.token });
    expect(mine.body.data.totalExact).toBe(true);
    expect(mine.body.data.total).toBeGreaterThan(2);
    expect(mine.body.data.items).toHaveLength(2);
    const pool = await t.call('GET', `${BASE}/pool?pageSize=50`, { token: a.token });
    expect(pool.status).toBe(200);
    expect(pool.body.data.items.length).toBeGreaterThan(0);
    expect(pool.body.data.items.every((r: { ownerUserId: number | null }) => r.ownerUserId === null)).toBe(
      true,
    );
    const times = pool.body.data.items.map((r: { poolTime: string }) => r.poolTime);
    expect([...times].sort().reverse()).toEqual(times);
    const reasons = await t.call('GET', `${BASE}/pool?poolReason=MANUAL_RELEASE&pageSize=50`, {
      token: a.token,
    });
    expect(
      reasons.body.data.items.every((r: { poolReason: string }) => r.poolReason === 'MANUAL_RELEASE'),
    ).toBe(true);
    // "All" for siyu is their scope (own clients), never the pool.
    const all = await t.call('GET', `${BASE}?pageSize=100`, { token: a.token });
    expect(all.body.data.items.every((r: { ownerUserId: number }) => r.ownerUserId === a.id)).toBe(true);
  });
});

describe('detail, tags, timeline and deletion', () => {
  it('tags clients (one and in bulk), renames and deletes tags (creator or admin)', async () => {
    const t1 = (
      await t.call('POST', '/api/v1/client-tags', {
        token: a.token,
        body: { name: '意向强', color: '#ff0000' },
      })
    ).body.data;
    const dup = await t.call('POST', '/api/v1/client-tags', { token: b.token, body: { name: '意向强' } });
    expect(dup.body.data.fields.name).toBe('标签名已存在');
    const c = await createClient(t, a.token);
    const tagged = await t.call('POST', `${BASE}/${c.id}/tags`, { token: a.token, body: { add: [t1.id] } });
    expect(tagged.body.data.tags).toEqual([{ id: t1.id, name: '意向强', color: '#ff0000' }]);
    const c2 = await createClient(t, a.token);
    const bulk = await t.call('POST', `${BASE}/bulk/tag`, {
      token: a.token,
      body: { ids: [c.id, c2.id, 999999], add: [t1.id] },
    });
    expect(bulk.body.data.succeeded).toBe(2);
    expect(bulk.body.data.results.find((r: { id: number }) => r.id === 999999)).toMatchObject({
      ok: false,
      code: 404,
    });
    expect((await rowOf(t, c.id)).tagIds).toEqual([t1.id]);
    const renameByOther = await t.call('PUT', `/api/v1/client-tags/${t1.id}`, {
      token: b.token,
      body: { name: '改名', color: '', sort: 0, version: 1 },
    });
    expect(renameByOther.status).toBe(403);
    const del = await t.call('DELETE', `/api/v1/client-tags/${t1.id}`, { token: admin });
    expect(del.status).toBe(200);
    expect((await rowOf(t, c2.id)).tagIds).toEqual([]);
    const level = await t.call('POST', `${BASE}/bulk/level`, {
      token: a.token,
      body: { ids: [c.id, c2.id], level: 'A' },
    });
    expect(level.body.data.succeeded).toBe(2);
    expect((await rowOf(t, c2.id)).level).toBe('A');
    const stage = await t.call('POST', `${BASE}/bulk/stage`, {
      token: chakan,
      body: { ids: [c.id], stage: 'DEAL' },
    });
    expect(stage.status).toBe(403);
  });

  it('the audit view lists the whole audit trail, creation and owner changes included', async () => {
    const c = await createClient(t, a.token, { name: '审计客户' });
    await t.call('POST', `${BASE}/${c.id}/release`, { token: a.token, body: { reason: '家长暂无需求' } });
    const all = await t.call('GET', `${BASE}/${c.id}/timeline`, { token: admin });
    expect(all.body.data.items.filter((i: { kind: string }) => i.kind === 'AUDIT')).toEqual([]);
    const audit = await t.call('GET', `${BASE}/${c.id}/timeline?view=audit`, { token: admin });
    expect(audit.status).toBe(200);
    expect(audit.body.data.items.map((i: { kind: string; type: string }) => `${i.kind}:${i.type}`)).toEqual([
      'AUDIT:client.release',
      'AUDIT:client.create',
    ]);
    const other = await t.call('GET', `${BASE}/${c.id}/timeline?view=nonsense`, { token: admin });
    expect(other.status).toBe(400);
  });

  it("names a client saved without a name in the caller's language", async () => {
    const zh = await t.call('POST', BASE, { token: a.token, body: { name: '', mobile: '13900115566' } });
    expect(zh.body.data.name).toBe('未命名5566');
    const en = await t.call('POST', BASE, {
      token: a.token,
      body: { name: '', mobile: '13900117788' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.body.data.name).toBe('Unnamed 7788');
  });

  it('merges follow-ups, owner changes and audit rows into one timeline, newest first', async () => {
    const c = await createClient(t, a.token, { name: '时间线客户' });
    await t.call('PUT', `${BASE}/${c.id}`, { token: a.token, body: { level: 'A', version: 1 } });
    await t.call('POST', '/api/v1/follow-ups', {
      token: a.token,
      body: { clientId: c.id, type: 'WECHAT', content: '加了微信', stageAfter: 'CONTACTED' },
    });
    await t.call('POST', `${BASE}/${c.id}/transfer`, {
      token: admin,
      body: { userId: b.id, reason: '交接' },
    });
    const res = await t.call('GET', `${BASE}/${c.id}/timeline`, { token: admin });
    expect(res.status).toBe(200);
    const items = res.body.data.items as { kind: string; type: string; text: string; at: string }[];
    expect(items.map((i) => `${i.kind}:${i.type}`)).toEqual(
      expect.arrayContaining(['OWNER:CREATE', 'AUDIT:client.update', 'FOLLOW_UP:WECHAT', 'OWNER:TRANSFER']),
    );
    const times = items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items.find((i) => i.type === 'TRANSFER')?.text).toBe('交接');
    // A follow-up shows once (its audit twin is left out, like those of owner changes).
    expect(items.filter((i) => i.kind === 'AUDIT' && i.type === 'followup.create')).toEqual([]);
    expect(items.filter((i) => i.kind === 'FOLLOW_UP')).toHaveLength(1);
    const logs = await t.call('GET', `${BASE}/${c.id}/owner-logs`, { token: b.token });
    expect(logs.body.data.items.map((l: { type: string }) => l.type)).toEqual(['TRANSFER', 'CREATE']);
    expect(logs.body.data.items[0]).toMatchObject({
      fromUserName: '张三',
      toUserName: '李四',
      operatorName: '超级管理员',
    });
    // The previous owner no longer sees it.
    expect((await t.call('GET', `${BASE}/${c.id}/timeline`, { token: a.token })).status).toBe(404);
  });

  it('deletes softly (admin only) and hides deleted clients from lists', async () => {
    const c = await createClient(t, a.token, { name: '待删除客户' });
    expect((await t.call('DELETE', `${BASE}/${c.id}`, { token: a.token })).status).toBe(403);
    expect((await t.call('DELETE', `${BASE}/${c.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${BASE}/${c.id}`, { token: a.token })).status).toBe(404);
    expect((await t.call('GET', `${BASE}/${c.id}`, { token: admin })).body.data.deleted).toBe(true);
    expect(ids(await t.call('GET', `${BASE}?keyword=待删除客户`, { token: admin }))).toEqual([]);
    expect((await rowOf(t, c.id)).deleted).toBe(true);
    expect((await auditRows(t, 'client.delete', c.id)).length).toBe(1);
    const bulk = await t.call('POST', `${BASE}/bulk/delete`, { token: admin, body: { ids: [c.id] } });
    expect(bulk.body.data.results[0]).toMatchObject({ ok: false, code: 404 });
    // A client with orders is not deleted ("删除客户失败，有关联订单").
    const buyer = await createClient(t, a.token, { name: '有订单客户' });
    await t.database.db
      .insert(salesOrder)
      .values({ orderNo: 'T-CLIENT-DEL-1', clientId: buyer.id, totalAmount: 19900, payAmount: 19900 });
    const refused = await t.call('DELETE', `${BASE}/${buyer.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('删除客户失败，有关联订单');
    expect((await rowOf(t, buyer.id)).deleted).toBe(false);
  });

  it('transfers and changes stage in bulk, lists and renames tags, pages the timeline', async () => {
    const c1 = await createClient(t, a.token);
    const c2 = await createClient(t, a.token);
    const moved = await t.call('POST', `${BASE}/bulk/transfer`, {
      token: admin,
      body: { ids: [c1.id, c2.id], userIds: [b.id], reason: '批量交接' },
    });
    expect(moved.body.data.succeeded).toBe(2);
    expect((await rowOf(t, c2.id)).ownerUserId).toBe(b.id);
    const staged = await t.call('POST', `${BASE}/bulk/stage`, {
      token: b.token,
      body: { ids: [c1.id, c2.id], stage: 'TRIAL' },
    });
    expect(staged.body.data.succeeded).toBe(2);
    expect((await rowOf(t, c1.id)).stage).toBe('TRIAL');
    const tag = (await t.call('POST', '/api/v1/client-tags', { token: b.token, body: { name: '待改名' } }))
      .body.data;
    const renamed = await t.call('PUT', `/api/v1/client-tags/${tag.id}`, {
      token: b.token,
      body: { name: '已改名', color: '#00aa00', sort: 3, version: tag.version },
    });
    expect(renamed.body.data).toMatchObject({ name: '已改名', color: '#00aa00', version: tag.version + 1 });
    const tags = await t.call('GET', '/api/v1/client-tags', { token: chakan });
    expect(tags.body.data.items.map((x: { name: string }) => x.name)).toContain('已改名');
    const all = (await t.call('GET', `${BASE}/${c1.id}/timeline?limit=100`, { token: admin })).body.data
      .items;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = await t.call('GET', `${BASE}/${c1.id}/timeline?limit=1`, { token: admin });
    expect(first.body.data.items).toHaveLength(1);
    const older = await t.call(
      'GET',
      `${BASE}/${c1.id}/timeline?limit=100&before=${encodeURIComponent(all[0].at)}`,
      {
        token: admin,
      },
    );
    expect(older.body.data.items.every((i: { at: string }) => i.at < all[0].at)).toBe(true);
    expect((await t.call('GET', `${BASE}/${c1.id}/timeline?limit=500`, { token: admin })).status).toBe(400);
  });

  it('offers staff options within the scope', async () => {
    const forA = await t.call('GET', `${BASE}/staff-options`, { token: a.token });
    expect(forA.body.data.items.map((u: { id: number }) => u.id)).toEqual([a.id]);
    const forAdmin = await t.call('GET', `${BASE}/staff-options?keyword=sales_`, { token: admin });
    expect(forAdmin.body.data.items.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
  });
});
