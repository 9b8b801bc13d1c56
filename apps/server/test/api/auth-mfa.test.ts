import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { base32Decode, totp } from '../../src/lib/totp';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

/** ASVS 6.3.3 / 6.5.1: TOTP second step for admins, codes good once, enrolment, roles that require it. */
let t: TestApp;
let secret = '';
let recovery: string[] = [];
const code = (s = secret) => totp(base32Decode(s), t.clock.now());
const login = (username: string, password: string) =>
  t.call('POST', '/api/v1/admin/login', { body: { username, password } });
const second = (ticket: string, c: string) =>
  t.call('POST', '/api/v1/admin/login/mfa', { body: { ticket, code: c } });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('two-step sign-in', () => {
  it('keeps the spec login answer for accounts without a second step', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_expire', 'access_token', 'refresh_after']);
  });

  it('enrols on the profile page: a QR secret, a first code, ten recovery codes', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('GET', '/api/v1/profile/mfa', { token })).body.data).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await t.call('POST', '/api/v1/profile/mfa/setup', { token });
    expect(setup.status).toBe(200);
    secret = setup.body.data.secret;
    expect(setup.body.data.otpauthUrl).toContain(`secret=${secret}`);
    const wrong = await t.call('POST', '/api/v1/profile/mfa/enable', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.code).toBeTruthy();
    const ok = await t.call('POST', '/api/v1/profile/mfa/enable', { token, body: { code: code() } });
    expect(ok.status).toBe(200);
    recovery = ok.body.data.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect((await t.call('GET', '/api/v1/profile/mfa', { token })).body.data.enabled).toBe(true);
    // The secret is sealed at rest.
    const rows = await t.database.db.execute(
      sql`SELECT mfa_secret, mfa_recovery FROM admin_user WHERE username = 'admin'`,
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(recovery[0]);
  });

  it('gives no token for the password alone, and refuses a code reused in its time step', async () => {
    const first = await login('admin', ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.data.access_token).toBeUndefined();
    expect(first.body.data).toMatchObject({ mfa_required: true, mfa_setup: null });
    // The enrolment spent this step's code.
    const reused = await second(first.body.data.mfa_ticket, code());
    expect(reused.status).toBe(400);
    expect(reused.body.data.fields.code).toBeTruthy();
    t.clock.advance(30);
    const c = code();
    const done = await second(first.body.data.mfa_ticket, c);
    expect(done.status).toBe(200);
    expect(done.body.data.access_token).toBeTruthy();
    const info = await t.call('POST', '/api/v1/admin/info', { token: done.body.data.access_token, body: {} });
    expect(info.status).toBe(200);
    const again = await login('admin', ADMIN_PASSWORD);
    expect((await second(again.body.data.mfa_ticket, c)).status).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const a = await login('admin', ADMIN_PASSWORD);
    const r = recovery[3] as string;
    expect((await second(a.body.data.mfa_ticket, r.toUpperCase())).status).toBe(200);
    const b = await login('admin', ADMIN_PASSWORD);
    expect((await second(b.body.data.mfa_ticket, r)).status).toBe(400);
  });

  it('refuses a forged or expired ticket', async () => {
    expect((await second('sb1.AAAA.BBBB.CCCC', '123456')).status).toBe(401);
    const a = await login('admin', ADMIN_PASSWORD);
    t.clock.advance(301);
    expect((await second(a.body.data.mfa_ticket, code())).status).toBe(401);
  });

  it('lets an admin require the second step per role: members enrol at their next sign-in', async () => {
    t.clock.advance(60);
    const admin = await second((await login('admin', ADMIN_PASSWORD)).body.data.mfa_ticket, code());
    const token = admin.body.data.access_token;
    const roles = (await t.call('GET', '/api/v1/system/roles', { token })).body.data.items as {
      id: number;
      key: string;
      requireMfa: boolean;
      [k: string]: unknown;
    }[];
    const siyu = roles.find((r) => r.key === 'siyu');
    if (!siyu) throw new Error('no siyu role');
    const { id, builtin: _b, userCount: _u, requireMfa: _r, ...rest } = siyu;
    const put = await t.call('PUT', `/api/v1/system/roles/${id}`, {
      token,
      body: { ...rest, requireMfa: true },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const first = await login('siyu1', DEMO_PASSWORD);
    expect(first.body.data.mfa_required).toBe(true);
    const setup = first.body.data.mfa_setup;
    expect(setup.otpauth_url).toContain('otpauth://totp/');
    const done = await second(first.body.data.mfa_ticket, code(setup.secret));
    expect(done.status).toBe(200);
    expect(done.body.data.recovery_codes).toHaveLength(10);
    const own = done.body.data.access_token;
    // The enrolment ticket is spent: a second use (a later code) neither signs in nor replaces the codes.
    t.clock.advance(30);
    const again = await second(first.body.data.mfa_ticket, code(setup.secret));
    expect(again.status).toBe(401);
    expect(again.body.data).toBeNull();
    const [kept] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.mfa.enable' AND actor_name = 'siyu1'`,
    );
    expect(kept?.n).toBe(1);
    expect((await t.call('GET', '/api/v1/profile/mfa', { token: own })).body.data).toMatchObject({
      enabled: true,
      required: true,
    });
    t.clock.advance(30);
    const off = await t.call('POST', '/api/v1/profile/mfa/disable', {
      token: own,
      body: { code: code(setup.secret) },
    });
    expect(off.status).toBe(409);
  });
});
