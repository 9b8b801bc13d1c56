import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { base32Decode, totp } from '../../src/lib/totp';
import { PAIR_MAX_FAILURES } from '../../src/modules/auth/throttle';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

/**
 * Security review (issue 37, item 4): the lock must hold under simultaneous guesses. Each attempt is
 * reserved before its password or code is checked, so of N at once only the first 10 are checked
 * and the rest are refused with 429. Meant for PostgreSQL (`npm test -- api-postgres <file>`),
 * where the requests really run side by side; it holds on PGlite too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const failedAudits = async (username: string) => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM audit_log
        WHERE action = 'auth.login.failed' AND target_type = 'username' AND target_id = ${username}`,
  );
  return row?.n ?? 0;
};

describe('lockouts under simultaneous attempts', () => {
  it('40 simultaneous wrong passwords for one user: 10 are checked, the others get 429', async () => {
    const ip = '10.60.0.1';
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.call('POST', '/api/v1/admin/login', { body: { username: 'siyu1', password: 'wrong-pass' }, ip }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PAIR_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - PAIR_MAX_FAILURES);
    expect(await failedAudits('siyu1')).toBe(PAIR_MAX_FAILURES);
    // locked: even the right password is refused from this address
    const right = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'siyu1', password: DEMO_PASSWORD },
      ip,
    });
    expect(right.status).toBe(429);
  });

  it('simultaneous wrong second-step codes on one ticket: 10 are checked, the others get 429', async () => {
    const ip = '10.60.0.2';
    const own = await t.login('siyu2', DEMO_PASSWORD, ip);
    const secret = (await t.call('POST', '/api/v1/profile/mfa/setup', { token: own })).body.data.secret;
    const key = base32Decode(secret);
    const codeAt = (offsetSeconds: number) =>
      totp(key, new Date(t.clock.now().getTime() + offsetSeconds * 1000));
    expect(
      (await t.call('POST', '/api/v1/profile/mfa/enable', { token: own, body: { code: codeAt(0) } })).status,
    ).toBe(200);
    t.clock.advance(30);
    const near = new Set([codeAt(-60), codeAt(-30), codeAt(0), codeAt(30), codeAt(60)]);
    let wrong = 123456;
    while (near.has(String(wrong).padStart(6, '0'))) wrong++;
    const first = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'siyu2', password: DEMO_PASSWORD },
      ip,
    });
    const ticket = first.body.data.mfa_ticket as string;
    expect(ticket).toBeTruthy();
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.call('POST', '/api/v1/admin/login/mfa', { body: { ticket, code: String(wrong) }, ip }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PAIR_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - PAIR_MAX_FAILURES);
    // locked: the right code is refused too
    const right = await t.call('POST', '/api/v1/admin/login/mfa', { body: { ticket, code: codeAt(0) }, ip });
    expect(right.status).toBe(429);
  });

  it('a right password gives its attempt back: 9 failures, a success, 9 more failures stay unlocked', async () => {
    const ip = '10.60.0.3';
    const wrong = () =>
      t.call('POST', '/api/v1/admin/login', { body: { username: 'chakan1', password: 'wrong-pass' }, ip });
    for (let i = 0; i < 9; i++) expect((await wrong()).status).toBe(400);
    expect((await t.login('chakan1', DEMO_PASSWORD, ip)).length).toBeGreaterThan(0);
    for (let i = 0; i < 9; i++) expect((await wrong()).status).toBe(400);
    const [user] = await queryRows<{ failures: number }>(
      t.database.db,
      sql`SELECT failures FROM login_throttle WHERE key = 'u:chakan1'`,
    );
    expect(user?.failures).toBe(18);
  });
});
