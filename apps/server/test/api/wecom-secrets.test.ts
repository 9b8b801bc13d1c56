import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { LocalWecomServer } from '../support/wecom-server';

// Issue 12 item 2: never a token or a secret in a response or a log line, through every path that
// touches them (create, test connection, a wrong secret, a sync with a token expiring mid-way).
const CORP = 'wwsecretslog0001';
const SECRET = 'never-log-this-secret-0123456789';
const W = '/api/v1/wecom/apps';
let t: TestApp;
let server: LocalWecomServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 6, contacts: 30 }).start();
  t = await createTestApp(
    { WECOM_API_BASE: server.url },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
  await server.stop();
});

describe('WeCom secrets', () => {
  it('stay out of answers, log lines, job logs and errors', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const answers: string[] = [];
    const call = async (...args: Parameters<TestApp['call']>) => {
      const res = await t.call(...args);
      answers.push(JSON.stringify(res.body));
      return res;
    };
    const created = await call('POST', W, {
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
    const id = created.body.data.id;
    expect((await call('POST', `${W}/${id}/test`, { token: admin })).body.data.ok).toBe(true);
    server.sim.expireTokens();
    await call('POST', `${W}/${id}/sync`, { token: admin });
    await t.app.wecomWorker.kick();
    await call('GET', `${W}/${id}/sync-runs`, { token: admin });
    await call('GET', W, { token: admin });
    const wrong = await call('POST', W, {
      token: admin,
      body: {
        name: 'wrong',
        kind: 'CUSTOMER_APP',
        mode: 'LIVE',
        corpId: CORP,
        agentId: 1000002,
        secret: 'a-wrong-secret-9876543210',
      },
    });
    await call('POST', `${W}/${wrong.body.data.id}/test`, { token: admin });
    await call('GET', `${W}/${wrong.body.data.id}`, { token: admin });

    const tokens = [...server.sim.tokens.keys()];
    expect(tokens.length).toBeGreaterThan(1);
    const stored = await queryRows<{ text: string }>(
      t.database.db,
      sql`SELECT coalesce(string_agg(r.errors::text, ' '), '') || ' ' || coalesce((SELECT string_agg(coalesce(last_error, ''), ' ') FROM wecom_app), '')
                 || ' ' || coalesce((SELECT string_agg(summary || coalesce(detail::text, ''), ' ') FROM audit_log), '') AS text
          FROM wecom_sync_run r`,
    );
    const haystacks = { answers: answers.join('\n'), logs: lines.join(''), stored: stored[0]?.text ?? '' };
    expect(haystacks.logs.length).toBeGreaterThan(0);
    for (const [where, text] of Object.entries(haystacks)) {
      expect(text.includes(SECRET), `${where} carry the secret`).toBe(false);
      expect(text.includes('a-wrong-secret-9876543210'), `${where} carry the wrong secret`).toBe(false);
      for (const token of tokens) expect(text.includes(token), `${where} carry an access token`).toBe(false);
    }
  });
});
