import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, onPostgres, type TestApp } from '../support/app';

let t: TestApp;
let admin: string;
const BASE = '/api/v1/system/admin-users';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

const roleId = async (key: string) => {
  const res = await t.call('GET', '/api/v1/system/roles', { token: admin });
  return res.body.data.items.find((r: { key: string }) => r.key === key).id as number;
};
const deptId = async (name: string) => {
  const res = await t.call('GET', '/api/v1/system/departments', { token: admin });
  return res.body.data.items.find((d: { name: string }) => d.name === name).id as number;
};
const auditCount = async (action: string) => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`,
  );
  return row?.n ?? 0;
};
const create = (body: Record<string, unknown>) => t.call('POST', BASE, { token: admin, body });

describe('admin users', () => {
  it('creates a user with a generated password shown once, who can then log in', async () => {
    const res = await create({
      username: 'sales_01',
      nickname: '张伟',
      roleIds: [await roleId('siyu')],
      departmentId: await deptId('销售一组'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      username: 'sales_01',
      nickname: '张伟',
      status: 'ENABLED',
      departmentName: '销售一组',
    });
    expect(res.body.data.user.roles.map((r: { key: string }) => r.key)).toEqual(['siyu']);
    const password = res.body.data.password as string;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|passwordHash/);
    expect(await t.login('sales_01', password)).toBeTruthy();
    expect(await auditCount('system.user.create')).toBe(1);
  });

  it('validates the username rule, uniqueness and the password rules beside the fields', async () => {
    const bad = await create({ username: 'ab', nickname: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.username).toBeTruthy();
    const taken = await create({ username: 'sales_01', nickname: 'x' });
    expect(taken.status).toBe(400);
    expect(taken.body.data.fields.username).toMatch(/已被使用|taken/);
    const common = await create({ username: 'sales_02', nickname: 'x', password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.data.fields.password).toBeTruthy();
    const same = await create({ username: 'sales_0003', nickname: 'x', password: 'sales_0003' });
    expect(same.body.data.fields.password).toBeTruthy();
    const short = await create({ username: 'sales_02', nickname: 'x', password: 'short' });
    expect(short.body.data.fields.password).toBeTruthy();
    const unknownRole = await create({ username: 'sales_02', nickname: 'x', roleIds: [99999] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.data.fields.roleIds).toBeTruthy();
    const extra = await create({ username: 'sales_02', nickname: 'x', isAdmin: true });
    expect(extra.body.data.fields.isAdmin).toBeTruthy();
    const ok = await create({ username: 'sales_02', nickname: '李娜', password: 'Long-enough-2026' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.password).toBeNull();
  });

  it('lists with filters (username, department incl. children, role, status) and whitelisted sort', async () => {
    const all = await t.call('GET', `${BASE}?pageSize=100`, { token: admin });
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
    const byName = await t.call('GET', `${BASE}?username=sales_`, { token: admin });
    expect(byName.body.data.items.map((u: { username: string }) => u.username).sort()).toEqual([
      'sales_01',
      'sales_02',
    ]);
    const underSalesCentre = await t.call('GET', `${BASE}?departmentId=${await deptId('私域销售中心')}`, {
      token: admin,
    });
    expect(underSalesCentre.body.data.items.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['siyu1', 'sales_01']),
    );
    const byRole = await t.call('GET', `${BASE}?roleId=${await roleId('chakan')}`, { token: admin });
    expect(byRole.body.data.items.map((u: { username: string }) => u.username)).toEqual(['chakan1']);
    const sorted = await t.call('GET', `${BASE}?sort=-username&pageSize=3`, { token: admin });
    expect(sorted.body.data.items).toHaveLength(3);
    expect(sorted.body.data.items[0].username >= sorted.body.data.items[1].username).toBe(true);
    const badSort = await t.call('GET', `${BASE}?sort=passwordHash`, { token: admin });
    expect(badSort.status).toBe(400);
    const bigPage = await t.call('GET', `${BASE}?pageSize=1000`, { token: admin });
    expect(bigPage.status).toBe(400);
    const injection = await t.call('GET', `${BASE}?username=${encodeURIComponent("%' OR 1=1 --")}`, {
      token: admin,
    });
    expect(injection.body.data.items).toEqual([]);
  });

  it('edits with optimistic concurrency: a stale version answers 409', async () => {
    const list = await t.call('GET', `${BASE}?username=sales_02`, { token: admin });
    const u = list.body.data.items[0];
    const body = {
      nickname: '李娜娜',
      departmentId: u.departmentId,
      roleIds: [await roleId('chakan')],
      mobile: '13800138000',
      email: '',
      status: 'ENABLED',
      introduction: '',
      avatarUrl: '',
      version: u.version,
    };
    const first = await t.call('PUT', `${BASE}/${u.id}`, { token: admin, body });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(u.version + 1);
    const stale = await t.call('PUT', `${BASE}/${u.id}`, {
      token: admin,
      body: { ...body, nickname: 'other' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/修改|changed/);
    const missing = await t.call('PUT', `${BASE}/999999`, { token: admin, body });
    expect(missing.status).toBe(404);
    const badMobile = await t.call('PUT', `${BASE}/${u.id}`, {
      token: admin,
      body: { ...body, mobile: '12345' },
    });
    expect(badMobile.body.data.fields.mobile).toBeTruthy();
  });

  it('disabling ends the user’s sessions at once; enabling lets them log in again', async () => {
    const token = await t.login('siyu1', DEMO_PASSWORD);
    const siyu = (await t.call('GET', `${BASE}?username=siyu1`, { token: admin })).body.data.items[0];
    expect((await t.call('POST', `${BASE}/${siyu.id}/disable`, { token: admin })).status).toBe(200);
    expect((await t.call('POST', '/api/v1/admin/info', { body: { token } })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/v1/admin/login', { body: { username: 'siyu1', password: DEMO_PASSWORD } }))
        .status,
    ).toBe(400);
    expect((await t.call('POST', `${BASE}/${siyu.id}/enable`, { token: admin })).status).toBe(200);
    expect(await t.login('siyu1', DEMO_PASSWORD)).toBeTruthy();
    expect(await auditCount('system.user.disable')).toBe(1);
  });

  it('protects the last active admin from disable, delete and demotion; and admins from disabling themselves', async () => {
    const me = (await t.call('GET', `${BASE}?username=admin`, { token: admin })).body.data.items[0];
    const adminRoleId = await roleId('admin');
    expect((await t.call('POST', `${BASE}/${me.id}/disable`, { token: admin })).status).toBe(400);
    // A second admin cannot disable, delete or demote the only other admin either once it is the last.
    const second = await create({
      username: 'admin2',
      nickname: 'Second',
      roleIds: [adminRoleId],
      password: 'Second-admin-pass',
    });
    const admin2 = await t.login('admin2', 'Second-admin-pass');
    const demote = await t.call('PUT', `${BASE}/${me.id}`, {
      token: admin2,
      body: {
        nickname: me.nickname,
        departmentId: me.departmentId,
        roleIds: [],
        mobile: '',
        email: '',
        status: 'ENABLED',
        introduction: '',
        avatarUrl: '',
        version: me.version,
      },
    });
    expect(demote.status).toBe(200); // admin2 still remains
    const secondId = second.body.data.user.id;
    const del = await t.call('DELETE', `${BASE}/${secondId}`, { token: admin2 });
    expect(del.status).toBe(400); // own account
    const meNow = (await t.call('GET', `${BASE}/${me.id}`, { token: admin2 })).body.data;
    const restore = await t.call('PUT', `${BASE}/${me.id}`, {
      token: admin2,
      body: {
        nickname: me.nickname,
        departmentId: me.departmentId,
        roleIds: [adminRoleId],
        mobile: '',
        email: '',
        status: 'ENABLED',
        introduction: '',
        avatarUrl: '',
        version: meNow.version,
      },
    });
    expect(restore.status).toBe(200);
    const admin1 = await t.login('admin', ADMIN_PASSWORD);
    // admin (now again admin) disables admin2 -> fine; then admin2 is gone and admin is the last one.
    expect((await t.call('POST', `${BASE}/${secondId}/disable`, { token: admin1 })).status).toBe(200);
    const demoteLast = await t.call('PUT', `${BASE}/${me.id}`, {
      token: admin1,
      body: {
        nickname: me.nickname,
        departmentId: me.departmentId,
        roleIds: [],
        mobile: '',
        email: '',
        status: 'ENABLED',
        introduction: '',
        avatarUrl: '',
        version: meNow.version + 1,
      },
    });
    expect(demoteLast.status).toBe(409);
    expect(demoteLast.body.msg).toMatch(/最后|last/);
    admin = admin1;
  });

  it('resets a password (ending the user’s sessions) and lists and ends sessions', async () => {
    const u = (await t.call('GET', `${BASE}?username=chakan1`, { token: admin })).body.data.items[0];
    const token = await t.login('chakan1', DEMO_PASSWORD);
    const sessions = await t.call('GET', `${BASE}/${u.id}/sessions`, { token: admin });
    expect(sessions.body.data.items.length).toBeGreaterThanOrEqual(1);
    const sid = sessions.body.data.items[0].id;
    expect((await t.call('DELETE', `${BASE}/${u.id}/sessions/${sid}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `${BASE}/${u.id}/sessions/${sid}`, { token: admin })).status).toBe(404);
    const second = await t.login('chakan1', DEMO_PASSWORD);
    const reset = await t.call('POST', `${BASE}/${u.id}/reset-password`, { token: admin, body: {} });
    expect(reset.status).toBe(200);
    for (const tok of [token, second])
      expect((await t.call('POST', '/api/v1/admin/info', { body: { token: tok } })).status).toBe(401);
    expect(await t.login('chakan1', reset.body.data.password)).toBeTruthy();
  });

  it('exports the filtered list as xlsx with formula cells neutralised', async () => {
    await create({
      username: 'formula1',
      nickname: '=HYPERLINK("http://x","y")',
      password: 'Formula-pass-2026',
    });
    await create({ username: 'formula2', nickname: '@SUM(A1)', password: 'Formula-pass-2026' });
    await create({ username: 'formula3', nickname: '+1', password: 'Formula-pass-2026' });
    await create({ username: 'formula4', nickname: '-2+3', password: 'Formula-pass-2026' });
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/export?username=formula`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Username');
    const nicknames = [2, 3, 4, 5].map((r) => sheet?.getRow(r).getCell(3).value);
    expect(nicknames.sort()).toEqual(["'+1", "'-2+3", '\'=HYPERLINK("http://x","y")', "'@SUM(A1)"].sort());
    expect(await auditCount('export.start')).toBeGreaterThan(0);
    // A read-only viewer (its password was reset above: reset it again and use the new one).
    const viewer = (await t.call('GET', `${BASE}?username=chakan1`, { token: admin })).body.data.items[0];
    const reset = await t.call('POST', `${BASE}/${viewer.id}/reset-password`, { token: admin, body: {} });
    expect(reset.status).toBe(200);
    const chakan = await t.login('chakan1', reset.body.data.password);
    expect((await t.call('GET', `${BASE}/export`, { token: chakan })).status).toBe(403);
  });

  it('applies the data scope in SQL: a department-scoped role sees its department tree only', async () => {
    const created = await t.call('POST', '/api/v1/system/roles', {
      token: admin,
      body: {
        key: 'hr-sales',
        name: 'HR sales',
        dataScope: 'DEPT_AND_CHILDREN',
        permissions: ['system.admin-list'],
      },
    });
    expect(created.status).toBe(200);
    await create({
      username: 'hr_lead',
      nickname: 'HR',
      roleIds: [created.body.data.id],
      departmentId: await deptId('私域销售中心'),
      password: 'Hr-lead-pass-2026',
    });
    const hr = await t.login('hr_lead', 'Hr-lead-pass-2026');
    const seen = await t.call('GET', `${BASE}?pageSize=100`, { token: hr });
    const names = seen.body.data.items.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['hr_lead', 'siyu1', 'sales_01']));
    expect(names).not.toContain('chakan1');
    expect(names).not.toContain('admin');
    const outside = (await t.call('GET', `${BASE}?username=chakan1`, { token: admin })).body.data.items[0];
    expect((await t.call('GET', `${BASE}/${outside.id}`, { token: hr })).status).toBe(404);
    expect(
      (await t.call('POST', BASE, { token: hr, body: { username: 'nope_1', nickname: 'x' } })).status,
    ).toBe(403);
  });
});

describe.runIf(onPostgres())('admin users on PostgreSQL under concurrency', () => {
  it('two concurrent edits of one user: exactly one wins, the other gets 409', async () => {
    const u = (await t.call('GET', `${BASE}?username=sales_01`, { token: admin })).body.data.items[0];
    const body = (nickname: string) => ({
      nickname,
      departmentId: u.departmentId,
      roleIds: u.roles.map((r: { id: number }) => r.id),
      mobile: '',
      email: '',
      status: 'ENABLED',
      introduction: '',
      avatarUrl: '',
      version: u.version,
    });
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => t.call('PUT', `${BASE}/${u.id}`, { token: admin, body: body(n) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
  });

  it('two admins disabling each other at once: one succeeds, at least one admin remains', async () => {
    const roles = (await t.call('GET', '/api/v1/system/roles', { token: admin })).body.data.items;
    const adminRoleId = roles.find((r: { key: string }) => r.key === 'admin').id;
    const a = await t.call('POST', BASE, {
      token: admin,
      body: { username: 'race_a', nickname: 'A', roleIds: [adminRoleId], password: 'Race-admin-pass-1' },
    });
    const b = await t.call('POST', BASE, {
      token: admin,
      body: { username: 'race_b', nickname: 'B', roleIds: [adminRoleId], password: 'Race-admin-pass-2' },
    });
    // Leave only race_a and race_b as enabled admins.
    const others = (
      await t.call('GET', `${BASE}?roleId=${adminRoleId}&pageSize=100`, { token: admin })
    ).body.data.items.filter(
      (u: { username: string; status: string }) => !u.username.startsWith('race_') && u.status === 'ENABLED',
    );
    const ta = await t.login('race_a', 'Race-admin-pass-1');
    const tb = await t.login('race_b', 'Race-admin-pass-2');
    for (const o of others)
      expect((await t.call('POST', `${BASE}/${o.id}/disable`, { token: ta })).status).toBe(200);
    const [ra, rb] = await Promise.all([
      t.call('POST', `${BASE}/${b.body.data.user.id}/disable`, { token: ta }),
      t.call('POST', `${BASE}/${a.body.data.user.id}/disable`, { token: tb }),
    ]);
    const statuses = [ra.status, rb.status].sort();
    // Serialised: the first disable wins; the second either finds its caller disabled (401) or is refused as last admin (409).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const remaining = (
      await t.call('GET', `${BASE}?roleId=${adminRoleId}&status=ENABLED`, {
        token: ra.status === 200 ? ta : tb,
      })
    ).body.data.total;
    expect(remaining).toBe(1);
  });
});
