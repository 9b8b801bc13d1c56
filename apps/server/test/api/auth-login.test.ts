import { ALL_CODES, defaultCodesOf } from '@educrm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { adminUser, adminUserRole } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import {
  ADMIN_PASSWORD,
  createTestApp,
  DEMO_PASSWORD,
  onPostgres,
  TEST_SCRYPT,
  type TestApp,
} from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const audits = (action: string) =>
  queryRows<{ action: string; target_id: string; ip: string }>(
    t.database.db,
    sql`SELECT action, target_id, ip FROM audit_log WHERE action = ${action} ORDER BY id`,
  );

describe('POST /api/v1/admin/login', () => {
  it('answers the three token values in unix seconds and audits the login', async () => {
    const before = Math.floor(t.clock.now().getTime() / 1000);
    const res = await t.call('POST', '/api/v1/admin/login', {
      body: { username: '  admin ', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const { access_token, access_expire, refresh_after } = res.body.data;
    expect(access_token.split('.')).toHaveLength(3);
    expect(access_expire - before).toBe(30 * 60);
    expect(access_expire - refresh_after).toBe(10 * 60);
    expect((await audits('auth.login')).length).toBeGreaterThan(0);
  });

  it('sends the password exactly as typed (no trimming)', async () => {
    const res = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'admin', password: ` ${ADMIN_PASSWORD}` },
      ip: '10.0.0.50',
    });
    expect(res.status).toBe(400);
  });

  it('gives unknown usernames and wrong passwords the same 400 answer, never 401', async () => {
    const wrong = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'admin', password: 'not-the-password' },
      ip: '10.0.0.1',
    });
    const unknown = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'nobody99', password: 'not-the-password' },
      ip: '10.0.0.1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.data).toBeNull();
    }
    expect(wrong.body.msg).toBe(unknown.body.msg);
    const failed = await audits('auth.login.failed');
    expect(failed.map((a) => a.target_id)).toEqual(expect.arrayContaining(['admin', 'nobody99']));
  });

  it('translates the message by Accept-Language', async () => {
    const en = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'admin', password: 'nope-nope' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      ip: '10.0.0.2',
    });
    expect(en.body.msg).toBe('Wrong username or password');
    const zh = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'admin', password: 'nope-nope' },
      headers: { 'accept-language': 'zh-CN' },
      ip: '10.0.0.2',
    });
    expect(zh.body.msg).toBe('用户名或密码错误');
  });

  // 300 s: a limit for hangs, not for speed (26 sign-ins at scrypt N=2^14 take minutes at load 40).
  it('hashes a dummy for unknown users so timing does not reveal them', async () => {
    // Hashing at a cost that dominates the request (the suite's TEST_SCRYPT is too cheap to tell a
    // skipped hash from the rest of the work), measured as the process's CPU time (scrypt runs on
    // libuv's pool, which counts too), not the wall clock: on a loaded machine waiting for a core
    // made one side 2.6x the other in a whole-suite run.
    const slow = await createTestApp({ DEMO_DATA: '0' }, { scrypt: { ln: 14, r: 8, p: 1 } });
    try {
      // Each sample from its own address: no pair lock (ten failures) cuts a sample short.
      let sample = 0;
      const time = async (username: string) => {
        const ip = `10.0.3.${++sample}`;
        const c0 = process.cpuUsage();
        await slow.call('POST', '/api/v1/admin/login', { body: { username, password: 'x-wrong-x' }, ip });
        const c = process.cpuUsage(c0);
        return c.user + c.system;
      };
      await time('admin');
      await time('ghost-user');
      const known: number[] = [];
      const unknown: number[] = [];
      // Twelve of each, interleaved, compared by their least: other work in the process (a previous
      // file's timers in the same worker, the job queue's polling) only ever adds CPU to a sample,
      // and in a whole-suite run it once put one median at 0.55x the other. A skipped hash would
      // put the ratio near 0.05.
      for (let i = 0; i < 12; i++) {
        known.push(await time('admin'));
        unknown.push(await time('ghost-user'));
      }
      const ratio = Math.min(...unknown) / Math.min(...known);
      expect(ratio).toBeGreaterThan(0.6);
      expect(ratio).toBeLessThan(1.6);
    } finally {
      await slow.close();
    }
  }, 300_000);

  it('refuses disabled users', async () => {
    await t.database.db
      .update(adminUser)
      .set({ status: 'DISABLED' })
      .where(eq(adminUser.username, 'zhongtai1'));
    const res = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'zhongtai1', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/停用|disabled/i);
    await t.database.db
      .update(adminUser)
      .set({ status: 'ENABLED' })
      .where(eq(adminUser.username, 'zhongtai1'));
  });

  it('rejects bad bodies with 400 and field messages, never 500', async () => {
    const missing = await t.call('POST', '/api/v1/admin/login', { body: { username: 'admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.password).toBeTruthy();
    const extra = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'admin', password: 'x', role: 'admin' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.data.fields.role).toBeTruthy();
    const wrongType = await t.call('POST', '/api/v1/admin/login', { body: { username: 12, password: [] } });
    expect(wrongType.status).toBe(400);
    const arrayBody = await t.call('POST', '/api/v1/admin/login', { body: [1, 2] });
    expect(arrayBody.status).toBe(400);
  });

  it('answers malformed JSON with 400, a body over 1 MiB with 413 and other media with 415', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=admin',
    });
    expect(text.statusCode).toBe(415);
    expect(text.body).not.toMatch(/at .*\.ts|node_modules/);
  });
});

describe('POST /api/v1/admin/info', () => {
  it('answers the profile, roles, every code for admin and the data scope; body or header token', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const viaBody = await t.call('POST', '/api/v1/admin/info', { body: { token } });
    expect(viaBody.status).toBe(200);
    expect(viaBody.body.data).toMatchObject({
      username: 'admin',
      roles: ['admin'],
      nickname: expect.any(String),
      avatar_url: '',
      introduction: '',
      dataScope: 'ALL',
    });
    expect(viaBody.body.data.permissions).toHaveLength(ALL_CODES.length);
    const viaHeader = await t.call('POST', '/api/v1/admin/info', { token, body: {} });
    expect(viaHeader.body.data.id).toBe(viaBody.body.data.id);
  });

  it('gives a built-in role its default codes and scope; no password hash leaks', async () => {
    const token = await t.login('siyu1', DEMO_PASSWORD);
    const res = await t.call('POST', '/api/v1/admin/info', { body: { token } });
    expect(res.body.data.roles).toEqual(['siyu']);
    expect(res.body.data.dataScope).toBe('SELF');
    expect([...res.body.data.permissions].sort()).toEqual([...defaultCodesOf('siyu')].sort());
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
  });

  it('answers roles: [] for a user without roles', async () => {
    const [u] = await t.database.db
      .insert(adminUser)
      .values({ username: 'noroles1', passwordHash: await hashPassword('No-roles-pass', TEST_SCRYPT) })
      .returning({ id: adminUser.id });
    const token = await t.login('noroles1', 'No-roles-pass');
    const res = await t.call('POST', '/api/v1/admin/info', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body.data.roles).toEqual([]);
    expect(res.body.data.permissions).toEqual([]);
    await t.database.db.delete(adminUserRole).where(eq(adminUserRole.userId, u?.id ?? 0));
  });

  it('answers 401 with code 401 for missing, malformed, forged and foreign tokens', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const [h, p] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: '2', sid: 'x', typ: 'access' })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of [undefined, 'garbage', none, tampered, `${token}x`]) {
      const res = await t.call('POST', '/api/v1/admin/info', {
        body: bad === undefined ? {} : { token: bad },
      });
      expect(res.status, String(bad)).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });

  it('refuses a token carried only in a cookie (no CSRF through cookies)', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.call('POST', '/api/v1/admin/info', {
      body: {},
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(res.status).toBe(401);
  });

  it('ends a session at once when the user is disabled', async () => {
    const token = await t.login('chakan1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/v1/admin/info', { body: { token } })).status).toBe(200);
    // An out-of-band change (not through the API) reaches the session cache by the database's
    // NOTIFY, within milliseconds.
    await t.database.db
      .update(adminUser)
      .set({ status: 'DISABLED' })
      .where(eq(adminUser.username, 'chakan1'));
    expect(await eventually401(token)).toBe(true);
    await t.database.db.update(adminUser).set({ status: 'ENABLED' }).where(eq(adminUser.username, 'chakan1'));
  });
});

const eventually401 = async (token: string) => {
  for (let i = 0; i < 40; i++) {
    if ((await t.call('POST', '/api/v1/admin/info', { body: { token } })).status === 401) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

describe.runIf(onPostgres())('several server instances on one PostgreSQL', () => {
  it('a logout on one instance is refused on the other at once', async () => {
    const other = await t.secondInstance();
    const info2 = (token: string) =>
      other.app
        .inject({ method: 'POST', url: '/api/v1/admin/info', payload: { token } })
        .then((r) => r.statusCode);
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect(await info2(token)).toBe(200);
    expect(await info2(token)).toBe(200); // now cached on the second instance
    expect((await t.call('POST', '/api/v1/admin/logout', { body: { token } })).status).toBe(200);
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      refused = (await info2(token)) === 401;
      if (!refused) await new Promise((r) => setTimeout(r, 25));
    }
    expect(refused).toBe(true);
  });
});

describe('POST /api/v1/admin/logout', () => {
  it('revokes the session: the token is refused afterwards for info and refresh', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const out = await t.call('POST', '/api/v1/admin/logout', { body: { token } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await t.call('POST', '/api/v1/admin/info', { body: { token } })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/admin/refresh-token', { body: { token } })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/admin/logout', { body: { token } })).status).toBe(401);
    expect((await audits('auth.logout')).length).toBeGreaterThan(0);
  });
});

describe('public endpoints', () => {
  it('lists the configured auth providers (none yet)', async () => {
    const res = await t.call('GET', '/api/v1/admin/auth-providers');
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { providers: [] } });
  });
  it('reports health and readiness', async () => {
    expect((await t.call('GET', '/api/health')).body.data.status).toBe('ok');
    expect((await t.call('GET', '/api/ready')).body.data.status).toBe('ready');
  });
  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const res = await t.call('GET', '/api/v1/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
  it('serves the OpenAPI document generated from the contract, to signed-in staff only', async () => {
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
      const anon = await t.app.inject({ method: 'GET', url });
      expect(anon.statusCode, url).toBe(401);
      expect(anon.json().code).toBe(401);
    }
    const token = await t.login('siyu1', DEMO_PASSWORD);
    // The browser opening /api/docs sends the console's session cookie.
    const ui = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(ui.statusCode).toBeLessThan(400);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/admin/login', '/api/v1/admin/info', '/api/v1/admin/refresh-token']),
    );
  });
  it('serves the OpenAPI document to anyone with OPENAPI_PUBLIC=1', async () => {
    const open = await createTestApp({ OPENAPI_PUBLIC: '1' });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
  it('sends a strict CSP on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // No HSTS over plain HTTP, nor for an X-Forwarded-Proto nobody vouches for (TRUST_PROXY off).
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(forwarded.headers['strict-transport-security']).toBeUndefined();
  });
});
