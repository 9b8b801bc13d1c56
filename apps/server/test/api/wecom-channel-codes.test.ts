import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { wecomMember, wecomRelation, wecomWelcome } from '../../src/db/schema';
import { sandboxCorp } from '../../src/providers/wecom/simulator';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { deliverContactAdd, deliverContactEvent } from '../support/wecom';

// The channel codes of a SANDBOX app (the built-in simulated corp): CRUD through the provider, an add
// through a code delivered encrypted as WeCom sends it, the counts, and who may do what.
const CORP = 'wwchannelcodes01';
const W = '/api/v1/wecom';

let t: TestApp;
let admin: string;
let siyu: string;
let chakan: string;
let zhongtai: string;
let siyuId: number;
let appId: number;
let keys: { token: string; encodingAesKey: string; receiveId: string };
let callbackKey: string;
let channelId: number;
let tagIds: string[];

const sim = () => sandboxCorp(CORP);
/** add_external_contact, encrypted and signed as WeCom sends it, then the sync worker's pass. */
const deliverAdd = async (f: {
  UserID: string;
  ExternalUserID: string;
  State: string;
  WelcomeCode?: string;
}) => {
  await deliverContactAdd(t, { corp: CORP, keys, callbackKey }, f);
  await t.app.wecomWorker.kick();
};
/** The welcome job runs on the queue: waits until the add's welcome left PENDING. */
const welcomeOf = async (ext: string) => {
  for (let i = 0; i < 300; i++) {
    const [w] = await t.database.db.select().from(wecomWelcome).where(eq(wecomWelcome.externalUserid, ext));
    if (w && w.status !== 'PENDING') return w;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`welcome of ${ext} still pending`);
};
const relation = async (ext: string, userid: string) =>
  (
    await t.database.db
      .select()
      .from(wecomRelation)
      .where(and(eq(wecomRelation.externalUserid, ext), eq(wecomRelation.userid, userid)))
  )[0];
/** An add by sales002 outside any code (no state), with a WelcomeCode the corp issued. */
let plainAdds = 0;
const plainAdd = (name: string) => {
  plainAdds++;
  const ext = `wmPLAIN${plainAdds}`;
  sim().addContact(
    { external_userid: ext, name, avatar: '', type: 1, gender: 0, unionid: '' },
    {
      userid: 'sales002',
      remark: '',
      description: '',
      createtime: Math.floor(t.clock.now().getTime() / 1000),
      tag_id: [],
      remark_mobiles: [],
      add_way: 1,
      oper_userid: ext,
      state: '',
    },
  );
  const welcomeCode = `PLAIN${plainAdds}`;
  sim().acquisition.welcomes.set(welcomeCode, null);
  return { externalUserid: ext, userid: 'sales002', welcomeCode };
};
const create = (token: string, body: Record<string, unknown>) =>
  t.call('POST', `${W}/channel-codes`, { token, body: { appId, channelId, ...body } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  const app = await t.call('POST', `${W}/apps`, {
    token: admin,
    body: {
      name: 'sandbox',
      kind: 'CUSTOMER_APP',
      mode: 'SANDBOX',
      corpId: CORP,
      agentId: 1000002,
      secret: 's',
    },
  });
  expect(app.status).toBe(200);
  appId = app.body.data.id;
  callbackKey = app.body.data.callbackUrl.split('/').pop();
  keys = {
    token: app.body.data.callbackToken,
    encodingAesKey: app.body.data.encodingAesKey,
    receiveId: CORP,
  };
  await t.call('POST', `${W}/apps/${appId}/sync`, { token: admin });
  await t.app.wecomWorker.kick();
  const [u] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM admin_user WHERE username = 'siyu1'`,
  );
  siyuId = Number(u?.id);
  const [m] = await t.database.db
    .select()
    .from(wecomMember)
    .where(and(eq(wecomMember.corpId, CORP), eq(wecomMember.userid, 'sales002')));
  expect(
    (await t.call('PUT', `${W}/members/${m?.id}/bind`, { token: admin, body: { sysUserId: siyuId } })).status,
  ).toBe(200);
  const [ch] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO order_channel (code, name) VALUES ('DOUYIN_LIVE', '抖音直播') RETURNING id`,
  );
  channelId = Number(ch?.id);
  const tags = await queryRows<{ tag_id: string }>(
    t.database.db,
    sql`SELECT tag_id FROM wecom_tag WHERE corp_id = ${CORP} AND deleted = false ORDER BY id LIMIT 2`,
  );
  tagIds = tags.map((x) => x.tag_id);
  expect(tagIds).toHaveLength(2);
});
afterAll(async () => t.close());

describe('channel codes on the sandbox corp', () => {
  let code: { id: number; configId: string; state: string; version: number };

  it('creates a code through add_contact_way; the sandbox corp holds it with our state', async () => {
    const res = await create(admin, {
      name: '抖音直播间码',
      userids: ['sales002', 'sales003'],
      skipVerify: true,
      tagIds,
      welcomeText: '你好 {nickname}，欢迎咨询！',
    });
    expect(res.status).toBe(200);
    code = res.body.data;
    expect(res.body.data).toMatchObject({
      name: '抖音直播间码',
      channelId,
      channelName: '抖音直播',
      userids: ['sales002', 'sales003'],
      tagIds,
      counts: { adds: 0, stillFriends: 0, deleted: 0, linked: 0, welcomed: 0 },
    });
    expect(code.state).toMatch(/^ch[\w-]{16}$/);
    expect(code.state.length).toBeLessThanOrEqual(30);
    expect(res.body.data.qrCode).toMatch(/^https:\/\/wework\.qpic\.cn\//);
    const way = sim().acquisition.ways.get(code.configId);
    expect(way).toMatchObject({
      type: 2,
      state: code.state,
      user: ['sales002', 'sales003'],
      skip_verify: true,
    });
    const audit = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM audit_log WHERE action = 'wecom.channel-code.create' AND target_id = ${String(code.id)}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses unknown staff, channel and tags (nothing reaches WeCom), and a stale version', async () => {
    const ways = sim().acquisition.ways.size;
    expect((await create(admin, { name: 'x', userids: ['nobody'] })).status).toBe(400);
    expect((await create(admin, { name: 'x', userids: ['sales002'], channelId: 99999999 })).status).toBe(400);
    expect((await create(admin, { name: 'x', userids: ['sales002'], tagIds: ['etNOPE'] })).status).toBe(400);
    expect((await create(admin, { name: 'x', userids: [] })).status).toBe(400);
    expect(sim().acquisition.ways.size).toBe(ways);
    const stale = await t.call('PUT', `${W}/channel-codes/${code.id}`, {
      token: admin,
      body: { name: 'y', channelId, userids: ['sales002'], version: code.version + 5 },
    });
    expect(stale.status).toBe(409);
  });

  it('updates through update_contact_way and deletes through del_contact_way', async () => {
    const res = await t.call('PUT', `${W}/channel-codes/${code.id}`, {
      token: admin,
      body: {
        name: '抖音直播间码',
        channelId,
        userids: ['sales002'],
        skipVerify: false,
        tagIds,
        welcomeText: '你好 {nickname}，欢迎咨询！',
        version: code.version,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userids: ['sales002'],
      skipVerify: false,
      version: code.version + 1,
    });
    expect(sim().acquisition.ways.get(code.configId)).toMatchObject({
      user: ['sales002'],
      skip_verify: false,
    });

    const other = await create(admin, { name: '地推码', userids: ['sales004'] });
    expect(other.status).toBe(200);
    expect(sim().acquisition.ways.has(other.body.data.configId)).toBe(true);
    expect(
      (await t.call('DELETE', `${W}/channel-codes/${other.body.data.id}`, { token: admin })).status,
    ).toBe(200);
    expect(sim().acquisition.ways.has(other.body.data.configId)).toBe(false);
    const list = await t.call('GET', `${W}/channel-codes`, { token: admin });
    expect(list.body.data.items.map((x: { id: number }) => x.id)).toEqual([code.id]);
    expect((await t.call('GET', `${W}/channel-codes/${other.body.data.id}`, { token: admin })).status).toBe(
      404,
    );
  });

  it('an add through the code, encrypted as WeCom sends it: code, tags, client with channel and owner, welcome', async () => {
    const scan = sim().acquisition.scan(code.configId, '李妈妈');
    expect(scan.userid).toBe('sales002');
    await deliverAdd({
      UserID: scan.userid,
      ExternalUserID: scan.externalUserid,
      State: code.state,
      WelcomeCode: scan.welcomeCode,
    });
    const rel = await relation(scan.externalUserid, 'sales002');
    expect(rel).toMatchObject({ channelCodeId: code.id, channelId, state: code.state, deleted: false });
    expect(rel?.tagIds).toEqual(expect.arrayContaining(tagIds));
    // mark_tag reached the corp
    const follow = sim()
      .follows.get(scan.externalUserid)
      ?.find((f) => f.userid === 'sales002');
    expect(follow?.tag_id).toEqual(expect.arrayContaining(tagIds));
    // a new client: the code's channel as its source, the adding staff (bound to siyu1) as owner
    const [cl] = await queryRows<{ id: number; name: string; channel_id: number; owner_user_id: number }>(
      t.database.db,
      sql`SELECT cl.id, cl.name, cl.channel_id, cl.owner_user_id FROM client cl
          JOIN wecom_external_contact c ON c.client_id = cl.id WHERE c.external_userid = ${scan.externalUserid}`,
    );
    expect(cl).toMatchObject({ name: '李妈妈' });
    expect(Number(cl?.channel_id)).toBe(channelId);
    expect(Number(cl?.owner_user_id)).toBe(siyuId);
    const claims = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM client_owner_log WHERE client_id = ${cl?.id} AND type = 'CLAIM' AND reason = '企微添加'`,
    );
    expect(claims).toHaveLength(1);
    // the welcome, sent with the event's WelcomeCode and the customer's name
    const w = await welcomeOf(scan.externalUserid);
    expect(w).toMatchObject({
      status: 'SENT',
      channelCodeId: code.id,
      text: '你好 李妈妈，欢迎咨询！',
      attempts: 1,
    });
    expect(sim().acquisition.welcomes.get(scan.welcomeCode)).toMatchObject({
      text: { content: '你好 李妈妈，欢迎咨询！' },
    });
    const list = await t.call('GET', `${W}/channel-codes`, { token: admin });
    expect(list.body.data.items[0].counts).toEqual({
      adds: 1,
      stillFriends: 1,
      deleted: 0,
      linked: 1,
      welcomed: 1,
    });
  });

  it('a simulated scan (sandbox apps) takes the same path; a deleted friend is counted', async () => {
    const res = await t.call('POST', `${W}/channel-codes/${code.id}/simulate-add`, {
      token: admin,
      body: { name: '王爸爸' },
    });
    expect(res.status).toBe(200);
    const ext = res.body.data.externalUserid;
    await t.app.wecomWorker.kick();
    expect((await welcomeOf(ext)).status).toBe('SENT');
    expect((await relation(ext, 'sales002'))?.channelCodeId).toBe(code.id);
    // the customer deletes the staff
    sim().removeFollow(ext, 'sales002');
    await deliverContactEvent(t, { corp: CORP, keys, callbackKey }, 'del_follow_user', {
      UserID: 'sales002',
      ExternalUserID: ext,
    });
    await t.app.wecomWorker.kick();
    const list = await t.call('GET', `${W}/channel-codes/${code.id}`, { token: admin });
    expect(list.body.data.counts).toEqual({ adds: 2, stillFriends: 1, deleted: 1, linked: 2, welcomed: 2 });
  });

  it('an add without a code gets the default welcome, or none; an add already greeted is final (41051)', async () => {
    const first = plainAdd('无码家长');
    await deliverAdd({
      UserID: first.userid,
      ExternalUserID: first.externalUserid,
      State: '',
      WelcomeCode: first.welcomeCode,
    });
    expect(await welcomeOf(first.externalUserid)).toMatchObject({ status: 'SKIPPED', channelCodeId: null });

    expect(
      (
        await t.call('PUT', `${W}/default-welcome`, {
          token: admin,
          body: { appId, welcomeText: '欢迎添加！' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call('GET', `${W}/default-welcome?appId=${appId}`, { token: chakan })).body.data.welcomeText,
    ).toBe('欢迎添加！');
    const second = plainAdd('无码家长二');
    await deliverAdd({
      UserID: second.userid,
      ExternalUserID: second.externalUserid,
      State: '',
      WelcomeCode: second.welcomeCode,
    });
    expect(await welcomeOf(second.externalUserid)).toMatchObject({ status: 'SENT', text: '欢迎添加！' });
    // no code of ours: no channel on the relation
    expect((await relation(second.externalUserid, second.userid))?.channelCodeId).toBeNull();

    // the corp's own console greeted already: 41051 is final, not retried
    const third = sim().acquisition.scan(code.configId, '已欢迎');
    sim().acquisition.welcomes.set(third.welcomeCode, { text: { content: 'console' } });
    await deliverAdd({
      UserID: third.userid,
      ExternalUserID: third.externalUserid,
      State: code.state,
      WelcomeCode: third.welcomeCode,
    });
    expect(await welcomeOf(third.externalUserid)).toMatchObject({
      status: 'FAILED',
      errcode: 41051,
      attempts: 1,
    });
  });

  it('admin writes; siyu reads their own codes and their own figures; chakan reads; zhongtai has no route', async () => {
    const other = await create(admin, { name: '销售四的码', userids: ['sales004'] });
    expect(other.status).toBe(200);
    const mine = await t.call('GET', `${W}/channel-codes`, { token: siyu });
    expect(mine.status).toBe(200);
    // sales002 is bound to siyu1: the first code; sales004 is nobody's
    expect(mine.body.data.items.map((x: { id: number }) => x.id)).toEqual([code.id]);
    expect(mine.body.data.items[0].counts.adds).toBeGreaterThan(0);
    expect((await t.call('GET', `${W}/channel-codes/${other.body.data.id}`, { token: siyu })).status).toBe(
      404,
    );
    const all = await t.call('GET', `${W}/channel-codes`, { token: chakan });
    expect(all.body.data.total).toBe(2);
    for (const token of [siyu, chakan]) {
      expect((await create(token, { name: 'x', userids: ['sales002'] })).status).toBe(403);
      expect(
        (
          await t.call('PUT', `${W}/channel-codes/${code.id}`, {
            token,
            body: { name: 'y', channelId, userids: ['sales002'], version: 1 },
          })
        ).status,
      ).toBe(403);
      expect((await t.call('DELETE', `${W}/channel-codes/${code.id}`, { token })).status).toBe(403);
      expect(
        (await t.call('POST', `${W}/channel-codes/${code.id}/simulate-add`, { token, body: {} })).status,
      ).toBe(403);
      expect(
        (await t.call('PUT', `${W}/default-welcome`, { token, body: { appId, welcomeText: 'x' } })).status,
      ).toBe(403);
    }
    expect((await t.call('GET', `${W}/channel-codes`, { token: zhongtai })).status).toBe(403);
  });
  it('an add a sync found (its callback missed) records the code and channel, without a welcome', async () => {
    const ext = 'wmSYNCFOUND0001';
    sim().addContact(
      { external_userid: ext, name: '同步家长', avatar: '', type: 1, gender: 0, unionid: '' },
      {
        userid: 'sales002',
        remark: '',
        description: '',
        createtime: Math.floor(t.clock.now().getTime() / 1000),
        tag_id: [],
        remark_mobiles: [],
        add_way: 1,
        oper_userid: ext,
        state: code.state,
      },
    );
    expect((await t.call('POST', `${W}/apps/${appId}/sync`, { token: admin })).status).toBe(200);
    await t.app.wecomWorker.kick();
    expect(await relation(ext, 'sales002')).toMatchObject({
      channelCodeId: code.id,
      channelId,
      state: code.state,
    });
    expect(
      await t.database.db.select().from(wecomWelcome).where(eq(wecomWelcome.externalUserid, ext)),
    ).toEqual([]);
  });
});
