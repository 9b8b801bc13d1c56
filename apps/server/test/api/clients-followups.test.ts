import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { auditRows, createClient, rowOf, SALES_PASSWORD, staff } from '../support/clients';

let t: TestApp;
let admin: string;
let chakan: string;
let a: { id: number; token: string; username: string };
let b: { id: number; token: string; username: string };
const F = '/api/v1/follow-ups';
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = new Date('2026-11-05T02:00:00Z'); // 10:00 in Shanghai
  admin = await t.login('admin', ADMIN_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  a = await staff(t, admin, 'follow_a', { dept: '销售一组', nickname: '跟进甲' });
  b = await staff(t, admin, 'follow_b', { dept: '销售二组', nickname: '跟进乙' });
});
afterAll(async () => t.close());

const relogin = async () => {
  admin = await t.login('admin', ADMIN_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  a.token = await t.login(a.username, SALES_PASSWORD);
  b.token = await t.login(b.username, SALES_PASSWORD);
};
const write = (token: string, body: Record<string, unknown>) => t.call('POST', F, { token, body });

describe('writing follow-ups', () => {
  it('validates content, type and a future next time beside the fields', async () => {
    const c = await createClient(t, a.token);
    const empty = await write(a.token, { clientId: c.id, type: 'CALL', content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields.content).toBe('必填');
    const long = await write(a.token, { clientId: c.id, type: 'CALL', content: '长'.repeat(2001) });
    expect(long.body.data.fields.content).toBe('最多 2000 个字符');
    const badType = await write(a.token, { clientId: c.id, type: 'EMAIL', content: 'x' });
    expect(badType.body.data.fields.type).toBeTruthy();
    const past = await write(a.token, {
      clientId: c.id,
      type: 'CALL',
      content: 'x',
      nextFollowTime: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.body.data.fields.nextFollowTime).toBe('下次跟进时间必须晚于现在');
    const badPic = await write(a.token, {
      clientId: c.id,
      type: 'CALL',
      content: 'x',
      picUrls: ['http://evil/x.png'],
    });
    expect(badPic.body.data.fields['picUrls.0']).toBeTruthy();
    expect((await rowOf(t, c.id)).followCount).toBe(0);
  });

  it('updates the client in the same action: last follow, next follow, followed, count and stage', async () => {
    const c = await createClient(t, a.token, { stage: 'NEW' });
    const next = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    const res = await write(a.token, {
      clientId: c.id,
      type: 'WECHAT',
      content: '加了微信，发了试听课介绍',
      stageAfter: 'INTENT',
      nextFollowTime: next,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      clientId: c.id,
      type: 'WECHAT',
      source: 'MANUAL',
      stageBefore: 'NEW',
      stageAfter: 'INTENT',
      nextFollowTime: next,
      countsAsContact: true,
      creatorName: '跟进甲',
      creatorDeptName: '销售一组',
    });
    expect(res.body.data.editableUntil).toBe(new Date(t.clock.now().getTime() + 24 * HOUR).toISOString());
    const row = await rowOf(t, c.id);
    expect(row).toMatchObject({
      stage: 'INTENT',
      followed: true,
      followCount: 1,
      lastFollowContent: '加了微信，发了试听课介绍',
    });
    expect(row.lastFollowTime?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row.nextFollowTime?.toISOString()).toBe(next);
    expect((await auditRows(t, 'followup.create', c.id)).length).toBe(1);
  });

  it('is refused on clients the writer does not own (pool: 422, others: not found) and for chakan', async () => {
    const pooled = await createClient(t, admin, { ownerUserId: null });
    const onPool = await write(a.token, { clientId: pooled.id, type: 'CALL', content: 'x' });
    expect(onPool.status).toBe(422);
    expect(onPool.body.msg).toBe('只能给自己负责的客户写跟进');
    const theirs = await createClient(t, b.token);
    const onTheirs = await write(a.token, { clientId: theirs.id, type: 'CALL', content: 'x' });
    expect(onTheirs.status).toBe(400);
    expect(onTheirs.body.data.fields.clientId).toBeTruthy();
    expect((await write(chakan, { clientId: theirs.id, type: 'CALL', content: 'x' })).status).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit within 24 hours only', async () => {
    const c = await createClient(t, a.token);
    const f = (await write(a.token, { clientId: c.id, type: 'CALL', content: '初稿' })).body.data;
    const edited = await t.call('PUT', `${F}/${f.id}`, {
      token: a.token,
      body: { content: '修改后的内容', version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.content).toBe('修改后的内容');
    expect((await rowOf(t, c.id)).lastFollowContent).toBe('修改后的内容');
    const byAdmin = await t.call('PUT', `${F}/${f.id}`, {
      token: admin,
      body: { content: '管理员改', version: 2 },
    });
    expect(byAdmin.status).toBe(422);
    expect(byAdmin.body.msg).toBe('跟进记录只能由本人在创建后 24 小时内修改');
    const stale = await t.call('PUT', `${F}/${f.id}`, { token: a.token, body: { content: 'x', version: 1 } });
    expect(stale.status).toBe(409);
    t.clock.advance(25 * 60 * 60);
    await relogin();
    const late = await t.call('PUT', `${F}/${f.id}`, {
      token: a.token,
      body: { content: '太晚了', version: 2 },
    });
    expect(late.status).toBe(422);
    expect(
      (await t.call('PUT', `${F}/999999`, { token: a.token, body: { content: 'x', version: 1 } })).status,
    ).toBe(404);
  });

  it('lets the client owner or an admin delete, and recomputes the client', async () => {
    const c = await createClient(t, a.token);
    const first = (await write(a.token, { clientId: c.id, type: 'CALL', content: '第一次' })).body.data;
    t.clock.advance(60);
    const second = (await write(a.token, { clientId: c.id, type: 'VISIT', content: '第二次面谈' })).body.data;
    await t.call('POST', `/api/v1/clients/${c.id}/transfer`, { token: admin, body: { userId: b.id } });
    const byAuthor = await t.call('DELETE', `${F}/${second.id}`, { token: a.token });
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body.msg).toBe('只有客户负责人或管理员可以删除跟进记录');
    expect((await t.call('DELETE', `${F}/${second.id}`, { token: b.token })).status).toBe(200);
    const row = await rowOf(t, c.id);
    expect(row.followCount).toBe(1);
    expect(row.lastFollowContent).toBe('第一次');
    expect((await t.call('GET', `${F}/${second.id}`, { token: b.token })).status).toBe(404);
    expect((await t.call('DELETE', `${F}/${first.id}`, { token: admin })).status).toBe(200);
    expect((await rowOf(t, c.id)).lastFollowTime).toBeNull();
    expect((await auditRows(t, 'followup.delete', c.id)).length).toBe(2);
  });
});

describe('the follow-up list', () => {
  it('filters by client, type, author and next time, with the "today" and "overdue" presets', async () => {
    const c1 = await createClient(t, a.token, { name: '今日待跟进客户' });
    const c2 = await createClient(t, a.token, { name: '逾期客户' });
    const now = t.clock.now().getTime();
    await write(a.token, {
      clientId: c1.id,
      type: 'CALL',
      content: '约了下午',
      nextFollowTime: new Date(now + HOUR).toISOString(),
    });
    const due = (
      await write(a.token, {
        clientId: c2.id,
        type: 'SMS',
        content: '发了短信',
        nextFollowTime: new Date(now + 60_000).toISOString(),
      })
    ).body.data;
    t.clock.advance(120);
    const list = (q: string, token = a.token) => t.call('GET', `${F}?pageSize=100&${q}`, { token });
    const ids = (res: { body: { data: { items: { id: number; clientId: number }[] } } }) =>
      res.body.data.items.map((x) => x.clientId);
    expect(ids(await list('due=today'))).toEqual(expect.arrayContaining([c1.id, c2.id]));
    const overdue = ids(await list('due=overdue'));
    expect(overdue).toContain(c2.id);
    expect(overdue).not.toContain(c1.id);
    // A later follow-up supersedes the pending one.
    await write(a.token, { clientId: c2.id, type: 'CALL', content: '已回电' });
    expect(ids(await list('due=overdue'))).not.toContain(c2.id);
    expect((await list(`clientId=${c2.id}`)).body.data.items.map((x: { id: number }) => x.id)).toContain(
      due.id,
    );
    expect(ids(await list('type=SMS'))).toEqual([c2.id]);
    expect(ids(await list(`clientId=${c1.id}&hasNextTime=true`))).toEqual([c1.id]);
    expect(ids(await list(`clientId=${c1.id}&hasNextTime=false`))).toEqual([]);
    const byAuthor = await list(`createdBy=${a.id}`, admin);
    expect(byAuthor.body.data.items.every((x: { createdBy: number }) => x.createdBy === a.id)).toBe(true);
    // Scope: b sees none of a's follow-ups; chakan reads all with masked phones.
    expect((await list(`createdBy=${a.id}`, b.token)).body.data.items).toEqual([]);
    const forChakan = await list(`createdBy=${a.id}`, chakan);
    expect(forChakan.body.data.items.length).toBe(byAuthor.body.data.items.length);
    expect(
      forChakan.body.data.items.every((x: { clientMobile: string }) => x.clientMobile.includes('****')),
    ).toBe(true);
    expect((await list('sort=content', admin)).status).toBe(400);
  });

  it('exports the filtered follow-ups (admin), formula-safe', async () => {
    const c = await createClient(t, a.token, { name: '导出跟进客户' });
    await write(a.token, { clientId: c.id, type: 'CALL', content: '=HYPERLINK("http://x","点我")' });
    expect((await t.call('GET', `${F}/export`, { token: a.token })).status).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: `${F}/export?clientId=${c.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(2);
    const values = (sheet.getRow(2).values as unknown[]).map(String);
    expect(values).toContain('导出跟进客户');
    expect(values).toContain('\'=HYPERLINK("http://x","点我")');
    expect(values).toContain(c.mobile);
  });
});
