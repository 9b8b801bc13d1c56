import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  wecomCallbackEvent,
  wecomExternalContact,
  wecomMember,
  wecomRelation,
  wecomTag,
} from '../../src/db/schema';
import { sealCallback } from '../../src/providers/wecom/crypto';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { LocalWecomServer } from '../support/wecom-server';

const CORP = 'wwcallbacks00001';
const SECRET = 'callback-test-secret-0123456789';
// Tencent's official sample values (reference/providers.md 1.5)
const OFFICIAL = {
  token: 'QDG6eK',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
  receiveId: 'wx5823bf96d3bd56c7',
};
const ECHOSTR = 'P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==';
const POST_ENCRYPT =
  'RypEvHKD8QQKFhvQ6QleEB4J58tiPdvo+rtK1I9qca6aM/wvqnLSV5zEPeusUiX5L5X/0lWfrf0QADHHhGd3QczcdCUpj911L3vg3W/sYYvuJTs3TUUkSUXxaccAS0qhxchrRYt66wiSpGLYL42aM6A8dTT+6k4aSknmPj48kzJs8qLjvd4Xgpue06DOdnLxAUHzM6+kDZ+HMZfJYuR+LtwGc2hgf5gsijff0ekUNXZiqATP7PF5mZxZ3Izoun1s4zG4LUMnvw2r+KqCKIw+3IQH03v+BCA9nMELNqbSf6tiWSrXJB3LAVGUcallcrw8V2t9EL4EhzJWrQUax5wLVMNS0+rUPA3k22Ncx4XXZS9o0MBH27Bo6BpNelZpS+/uh9KsNlY6bHCmJU9p8g7m3fVKn28H3KDYA5Pl/T8Z1ptDAVe0lXdQ2YoyyH2uyPIGHBZZIs2pDBS8R07+qN+E7Q==';

let t: TestApp;
let server: LocalWecomServer;
let admin: string;
let liveKey: string;
let liveKeys: { token: string; encodingAesKey: string; receiveId: string };
let officialKey: string;

const xml = (f: Record<string, string | number>) =>
  `<xml>${Object.entries(f)
    .map(([k, v]) => (typeof v === 'number' ? `<${k}>${v}</${k}>` : `<${k}><![CDATA[${v}]]></${k}>`))
    .join('')}</xml>`;

let createTime = 1_700_000_000;
/** The app's clock in unix seconds (callbacks outside a 10-minute window of it are refused). */
const unixNow = () => String(Math.floor(t.clock.now().getTime() / 1000));
const deliver = async (
  fields: Record<string, string | number>,
  keys = liveKeys,
  key = liveKey,
  timestamp = unixNow(),
) => {
  const sealed = sealCallback(
    keys,
    xml({ ToUserName: CORP, FromUserName: 'sys', CreateTime: createTime++, MsgType: 'event', ...fields }),
    { timestamp },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/wecom/callback/${key}?msg_signature=${sealed.signature}&timestamp=${sealed.timestamp}&nonce=${sealed.nonce}`,
    headers: { 'content-type': 'text/xml' },
    payload: sealed.body,
  });
  return { res, sealed };
};
const settle = () => t.app.wecomWorker.kick();

const relation = async (ext: string, userid: string) =>
  (
    await t.database.db
      .select()
      .from(wecomRelation)
      .where(and(eq(wecomRelation.externalUserid, ext), eq(wecomRelation.userid, userid)))
  )[0];

beforeAll(async () => {
  server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 8, contacts: 30 }).start();
  t = await createTestApp({ WECOM_API_BASE: server.url });
  admin = await t.login('admin', ADMIN_PASSWORD);
  const live = await t.call('POST', '/api/v1/wecom/apps', {
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
  liveKey = live.body.data.callbackUrl.split('/').pop();
  liveKeys = {
    token: live.body.data.callbackToken,
    encodingAesKey: live.body.data.encodingAesKey,
    receiveId: CORP,
  };
  // An app configured with the official sample Token / EncodingAESKey / CorpID.
  const off = await t.call('POST', '/api/v1/wecom/apps', {
    token: admin,
    body: { name: 'official', kind: 'CUSTOMER_APP', corpId: OFFICIAL.receiveId, agentId: 218, secret: 'x' },
  });
  officialKey = off.body.data.callbackUrl.split('/').pop();
  // the Token and EncodingAESKey chosen in the WeCom console are entered on rotate
  const rotated = await t.call('POST', `/api/v1/wecom/apps/${off.body.data.id}/rotate`, {
    token: admin,
    body: {
      target: 'CALLBACK',
      callbackToken: OFFICIAL.token,
      encodingAesKey: OFFICIAL.encodingAesKey,
      version: off.body.data.version,
    },
  });
  expect(rotated.body.data).toMatchObject({
    callbackToken: 'QDG6eK',
    encodingAesKey: OFFICIAL.encodingAesKey,
  });
});
afterAll(async () => {
  await t.close();
  await server.stop();
});

describe('WeCom callbacks', () => {
  it('URL verification with the official vector echoes the plaintext; a bad signature is refused', async () => {
    const clockWas = t.clock.current;
    t.clock.current = new Date(1409659589 * 1000 + 60_000); // a minute after the vector was made
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/wecom/callback/${officialKey}?msg_signature=5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3&timestamp=1409659589&nonce=263014780&echostr=${encodeURIComponent(ECHOSTR)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('1616140317555161061');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/public/wecom/callback/${officialKey}?msg_signature=0000ff5e21c57e6ad56bac8758b79b1d9ac89fd3&timestamp=1409659589&nonce=263014780&echostr=${encodeURIComponent(ECHOSTR)}`,
    });
    expect(bad.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/public/wecom/callback/abcdef?msg_signature=5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3&timestamp=1409659589&nonce=263014780&echostr=${encodeURIComponent(ECHOSTR)}`,
    });
    expect(unknown.statusCode).toBe(403);
    t.clock.current = clockWas;
  });

  it('accepts the official encrypted POST (signature over Encrypt) and stores it once', async () => {
    const body = `<xml><ToUserName><![CDATA[wx5823bf96d3bd56c7]]></ToUserName><Encrypt><![CDATA[${POST_ENCRYPT}]]></Encrypt><AgentID><![CDATA[218]]></AgentID></xml>`;
    const url = `/api/public/wecom/callback/${officialKey}?msg_signature=477715d11cdb4164915debcba66cb864d751f3e6&timestamp=1409659813&nonce=1372623149`;
    const clockWas = t.clock.current;
    t.clock.current = new Date(1409659813 * 1000 - 60_000); // our clock a minute behind WeCom's
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/xml' },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('success');
    }
    t.clock.current = clockWas;
    const rows = await t.database.db
      .select()
      .from(wecomCallbackEvent)
      .where(eq(wecomCallbackEvent.corpId, OFFICIAL.receiveId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ FromUserName: 'mycreate', Content: 'hello', MsgType: 'text' });
  });

  it('refuses a wrong signature, another corp (receive id) and a wrong key, storing nothing', async () => {
    const before = (await t.database.db.select().from(wecomCallbackEvent)).length;
    const other = await deliver(
      {
        Event: 'change_external_contact',
        ChangeType: 'add_external_contact',
        UserID: 'sales002',
        ExternalUserID: 'x',
      },
      { ...liveKeys, receiveId: 'wwSomeOtherCorp' },
    );
    expect(other.res.statusCode).toBe(403);
    const sealed = sealCallback(liveKeys, xml({ Event: 'change_external_tag' }));
    const badSig = await t.app.inject({
      method: 'POST',
      url: `/api/public/wecom/callback/${liveKey}?msg_signature=${'0'.repeat(40)}&timestamp=${sealed.timestamp}&nonce=${sealed.nonce}`,
      headers: { 'content-type': 'text/xml' },
      payload: sealed.body,
    });
    expect(badSig.statusCode).toBe(403);
    const wrongKey = await deliver(
      { Event: 'change_external_tag' },
      { ...liveKeys, encodingAesKey: OFFICIAL.encodingAesKey },
    );
    expect(wrongKey.res.statusCode).toBe(403);
    expect((await t.database.db.select().from(wecomCallbackEvent)).length).toBe(before);
  });

  it('refuses a delivery more than 10 minutes from our clock (a replay), storing nothing', async () => {
    const before = (await t.database.db.select().from(wecomCallbackEvent)).length;
    const now = Number(unixNow());
    const fields = { Event: 'change_external_tag', ChangeType: 'create' };
    for (const ts of [now - 11 * 60, now + 11 * 60, 1_000_000_000])
      expect((await deliver(fields, liveKeys, liveKey, String(ts))).res.statusCode).toBe(403);
    expect((await t.database.db.select().from(wecomCallbackEvent)).length).toBe(before);
    // a retry a few minutes late is still WeCom's
    expect((await deliver(fields, liveKeys, liveKey, String(now - 9 * 60))).res.statusCode).toBe(200);
  });

  it('a hostile body: over the cap refused unread (413); under it refused at the signature (403)', async () => {
    const before = (await t.database.db.select().from(wecomCallbackEvent)).length;
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/wecom/callback/${liveKey}?msg_signature=${'0'.repeat(40)}&timestamp=${unixNow()}&nonce=1`,
        headers: { 'content-type': 'text/xml' },
        payload,
      });
    // the 261 kB body that once took seconds of regular-expression backtracking
    const huge = await post(`<xml>${'<a><![CDATA['.repeat(21800)}</xml>`);
    expect(huge.statusCode).toBe(413);
    const under = await post(`<xml><Encrypt>x</Encrypt>${'<a><![CDATA['.repeat(5000)}</xml>`);
    expect(under.statusCode).toBe(403);
    expect((await t.database.db.select().from(wecomCallbackEvent)).length).toBe(before);
  });

  it('a contact added, edited and deleted either way: re-fetched and applied; retries de-duplicated', async () => {
    const ext = 'wmNEWCONTACT000001';
    server.sim.addContact(
      { external_userid: ext, name: '新家长', avatar: '', type: 1, gender: 2, unionid: 'oNEW1' },
      {
        userid: 'sales002',
        remark: '张妈妈',
        description: '',
        createtime: 1_700_000_000,
        tag_id: [],
        remark_mobiles: ['13800001111'],
        add_way: 1,
        oper_userid: ext,
        state: 'c42',
      },
    );
    const fields = {
      Event: 'change_external_contact',
      ChangeType: 'add_external_contact',
      UserID: 'sales002',
      ExternalUserID: ext,
      State: 'c42',
    };
    const started = Date.now();
    const first = await deliver(fields);
    expect(first.res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    // WeCom retries the same delivery: acknowledged, stored once
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/public/wecom/callback/${liveKey}?msg_signature=${first.sealed.signature}&timestamp=${first.sealed.timestamp}&nonce=${first.sealed.nonce}`,
      headers: { 'content-type': 'text/xml' },
      payload: first.sealed.body,
    });
    expect(again.body).toBe('success');
    await settle();
    const events = await t.database.db
      .select()
      .from(wecomCallbackEvent)
      .where(eq(wecomCallbackEvent.changeType, 'add_external_contact'));
    expect(events.filter((e) => e.payload.ExternalUserID === ext)).toHaveLength(1);
    expect(events.find((e) => e.payload.ExternalUserID === ext)?.status).toBe('DONE');
    const [c] = await t.database.db
      .select()
      .from(wecomExternalContact)
      .where(eq(wecomExternalContact.externalUserid, ext));
    expect(c).toMatchObject({ name: '新家长', unionid: 'oNEW1', corpId: CORP });
    expect(await relation(ext, 'sales002')).toMatchObject({
      remark: '张妈妈',
      state: 'c42',
      remarkMobiles: ['13800001111'],
      deleted: false,
    });

    const f = server.sim.follows.get(ext)?.[0];
    if (f) f.remark = '张妈妈（已报名）';
    await deliver({ ...fields, ChangeType: 'edit_external_contact' });
    await settle();
    expect((await relation(ext, 'sales002'))?.remark).toBe('张妈妈（已报名）');

    server.sim.removeFollow(ext, 'sales002');
    await deliver({ ...fields, ChangeType: 'del_follow_user' });
    await settle();
    expect(await relation(ext, 'sales002')).toMatchObject({ deleted: true, status: 'CUSTOMER_DELETED' });
    // linked by its state (c42): the client's timeline learns the friendship ended
    const [linked] = await t.database.db
      .select()
      .from(wecomExternalContact)
      .where(eq(wecomExternalContact.externalUserid, ext));
    expect(linked?.clientId).toBe(42);
    const ends = await t.database.db.execute(
      sql`SELECT target_id FROM audit_log WHERE action = 'wecom.relation.end' AND target_type = 'client'`,
    );
    expect(JSON.stringify(ends)).toContain('"42"');

    const [ext2, fs2] = [...server.sim.follows.entries()].find(([, x]) => x.length > 0) ?? ['', []];
    const uid = fs2[0]?.userid ?? '';
    await deliver({ ...fields, ChangeType: 'add_external_contact', ExternalUserID: ext2, UserID: uid });
    await settle();
    expect((await relation(ext2, uid))?.deleted).toBe(false);
    server.sim.removeFollow(ext2, uid);
    await deliver({ ...fields, ChangeType: 'del_external_contact', ExternalUserID: ext2, UserID: uid });
    await settle();
    expect(await relation(ext2, uid)).toMatchObject({ deleted: true, status: 'STAFF_DELETED' });
  });

  it('tags changed and members changed are re-fetched', async () => {
    const added = server.sim.handle(
      'POST',
      '/cgi-bin/externalcontact/add_corp_tag',
      { access_token: [...server.sim.tokens.keys()].at(-1) as string },
      {
        group_name: '渠道',
        tag: [{ name: '直播间' }],
      },
    );
    const tagId = ((added.tag_group as { tag: { id: string }[] }).tag[0] as { id: string }).id;
    await deliver({ Event: 'change_external_tag', ChangeType: 'create', TagType: 'tag', Id: tagId });
    await settle();
    let [tag] = await t.database.db.select().from(wecomTag).where(eq(wecomTag.tagId, tagId));
    expect(tag).toMatchObject({ name: '直播间', deleted: false });
    const found = server.sim.groups.flatMap((g) => g.tag).find((x) => x.id === tagId);
    if (found) found.deleted = true;
    await deliver({ Event: 'change_external_tag', ChangeType: 'delete', TagType: 'tag', Id: tagId });
    await settle();
    [tag] = await t.database.db.select().from(wecomTag).where(eq(wecomTag.tagId, tagId));
    expect(tag?.deleted).toBe(true);

    server.sim.members.set('newhire01', {
      userid: 'newhire01',
      name: '新同事',
      department: [2],
      main_department: 2,
      position: '课程顾问',
      status: 1,
    });
    await deliver({ Event: 'change_contact', ChangeType: 'create_user', UserID: 'newhire01' });
    await settle();
    let [m] = await t.database.db.select().from(wecomMember).where(eq(wecomMember.userid, 'newhire01'));
    expect(m).toMatchObject({ name: '新同事', departments: [2], deleted: false });
    await deliver({ Event: 'change_contact', ChangeType: 'delete_user', UserID: 'newhire01' });
    await settle();
    [m] = await t.database.db.select().from(wecomMember).where(eq(wecomMember.userid, 'newhire01'));
    expect(m).toMatchObject({ deleted: true, status: 5 });
  });
});
