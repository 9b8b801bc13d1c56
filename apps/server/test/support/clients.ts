import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { client } from '../../src/db/schema';
import type { TestApp } from './app';

/** Helpers of the client-management API tests (clients-*.test.ts, dictionaries-*.test.ts). */

let seq = 0;
/** A fresh valid mobile per call; 147 is not a prefix the demo seed uses. */
export const newMobile = () =>
  `147${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`;

export const SALES_PASSWORD = 'Sales-pass-for-tests';

export const roleIdOf = async (t: TestApp, admin: string, key: string): Promise<number> => {
  const res = await t.call('GET', '/api/v1/system/roles', { token: admin });
  return res.body.data.items.find((r: { key: string }) => r.key === key).id;
};
export const deptIdOf = async (t: TestApp, admin: string, name: string): Promise<number> => {
  const res = await t.call('GET', '/api/v1/system/departments', { token: admin });
  return res.body.data.items.find((d: { name: string }) => d.name === name).id;
};

/** A staff member with the given role (siyu by default), signed in. */
export const staff = async (
  t: TestApp,
  admin: string,
  username: string,
  opts: { role?: string; dept?: string; nickname?: string } = {},
): Promise<{ id: number; token: string; username: string }> => {
  const res = await t.call('POST', '/api/v1/system/admin-users', {
    token: admin,
    body: {
      username,
      nickname: opts.nickname ?? username,
      roleIds: [await roleIdOf(t, admin, opts.role ?? 'siyu')],
      departmentId: opts.dept ? await deptIdOf(t, admin, opts.dept) : null,
      password: SALES_PASSWORD,
    },
  });
  if (res.status !== 200) throw new Error(`create ${username}: ${JSON.stringify(res.body)}`);
  return { id: res.body.data.user.id, token: await t.login(username, SALES_PASSWORD), username };
};

/** POST /api/v1/clients, expecting success. */
export const createClient = async (
  t: TestApp,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ id: number; mobile: string; version: number; [k: string]: unknown }> => {
  const mobile = (body.mobile as string) ?? newMobile();
  const res = await t.call('POST', '/api/v1/clients', { token, body: { name: '测试客户', ...body, mobile } });
  if (res.status !== 200) throw new Error(`create client: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body.data, mobile };
};

/** Sets columns of a client directly (times, deal fields that orders fill later). */
export const setClient = async (t: TestApp, id: number, values: Partial<typeof client.$inferInsert>) => {
  await t.database.db.update(client).set(values).where(eq(client.id, id));
};

export const rowOf = async (t: TestApp, id: number) => {
  const [row] = await t.database.db.select().from(client).where(eq(client.id, id));
  if (!row) throw new Error(`no client ${id}`);
  return row;
};

export const auditRows = (t: TestApp, action: string, targetId?: number) =>
  queryRows<{ actor_name: string; summary: string; target_id: string }>(
    t.database.db,
    sql`SELECT actor_name, summary, target_id FROM audit_log WHERE action = ${action}
        ${targetId == null ? sql`` : sql`AND target_id = ${String(targetId)}`} ORDER BY id`,
  );

export const ownerLogs = (t: TestApp, clientId: number) =>
  queryRows<{ type: string; from_user_id: number | null; to_user_id: number | null; reason: string }>(
    t.database.db,
    sql`SELECT type, from_user_id, to_user_id, reason FROM client_owner_log WHERE client_id = ${clientId} ORDER BY id`,
  );

/** Moves the test clock and signs the given users in again (tokens expire with the clock). */
export const DAY_S = 24 * 60 * 60;
