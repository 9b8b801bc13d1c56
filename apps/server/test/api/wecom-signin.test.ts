import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { adminUser, wecomMember } from '../../src/db/schema';
import { base32Decode, totp } from '../../src/lib/totp';
import { sandboxCorp } from '../../src/providers/wecom/simulator';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

const CORP = 'wwsigninsandbox1';
let t: TestApp;
let admin: string;
let ids: Record<string, number>;

/** What the login page does: GET the providers, which also sets the browser's sign-in cookie. */
const startSignIn = async () => {
  const res = await t.call('GET', '/api/v1/admin/auth-providers');
  const setCookie = [res.headers['set-cookie']].flat().map(String);
  const providers = res.body.data.providers;
  return {
    providers,
    setCookie: setCookie.join('\n'),
    cookie: setCookie[0]?.split(';')[0] ?? '',
    state: providers[0] ? (new URL(providers[0].authorizeUrl).searchParams.get('state') as string) : '',
  };
};
const wecomLogin = (code: string | null, state: string | null, cookie: string, lang = 'zh') =>
  t.call('POST', '/api/v1/admin/wecom-login', {
    body: { code, state },
    headers: { cookie, 'accept-language': lang },
  });

const memberId = async (userid: string) =>
  (await t.database.db.select().from(wecomMember).where(eq(wecomMember.userid, userid)))[0]?.id as number;

beforeAll(async () => {
  // The sandbox corp's sign-in is a demo: on only where the operator asks (wecom-demo-signin-off.test.ts).
  t = await createTestApp({ WECOM_DEMO_SIGNIN: '1' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  const rows = await queryRows<{ id: number; username: string }>(
    t.database.db,
    sql`SELECT id, username FROM admin_user WHERE username IN ('siyu1','siyu2')`,
  );
  ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
});
afterAll(async () => t.close());

describe('WeCom sign-in', () => {
  it('offers no WeCom sign-in until an app is configured', async () => {
    const res = await t.call('GET', '/api/v1/admin/auth-providers');
    expect(res.body.data.providers).toEqual([]);
  });

  it('a sandbox app: the chooser hands a code to /auth-redirect; the bound staff user gets a session', async () => {
    const app = await t.call('POST', '/api/v1/wecom/apps', {
      token: admin,
      body: { name: '沙箱', kind: 'CUSTOMER_APP', corpId: CORP, agentId: 1000002, secret: 'x' },
    });
    await t.call('POST', `/api/v1/wecom/apps/${app.body.data.id}/sync`, { token: admin });
    await t.app.wecomWorker.kick();
    await t.call('PUT', `/api/v1/wecom/members/${await memberId('sales002')}/bind`, {
      token: admin,
      body: { sysUserId: ids.siyu1 },
    });
    const { providers, cookie, setCookie } = await startSignIn();
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({ key: 'wecom', name: '企业微信', demo: true });
    // the browser's sign-in nonce: HttpOnly, SameSite, short-lived
    expect(setCookie).toMatch(
      /^educrm-signin=[\w-]{22}; Path=\/api; Max-Age=600; HttpOnly; SameSite=Strict$/,
    );
    const url = new URL(providers[0].authorizeUrl);
    expect(url.pathname).toBe('/api/public/wecom/sandbox-sso');
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const href = /href="([^"]+)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&') as string;
    expect(href).toMatch(/^\/auth-redirect\?code=/);
    const q = new URL(href, 'http://x').searchParams;
    const res = await wecomLogin(q.get('code'), q.get('state'), cookie);
    expect(res.status).toBe(200);
    const info = await t.call('POST', '/api/v1/admin/info', { body: { token: res.body.data.access_token } });
    expect(info.body.data.username).toBe('siyu1');
    // a code is single-use
    const reused = await wecomLogin(q.get('code'), q.get('state'), cookie);
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('企业微信登录已失效，请重新扫码');
  });

  it('signs in only the browser that started the sign-in (no login CSRF)', async () => {
    // An attacker's own state and code, opened in the victim's browser (no cookie, or its own).
    const attacker = await startSignIn();
    const victim = await startSignIn();
    expect(victim.cookie).not.toBe(attacker.cookie);
    const code = sandboxCorp(CORP).issueOauthCode('sales002');
    for (const cookie of ['', victim.cookie]) {
      const res = await wecomLogin(code, attacker.state, cookie);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('企业微信登录已失效，请重新扫码');
    }
    // the chooser page too is only the starting browser's
    const url = new URL(attacker.providers[0].authorizeUrl);
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: victim.cookie },
    });
    expect(page.statusCode).toBe(400);
    // a browser that already has a nonce keeps it (two tabs of the login page agree)
    const again = await t.call('GET', '/api/v1/admin/auth-providers', { headers: { cookie: victim.cookie } });
    expect(String([again.headers['set-cookie']].flat()[0]).split(';')[0]).toBe(victim.cookie);
    expect((await wecomLogin(code, attacker.state, attacker.cookie)).status).toBe(200);
  });

  it('refuses an unbound member, a disabled user and a forged or expired state', async () => {
    const { state, cookie } = await startSignIn();
    const sim = sandboxCorp(CORP);
    const unbound = await wecomLogin(sim.issueOauthCode('sales003'), state, cookie, 'en');
    expect(unbound.status).toBe(400);
    expect(unbound.body.msg).toContain('not bound to a staff user');

    await t.call('PUT', `/api/v1/wecom/members/${await memberId('sales004')}/bind`, {
      token: admin,
      body: { sysUserId: ids.siyu2 },
    });
    await t.database.db
      .update(adminUser)
      .set({ status: 'DISABLED' })
      .where(eq(adminUser.id, ids.siyu2 as number));
    const disabled = await wecomLogin(sim.issueOauthCode('sales004'), state, cookie);
    expect(disabled.status).toBe(400);
    expect(disabled.body.msg).toBe('账号已停用，请联系管理员');

    const parts = state.split('.');
    const forged = [parts[0], parts[1], parts[2], `${parts[3]?.slice(0, -2)}AA`].join('.');
    const bad = await wecomLogin(sim.issueOauthCode('sales002'), forged, cookie);
    expect(bad.status).toBe(400);
    t.clock.advance(11 * 60);
    const expired = await wecomLogin(sim.issueOauthCode('sales002'), state, cookie);
    expect(expired.status).toBe(400);
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login.failed' AND target_type = 'wecom_member'`,
    );
    expect(audit?.n).toBe(2);
  });
});

describe('WeCom sign-in and the second step', () => {
  const code = (secret: string) => totp(base32Decode(secret), t.clock.now());
  const signIn = async (userid: string, lang = 'zh') => {
    const { state, cookie } = await startSignIn();
    return wecomLogin(sandboxCorp(CORP).issueOauthCode(userid), state, cookie, lang);
  };
  const bind = async (userid: string, username: string) => {
    const [u] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM admin_user WHERE username = ${username}`,
    );
    const res = await t.call('PUT', `/api/v1/wecom/members/${await memberId(userid)}/bind`, {
      token: admin,
      body: { sysUserId: u?.id },
    });
    expect(res.status).toBe(200);
  };

  it('an account with MFA enabled answers the same challenge as a password sign-in, then the code opens the session', async () => {
    const own = await t.login('siyu3', DEMO_PASSWORD);
    const setup = await t.call('POST', '/api/v1/profile/mfa/setup', { token: own });
    const secret = setup.body.data.secret as string;
    expect(
      (await t.call('POST', '/api/v1/profile/mfa/enable', { token: own, body: { code: code(secret) } }))
        .status,
    ).toBe(200);
    await bind('sales005', 'siyu3');
    const first = await signIn('sales005');
    expect(first.status).toBe(200);
    expect(first.body.data.access_token).toBeUndefined();
    expect(first.body.data).toMatchObject({ mfa_required: true, mfa_setup: null });
    const [sessionsBefore] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM session s JOIN admin_user u ON u.id = s.user_id WHERE u.username = 'siyu3'`,
    );
    const wrong = await t.call('POST', '/api/v1/admin/login/mfa', {
      body: { ticket: first.body.data.mfa_ticket, code: '000000' },
    });
    expect(wrong.status).toBe(400);
    t.clock.advance(30);
    const done = await t.call('POST', '/api/v1/admin/login/mfa', {
      body: { ticket: first.body.data.mfa_ticket, code: code(secret) },
    });
    expect(done.status).toBe(200);
    const info = await t.call('POST', '/api/v1/admin/info', { body: { token: done.body.data.access_token } });
    expect(info.body.data.username).toBe('siyu3');
    const [sessionsAfter] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM session s JOIN admin_user u ON u.id = s.user_id WHERE u.username = 'siyu3'`,
    );
    expect(sessionsAfter?.n).toBe((sessionsBefore?.n ?? 0) + 1);
    const [challenge] = await queryRows<{ summary: string }>(
      t.database.db,
      sql`SELECT summary FROM audit_log WHERE action = 'auth.login.challenge' ORDER BY id DESC LIMIT 1`,
    );
    expect(challenge?.summary).toContain(`WeCom ${CORP}/sales005`);
  });

  it('a role that requires MFA: no enrolment through WeCom (password first), then WeCom asks for the code', async () => {
    await t.database.db.execute(sql`UPDATE role SET require_mfa = true WHERE key = 'chakan'`);
    await bind('sales006', 'chakan1');
    // not enrolled yet: refused, told to sign in with the password first, and no secret handed out
    for (const [lang, text] of [
      ['zh', '请先用用户名和密码登录'],
      ['en', 'sign in with your username and password first'],
      ['es', 'inicie sesión primero con su usuario y contraseña'],
      ['ja', 'まずユーザー名とパスワードでログイン'],
    ] as const) {
      const refused = await signIn('sales006', lang);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(text);
      expect(JSON.stringify(refused.body)).not.toMatch(/secret|otpauth|mfa_ticket/);
    }
    const [enrolled] = await queryRows<{ secret: string | null }>(
      t.database.db,
      sql`SELECT mfa_secret AS secret FROM admin_user WHERE username = 'chakan1'`,
    );
    expect(enrolled?.secret).toBeNull();
    // enrolling after a password sign-in
    const byPassword = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'chakan1', password: DEMO_PASSWORD },
    });
    const setup = byPassword.body.data.mfa_setup;
    expect(setup.otpauth_url).toContain('otpauth://totp/');
    const done = await t.call('POST', '/api/v1/admin/login/mfa', {
      body: { ticket: byPassword.body.data.mfa_ticket, code: code(setup.secret) },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.recovery_codes).toHaveLength(10);
    // now WeCom sign-in asks for the code, like a password sign-in
    const first = await signIn('sales006');
    expect(first.status).toBe(200);
    expect(first.body.data.access_token).toBeUndefined();
    expect(first.body.data).toMatchObject({ mfa_required: true, mfa_setup: null });
    // without a second step the answer stays a plain token
    await bind('sales007', 'siyu4');
    const plain = await signIn('sales007');
    expect(Object.keys(plain.body.data).sort()).toEqual(['access_expire', 'access_token', 'refresh_after']);
  });
});
