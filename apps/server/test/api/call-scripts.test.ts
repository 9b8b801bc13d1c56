import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { staff } from '../support/clients';

let t: TestApp;
let admin: string;
let chakan: string;
let zhongtai: string;
let siyu: { id: number; token: string; username: string };
const S = '/api/v1/call/scripts';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  siyu = await staff(t, admin, 'script_s', { dept: '销售一组' });
});
afterAll(async () => t.close());

const draft = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', S, {
    token,
    body: {
      title: '异议处理：价格太贵',
      category: 'OBJECTION',
      content: '<p>第一行</p><p>第二行</p>',
      qaPairs: [{ question: '太贵了', answer: '我们可以分期' }],
      keywords: ['价格'],
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};

describe('call scripts', () => {
  it('zhongtai writes drafts (sanitised), only call.script.publish publishes, siyu and chakan do not write', async () => {
    const d = await draft(zhongtai, {
      content: '<p onclick="x()">你好{客户称呼}</p><script>alert(1)</script><img src="javascript:alert(1)">',
    });
    expect(d).toMatchObject({ status: 'DRAFT', versionNo: 1, rootId: d.id });
    expect(d.content).toBe('<p>你好{客户称呼}</p><img />');
    expect((await t.call('POST', `${S}/${d.id}/publish`, { token: zhongtai })).status).toBe(403);
    expect(
      (await t.call('POST', S, { token: siyu.token, body: { title: 'x', category: 'OPENING' } })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', S, { token: chakan, body: { title: 'x', category: 'OPENING' } })).status,
    ).toBe(403);
    const bad = await t.call('POST', S, {
      token: admin,
      body: { title: '', category: 'NOPE', qaPairs: [{ question: '' }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual([
      'category',
      'qaPairs.0.answer',
      'qaPairs.0.question',
      'title',
    ]);
    const pub = await t.call('POST', `${S}/${d.id}/publish`, { token: admin });
    expect(pub.body.data).toMatchObject({ status: 'PUBLISHED' });
    expect(pub.body.data.publishedAt).not.toBeNull();
  });

  it('siyu sees published scripts only; chakan and writers see drafts', async () => {
    const hidden = await draft(zhongtai, { title: '草稿话术' });
    const shown = await draft(admin, { title: '已发布话术' });
    await t.call('POST', `${S}/${shown.id}/publish`, { token: admin });
    const siyuList = await t.call('GET', `${S}?pageSize=100`, { token: siyu.token });
    const ids = siyuList.body.data.items.map((x: { id: number }) => x.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(siyuList.body.data.items.every((x: { status: string }) => x.status === 'PUBLISHED')).toBe(true);
    expect((await t.call('GET', `${S}/${hidden.id}`, { token: siyu.token })).status).toBe(404);
    for (const token of [chakan, zhongtai, admin]) {
      const list = await t.call('GET', `${S}?pageSize=100`, { token });
      expect(list.body.data.items.map((x: { id: number }) => x.id)).toContain(hidden.id);
    }
    const got = await t.call('GET', `${S}/${shown.id}`, { token: siyu.token });
    expect(got.body.data.viewCount).toBe(1);
  });

  it('editing a published script creates the next draft version; publishing it archives the old one; history and diff', async () => {
    const v1 = await draft(admin, { title: '促成话术' });
    const p1 = await t.call('POST', `${S}/${v1.id}/publish`, { token: admin });
    const edit = await t.call('PUT', `${S}/${v1.id}`, {
      token: zhongtai,
      body: {
        title: '促成话术（新）',
        category: 'OBJECTION',
        content: '<p>第一行</p><p>新的第二行</p><p>第三行</p>',
        qaPairs: [
          { question: '太贵了', answer: '我们可以分期' },
          { question: '再想想', answer: '名额有限' },
        ],
        keywords: ['价格'],
        sort: 0,
        version: p1.body.data.version,
      },
    });
    expect(edit.status).toBe(200);
    const v2 = edit.body.data;
    expect(v2).toMatchObject({ rootId: v1.id, versionNo: 2, status: 'DRAFT' });
    expect(v2.id).not.toBe(v1.id);
    // v1 stays published while v2 is drafted; a second edit of v1 is refused (one draft at a time)
    expect((await t.call('GET', `${S}/${v1.id}`, { token: siyu.token })).body.data.status).toBe('PUBLISHED');
    const again = await t.call('PUT', `${S}/${v1.id}`, {
      token: admin,
      body: {
        title: 'x',
        category: 'OBJECTION',
        version: (await t.call('GET', `${S}/${v1.id}`, { token: admin })).body.data.version,
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该话术已有草稿（第 2 版），请编辑该草稿');
    // a draft is edited in place with its version
    const stale = await t.call('PUT', `${S}/${v2.id}`, {
      token: zhongtai,
      body: { title: '促成话术（新）', category: 'OBJECTION', version: v2.version + 5 },
    });
    expect(stale.status).toBe(409);
    await t.call('POST', `${S}/${v2.id}/publish`, { token: admin });
    const old = await t.call('GET', `${S}/${v1.id}`, { token: admin });
    expect(old.body.data.status).toBe('ARCHIVED');
    expect((await t.call('GET', `${S}/${v1.id}`, { token: siyu.token })).status).toBe(404);
    const versions = await t.call('GET', `${S}/${v2.id}/versions`, { token: admin });
    expect(
      versions.body.data.items.map((x: { versionNo: number; status: string }) => [x.versionNo, x.status]),
    ).toEqual([
      [2, 'PUBLISHED'],
      [1, 'ARCHIVED'],
    ]);
    const diff = await t.call('GET', `${S}/${v2.id}/diff?against=${v1.id}`, { token: admin });
    expect(diff.body.data.title).toEqual({ from: '促成话术', to: '促成话术（新）' });
    expect(diff.body.data.lines).toEqual([
      { op: 'same', text: '第一行' },
      { op: 'del', text: '第二行' },
      { op: 'add', text: '新的第二行' },
      { op: 'add', text: '第三行' },
    ]);
    expect(diff.body.data.qa).toEqual([
      { op: 'same', question: '太贵了', answer: '我们可以分期' },
      { op: 'add', question: '再想想', answer: '名额有限' },
    ]);
    const other = await draft(admin);
    expect((await t.call('GET', `${S}/${v2.id}/diff?against=${other.id}`, { token: admin })).status).toBe(
      422,
    );
  });

  it('takes scripts offline, copies them, and deletes: a published one only with call.script.publish', async () => {
    const d = await draft(zhongtai, { title: '下线测试' });
    expect((await t.call('POST', `${S}/${d.id}/offline`, { token: admin })).status).toBe(422);
    await t.call('POST', `${S}/${d.id}/publish`, { token: admin });
    const copy = await t.call('POST', `${S}/${d.id}/copy`, { token: zhongtai });
    expect(copy.body.data).toMatchObject({ title: '下线测试（副本）', status: 'DRAFT', versionNo: 1 });
    expect((await t.call('DELETE', `${S}/${d.id}`, { token: zhongtai })).status).toBe(403);
    expect((await t.call('DELETE', `${S}/${copy.body.data.id}`, { token: zhongtai })).status).toBe(200);
    const off = await t.call('POST', `${S}/bulk-offline`, {
      token: admin,
      body: { ids: [d.id, copy.body.data.id] },
    });
    expect(off.body.data.results.map((r: { ok: boolean; code: number }) => [r.ok, r.code])).toEqual([
      [true, 0],
      [false, 404],
    ]);
    expect((await t.call('DELETE', `${S}/${d.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${S}/${d.id}`, { token: admin })).status).toBe(404);
  });
});

const readXlsx = async (data: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const width = sheet?.columnCount ?? 0;
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: width }, (_, i) => (values[i + 1] == null ? '' : String(values[i + 1]))));
  });
  return rows;
};

describe('call script export', () => {
  it('exports the filtered list or the selected scripts, formula-safe, with plain-text content and Q&A', async () => {
    const one = await draft(zhongtai, {
      title: '=HYPERLINK("http://x")导出话术',
      content: '<p>+1 {客户称呼}您好</p><p>第二行</p>',
      qaPairs: [{ question: '@SUM(A1)', answer: '可以分期' }],
      keywords: ['导出'],
    });
    const two = await draft(zhongtai, { title: '导出话术二', keywords: ['导出'] });
    await draft(zhongtai, { title: '不导出的话术', keywords: ['其他'] });
    const get = async (token: string, query: string) =>
      t.app.inject({
        method: 'GET',
        url: `${S}/export?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    // chakan reads but may not export; siyu neither
    expect((await get(chakan, '')).statusCode).toBe(403);
    expect((await get(siyu.token, '')).statusCode).toBe(403);
    const res = await get(zhongtai, `keyword=${encodeURIComponent('导出话术')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/call-scripts-/);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]?.slice(0, 7)).toEqual(['ID', '标题', '版本', '分类', '状态', '话术内容', '问答']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([String(one.id), String(two.id)].sort());
    const first = rows.find((r) => r[0] === String(one.id)) ?? [];
    expect(first[1]).toBe(`'=HYPERLINK("http://x")导出话术`);
    expect(first.slice(2, 5)).toEqual(['v1', '异议处理', '草稿']);
    expect(first[5]).toBe("'+1 {客户称呼}您好\n第二行");
    expect(first[6]).toBe('问: @SUM(A1)\n答: 可以分期');
    // the bulk action: only the selected ids, whatever the filters
    const picked = await readXlsx((await get(admin, `ids=${two.id}`)).rawPayload);
    expect(picked.slice(1).map((r) => r[0])).toEqual([String(two.id)]);
    expect((await get(admin, 'ids=abc')).statusCode).toBe(400);
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'export.start' AND target_type = 'call-scripts'`,
    );
    expect(audit[0]?.n).toBe(2);
  });
});
