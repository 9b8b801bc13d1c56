import type { LimitType, PoolConfig } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { DAY_MS, ruleRefused, shanghaiDayStart, sqlArray, type TargetUser } from './common';

interface Rule {
  id: number;
  max_count: number;
  deal_counts: boolean;
}

/** Limit rules that apply to a user: naming the user, one of their departments (or above), or everyone. */
const rulesFor = (tx: DbOrTx, type: LimitType, target: TargetUser) =>
  queryRows<Rule>(
    tx,
    sql`SELECT id, max_count, deal_counts FROM client_limit_config
        WHERE deleted = false AND type = ${type}
          AND ((cardinality(user_ids) = 0 AND cardinality(dept_ids) = 0)
               OR ${target.id}::bigint = ANY(user_ids)
               OR dept_ids && ${sqlArray(target.deptPath, 'bigint')})`,
  );

const ownedCounts = async (tx: DbOrTx, userId: number) => {
  const [row] = await queryRows<{ all: number; non_deal: number; locked: number }>(
    tx,
    sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE deal_status = false)::int AS non_deal,
               count(*) FILTER (WHERE lock_status)::int AS locked
        FROM client WHERE deleted = false AND owner_user_id = ${userId}`,
  );
  return { all: row?.all ?? 0, nonDeal: row?.non_deal ?? 0, locked: row?.locked ?? 0 };
};

/**
 * OWNER_LIMIT: the user would own more clients than a rule allows (deal clients count only when
 * the rule says so; Decision 9). Call it holding the user's ownership lock.
 */
export const checkOwnerLimit = async (tx: DbOrTx, target: TargetUser, adding = 1) => {
  const rules = await rulesFor(tx, 'OWNER_LIMIT', target);
  if (!rules.length) return;
  const owned = await ownedCounts(tx, target.id);
  for (const r of rules) {
    const used = r.deal_counts ? owned.all : owned.nonDeal;
    if (used + adding > r.max_count) throw ruleRefused('ownerLimit', { max: r.max_count });
  }
};

/** LOCK_LIMIT: the owner would have more locked clients than a rule allows. */
export const checkLockLimit = async (tx: DbOrTx, owner: TargetUser) => {
  const rules = await rulesFor(tx, 'LOCK_LIMIT', owner);
  if (!rules.length) return;
  const owned = await ownedCounts(tx, owner.id);
  for (const r of rules) {
    if (owned.locked + 1 > r.max_count) throw ruleRefused('lockLimit', { max: r.max_count });
  }
};

/** Claims the user made today (Asia/Shanghai day), from the owner log. */
export const claimsToday = async (tx: DbOrTx, userId: number, now: Date): Promise<number> => {
  const from = shanghaiDayStart(now);
  const to = new Date(from.getTime() + DAY_MS);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM client_owner_log
        WHERE to_user_id = ${userId} AND type = 'CLAIM' AND created_at >= ${from} AND created_at < ${to}`,
  );
  return row?.n ?? 0;
};

export const checkDailyClaims = async (tx: DbOrTx, cfg: PoolConfig, userId: number, now: Date) => {
  if ((await claimsToday(tx, userId, now)) + 1 > cfg.claimDailyLimit) {
    throw ruleRefused('claimDailyLimit', { max: cfg.claimDailyLimit });
  }
};

/** The caller's standing against the limits, for the pool page. */
export const quotaOf = async (tx: DbOrTx, cfg: PoolConfig, target: TargetUser, now: Date) => {
  const [ownerRules, lockRules, owned, claimed] = await Promise.all([
    rulesFor(tx, 'OWNER_LIMIT', target),
    rulesFor(tx, 'LOCK_LIMIT', target),
    ownedCounts(tx, target.id),
    claimsToday(tx, target.id, now),
  ]);
  const tightest = ownerRules.reduce<Rule | null>(
    (best, r) => (best == null || r.max_count < best.max_count ? r : best),
    null,
  );
  return {
    claimedToday: claimed,
    claimDailyLimit: cfg.claimDailyLimit,
    owned: tightest?.deal_counts ? owned.all : owned.nonDeal,
    ownedAll: owned.all,
    ownedCountsDeal: Boolean(tightest?.deal_counts),
    ownerLimit: tightest?.max_count ?? null,
    locked: owned.locked,
    lockLimit: lockRules.length ? Math.min(...lockRules.map((r) => r.max_count)) : null,
  };
};
