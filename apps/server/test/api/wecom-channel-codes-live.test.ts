import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { wecomWelcome } from '../../src/db/schema';
import { WecomApiError } from '../../src/providers/wecom/client';
import {
  addContactWay,
  CONTACT_WAY_PATHS,
  delContactWay,
  sendWelcomeMsg,
  updateContactWay,
} from '../../src/providers/wecom/contact-way';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { deliverContactAdd, insertApp, testGateway } from '../support/wecom';
import { LocalWecomServer } from '../support/wecom-server';

// The real WeCom client (HTTP) against the local server that speaks WeCom's protocol: the new calls
// of the channel codes, their errors, and the welcome's 41096 (retried) and 41051 (final).
const CORP = 'wwchannellive001';
const SECRET = 'channel-live-secret-0123456789';
const W = '/api/v1/wecom';

let t: TestApp;
let server: LocalWecomServer;
let admin: string;
let appId: number;
let keys: { token: string; encodingAesKey: string; receiveId: string };
let callbackKey: string;
let channelId: number;

/** add_external_contact, encrypted and signed as WeCom sends it. */
const deliverAdd = async (f: Record<string, string>) => {
  await deliverContactAdd(t, { corp: CORP, keys, callbackKey }, f);
};
const welcomeOf = async (ext: string) => {
  for (let i = 0; i < 300; i++) {
    const [w] = await t.database.db.select().from(wecomWelcome).where(eq(wecomWelcome.externalUserid, ext));
    if (w && w.status !== 'PENDING') return w;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`welcome of ${ext} still pending`);
};

beforeAll(async () => {
  server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 8, contacts: 20 }).start();
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
  const [ch] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO order_channel (code, name) VALUES ('XHS', '小红书') RETURNING id`,
  );
  channelId = Number(ch?.id);
});
afterAll(async () => {
  await t.close();
  await server.stop();
});

describe('the real client: contact ways and welcome messages', () => {
  it('add / update / del_contact_way over HTTP, with WeCom errors surfaced by errcode', async () => {
    const { app } = await insertApp(t.database, { corpId: CORP, secret: SECRET });
    const client = testGateway(t.database, server.url).clientFor(app);
    const way = await addContactWay(client, {
      remark: '一个很长很长很长很长很长很长很长很长很长很长的备注超过三十个字',
      skipVerify: true,
      state: 'chTEST',
      userids: ['sales002'],
    });
    expect(way.configId).toMatch(/^[0-9a-f]{32}$/);
    expect(way.qrCode).toContain(way.configId);
    expect(server.sim.acquisition.ways.get(way.configId)).toMatchObject({
      type: 2,
      scene: 2,
      state: 'chTEST',
      user: ['sales002'],
    });
    expect(server.sim.acquisition.ways.get(way.configId)?.remark.length).toBe(30);
    await updateContactWay(client, way.configId, {
      remark: 'r',
      skipVerify: false,
      state: 'chTEST',
      userids: ['sales002', 'sales003'],
    });
    expect(server.sim.acquisition.ways.get(way.configId)).toMatchObject({
      user: ['sales002', 'sales003'],
      skip_verify: false,
    });
    const refused = await addContactWay(client, {
      remark: 'x',
      skipVerify: true,
      state: 'x'.repeat(31),
      userids: ['sales002'],
    }).catch((e) => e);
    expect(refused).toBeInstanceOf(WecomApiError);
    expect(refused.errcode).toBe(40058);
    // a token WeCom expired is refreshed once and the call goes through
    server.inject({ path: CONTACT_WAY_PATHS.del, errcode: 0, times: 1, expireTokens: true });
    await delContactWay(client, way.configId);
    expect(server.sim.acquisition.ways.has(way.configId)).toBe(false);
    const gone = await delContactWay(client, way.configId).catch((e) => e);
    expect(gone.errcode).toBe(41044);
    const unused = await sendWelcomeMsg(client, 'NOT-ISSUED', 'hi').catch((e) => e);
    expect(unused.errcode).toBe(41096);
  });

  it('the API creates, updates and deletes through the HTTP client; a refused staff member saves nothing', async () => {
    const accepted = () =>
      server.log.filter((l) => l.path === CONTACT_WAY_PATHS.add && l.errcode === 0).length;
    const before = accepted();
    const res = await t.call('POST', `${W}/channel-codes`, {
      token: admin,
      body: {
        appId,
        channelId,
        name: '小红书笔记',
        userids: ['sales002'],
        welcomeText: '{nickname} 您好\n有问题随时问我',
      },
    });
    expect(res.status).toBe(200);
    expect(accepted()).toBe(before + 1);
    expect(server.sim.acquisition.ways.get(res.body.data.configId)?.state).toBe(res.body.data.state);
    // sales001 is a member of ours but not a customer-contact staff member: WeCom refuses it
    const left = await t.call('POST', `${W}/channel-codes`, {
      token: admin,
      body: { appId, channelId, name: '离职', userids: ['sales002', 'sales001'] },
    });
    expect(left.status).toBe(502);
    expect(left.body.msg).toContain('84074');
    const list = await t.call('GET', `${W}/channel-codes`, { token: admin });
    expect(list.body.data.total).toBe(1);
    const upd = await t.call('PUT', `${W}/channel-codes/${res.body.data.id}`, {
      token: admin,
      body: {
        name: '小红书笔记',
        channelId,
        userids: ['sales003'],
        welcomeText: '{nickname} 您好\n有问题随时问我',
        version: res.body.data.version,
      },
    });
    expect(upd.status).toBe(200);
    expect(server.calls(CONTACT_WAY_PATHS.update)).toBeGreaterThan(0);
    expect(server.sim.acquisition.ways.get(res.body.data.configId)?.user).toEqual(['sales003']);
  });

  it('a welcome refused with 41096 is retried and sent; one already sent (41051) is final', async () => {
    const list = await t.call('GET', `${W}/channel-codes`, { token: admin });
    const code = list.body.data.items[0];
    const a = server.sim.acquisition.scan(code.configId, '赵妈妈');
    server.inject({ path: CONTACT_WAY_PATHS.welcome, errcode: 41096, times: 1 });
    await deliverAdd({
      UserID: a.userid,
      ExternalUserID: a.externalUserid,
      State: code.state,
      WelcomeCode: a.welcomeCode,
    });
    const sent = await welcomeOf(a.externalUserid);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, text: '赵妈妈 您好\n有问题随时问我' });
    expect(server.sim.acquisition.welcomes.get(a.welcomeCode)).toMatchObject({
      text: { content: '赵妈妈 您好\n有问题随时问我' },
    });

    const b = server.sim.acquisition.scan(code.configId, '钱爸爸');
    server.inject({ path: CONTACT_WAY_PATHS.welcome, errcode: 41051, times: 1 });
    await deliverAdd({
      UserID: b.userid,
      ExternalUserID: b.externalUserid,
      State: code.state,
      WelcomeCode: b.welcomeCode,
    });
    expect(await welcomeOf(b.externalUserid)).toMatchObject({
      status: 'FAILED',
      errcode: 41051,
      attempts: 1,
    });
    expect(server.sim.acquisition.welcomes.get(b.welcomeCode)).toBeNull();
  });
});
