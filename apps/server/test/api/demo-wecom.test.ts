import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { DEMO_WECOM_CORP } from '../../src/db/seed/demo-wecom';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

// The WeCom demo (issue 12 item 10): a sandbox app, members bound to the demo sales, contacts linked
// to demo clients their own sales follow, tags; consistent with the clients and kept by a sync.
const W = '/api/v1/wecom';
let t: TestApp;
let admin: string;
let siyu: string;

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);

beforeAll(async () => {
  t = await createTestApp({ DEMO_WECOM: '1', WECOM_DEMO_SIGNIN: '1' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
});
afterAll(async () => t.close());

describe('WeCom demo data', () => {
  it('a sandbox app with keys sealed at start; members bound to the demo sales', async () => {
    const apps = (await t.call('GET', `${W}/apps`, { token: admin })).body.data.items;
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ mode: 'SANDBOX', kind: 'CUSTOMER_APP', corpId: DEMO_WECOM_CORP });
    expect(apps[0].encodingAesKey).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(apps[0].lastVerifiedAt).toBeTruthy();
    const members = (await t.call('GET', `${W}/members?pageSize=100`, { token: admin })).body.data.items as {
      userid: string;
      sysUserName: string | null;
      customerCount: number;
      status: number;
    }[];
    expect(members.length).toBe(9);
    expect(members.find((m) => m.userid === 'LiXiaoMeng')?.sysUserName).toBe('李晓萌');
    expect(members.filter((m) => m.sysUserName).length).toBe(7);
    expect(members.find((m) => m.userid === 'ChenMing')?.status).toBe(5);
    expect(members.every((m) => m.userid === 'LiuYang' || m.customerCount > 0)).toBe(true);
  });

  it('linked contacts are followed by their client’s owner (one 撞单 with its alert); the rest wait unlinked', async () => {
    const mismatched = await rows<{ owner_check: string }>(
      sql`SELECT r.owner_check FROM wecom_relation r JOIN wecom_external_contact c ON c.id = r.contact_id
          JOIN client cl ON cl.id = c.client_id
          WHERE r.corp_id = ${DEMO_WECOM_CORP} AND cl.owner_user_id IS DISTINCT FROM r.staff_user_id`,
    );
    expect(mismatched).toEqual([{ owner_check: 'CONFLICT' }]);
    const linked = (await t.call('GET', `${W}/contacts?linked=true&pageSize=20`, { token: admin })).body.data;
    const unlinked = (await t.call('GET', `${W}/contacts?linked=false&pageSize=20`, { token: admin })).body
      .data;
    expect(linked.total).toBeGreaterThan(100);
    expect(unlinked.total).toBe(30);
    const friends = await t.call('GET', '/api/v1/clients?hasWecom=true&pageSize=20', { token: admin });
    const [contacts] = await rows<{ n: number }>(
      sql`SELECT count(DISTINCT client_id)::int AS n FROM wecom_external_contact WHERE client_id IS NOT NULL`,
    );
    expect(friends.body.data.total).toBe(contacts?.n);
    const mine = (await t.call('GET', `${W}/contacts?pageSize=100`, { token: siyu })).body.data;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((x: { userid: string }) => x.userid === 'LiXiaoMeng')).toBe(true);
    expect(mine.items.some((x: { tags: unknown[] }) => x.tags.length > 0)).toBe(true);
    const alerts = (
      await t.call('GET', '/api/v1/notifications?unreadOnly=false&limit=100', { token: admin })
    ).body.data.items.filter((n: { kind: string }) => n.kind === 'WECOM_CONFLICT');
    expect(alerts).toHaveLength(1);
    const tags = (await t.call('GET', `${W}/tags`, { token: admin })).body.data.items as {
      name: string;
      createdByUs: boolean;
    }[];
    expect(tags.map((g) => g.name)).toEqual(['年级', '意向', '来源', '星火活动']);
    expect(tags.find((g) => g.name === '星火活动')?.createdByUs).toBe(true);
  });

  it('a sync of the sandbox corp keeps the demo (the corp is rebuilt from our tables): nothing deleted, links kept', async () => {
    const before = (await t.call('GET', `${W}/contacts?linked=true&pageSize=20`, { token: admin })).body.data
      .total;
    const app = (await t.call('GET', `${W}/apps`, { token: admin })).body.data.items[0];
    expect((await t.call('POST', `${W}/apps/${app.id}/sync`, { token: admin })).status).toBe(200);
    await t.app.wecomWorker.kick();
    const runs = (await t.call('GET', `${W}/apps/${app.id}/sync-runs`, { token: admin })).body.data.items;
    expect(runs[0].status).toBe('SUCCESS');
    for (const c of Object.values(runs[0].counts as Record<string, { deleted: number }>))
      expect(c.deleted).toBe(0);
    expect(
      (await t.call('GET', `${W}/contacts?linked=true&pageSize=20`, { token: admin })).body.data.total,
    ).toBe(before);
    // a tag of ours can be renamed through the sandbox corp, and siyu1 tags their contact
    const tags = (await t.call('GET', `${W}/tags`, { token: admin })).body.data.items;
    const ours = tags.find((g: { name: string }) => g.name === '星火活动').tags[0];
    expect(
      (await t.call('PUT', `${W}/tags/tag/${ours.id}`, { token: admin, body: { name: '暑期班报名' } }))
        .status,
    ).toBe(200);
    const contact = (await t.call('GET', `${W}/contacts?pageSize=1`, { token: siyu })).body.data.items[0];
    const marked = await t.call('POST', `${W}/contacts/mark`, {
      token: siyu,
      body: { ids: [contact.id], addTagIds: [ours.tagId], removeTagIds: [] },
    });
    expect(marked.body.data.succeeded).toBe(1);
  });

  it('WeCom sign-in is offered; the sandbox chooser lists the bound demo sales', async () => {
    const started = await t.call('GET', '/api/v1/admin/auth-providers');
    const providers = started.body.data.providers;
    expect(providers[0]).toMatchObject({ key: 'wecom', demo: true });
    // the browser's sign-in cookie, which the state is bound to
    const cookie = String([started.headers['set-cookie']].flat()[0]).split(';')[0] as string;
    const url = new URL(providers[0].authorizeUrl);
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie },
    });
    expect(page.body).toContain('李晓萌 (LiXiaoMeng)');
    const href = /href="([^"]+LiXiaoMeng[^"]*)"|href="([^"]+)"/.exec(page.body);
    expect(href).toBeTruthy();
    const first = new URL((href?.[1] ?? href?.[2] ?? '').replace(/&amp;/g, '&'), 'http://x').searchParams;
    const res = await t.call('POST', '/api/v1/admin/wecom-login', {
      body: { code: first.get('code'), state: first.get('state') },
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.access_token).toBeTruthy();
  });
});

describe('导出 of the external contacts', () => {
  it('admin exports the filtered list as xlsx; sales may not', async () => {
    expect((await t.call('GET', `${W}/contacts/export`, { token: siyu })).status).toBe(403);
    const listed = (await t.call('GET', `${W}/contacts?userid=WangFang&pageSize=100`, { token: admin })).body
      .data;
    const res = await t.app.inject({
      method: 'GET',
      url: `${W}/contacts/export?userid=WangFang`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(listed.total + 1);
    expect((sheet.getRow(1).values as unknown[]).map(String)).toContain('Followed by');
    const names = new Set(listed.items.map((x: { name: string }) => x.name));
    expect(names.has(String((sheet.getRow(2).values as unknown[])[1]))).toBe(true);
  });
});
