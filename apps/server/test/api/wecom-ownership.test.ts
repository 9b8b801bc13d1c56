import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { claimsToday } from '../../src/modules/clients/limits';
import { weighOwnership } from '../../src/modules/wecom/ownership';
import type { SimContact, SimFollow } from '../../src/providers/wecom/simulator';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { LocalWecomServer } from '../support/wecom-server';

// DOMAIN 9.5.4 (linking by state, unionid, remark mobiles) and 9.5.5 (a new relation on a pool client
// assigns it to the adding staff when the claim rules allow; on another sales' client it raises a
// 撞单 alert to the admins and changes nothing).
const CORP = 'wwownership00001';
const SECRET = 'ownership-secret-0123456789';
const W = '/api/v1/wecom';
const SIYU_USERID = 'sales002';
const OTHER_USERID = 'sales003';

let t: TestApp;
let server: LocalWecomServer;
let admin: string;
let siyu: string;
let appId: number;
let ids: Record<string, number>;
interface ClientRow {
  id: number;
  name: string;
  mobile: string;
  owner_user_id: number | null;
}
let pool: ClientRow[];
let foreign: ClientRow;
let own: ClientRow;

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
const clientOf = async (id: number) =>
  (await rows<ClientRow>(sql`SELECT id, name, mobile, owner_user_id FROM client WHERE id = ${id}`))[0];
const contact = (ext: string, extra: Partial<SimContact> = {}): SimContact => ({
  external_userid: ext,
  name: ext,
  avatar: '',
  type: 1,
  gender: 1,
  unionid: '',
  ...extra,
});
const follow = (userid: string, createtime: number, extra: Partial<SimFollow> = {}): SimFollow => ({
  userid,
  remark: '',
  description: '',
  createtime,
  tag_id: [],
  remark_mobiles: [],
  add_way: 1,
  oper_userid: userid,
  state: '',
  ...extra,
});
const sync = async () => {
  expect((await t.call('POST', `${W}/apps/${appId}/sync`, { token: admin })).status).toBe(200);
  await t.app.wecomWorker.kick();
};
const checks = async (ext: string) =>
  rows<{ userid: string; owner_check: string | null }>(
    sql`SELECT userid, owner_check FROM wecom_relation WHERE external_userid = ${ext} ORDER BY userid`,
  );
const conflictsOf = async (token: string) =>
  (await t.call('GET', '/api/v1/notifications?unreadOnly=false&limit=100', { token })).body.data.items.filter(
    (n: { kind: string }) => n.kind === 'WECOM_CONFLICT',
  );

beforeAll(async () => {
  server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 8, contacts: 40 }).start();
  t = await createTestApp({ WECOM_API_BASE: server.url });
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  const users = await rows<{ id: number; username: string }>(
    sql`SELECT id, username FROM admin_user WHERE username IN ('siyu1','siyu2')`,
  );
  ids = Object.fromEntries(users.map((u) => [u.username, Number(u.id)]));
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
  appId = app.body.data.id;
  await sync();
  const members = (await t.call('GET', `${W}/members?pageSize=100`, { token: admin })).body.data.items as {
    id: number;
    userid: string;
  }[];
  for (const [userid, username] of [
    [SIYU_USERID, 'siyu1'],
    [OTHER_USERID, 'siyu2'],
  ] as const) {
    const m = members.find((x) => x.userid === userid);
    const res = await t.call('PUT', `${W}/members/${m?.id}/bind`, {
      token: admin,
      body: { sysUserId: ids[username] },
    });
    expect(res.status).toBe(200);
  }
  pool = await rows<ClientRow>(
    sql`SELECT id, name, mobile, owner_user_id FROM client WHERE deleted = false AND owner_user_id IS NULL
        AND mobile IS NOT NULL AND (pre_owner_user_id IS NULL OR pre_owner_user_id <> ${ids.siyu1 as number})
        ORDER BY id LIMIT 4`,
  );
  foreign = (
    await rows<ClientRow>(
      sql`SELECT id, name, mobile, owner_user_id FROM client WHERE deleted = false AND owner_user_id = ${ids.siyu2 as number} ORDER BY id LIMIT 1`,
    )
  )[0] as ClientRow;
  own = (
    await rows<ClientRow>(
      sql`SELECT id, name, mobile, owner_user_id FROM client WHERE deleted = false AND owner_user_id = ${ids.siyu1 as number} ORDER BY id LIMIT 1`,
    )
  )[0] as ClientRow;
  expect(pool).toHaveLength(4);
  expect(foreign && own).toBeTruthy();
});
afterAll(async () => {
  await t.close();
  await server.stop();
});

describe('linking by unionid', () => {
  it('a contact whose unionid is a C-end member’s is linked to that member’s client (after state, before mobiles)', async () => {
    const [byUnion, byMobile] = [pool[2] as ClientRow, pool[3] as ClientRow];
    const [m] = await rows<{ id: number }>(
      sql`INSERT INTO member_user (nickname, mobile, unionid, client_id) VALUES ('家长', '13900009999', 'oUNIONTEST01', ${byUnion.id}) RETURNING id`,
    );
    await t.database.db.execute(
      sql`UPDATE client SET member_user_id = ${m?.id as number} WHERE id = ${byUnion.id}`,
    );
    // the unionid beats a remark mobile naming another client
    server.sim.addContact(
      contact('wmUNION', { unionid: 'oUNIONTEST01' }),
      follow(OTHER_USERID, 1_700_000_000, { remark_mobiles: [byMobile.mobile] }),
    );
    await sync();
    const [linked] = await rows<{ client_id: number | null }>(
      sql`SELECT client_id FROM wecom_external_contact WHERE external_userid = 'wmUNION'`,
    );
    expect(Number(linked?.client_id)).toBe(byUnion.id);
    const [cl] = await rows<{ wecom_external_userid: string | null }>(
      sql`SELECT wecom_external_userid FROM client WHERE id = ${byUnion.id}`,
    );
    expect(cl?.wecom_external_userid).toBe('wmUNION');
  });
});

describe('ownership interplay', () => {
  it('a pool client goes to the adding staff (CLAIM, 企微添加) within the claim limits; another sales’ client raises one 撞单 alert and stays', async () => {
    // one claim left today for siyu1: the earlier relation gets its client, the later one is refused
    const today = await claimsToday(t.database.db, ids.siyu1 as number, t.clock.now());
    await t.database.db.execute(sql`UPDATE client_pool_config SET claim_daily_limit = ${today + 1}`);
    const [claimable, refused] = [pool[0] as ClientRow, pool[1] as ClientRow];
    server.sim.addContact(
      contact('wmPOOL'),
      follow(SIYU_USERID, 1_750_000_000, { remark_mobiles: [claimable.mobile] }),
    );
    server.sim.addContact(
      contact('wmPOOL2'),
      follow(SIYU_USERID, 1_750_000_500, { remark_mobiles: [refused.mobile] }),
    );
    server.sim.addContact(
      contact('wmFOREIGN'),
      follow(SIYU_USERID, 1_750_000_100, { state: `c${foreign.id}` }),
    );
    server.sim.addContact(contact('wmOWN'), follow(SIYU_USERID, 1_750_000_200, { state: `c${own.id}` }));
    const before = await conflictsOf(admin);
    await sync();

    expect((await clientOf(claimable.id))?.owner_user_id).toBe(ids.siyu1);
    const logs = await rows<{ type: string; to_user_id: number; reason: string; operator_id: number | null }>(
      sql`SELECT type, to_user_id, reason, operator_id FROM client_owner_log WHERE client_id = ${claimable.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(logs[0]).toMatchObject({ type: 'CLAIM', reason: '企微添加', operator_id: null });
    expect(Number(logs[0]?.to_user_id)).toBe(ids.siyu1);
    expect(await checks('wmPOOL')).toEqual([{ userid: SIYU_USERID, owner_check: 'CLAIMED' }]);
    // the daily claim cap held: still in the pool
    expect((await clientOf(refused.id))?.owner_user_id).toBeNull();
    expect(await checks('wmPOOL2')).toEqual([
      { userid: SIYU_USERID, owner_check: 'REFUSED_claimDailyLimit' },
    ]);
    // another sales' client: unchanged, one alert to the admins, an audit row
    expect((await clientOf(foreign.id))?.owner_user_id).toBe(ids.siyu2);
    expect(await checks('wmFOREIGN')).toEqual([{ userid: SIYU_USERID, owner_check: 'CONFLICT' }]);
    expect(await checks('wmOWN')).toEqual([{ userid: SIYU_USERID, owner_check: 'OWN' }]);
    const after = await conflictsOf(admin);
    expect(after.length).toBe(before.length + 1);
    const alert = after[0];
    expect(alert.title).toBe('企微撞单提醒');
    expect(alert.content).toContain(foreign.name);
    expect(alert.data.clientIds).toEqual([foreign.id]);
    const en = await t.call('GET', '/api/v1/notifications?unreadOnly=false&limit=100', {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.data.items.find((n: { kind: string }) => n.kind === 'WECOM_CONFLICT').title).toBe(
      'WeCom ownership conflicts',
    );
    // sales get no such alert
    expect(await conflictsOf(siyu)).toEqual([]);
    const [audit] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'wecom.conflict' AND target_id = ${String(foreign.id)}`,
    );
    expect(audit?.n).toBe(1);

    // weighed once: another pass changes nothing and alerts nobody
    await sync();
    expect((await conflictsOf(admin)).length).toBe(after.length);
    const [claims] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM client_owner_log WHERE client_id = ${claimable.id} AND reason = '企微添加'`,
    );
    expect(claims?.n).toBe(1);
  });

  it('a second staff adding a client the first adder got is a 撞单; a manual link to another sales’ client too', async () => {
    const claimable = pool[0] as ClientRow;
    server.sim.addContact(
      contact('wmPOOL'),
      follow(OTHER_USERID, 1_750_001_000, { remark_mobiles: [claimable.mobile] }),
    );
    const before = (await conflictsOf(admin)).length;
    await sync();
    expect(await checks('wmPOOL')).toEqual([
      { userid: SIYU_USERID, owner_check: 'CLAIMED' },
      { userid: OTHER_USERID, owner_check: 'CONFLICT' },
    ]);
    expect((await clientOf(claimable.id))?.owner_user_id).toBe(ids.siyu1);
    expect((await conflictsOf(admin)).length).toBe(before + 1);

    // admin links siyu1's unlinked contact to siyu2's client by hand
    server.sim.addContact(contact('wmMANUAL'), follow(SIYU_USERID, 1_750_002_000));
    await sync();
    const [rel] = await rows<{ id: number }>(
      sql`SELECT id FROM wecom_relation WHERE external_userid = 'wmMANUAL'`,
    );
    const [foreign2] = await rows<ClientRow>(
      sql`SELECT id, name, mobile, owner_user_id FROM client WHERE deleted = false AND owner_user_id = ${ids.siyu2 as number}
          AND id <> ${foreign.id} ORDER BY id LIMIT 1`,
    );
    const res = await t.call('POST', `${W}/contacts/${rel?.id}/link`, {
      token: admin,
      body: { clientId: foreign2?.id },
    });
    expect(res.status).toBe(200);
    expect(await checks('wmMANUAL')).toEqual([{ userid: SIYU_USERID, owner_check: 'CONFLICT' }]);
    expect((await clientOf(foreign2?.id as number))?.owner_user_id).toBe(ids.siyu2);
    expect((await conflictsOf(admin)).length).toBe(before + 2);
  });

  it('weighing the same relation twice at once claims once (conditional mark, ownership lock)', async () => {
    const claimable = pool[0] as ClientRow;
    // back to the pool, and the relation weighed afresh
    await t.database.db.execute(
      sql`UPDATE client SET owner_user_id = NULL, owner_dept_id = NULL, pool_time = now() - interval '30 days' WHERE id = ${claimable.id}`,
    );
    await t.database.db.execute(sql`UPDATE client_pool_config SET claim_daily_limit = 100`);
    await t.database.db.execute(
      sql`UPDATE wecom_relation SET owner_checked_client_id = NULL, owner_check = NULL WHERE external_userid = 'wmPOOL'`,
    );
    const [before] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM client_owner_log WHERE client_id = ${claimable.id}`,
    );
    const results = await Promise.all([
      weighOwnership(t.database.db, t.clock.now, CORP),
      weighOwnership(t.database.db, t.clock.now, CORP),
      weighOwnership(t.database.db, t.clock.now, CORP, 'wmPOOL'),
    ]);
    expect(results.reduce((n, r) => n + (r.claimed ?? 0), 0)).toBe(1);
    expect(results.reduce((n, r) => n + (r.conflicts ?? 0), 0)).toBe(1);
    const [after] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM client_owner_log WHERE client_id = ${claimable.id}`,
    );
    expect(after?.n).toBe((before?.n ?? 0) + 1);
    expect((await clientOf(claimable.id))?.owner_user_id).toBe(ids.siyu1);
  });
});

describe('the client drawer’s WeCom relations', () => {
  it('lists every relation of the client’s contacts for whoever may read the client; others get 404', async () => {
    const claimable = pool[0] as ClientRow;
    const mine = await t.call('GET', `${W}/clients/${claimable.id}/relations`, { token: siyu });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((x: { userid: string }) => x.userid).sort()).toEqual([
      SIYU_USERID,
      OTHER_USERID,
    ]);
    expect(mine.body.data.items[0]).toMatchObject({ externalUserid: 'wmPOOL', clientId: claimable.id });
    expect((await t.call('GET', `${W}/clients/${foreign.id}/relations`, { token: siyu })).status).toBe(404);
    const adminView = await t.call('GET', `${W}/clients/${foreign.id}/relations`, { token: admin });
    expect(adminView.body.data.items.map((x: { externalUserid: string }) => x.externalUserid)).toEqual([
      'wmFOREIGN',
    ]);
    expect((await t.call('GET', `${W}/clients/999999999/relations`, { token: admin })).status).toBe(404);
    // the client's timeline shows the WeCom events: the claim (owner log, 企微添加), the friendship, the 撞单
    const timeline = await t.call('GET', `/api/v1/clients/${claimable.id}/timeline?limit=50`, {
      token: admin,
    });
    expect(timeline.status).toBe(200);
    const items = timeline.body.data.items ?? timeline.body.data;
    const kinds = (items as { kind: string; type: string; text: string }[]).map((x) => `${x.kind}:${x.type}`);
    expect(kinds).toContain('OWNER:CLAIM');
    expect(kinds).toContain('AUDIT:wecom.relation.add');
    expect(kinds).toContain('AUDIT:wecom.conflict');
    expect((await t.call('GET', `${W}/clients/${foreign.id}/relations`)).status).toBe(401);
  });
});

describe('一键建客户 from an unlinked contact', () => {
  it('creates the client through client creation (duplicates refused), links the contact, once', async () => {
    server.sim.addContact(contact('wmLEAD1', { name: '新线索妈妈' }), follow(SIYU_USERID, 1_750_003_000));
    server.sim.addContact(contact('wmLEAD2'), follow(SIYU_USERID, 1_750_003_100));
    await sync();
    const relOf = async (ext: string) =>
      Number(
        (await rows<{ id: number }>(sql`SELECT id FROM wecom_relation WHERE external_userid = ${ext}`))[0]
          ?.id,
      );
    const made = await t.call('POST', `${W}/contacts/${await relOf('wmLEAD1')}/create-client`, {
      token: siyu,
      body: { name: '新线索妈妈', mobile: '199 1234 0001' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ name: '新线索妈妈', wecomExternalUserid: 'wmLEAD1' });
    expect(made.body.data.ownerUserId).toBe(ids.siyu1);
    const [linked] = await rows<{ client_id: number }>(
      sql`SELECT client_id FROM wecom_external_contact WHERE external_userid = 'wmLEAD1'`,
    );
    expect(Number(linked?.client_id)).toBe(made.body.data.id);
    expect(await checks('wmLEAD1')).toEqual([{ userid: SIYU_USERID, owner_check: 'OWN' }]);
    const again = await t.call('POST', `${W}/contacts/${await relOf('wmLEAD1')}/create-client`, {
      token: siyu,
      body: { name: 'x', mobile: '19912340002' },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该企业微信联系人已关联客户');
    // the duplicate rules of client creation apply: another sales' mobile is refused, nothing linked
    const dup = await t.call('POST', `${W}/contacts/${await relOf('wmLEAD2')}/create-client`, {
      token: siyu,
      body: { name: 'y', mobile: foreign.mobile },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.data.fields.mobile).toBeTruthy();
    const [still] = await rows<{ client_id: number | null }>(
      sql`SELECT client_id FROM wecom_external_contact WHERE external_userid = 'wmLEAD2'`,
    );
    expect(still?.client_id).toBeNull();
    const chakan = await t.login('chakan1', DEMO_PASSWORD);
    expect(
      (
        await t.call('POST', `${W}/contacts/${await relOf('wmLEAD2')}/create-client`, {
          token: chakan,
          body: { name: 'z', mobile: '19912340003' },
        })
      ).status,
    ).toBe(403);
  });
});
