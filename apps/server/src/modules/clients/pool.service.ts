import type {
  ClaimQuota,
  LimitRuleRow,
  limitRuleCreate,
  limitRuleUpdate,
  PoolConfig,
  PoolConfigUpdate,
} from '@educrm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { client, clientLimitConfig, clientOwnerLog, clientPoolConfig, department } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import {
  clientReadable,
  clientWritable,
  DAY_MS,
  loadTargetUser,
  lockUserOwnership,
  type PoolConfigCache,
  readPoolConfig,
  ruleRefused,
  selfTarget,
  shanghaiMinuteText,
  stateConflict,
  type TargetUser,
} from './common';
import { checkDailyClaims, checkLockLimit, checkOwnerLimit, quotaOf } from './limits';

const toRule = (r: typeof clientLimitConfig.$inferSelect): LimitRuleRow => ({
  id: r.id,
  type: r.type as LimitRuleRow['type'],
  userIds: r.userIds,
  deptIds: r.deptIds,
  maxCount: r.maxCount,
  dealCounts: r.dealCounts,
  remark: r.remark,
  version: r.version,
});

/**
 * Ownership and the shared pool (DOMAIN 3.3): claim, assign, transfer, release, lock/unlock, with
 * every limit, and the pool settings and limit rules. Each action is one transaction: the
 * conditional UPDATE (owner still what we read), the owner-log row and the audit row together.
 * Acquisitions take the target user's ownership lock first, so limits and the daily claim cap
 * cannot be overrun by concurrent requests.
 */
export class PoolService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly cache: PoolConfigCache,
  ) {}

  private async ownerLog(
    tx: DbOrTx,
    clientId: number,
    type: string,
    from: number | null,
    to: number | null,
    reason: string,
    operatorId: number | null,
  ) {
    await tx
      .insert(clientOwnerLog)
      .values({ clientId, type, fromUserId: from, toUserId: to, reason, operatorId, createdAt: this.now() });
  }

  private audit(
    tx: DbOrTx,
    p: Principal,
    ip: string,
    action: string,
    clientId: number,
    summary: AuditSummary,
  ) {
    return writeAudit(tx, {
      actorId: p.userId,
      actorName: p.username,
      action,
      targetType: 'client',
      targetId: clientId,
      summary,
      ip,
    });
  }

  /** Moves a pool client to `target` if it is still in the pool; false when someone got there first. */
  private async takeFromPool(tx: DbOrTx, id: number, target: TargetUser, operatorId: number) {
    const now = this.now();
    const res = await tx
      .update(client)
      .set({
        ownerUserId: target.id,
        ownerDeptId: target.departmentId,
        ownerTime: now,
        followed: false,
        lockStatus: false,
        poolReason: null,
        version: sql`${client.version} + 1`,
        updatedAt: now,
        updatedBy: operatorId,
      })
      .where(and(eq(client.id, id), sql`${client.ownerUserId} IS NULL`, eq(client.deleted, false)))
      .returning({ id: client.id });
    return res.length > 0;
  }

  /** 领取: pool -> me, with the pre-owner ban, the daily claim cap and the owner limit. */
  async claim(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      await lockUserOwnership(tx, p.userId);
      const [c] = await tx
        .select({
          ownerUserId: client.ownerUserId,
          preOwnerUserId: client.preOwnerUserId,
          poolTime: client.poolTime,
          name: client.name,
          readable: sql<boolean>`${clientReadable(p)}`,
        })
        .from(client)
        .where(and(eq(client.id, id), eq(client.deleted, false)));
      // A client someone took out of the pool meanwhile (it was on the pool page): a clear refusal
      // without naming the new owner. Anything else outside the caller's scope is simply not found.
      if (c && !c.readable && c.poolTime != null) throw stateConflict('clientAlreadyClaimed');
      if (!c?.readable) throw notFound();
      if (c.ownerUserId != null) {
        if (c.ownerUserId === p.userId) throw stateConflict('alreadyOwner');
        throw stateConflict(c.poolTime ? 'clientAlreadyClaimed' : 'clientNotInPool');
      }
      const cfg = await readPoolConfig(tx);
      const now = this.now();
      const banEnd = c.poolTime ? new Date(c.poolTime.getTime() + cfg.preOwnerBanDays * DAY_MS) : null;
      if (c.preOwnerUserId === p.userId && banEnd && banEnd > now) {
        throw ruleRefused('preOwnerBan', { days: cfg.preOwnerBanDays, date: shanghaiMinuteText(banEnd) });
      }
      await checkDailyClaims(tx, cfg, p.userId, now);
      const me = await selfTarget(tx, p);
      await checkOwnerLimit(tx, me);
      if (!(await this.takeFromPool(tx, id, me, p.userId))) throw stateConflict('clientAlreadyClaimed');
      await this.ownerLog(tx, id, 'CLAIM', null, p.userId, '', p.userId);
      await this.audit(
        tx,
        p,
        ip,
        'client.claim',
        id,
        said(`claimed client ${id} (${c.name})`, { id, name: c.name }),
      );
    });
  }

  private async target(tx: DbOrTx, p: Principal, userId: number) {
    const t = await loadTargetUser(tx, p, userId);
    if (!t) throw fieldError('userId', 'targetUserInvalid');
    return t;
  }

  /** 分配 (admin): pool -> a user, with the owner limit of that user (no daily cap). */
  async assign(p: Principal, id: number, userId: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const target = await this.target(tx, p, userId);
      await lockUserOwnership(tx, target.id);
      const [c] = await tx
        .select({ ownerUserId: client.ownerUserId, name: client.name })
        .from(client)
        .where(and(eq(client.id, id), clientReadable(p)));
      if (!c) throw notFound();
      if (c.ownerUserId != null) throw stateConflict('clientNotInPool');
      await checkOwnerLimit(tx, target);
      if (!(await this.takeFromPool(tx, id, target, p.userId))) throw stateConflict('clientAlreadyClaimed');
      await this.ownerLog(tx, id, 'ASSIGN', null, target.id, '', p.userId);
      await this.audit(
        tx,
        p,
        ip,
        'client.assign',
        id,
        said(`assigned client ${id} to ${target.name}`, { id, to: target.name }),
      );
    });
  }

  /** 转移 (admin): user -> another user, with the target's owner limit. */
  async transfer(p: Principal, id: number, userId: number, reason: string, ip: string) {
    await this.db.transaction(async (tx) => {
      const target = await this.target(tx, p, userId);
      await lockUserOwnership(tx, target.id);
      const [c] = await tx
        .select({ ownerUserId: client.ownerUserId, name: client.name })
        .from(client)
        .where(and(eq(client.id, id), clientWritable(p)));
      if (!c) throw notFound();
      if (c.ownerUserId == null) throw stateConflict('clientInPool');
      if (c.ownerUserId === target.id) throw stateConflict('alreadyOwner');
      await checkOwnerLimit(tx, target);
      const now = this.now();
      const res = await tx
        .update(client)
        .set({
          ownerUserId: target.id,
          ownerDeptId: target.departmentId,
          ownerTime: now,
          followed: false,
          lockStatus: false,
          version: sql`${client.version} + 1`,
          updatedAt: now,
          updatedBy: p.userId,
        })
        .where(and(eq(client.id, id), eq(client.ownerUserId, c.ownerUserId), eq(client.deleted, false)))
        .returning({ id: client.id });
      if (!res.length) throw stateConflict('conflict');
      await this.ownerLog(tx, id, 'TRANSFER', c.ownerUserId, target.id, reason, p.userId);
      await this.audit(
        tx,
        p,
        ip,
        'client.transfer',
        id,
        said(`transferred client ${id} to ${target.name}`, { id, to: target.name }),
      );
    });
  }

  /** 放入公海: owner or admin, with a reason; refused while locked. */
  async release(p: Principal, id: number, reason: string, ip: string) {
    await this.db.transaction(async (tx) => {
      const [c] = await tx
        .select({ ownerUserId: client.ownerUserId, lockStatus: client.lockStatus, name: client.name })
        .from(client)
        .where(and(eq(client.id, id), clientWritable(p)))
        .for('update');
      if (!c) throw notFound();
      if (c.ownerUserId == null) throw stateConflict('clientInPool');
      if (c.lockStatus) throw ruleRefused('clientLocked');
      const now = this.now();
      await tx
        .update(client)
        .set({
          preOwnerUserId: c.ownerUserId,
          ownerUserId: null,
          ownerDeptId: null,
          poolReason: 'MANUAL_RELEASE',
          poolTime: now,
          version: sql`${client.version} + 1`,
          updatedAt: now,
          updatedBy: p.userId,
        })
        .where(eq(client.id, id));
      await this.ownerLog(tx, id, 'RELEASE', c.ownerUserId, null, reason, p.userId);
      await this.audit(
        tx,
        p,
        ip,
        'client.release',
        id,
        said(`released client ${id} to the pool: ${reason}`, { id, reason }),
      );
    });
  }

  /** 锁定 / 解锁: owner or admin; locking counts against the owner's LOCK_LIMIT. */
  async setLock(p: Principal, id: number, locked: boolean, ip: string) {
    await this.db.transaction(async (tx) => {
      const [c] = await tx
        .select({ ownerUserId: client.ownerUserId, lockStatus: client.lockStatus })
        .from(client)
        .where(and(eq(client.id, id), clientWritable(p)));
      if (!c) throw notFound();
      if (c.ownerUserId == null) throw stateConflict('clientInPool');
      if (c.lockStatus === locked) return;
      if (locked) {
        await lockUserOwnership(tx, c.ownerUserId);
        const owner = await loadTargetUser(tx, { ...p, dataScope: 'ALL' }, c.ownerUserId);
        if (owner) await checkLockLimit(tx, owner);
      }
      const res = await tx
        .update(client)
        .set({
          lockStatus: locked,
          version: sql`${client.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(and(eq(client.id, id), eq(client.ownerUserId, c.ownerUserId)))
        .returning({ id: client.id });
      if (!res.length) throw stateConflict('conflict');
      await this.audit(
        tx,
        p,
        ip,
        locked ? 'client.lock' : 'client.unlock',
        id,
        said(`${locked ? 'locked' : 'unlocked'} client ${id}`, { id }),
      );
    });
  }

  async quota(p: Principal): Promise<ClaimQuota> {
    const cfg = await readPoolConfig(this.db);
    return quotaOf(this.db, cfg, await selfTarget(this.db, p), this.now());
  }

  // ---- settings ---------------------------------------------------------------------------------
  getConfig(): Promise<PoolConfig> {
    return readPoolConfig(this.db);
  }

  async updateConfig(p: Principal, input: PoolConfigUpdate, ip: string): Promise<PoolConfig> {
    await this.db.transaction(async (tx) => {
      const before = await readPoolConfig(tx);
      const { version, ...values } = input;
      const res = await tx
        .update(clientPoolConfig)
        .set({ ...values, version: version + 1, updatedAt: this.now(), updatedBy: p.userId })
        .where(and(eq(clientPoolConfig.id, 1), eq(clientPoolConfig.version, version)))
        .returning({ id: clientPoolConfig.id });
      if (!res.length) throw stateConflict('conflict');
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.pool.config',
        targetType: 'client_pool_config',
        targetId: 1,
        summary: said('updated the pool settings', {}),
        detail: { before: { ...before, updatedAt: undefined }, after: values },
        ip,
      });
    });
    this.cache.invalidate();
    return this.getConfig();
  }

  async listRules(): Promise<LimitRuleRow[]> {
    const rows = await this.db
      .select()
      .from(clientLimitConfig)
      .where(eq(clientLimitConfig.deleted, false))
      .orderBy(clientLimitConfig.type, clientLimitConfig.id);
    return rows.map(toRule);
  }

  private async checkRuleTargets(tx: DbOrTx, deptIds: number[]) {
    for (const d of deptIds) {
      const [row] = await tx.select({ id: department.id }).from(department).where(eq(department.id, d));
      if (!row) throw fieldError('deptIds', 'deptNotFound');
    }
  }

  async createRule(p: Principal, input: z.infer<typeof limitRuleCreate>, ip: string): Promise<LimitRuleRow> {
    return this.db.transaction(async (tx) => {
      await this.checkRuleTargets(tx, input.deptIds);
      const [row] = await tx
        .insert(clientLimitConfig)
        .values({
          ...input,
          userIds: [...new Set(input.userIds)],
          deptIds: [...new Set(input.deptIds)],
          dealCounts: input.type === 'OWNER_LIMIT' ? input.dealCounts : false,
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .returning();
      if (!row) throw new Error('insert failed');
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.limit.create',
        targetType: 'client_limit_config',
        targetId: row.id,
        summary: said(`${input.type} ${input.maxCount}`, { limitType: input.type, max: input.maxCount }),
        detail: { userIds: input.userIds, deptIds: input.deptIds, dealCounts: input.dealCounts },
        ip,
      });
      return toRule(row);
    });
  }

  async updateRule(p: Principal, id: number, input: z.infer<typeof limitRuleUpdate>, ip: string) {
    return this.db.transaction(async (tx) => {
      await this.checkRuleTargets(tx, input.deptIds);
      const { version, ...values } = input;
      await updateVersioned(
        tx,
        clientLimitConfig,
        id,
        version,
        {
          ...values,
          userIds: [...new Set(values.userIds)],
          deptIds: [...new Set(values.deptIds)],
          dealCounts: values.type === 'OWNER_LIMIT' ? values.dealCounts : false,
          updatedBy: p.userId,
        },
        eq(clientLimitConfig.deleted, false),
      );
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.limit.update',
        targetType: 'client_limit_config',
        targetId: id,
        summary: said(`${input.type} ${input.maxCount}`, { limitType: input.type, max: input.maxCount }),
        detail: values,
        ip,
      });
      const [row] = await tx.select().from(clientLimitConfig).where(eq(clientLimitConfig.id, id));
      if (!row) throw notFound();
      return toRule(row);
    });
  }

  async removeRule(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const res = await tx
        .update(clientLimitConfig)
        .set({
          deleted: true,
          version: sql`${clientLimitConfig.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(and(eq(clientLimitConfig.id, id), eq(clientLimitConfig.deleted, false)))
        .returning({ type: clientLimitConfig.type, maxCount: clientLimitConfig.maxCount });
      if (!res.length) throw notFound();
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.limit.delete',
        targetType: 'client_limit_config',
        targetId: id,
        summary: said(`${res[0]?.type} ${res[0]?.maxCount}`, {
          limitType: res[0]?.type ?? null,
          max: res[0]?.maxCount ?? null,
        }),
        ip,
      });
    });
  }
}
