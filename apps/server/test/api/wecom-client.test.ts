import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { wecomApp } from '../../src/db/schema';
import { SecretBox } from '../../src/lib/secret-box';
import {
  httpTransport,
  RateLimiter,
  TokenCache,
  WecomApiError,
  WecomClient,
} from '../../src/providers/wecom/client';
import { openTestDatabase } from '../support/app';
import { LocalWecomServer } from '../support/wecom-server';

const CORP = 'wwclienttest0001';
const SECRET = 'client-test-secret-0123456789abcdef';

describe('WeCom client against the local WeCom server', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let server: LocalWecomServer;
  let appId: number;
  const box = new SecretBox('a-test-secret-key-of-at-least-32-chars!!');
  // A virtual clock: sleeps advance it, so pauses and backoffs are measured without waiting.
  let t = Date.UTC(2026, 10, 24, 3, 0, 10);
  const slept: number[] = [];
  const now = () => t;
  const sleep = async (ms: number) => {
    slept.push(ms);
    t += ms;
  };

  const client = (opts: { tokens?: TokenCache; secret?: string; rate?: number } = {}) =>
    new WecomClient({
      db: database.db,
      box,
      app: { id: appId, corpId: CORP, secret: opts.secret ?? SECRET },
      transport: httpTransport(server.url),
      limiter: new RateLimiter(opts.rate ?? 1000, now),
      sleep,
      now,
      tokens: opts.tokens ?? new TokenCache(),
    });

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 5, contacts: 20 }).start();
    const [row] = await database.db
      .insert(wecomApp)
      .values({
        name: 'client test',
        kind: 'CUSTOMER_APP',
        mode: 'LIVE',
        corpId: CORP,
        agentId: 1000002,
        secretSealed: box.seal(SECRET),
        callbackKey: 'clienttestkey',
        callbackTokenSealed: box.seal('tok'),
        encodingAesKeySealed: box.seal('x'),
      })
      .returning({ id: wecomApp.id });
    appId = row?.id as number;
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });
  beforeEach(async () => {
    server.faults.length = 0;
    slept.length = 0;
    await database.db
      .update(wecomApp)
      .set({ tokenSealed: null, tokenExpiresAt: null, tokenLeaseUntil: null })
      .where(eq(wecomApp.id, appId));
  });

  it('caches the token per app in the database, sealed, and reuses it', async () => {
    const before = server.sim.tokenIssues;
    const c = client();
    const a = await c.get('/cgi-bin/externalcontact/get_follow_user_list');
    expect((a.follow_user as string[]).length).toBeGreaterThan(0);
    await c.get('/cgi-bin/externalcontact/get_follow_user_list');
    // Another server (its own process cache) reads the shared row instead of fetching.
    await client().get('/cgi-bin/externalcontact/get_follow_user_list');
    expect(server.sim.tokenIssues - before).toBe(1);
    const [row] = await database.db.select().from(wecomApp).where(eq(wecomApp.id, appId));
    const token = box.open(row?.tokenSealed as string);
    expect(server.sim.tokens.has(token)).toBe(true);
    expect(row?.tokenSealed).not.toContain(token);
  });

  it('several servers asking at once fetch the token once (single flight through the lease)', async () => {
    const before = server.sim.tokenIssues;
    const servers = [new TokenCache(), new TokenCache(), new TokenCache()];
    await Promise.all(
      servers.flatMap((tokens) => [1, 2, 3].map(() => client({ tokens }).get('/cgi-bin/department/list'))),
    );
    expect(server.sim.tokenIssues - before).toBe(1);
  });

  it('drops and retries once on 42001 and 40014, then gives up', async () => {
    const c = client();
    await c.get('/cgi-bin/department/list');
    const before = server.sim.tokenIssues;
    server.sim.expireTokens();
    const res = await c.get('/cgi-bin/department/list');
    expect(res.errcode).toBe(0);
    expect(server.sim.tokenIssues - before).toBe(1);

    server.inject({ path: '/cgi-bin/department/list', errcode: 40014, times: 1 });
    expect((await c.get('/cgi-bin/department/list')).errcode).toBe(0);

    server.inject({ path: '/cgi-bin/department/list', errcode: 40014, times: 2 });
    const err = await c.get('/cgi-bin/department/list').catch((e) => e);
    expect(err).toBeInstanceOf(WecomApiError);
    expect(err.errcode).toBe(40014);
  });

  it('retries -1 with backoff at most three times', async () => {
    const c = client();
    server.inject({ path: '/cgi-bin/department/list', errcode: -1, times: 3 });
    expect((await c.get('/cgi-bin/department/list')).errcode).toBe(0);
    expect(slept).toEqual([250, 500, 1000]);
    server.inject({ path: '/cgi-bin/department/list', errcode: -1, times: 4 });
    const err = await c.get('/cgi-bin/department/list').catch((e) => e);
    expect(err.errcode).toBe(-1);
  });

  it('pauses an API until the next minute window on 45009, other APIs go on', async () => {
    const c = client();
    await c.get('/cgi-bin/department/list');
    slept.length = 0;
    server.inject({ path: '/cgi-bin/department/list', errcode: 45009, times: 1 });
    const startedAt = t;
    expect((await c.get('/cgi-bin/department/list')).errcode).toBe(0);
    expect(slept.length).toBeGreaterThan(0);
    expect(new Date(t).getUTCSeconds()).toBeLessThan(5);
    expect(t - startedAt).toBeLessThanOrEqual(60_000);
    expect(t).toBeGreaterThan(startedAt);
  });

  it('keeps to the token bucket per (corp, API)', async () => {
    const c = client({ rate: 5 });
    const startedAt = t;
    for (let i = 0; i < 15; i++) await c.get('/cgi-bin/externalcontact/get_follow_user_list');
    // a burst of 5, then 10 more at 5 per second
    expect(t - startedAt).toBeGreaterThanOrEqual(1900);
    expect(t - startedAt).toBeLessThan(2600);
  });

  it('a wrong secret is 40001; errors never carry the token or the secret', async () => {
    const err = await client({ secret: 'wrong-secret-value' })
      .get('/cgi-bin/department/list')
      .catch((e) => e);
    expect(err).toBeInstanceOf(WecomApiError);
    expect(err.errcode).toBe(40001);
    expect(err.message).not.toContain('wrong-secret-value');
    const c = client();
    server.inject({ path: '/cgi-bin/user/get', errcode: 40014, times: 2 });
    const e2 = await c.get('/cgi-bin/user/get', { userid: 'sales001' }).catch((e) => e);
    for (const token of server.sim.tokens.keys()) expect(e2.message).not.toContain(token);
    expect(e2.message).not.toContain(SECRET);
  });
});
