import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { wecomApp } from '../../src/db/schema';
import { SecretBox } from '../../src/lib/secret-box';
import { WecomGateway } from '../../src/modules/wecom/gateway';
import { TokenCache } from '../../src/providers/wecom/client';
import { newCallbackToken, newEncodingAesKey, sealCallback } from '../../src/providers/wecom/crypto';
import type { TestApp } from './app';

/** A virtual clock for the WeCom client: sleeps (backoff, 45009 pauses, the token bucket) advance it. */
export class VirtualClock {
  slept: number[] = [];
  constructor(public t = Date.now()) {}
  now = () => this.t;
  sleep = async (ms: number) => {
    this.slept.push(ms);
    this.t += ms;
  };
}

export const TEST_BOX = new SecretBox('a-test-secret-key-of-at-least-32-chars!!');

export const testGateway = (database: Database, apiBase: string, clock = new VirtualClock(), rate = 20) =>
  new WecomGateway({
    db: database.db,
    box: TEST_BOX,
    apiBase,
    rate,
    sleep: clock.sleep,
    now: clock.now,
    tokens: new TokenCache(),
  });

/** Inserts an app directly (the apps API has its own tests). */
export const insertApp = async (
  database: Database,
  values: {
    corpId: string;
    secret: string;
    mode?: 'LIVE' | 'SANDBOX';
    kind?: 'CUSTOMER_APP' | 'CONTACT_SYNC';
  },
  box = TEST_BOX,
) => {
  const token = newCallbackToken();
  const aesKey = newEncodingAesKey();
  const [row] = await database.db
    .insert(wecomApp)
    .values({
      name: `app ${values.corpId}`,
      kind: values.kind ?? 'CUSTOMER_APP',
      mode: values.mode ?? 'LIVE',
      corpId: values.corpId,
      agentId: 1000002,
      secretSealed: box.seal(values.secret),
      callbackKey: `k${Math.random().toString(36).slice(2, 14)}`,
      callbackTokenSealed: box.seal(token),
      encodingAesKeySealed: box.seal(aesKey),
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return { app: row, token, aesKey };
};

/** A callback message's XML as WeCom writes it: numbers bare, text in CDATA. */
export const callbackXml = (f: Record<string, string | number>) =>
  `<xml>${Object.entries(f)
    .map(([k, v]) => (typeof v === 'number' ? `<${k}>${v}</${k}>` : `<${k}><![CDATA[${v}]]></${k}>`))
    .join('')}</xml>`;

let createTime = 1_700_000_000;
type CallbackTarget = {
  corp: string;
  keys: { token: string; encodingAesKey: string; receiveId: string };
  callbackKey: string;
};

/**
 * A change_external_contact event (add_external_contact, del_follow_user, ...), AES-encrypted and
 * signed with the app's Token / EncodingAESKey as WeCom sends it, posted to the app's callback URL;
 * the server must answer 200.
 */
export const deliverContactEvent = async (
  t: TestApp,
  to: CallbackTarget,
  changeType: string,
  f: Record<string, string>,
) => {
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
  const sealed = sealCallback(
    to.keys,
    callbackXml({
      ToUserName: to.corp,
      FromUserName: 'sys',
      CreateTime: createTime++,
      MsgType: 'event',
      Event: 'change_external_contact',
      ChangeType: changeType,
      ...f,
    }),
    { timestamp },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/wecom/callback/${to.callbackKey}?msg_signature=${sealed.signature}&timestamp=${sealed.timestamp}&nonce=${sealed.nonce}`,
    headers: { 'content-type': 'text/xml' },
    payload: sealed.body,
  });
  expect(res.statusCode).toBe(200);
};

/** An add_external_contact event (deliverContactEvent). */
export const deliverContactAdd = (t: TestApp, to: CallbackTarget, f: Record<string, string>) =>
  deliverContactEvent(t, to, 'add_external_contact', f);
