import { BUILTIN_ROLES, defaultCodesOf } from '@educrm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, adminUserRole, auditLog, role } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { holdsAny } from '../../src/plugins/access';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, TEST_SCRYPT, type TestApp } from '../support/app';

/**
 * The role x route matrix: every /api route, anonymous, the four built-in roles and a custom
 * role. A route with a permission code answers 403 exactly to the roles without that code.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const CUSTOM_CODES = ['client.list', 'auth.lock.clear'];

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', ADMIN_PASSWORD);
  tokens.siyu = await t.login('siyu1', DEMO_PASSWORD);
  tokens.chakan = await t.login('chakan1', DEMO_PASSWORD);
  tokens.zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  const [custom] = await t.database.db
    .insert(role)
    .values({ key: 'teamlead', name: 'Team lead', dataScope: 'DEPT_AND_CHILDREN', permissions: CUSTOM_CODES })
    .returning({ id: role.id });
  const [user] = await t.database.db
    .insert(adminUser)
    .values({ username: 'lead01', passwordHash: await hashPassword('Lead-pass-2026', TEST_SCRYPT) })
    .returning({ id: adminUser.id });
  if (!custom || !user) throw new Error('setup failed');
  await t.database.db.insert(adminUserRole).values({ userId: user.id, roleId: custom.id });
  tokens.teamlead = await t.login('lead01', 'Lead-pass-2026');
});
afterAll(async () => t.close());

const codesOf = (who: string): string[] =>
  who === 'teamlead' ? CUSTOM_CODES : defaultCodesOf(who as (typeof BUILTIN_ROLES)[number]);
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) =>
    name === 'id' ? '999999' : name === 'sid' ? '00000000-0000-4000-8000-000000000000' : 'x',
  );

describe('role x route matrix', () => {
  it('has routes to check', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(5);
  });

  it('answers 401 to anonymous callers on every non-public route', async () => {
    for (const r of t.app.routeAccess) {
      if ('public' in r.access) continue;
      const res = await t.call(r.method as 'GET', concrete(r.url), {
        body: r.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });

  // Hostile bodies must not be read before identity and permission: the answer is 401 / 403
  // whatever the body, never a 400 that reveals the schema or a parse of an upload.
  const hostileBodies: { name: string; headers: Record<string, string>; payload?: string }[] = [
    { name: 'json content-type, no body', headers: { 'content-type': 'application/json' } },
    { name: 'malformed json', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    { name: 'schema-violating json', headers: { 'content-type': 'application/json' }, payload: '{"zz":[1]}' },
    { name: 'unsupported media type', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
    {
      name: 'broken multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    },
  ];
  const inject = (method: string, url: string, b: (typeof hostileBodies)[number], token?: string) =>
    t.app.inject({
      method: method as 'POST',
      url: concrete(url),
      headers: { ...b.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(b.payload === undefined ? {} : { payload: b.payload }),
    });

  it('answers 401 to anonymous callers before reading any body', async () => {
    for (const r of t.app.routeAccess) {
      if ('public' in r.access || r.method === 'GET') continue;
      for (const b of hostileBodies) {
        const res = await inject(r.method, r.url, b);
        expect(res.statusCode, `${r.method} ${r.url} ${b.name}`).toBe(401);
        expect(res.json().code).toBe(401);
      }
    }
  });

  it('answers 403 to a forbidden role before reading any body', async () => {
    const held = new Set(codesOf('chakan'));
    let checked = 0;
    for (const r of t.app.routeAccess) {
      if (!('permission' in r.access) || holdsAny(held, r.access.permission) || r.method === 'GET') continue;
      for (const b of hostileBodies) {
        const res = await inject(r.method, r.url, b, tokens.chakan);
        expect(res.statusCode, `chakan ${r.method} ${r.url} ${b.name}`).toBe(403);
        expect(res.json().code).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  // chakan is read-only everywhere (DOMAIN Decision 3): every route that writes, or calls a
  // provider ("sync", "refresh"), declares a code chakan lacks. What any signed-in user may
  // change is their own session and account, listed here.
  const OWN_ACCOUNT = new Set([
    'POST /api/v1/admin/info',
    'POST /api/v1/admin/logout',
    'POST /api/v1/profile/mfa/setup',
    'POST /api/v1/profile/mfa/enable',
    'POST /api/v1/profile/mfa/recovery-codes',
    'POST /api/v1/profile/mfa/disable',
    'PUT /api/v1/profile',
    'PUT /api/v1/profile/language',
    'POST /api/v1/profile/avatar',
    'PUT /api/v1/profile/password',
    'DELETE /api/v1/profile/sessions/:sid',
    'POST /api/v1/notifications/:id/read',
    'POST /api/v1/notifications/read-all',
  ]);
  it('refuses the read-only role on every POST, PUT, PATCH and DELETE route but its own account', () => {
    const held = new Set(codesOf('chakan'));
    const open = t.app.routeAccess
      .filter((r) => r.method !== 'GET' && !('public' in r.access))
      .filter((r) => !('permission' in r.access) || holdsAny(held, r.access.permission))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !OWN_ACCOUNT.has(r));
    expect(open).toEqual([]);
  });

  for (const who of [...BUILTIN_ROLES, 'teamlead']) {
    it(`answers 403 to ${who} exactly where it lacks the route's code`, async () => {
      const held = new Set(codesOf(who));
      for (const r of t.app.routeAccess) {
        if (!('permission' in r.access)) continue;
        const res = await t.call(r.method as 'GET', concrete(r.url), {
          token: tokens[who],
          body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        });
        const label = `${who} ${r.method} ${r.url}`;
        if (holdsAny(held, r.access.permission) || who === 'admin') {
          expect([401, 403], label).not.toContain(res.status);
          expect(res.status, label).toBeLessThan(500);
        } else {
          expect(res.status, label).toBe(403);
          expect(res.body.code).toBe(403);
        }
      }
    });
  }

  it('audits a refused call and names the caller in the request log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({}, { logStream: { write: (l: string) => lines.push(l) } });
    try {
      const token = await logged.login('chakan1', DEMO_PASSWORD);
      const res = await logged.call('DELETE', '/api/v1/system/roles/999999', { token });
      expect(res.status).toBe(403);
      const [row] = await logged.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'access.denied'));
      expect(row?.actorName).toBe('chakan1');
      expect(row?.targetId).toBe('DELETE /api/v1/system/roles/:id');
      const completed = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
      const last = completed.at(-1);
      expect(last?.userId).toBeGreaterThan(0);
    } finally {
      await logged.close();
    }
  });

  it('applies an edited role to the next request of its users', async () => {
    const url = '/api/v1/system/login-locks';
    expect((await t.call('GET', url, { token: tokens.teamlead })).status).toBe(200);
    // Changed in the database directly: the NOTIFY trigger reaches the session cache within
    // milliseconds (through the API, the change applies to the very next request).
    await t.database.db
      .update(role)
      .set({ permissions: ['client.list'] })
      .where(eq(role.key, 'teamlead'));
    let status = 0;
    for (let i = 0; i < 40 && status !== 403; i++) {
      status = (await t.call('GET', url, { token: tokens.teamlead })).status;
      if (status !== 403) await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe(403);
  });
});
