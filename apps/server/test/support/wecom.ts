import type { Database } from '../../src/db/client';
import { wecomApp } from '../../src/db/schema';
import { SecretBox } from '../../src/lib/secret-box';
import { WecomGateway } from '../../src/modules/wecom/gateway';
import { TokenCache } from '../../src/providers/wecom/client';
import { newCallbackToken, newEncodingAesKey } from '../../src/providers/wecom/crypto';

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
