import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wecomRelation } from '../../src/db/schema';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { LocalWecomServer } from '../support/wecom-server';

// 离职继承 (issue 12 item 7, DOMAIN 9.4 resigned/*): a member who left the corp hands every contact to
// another member; admin only; tracked until resigned/transfer_result says they arrived.
const CORP = 'wwinherittest001';
const SECRET = 'inherit-secret-0123456789';
const W = '/api/v1/wecom';
const LEAVER = 'sales004';
let t: TestApp;
let server: LocalWecomServer;
let admin: string;
let members: { id: number; userid: string; status: number }[];

const relationsOf = (userid: string) =>
  t.database.db
    .select()
    .from(wecomRelation)
    .where(and(eq(wecomRelation.userid, userid), eq(wecomRelation.deleted, false)));

beforeAll(async () => {
  server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 8, contacts: 80 }).start();
  t = await createTestApp({ WECOM_API_BASE: server.url });
  admin = await t.login('admin', ADMIN_PASSWORD);
  const app = await t.call('POST', `${W}/apps`, {
    token: admin,
    body: {
      name: 'live',
      kind: 'CUSTOMER_APP',
      mode: 'LIVE',
      corpId: CORP,
      agentId: 1000002,
      secret: SECRET,
    },
  });
  // the member left the corp
  const leaver = server.sim.members.get(LEAVER);
  if (leaver) leaver.status = 5;
  await t.call('POST', `${W}/apps/${app.body.data.id}/sync`, { token: admin });
  await t.app.wecomWorker.kick();
  members = (await t.call('GET', `${W}/members?pageSize=100`, { token: admin })).body.data.items;
});
afterAll(async () => {
  await t.close();
  await server.stop();
});

describe('离职继承', () => {
  it('admin only; only a member who left; the takeover must be active', async () => {
    const leaver = members.find((m) => m.userid === LEAVER);
    const active = members.find((m) => m.userid === 'sales005');
    expect(leaver?.status).toBe(5);
    const siyu = await t.login('siyu1', DEMO_PASSWORD);
    const body = { takeoverUserid: 'sales005' };
    expect((await t.call('POST', `${W}/members/${leaver?.id}/inherit`, { token: siyu, body })).status).toBe(
      403,
    );
    const notLeft = await t.call('POST', `${W}/members/${active?.id}/inherit`, {
      token: admin,
      body: { takeoverUserid: 'sales006' },
    });
    expect(notLeft.status).toBe(409);
    const badTakeover = await t.call('POST', `${W}/members/${leaver?.id}/inherit`, {
      token: admin,
      body: { takeoverUserid: 'nobody' },
    });
    expect(badTakeover.status).toBe(400);
    expect(badTakeover.body.data.fields.takeoverUserid).toBeTruthy();
    expect(
      (await t.call('POST', `${W}/members/${leaver?.id}/inherit`, { token: admin, body: { x: 1 } })).status,
    ).toBe(400);
  });

  it('hands every contact over, tracked to TRANSFERRED', async () => {
    const leaver = members.find((m) => m.userid === LEAVER);
    const before = await relationsOf(LEAVER);
    expect(before.length).toBeGreaterThan(0);
    const res = await t.call('POST', `${W}/members/${leaver?.id}/inherit`, {
      token: admin,
      body: { takeoverUserid: 'sales005' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded).toBe(before.length);
    expect(server.calls('/cgi-bin/externalcontact/resigned/transfer_customer')).toBe(1);
    for (const r of await relationsOf(LEAVER))
      expect(r).toMatchObject({ status: 'TRANSFERRING', transferTakeover: 'sales005' });
    server.sim.completeTransfers();
    await t.app.wecomWorker.kick();
    expect(server.calls('/cgi-bin/externalcontact/resigned/transfer_result')).toBeGreaterThan(0);
    for (const r of await relationsOf(LEAVER))
      expect(r).toMatchObject({ status: 'TRANSFERRED', transferStatus: 1 });
  });
});
