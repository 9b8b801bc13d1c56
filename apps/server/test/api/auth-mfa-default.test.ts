import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { queryRows } from '../../src/db/client';
import { bootstrap } from '../../src/db/seed/bootstrap';
import { base32Decode, totp } from '../../src/lib/totp';
import { ADMIN_PASSWORD, createTestApp, TEST_SCRYPT, type TestApp } from '../support/app';

/**
 * ASVS 6.3.3: on a fresh install the built-in admin role requires the TOTP second step
 * (ADMIN_MFA_DEFAULT unset); the first admin enrols at the first sign-in. Existing installs keep
 * their setting unless ADMIN_MFA_DEFAULT=enforce. ADMIN_MFA_DEFAULT=off is what the other test files
 * run with (test/support/app.ts); auth-mfa.test.ts's first case checks its password-only login.
 */
let t: TestApp;
let token = '';
const code = (secret: string) => totp(base32Decode(secret), t.clock.now());
const login = () =>
  t.call('POST', '/api/v1/admin/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
const second = (ticket: string, c: string) =>
  t.call('POST', '/api/v1/admin/login/mfa', { body: { ticket, code: c } });
const adminRole = async () => {
  const [row] = await queryRows<{ id: number; require_mfa: boolean; version: number }>(
    t.database.db,
    sql`SELECT id, require_mfa, version FROM role WHERE key = 'admin'`,
  );
  if (!row) throw new Error('no admin role');
  return row;
};
const restart = (ADMIN_MFA_DEFAULT: string) =>
  bootstrap(
    t.database,
    loadConfig({ DATA_DIR: t.config.dataDir, ADMIN_PASSWORD, ADMIN_MFA_DEFAULT }),
    TEST_SCRYPT,
  );

beforeAll(async () => {
  // '' is the variable left unset: the product's default.
  t = await createTestApp({ ADMIN_MFA_DEFAULT: '', DEMO_DATA: '0' });
});
afterAll(async () => t.close());

describe('a fresh install: the admin role requires two-step verification', () => {
  it('answers the first admin sign-in with the enrolment step, not a token', async () => {
    expect((await adminRole()).require_mfa).toBe(true);
    const first = await login();
    expect(first.status).toBe(200);
    expect(first.body.data.access_token).toBeUndefined();
    expect(first.body.data).toMatchObject({ mfa_required: true });
    const setup = first.body.data.mfa_setup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toMatch(
      /^otpauth:\/\/totp\/EduCRM%3Aadmin\?secret=[A-Z2-7]{32}&issuer=EduCRM&/,
    );
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}&`);

    const wrong = await second(first.body.data.mfa_ticket, '000000');
    expect(wrong.status).toBe(400);
    const done = await second(first.body.data.mfa_ticket, code(setup.secret));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.recovery_codes).toHaveLength(10);
    token = done.body.data.access_token;
    expect((await t.call('GET', '/api/v1/profile/mfa', { token })).body.data).toEqual({
      enabled: true,
      required: true,
      recoveryCodesLeft: 10,
    });

    // The next sign-in asks for a code from the enrolled secret (no second enrolment).
    t.clock.advance(30);
    const next = await login();
    expect(next.body.data).toMatchObject({ mfa_required: true, mfa_setup: null });
    expect(next.body.data.access_token).toBeUndefined();
    const again = await second(next.body.data.mfa_ticket, code(setup.secret));
    expect(again.status).toBe(200);
    token = again.body.data.access_token;
  });

  it('an admin switches the requirement off on System > Roles (audited); a restart keeps it off', async () => {
    const roles = (await t.call('GET', '/api/v1/system/roles', { token })).body.data.items as {
      key: string;
      requireMfa: boolean;
      [k: string]: unknown;
    }[];
    const admin = roles.find((r) => r.key === 'admin');
    if (!admin) throw new Error('no admin role');
    expect(admin.requireMfa).toBe(true);
    const { id, builtin: _b, userCount: _u, requireMfa: _r, ...rest } = admin;
    const put = await t.call('PUT', `/api/v1/system/roles/${id}`, {
      token,
      body: { ...rest, requireMfa: false },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await adminRole()).require_mfa).toBe(false);
    const [audit] = await queryRows<{ actor_name: string; detail: { requireMfa: boolean } }>(
      t.database.db,
      sql`SELECT actor_name, detail FROM audit_log WHERE action = 'system.role.update' AND target_id = ${String(id)}
          ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ actor_name: 'admin', detail: { requireMfa: false } });

    // The role is created once: a restart with the default does not turn it back on.
    await restart('');
    await restart('on');
    expect((await adminRole()).require_mfa).toBe(false);
  });

  it('ADMIN_MFA_DEFAULT=enforce turns it on for an existing install at start, audited once', async () => {
    const before = await adminRole();
    expect((await restart('enforce')).adminMfaEnforced).toBe(true);
    const after = await adminRole();
    expect(after.require_mfa).toBe(true);
    expect(after.version).toBe(before.version + 1);
    expect((await restart('enforce')).adminMfaEnforced).toBeUndefined();
    const rows = await queryRows<{ actor_id: number | null; detail: { by: string } }>(
      t.database.db,
      sql`SELECT actor_id, detail FROM audit_log WHERE action = 'system.role.update'
          AND detail->>'by' = 'ADMIN_MFA_DEFAULT=enforce'`,
    );
    expect(rows).toEqual([{ actor_id: null, detail: { requireMfa: true, by: 'ADMIN_MFA_DEFAULT=enforce' } }]);
  });
});
