import { ALL_CODES } from '@educrm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

const depts = async () =>
  (await t.call('GET', '/api/v1/system/departments', { token: admin })).body.data.items as {
    id: number;
    parentId: number | null;
    name: string;
    version: number;
    userCount: number;
  }[];
const dept = async (name: string) =>
  (await depts()).find((d) => d.name === name) as NonNullable<Awaited<ReturnType<typeof depts>>[number]>;

describe('departments', () => {
  it('adds children, edits with a version, and answers 409 when stale', async () => {
    const hq = await dept('星火教育总部');
    const res = await t.call('POST', '/api/v1/system/departments', {
      token: admin,
      body: { parentId: hq.id, name: '市场部', sort: 9 },
    });
    expect(res.status).toBe(200);
    const sub = await t.call('POST', '/api/v1/system/departments', {
      token: admin,
      body: { parentId: res.body.data.id, name: '投放组' },
    });
    expect(sub.status).toBe(200);
    const market = await dept('市场部');
    const edit = await t.call('PUT', `/api/v1/system/departments/${market.id}`, {
      token: admin,
      body: { name: '市场中心', leaderUserId: null, sort: 3, status: 'ENABLED', version: market.version },
    });
    expect(edit.status).toBe(200);
    const stale = await t.call('PUT', `/api/v1/system/departments/${market.id}`, {
      token: admin,
      body: { name: '市场', leaderUserId: null, sort: 3, status: 'ENABLED', version: market.version },
    });
    expect(stale.status).toBe(409);
    const empty = await t.call('POST', '/api/v1/system/departments', {
      token: admin,
      body: { parentId: null, name: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields.name).toBeTruthy();
  });

  it('moves a subtree and refuses moving under itself', async () => {
    const market = await dept('市場中心'.replace('場', '场'));
    const sales = await dept('私域销售中心');
    const moved = await t.call('POST', `/api/v1/system/departments/${market.id}/move`, {
      token: admin,
      body: { parentId: sales.id, version: market.version },
    });
    expect(moved.status).toBe(200);
    const child = await dept('投放组');
    expect(child.parentId).toBe(market.id);
    // Filtering users by the sales centre now includes the moved subtree (ancestors were rewritten).
    await t.call('POST', '/api/v1/system/admin-users', {
      token: admin,
      body: { username: 'toufang1', nickname: '投放', departmentId: child.id, password: 'Toufang-pass-2026' },
    });
    const under = await t.call('GET', `/api/v1/system/admin-users?departmentId=${sales.id}&pageSize=100`, {
      token: admin,
    });
    expect(under.body.data.items.map((u: { username: string }) => u.username)).toContain('toufang1');
    const marketNow = await dept('市场中心');
    const loop = await t.call('POST', `/api/v1/system/departments/${marketNow.id}/move`, {
      token: admin,
      body: { parentId: child.id, version: marketNow.version },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.data.fields.parentId).toBeTruthy();
  });

  it('refuses to delete a department with children or users, saying why', async () => {
    const market = await dept('市场中心');
    const withChildren = await t.call('DELETE', `/api/v1/system/departments/${market.id}`, { token: admin });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toMatch(/子部门|sub-departments/);
    const child = await dept('投放组');
    const withUsers = await t.call('DELETE', `/api/v1/system/departments/${child.id}`, {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(withUsers.status).toBe(409);
    expect(withUsers.body.msg).toContain('1 users');
    const fresh = await t.call('POST', '/api/v1/system/departments', {
      token: admin,
      body: { parentId: null, name: '临时部门' },
    });
    expect(
      (await t.call('DELETE', `/api/v1/system/departments/${fresh.body.data.id}`, { token: admin })).status,
    ).toBe(200);
  });
});

describe('roles', () => {
  const roles = async () =>
    (await t.call('GET', '/api/v1/system/roles', { token: admin })).body.data.items as {
      id: number;
      key: string;
      builtin: boolean;
      permissions: string[];
      version: number;
      name: string;
      dataScope: string;
      status: string;
      sort: number;
      description: string;
    }[];

  it('lists the four built-in roles; admin holds every code', async () => {
    const list = await roles();
    expect(list.filter((r) => r.builtin).map((r) => r.key)).toEqual(['admin', 'siyu', 'chakan', 'zhongtai']);
    expect(list.find((r) => r.key === 'admin')?.permissions).toHaveLength(ALL_CODES.length);
  });

  it('creates a custom role (key lowercase, unique, known codes) and deletes it when unused', async () => {
    const bad = await t.call('POST', '/api/v1/system/roles', {
      token: admin,
      body: { key: 'Team Lead', name: 'x', dataScope: 'SELF', permissions: [] },
    });
    expect(bad.body.data.fields.key).toBeTruthy();
    const unknown = await t.call('POST', '/api/v1/system/roles', {
      token: admin,
      body: { key: 'lead', name: 'x', dataScope: 'SELF', permissions: ['nope.code'] },
    });
    expect(unknown.body.data.fields.permissions).toContain('nope.code');
    const ok = await t.call('POST', '/api/v1/system/roles', {
      token: admin,
      body: { key: 'lead', name: '组长', dataScope: 'DEPT_AND_CHILDREN', permissions: ['client.list'] },
    });
    expect(ok.status).toBe(200);
    const dup = await t.call('POST', '/api/v1/system/roles', {
      token: admin,
      body: { key: 'lead', name: 'x', dataScope: 'SELF', permissions: [] },
    });
    expect(dup.body.data.fields.key).toBeTruthy();
    expect((await t.call('DELETE', `/api/v1/system/roles/${ok.body.data.id}`, { token: admin })).status).toBe(
      200,
    );
  });

  it('keeps built-in keys, refuses deleting built-ins or roles in use, and never reduces admin', async () => {
    const list = await roles();
    const siyu = list.find((r) => r.key === 'siyu');
    const adminRole = list.find((r) => r.key === 'admin');
    if (!siyu || !adminRole) throw new Error('missing');
    const rename = await t.call('PUT', `/api/v1/system/roles/${siyu.id}`, {
      token: admin,
      body: {
        key: 'sales',
        name: siyu.name,
        description: '',
        dataScope: 'SELF',
        permissions: siyu.permissions,
        status: 'ENABLED',
        sort: 1,
        version: siyu.version,
      },
    });
    expect(rename.body.data.fields.key).toBeTruthy();
    const renameLabel = await t.call('PUT', `/api/v1/system/roles/${siyu.id}`, {
      token: admin,
      body: {
        key: 'siyu',
        name: '销售',
        description: '私域',
        dataScope: 'SELF',
        permissions: siyu.permissions,
        status: 'ENABLED',
        sort: 1,
        version: siyu.version,
      },
    });
    expect(renameLabel.status).toBe(200);
    expect((await t.call('DELETE', `/api/v1/system/roles/${siyu.id}`, { token: admin })).status).toBe(409);
    const reduce = await t.call('PUT', `/api/v1/system/roles/${adminRole.id}`, {
      token: admin,
      body: {
        key: 'admin',
        name: '管理员',
        description: '',
        dataScope: 'SELF',
        permissions: [],
        status: 'DISABLED',
        sort: 0,
        version: adminRole.version,
      },
    });
    expect(reduce.status).toBe(200);
    const after = (await roles()).find((r) => r.key === 'admin');
    expect(after?.permissions).toHaveLength(ALL_CODES.length);
    expect(after?.dataScope).toBe('ALL');
    expect(after?.status).toBe('ENABLED');
    const info = await t.call('POST', '/api/v1/admin/info', { body: { token: admin } });
    expect(info.body.data.permissions).toHaveLength(ALL_CODES.length);
  });

  it('a role change applies to the next request of its users', async () => {
    await t.call('POST', '/api/v1/system/roles', {
      token: admin,
      body: { key: 'auditor', name: '审计', dataScope: 'ALL', permissions: ['system.audit-log'] },
    });
    const auditorId = (await roles()).find((r) => r.key === 'auditor')?.id;
    await t.call('POST', '/api/v1/system/admin-users', {
      token: admin,
      body: { username: 'auditor1', nickname: 'A', roleIds: [auditorId], password: 'Auditor-pass-2026' },
    });
    const tok = await t.login('auditor1', 'Auditor-pass-2026');
    expect((await t.call('GET', '/api/v1/system/audit-log', { token: tok })).status).toBe(200);
    const r = (await roles()).find((x) => x.key === 'auditor');
    if (!r) throw new Error('missing');
    await t.call('PUT', `/api/v1/system/roles/${r.id}`, {
      token: admin,
      body: {
        key: 'auditor',
        name: r.name,
        description: '',
        dataScope: 'ALL',
        permissions: [],
        status: 'ENABLED',
        sort: 0,
        version: r.version,
      },
    });
    expect((await t.call('GET', '/api/v1/system/audit-log', { token: tok })).status).toBe(403);
  });
});

describe('audit log', () => {
  it('lists with filters, newest first, read-only, capped count', async () => {
    const all = await t.call('GET', '/api/v1/system/audit-log?pageSize=5', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.data.items.length).toBe(5);
    expect(all.body.data.totalExact).toBe(true);
    const logins = await t.call('GET', '/api/v1/system/audit-log?action=auth.login&pageSize=100', {
      token: admin,
    });
    expect(logins.body.data.items.every((a: { action: string }) => a.action.startsWith('auth.login'))).toBe(
      true,
    );
    const roleEdits = await t.call('GET', '/api/v1/system/audit-log?targetType=role', { token: admin });
    expect(roleEdits.body.data.items.length).toBeGreaterThan(0);
    const future = await t.call(
      'GET',
      `/api/v1/system/audit-log?from=${encodeURIComponent('2099-01-01T00:00:00Z')}`,
      { token: admin },
    );
    expect(future.body.data.items).toEqual([]);
    const badDate = await t.call('GET', '/api/v1/system/audit-log?from=yesterday', { token: admin });
    expect(badDate.status).toBe(400);
    const actions = await t.call('GET', '/api/v1/system/audit-log/actions', { token: admin });
    expect(actions.body.data.items).toContain('auth.login');
    expect((await t.call('DELETE', '/api/v1/system/audit-log/1', { token: admin })).status).toBe(404);
  });
});
