import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

/**
 * The reads the WeCom pages added: the department tree (member filter) and the contact list's
 * clientId / contactId filters (client drawer WeCom tab, contact drawer), against the sandbox corp.
 */
const W = '/api/v1/wecom';
const CORP = 'wwwebroutes00001';
let t: TestApp;
let admin: string;
let siyu: string;
let zhongtai: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  const app = await t.call('POST', `${W}/apps`, {
    token: admin,
    body: { name: 'web', kind: 'CUSTOMER_APP', mode: 'SANDBOX', corpId: CORP, agentId: 1000002, secret: 's' },
  });
  expect(app.status).toBe(200);
  await t.call('POST', `${W}/apps/${app.body.data.id}/sync`, { token: admin });
  await t.app.wecomWorker.kick();
});
afterAll(async () => {
  await t.close();
});

describe('GET /wecom/departments', () => {
  it('answers the synced tree of the corp to member-page readers', async () => {
    const res = await t.call('GET', `${W}/departments`, { token: admin });
    expect(res.status).toBe(200);
    const mine = res.body.data.items.filter((d: { corpId: string }) => d.corpId === CORP);
    expect(mine.length).toBeGreaterThan(1);
    const root = mine.find((d: { parentId: number }) => d.parentId === 0);
    expect(root).toBeDefined();
    expect(mine.some((d: { parentId: number }) => d.parentId === root.deptId)).toBe(true);
    // filtering the members by one of its departments answers members of it only
    const child = mine.find((d: { parentId: number }) => d.parentId === root.deptId);
    const members = await t.call('GET', `${W}/members?departmentId=${child.deptId}&pageSize=100`, {
      token: admin,
    });
    expect(members.body.data.items.length).toBeGreaterThan(0);
    for (const m of members.body.data.items) expect(m.departments).toContain(child.deptId);
  });

  it('is refused without the member page', async () => {
    expect((await t.call('GET', `${W}/departments`, { token: zhongtai })).status).toBe(403);
    expect((await t.call('GET', `${W}/departments`)).status).toBe(401);
  });
});

describe('contact list: clientId and contactId filters', () => {
  it('lists the relations of one contact and of one linked client', async () => {
    const list = await t.call('GET', `${W}/contacts?pageSize=100`, { token: admin });
    const rows = list.body.data.items as { id: number; contactId: number; corpId: string }[];
    expect(rows.every((r) => typeof r.corpId === 'string' && r.corpId.length > 0)).toBe(true);
    const target = rows[0] as { id: number; contactId: number };
    const ofContact = await t.call('GET', `${W}/contacts?contactId=${target.contactId}`, { token: admin });
    expect(ofContact.status).toBe(200);
    expect(ofContact.body.data.items.length).toBeGreaterThan(0);
    for (const r of ofContact.body.data.items) expect(r.contactId).toBe(target.contactId);

    const client = await t.call('POST', '/api/v1/clients', {
      token: admin,
      body: { name: '企微筛选客户', mobile: '19912345601' },
    });
    expect(client.status).toBe(200);
    const clientId = client.body.data.id as number;
    expect(
      (await t.call('GET', `${W}/contacts?clientId=${clientId}`, { token: admin })).body.data.total,
    ).toBe(0);
    const linked = await t.call('POST', `${W}/contacts/${target.id}/link`, {
      token: admin,
      body: { clientId },
    });
    expect(linked.status).toBe(200);
    const ofClient = await t.call('GET', `${W}/contacts?clientId=${clientId}`, { token: admin });
    expect(ofClient.body.data.items.length).toBe(ofContact.body.data.items.length);
    for (const r of ofClient.body.data.items) {
      expect(r.clientId).toBe(clientId);
      expect(r.contactId).toBe(target.contactId);
    }
    // siyu sees only the relations they follow: never more than admin
    const siyuView = await t.call('GET', `${W}/contacts?clientId=${clientId}`, { token: siyu });
    expect(siyuView.status).toBe(200);
    expect(siyuView.body.data.total).toBeLessThanOrEqual(ofClient.body.data.total);
  });

  it('rejects bad filter values', async () => {
    expect((await t.call('GET', `${W}/contacts?clientId=abc`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `${W}/contacts?contactId=0`, { token: admin })).status).toBe(400);
  });
});
