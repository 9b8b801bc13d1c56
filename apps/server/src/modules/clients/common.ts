import type { MessageKey, PoolConfig } from '@educrm/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { client, clientPoolConfig } from '../../db/schema';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError } from '../../lib/errors';
import type { Principal } from '../../types';

export const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 00:00 Asia/Shanghai of the day `d` falls in (China has no daylight saving time). */
export const shanghaiDayStart = (d: Date): Date =>
  new Date(Math.floor((d.getTime() + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS);
/** Monday 00:00 Asia/Shanghai of the week `d` falls in. */
export const shanghaiWeekStart = (d: Date): Date => {
  const day = shanghaiDayStart(d);
  const weekday = new Date(day.getTime() + SHANGHAI_OFFSET_MS).getUTCDay(); // 0 = Sunday
  return new Date(day.getTime() - ((weekday + 6) % 7) * DAY_MS);
};
/** YYYY-MM-DD of the Asia/Shanghai day. */
export const shanghaiDayKey = (d: Date): string =>
  new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
/** YYYY-MM-DD HH:mm of the Asia/Shanghai time (dates named in messages). */
export const shanghaiMinuteText = (d: Date): string =>
  new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
export const shanghaiHour = (d: Date): number => new Date(d.getTime() + SHANGHAI_OFFSET_MS).getUTCHours();

/** Advisory-lock namespace serialising ownership changes towards one user (limits, daily claims). */
const USER_OWNERSHIP_LOCK = 7401;
export const lockUserOwnership = async (tx: DbOrTx, userId: number) => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${USER_OWNERSHIP_LOCK}::int, ${userId}::int)`);
};

/** A business rule refused the action: 422 with the rule's message. */
export const ruleRefused = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(422, key, params);
/** The state changed under the caller (already claimed, duplicates): 409. */
export const stateConflict = (
  key: MessageKey,
  params: Record<string, string | number> = {},
  data?: unknown,
) => new AppError(409, key, params, data ?? null);

/** The caller's data scope over clients (owner and owner department). */
export const clientScope = (p: Principal): SQL =>
  scopeCondition(p, { owner: client.ownerUserId, dept: client.ownerDeptId });
/** Live clients the caller may read: within the scope, or in the shared pool. */
export const clientReadable = (p: Principal): SQL =>
  sql`(${client.deleted} = false AND (${client.ownerUserId} IS NULL OR ${clientScope(p)}))`;
/** Live clients the caller may change: within the scope (pool clients only for scope ALL). */
export const clientWritable = (p: Principal): SQL => sql`(${client.deleted} = false AND ${clientScope(p)})`;

/** Whether the caller may read client `clientId` (live, and in their scope or in the pool). */
export const clientIsReadable = async (db: DbOrTx, p: Principal, clientId: number): Promise<boolean> => {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT ${client.id} AS id FROM ${client} WHERE ${client.id} = ${clientId} AND ${clientReadable(p)}`,
  );
  return rows.length > 0;
};

/**
 * `columns` of a client the caller may change (an action on the client: call, SMS...). A client
 * they may only read is refused with `notOwnedKey` (409); one they may not read at all is
 * `clientId: notFound`, so the answer never tells an out-of-scope client exists.
 */
export const loadWritableClient = async <T>(
  db: DbOrTx,
  p: Principal,
  clientId: number,
  columns: SQL,
  notOwnedKey: MessageKey,
): Promise<T> => {
  const [row] = await queryRows<T>(
    db,
    sql`SELECT ${columns} FROM ${client} WHERE ${client.id} = ${clientId} AND ${clientWritable(p)}`,
  );
  if (row) return row;
  if (await clientIsReadable(db, p, clientId)) throw ruleRefused(notOwnedKey);
  throw fieldError('clientId', 'notFound');
};

/** ARRAY[$1, $2, ...]::<type>[]: one bind parameter per element, constants to the planner. */
export const sqlArray = (values: readonly (string | number)[], type: 'text' | 'bigint'): SQL =>
  values.length
    ? sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::${sql.raw(type)}[]`
    : sql`'{}'::${sql.raw(type)}[]`;

const toConfig = (r: typeof clientPoolConfig.$inferSelect): PoolConfig => ({
  enabled: r.enabled,
  contactExpireDays: r.contactExpireDays,
  dealExpireDays: r.dealExpireDays,
  notifyEnabled: r.notifyEnabled,
  notifyDays: r.notifyDays,
  recycleDealClients: r.recycleDealClients,
  claimDailyLimit: r.claimDailyLimit,
  preOwnerBanDays: r.preOwnerBanDays,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

/** The pool settings row (created by migration 0005; recreated with defaults if someone removed it). */
export const readPoolConfig = async (db: DbOrTx): Promise<PoolConfig> => {
  const [row] = await db.select().from(clientPoolConfig).where(eq(clientPoolConfig.id, 1));
  if (row) return toConfig(row);
  await db.insert(clientPoolConfig).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(clientPoolConfig).where(eq(clientPoolConfig.id, 1));
  if (!created) throw new Error('client_pool_config missing');
  return toConfig(created);
};

/** Pool settings for reads on hot paths: cached for a few seconds, dropped on every change here. */
export class PoolConfigCache {
  private cached: { at: number; config: PoolConfig } | null = null;
  constructor(
    private readonly db: DbOrTx,
    private readonly ttlMs = 5000,
  ) {}
  async get(): Promise<PoolConfig> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.config;
    const config = await readPoolConfig(this.db);
    this.cached = { at: now, config };
    return config;
  }
  invalidate() {
    this.cached = null;
  }
}

/**
 * The auto-recycle predicate of DOMAIN 3.3 (with Decisions 5 and 6) evaluated at `at`:
 * owned, not locked, not a deal client (unless recycle_deal_clients), and either owned longer than
 * deal_expire_days, or owned longer than contact_expire_days with no counting follow-up in that time.
 * `at` = now for the job; now + notify_days for "about to drop into the pool".
 */
export const recyclePredicate = (cfg: PoolConfig, at: Date): SQL => {
  const dealCutoff = new Date(at.getTime() - cfg.dealExpireDays * DAY_MS);
  const contactCutoff = new Date(at.getTime() - cfg.contactExpireDays * DAY_MS);
  return sql`(${client.deleted} = false AND ${client.ownerUserId} IS NOT NULL AND ${client.lockStatus} = false
    AND ${cfg.recycleDealClients ? sql`TRUE` : sql`${client.dealStatus} = false`}
    AND (${client.ownerTime} < ${dealCutoff}
      OR (${client.ownerTime} < ${contactCutoff}
          AND (${client.lastFollowTime} < ${contactCutoff} OR ${client.lastFollowTime} IS NULL))))`;
};

/** When the auto-recycle would take the client at the current settings (null: never). */
export const recycleAtOf = (
  cfg: PoolConfig,
  c: {
    ownerUserId: number | null;
    ownerTime: Date | null;
    lastFollowTime: Date | null;
    lockStatus: boolean;
    dealStatus: boolean;
  },
): Date | null => {
  if (!cfg.enabled || c.ownerUserId == null || c.ownerTime == null || c.lockStatus) return null;
  if (c.dealStatus && !cfg.recycleDealClients) return null;
  const owned = c.ownerTime.getTime();
  const byDeal = owned + cfg.dealExpireDays * DAY_MS;
  const lastContact = Math.max(owned, c.lastFollowTime?.getTime() ?? owned);
  const byContact = lastContact + cfg.contactExpireDays * DAY_MS;
  return new Date(Math.min(byDeal, byContact));
};

/** Nickname, or the username when the nickname is empty. */
export const displayName = (nickname: string | null | undefined, username: string | null | undefined) =>
  nickname?.trim() ? nickname : (username ?? null);

export interface TargetUser {
  id: number;
  name: string;
  departmentId: number | null;
  deptPath: number[];
}

/**
 * An enabled, live staff member within the caller's data scope (assign / transfer / import
 * targets), with their department and its ancestors (limit rules match any of them).
 */
export const loadTargetUser = async (
  tx: DbOrTx,
  p: Principal,
  userId: number,
): Promise<TargetUser | null> => {
  const scope = scopeCondition(p, { owner: sql`u.id`, dept: sql`u.department_id` });
  const [row] = await queryRows<{
    id: number;
    nickname: string;
    username: string;
    department_id: number | null;
    ancestors: number[] | null;
  }>(
    tx,
    sql`SELECT u.id, u.nickname, u.username, u.department_id, d.ancestors
        FROM admin_user u LEFT JOIN department d ON d.id = u.department_id
        WHERE u.id = ${userId} AND u.deleted = false AND u.status = 'ENABLED' AND ${scope}`,
  );
  if (!row) return null;
  const dept = row.department_id == null ? null : Number(row.department_id);
  return {
    id: Number(row.id),
    name: displayName(row.nickname, row.username) ?? '',
    departmentId: dept,
    deptPath: dept == null ? [] : [dept, ...(row.ancestors ?? []).map(Number)],
  };
};

/** The caller as an ownership target (no scope check: everyone may own clients themselves). */
export const selfTarget = async (tx: DbOrTx, p: Principal): Promise<TargetUser> => {
  const [row] = await queryRows<{ ancestors: number[] | null }>(
    tx,
    sql`SELECT ancestors FROM department WHERE id = ${p.departmentId ?? 0}`,
  );
  return {
    id: p.userId,
    name: p.nickname || p.username,
    departmentId: p.departmentId,
    deptPath: p.departmentId == null ? [] : [p.departmentId, ...(row?.ancestors ?? []).map(Number)],
  };
};
