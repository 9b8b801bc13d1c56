import type {
  AdminUserCreate,
  AdminUserListQuery,
  AdminUserRow,
  AdminUserUpdate,
  SessionRow,
} from '@educrm/contract';
import { and, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { adminUser, adminUserRole, department, role, session } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { randomPassword } from '../../lib/data-dir';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, orderByOf, toIso } from '../../lib/list';
import { hashPassword, type ScryptParams } from '../../lib/password';
import { checkPassword } from '../../lib/password-policy';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import type { SessionService } from '../auth/sessions';

const LAST_ADMIN_LOCK = 7_300_001;

type Filters = Omit<AdminUserListQuery, 'page' | 'pageSize' | 'sort'>;

const userColumns = {
  id: adminUser.id,
  username: adminUser.username,
  nickname: adminUser.nickname,
  createdAt: adminUser.createdAt,
  lastLoginAt: adminUser.lastLoginAt,
};

interface RawRow {
  id: number;
  username: string;
  nickname: string;
  avatarUrl: string;
  introduction: string;
  departmentId: number | null;
  departmentName: string | null;
  mobile: string | null;
  email: string | null;
  lang: string | null;
  status: string;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
  createdAt: Date;
  version: number;
  roles: { id: number; key: string; name: string }[] | null;
}

const toRow = (r: RawRow): AdminUserRow => ({
  ...r,
  mobile: r.mobile ?? '',
  email: r.email ?? '',
  status: r.status as AdminUserRow['status'],
  lastLoginAt: toIso(r.lastLoginAt),
  createdAt: toIso(r.createdAt) as string,
  roles: r.roles ?? [],
});

export class AdminUserService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly now: () => Date,
    private readonly scrypt?: ScryptParams,
  ) {}

  private where(p: Principal, f: Filters): SQL {
    const conds: (SQL | undefined)[] = [
      eq(adminUser.deleted, false),
      scopeCondition(p, { owner: adminUser.id, dept: adminUser.departmentId }),
      f.username ? ilike(adminUser.username, likeContains(f.username)) : undefined,
      f.nickname ? ilike(adminUser.nickname, likeContains(f.nickname)) : undefined,
      f.departmentId
        ? sql`${adminUser.departmentId} IN (SELECT id FROM department WHERE id = ${f.departmentId} OR ${f.departmentId}::bigint = ANY(ancestors))`
        : undefined,
      f.roleId
        ? sql`EXISTS (SELECT 1 FROM admin_user_role ur WHERE ur.user_id = ${adminUser.id} AND ur.role_id = ${f.roleId})`
        : undefined,
      f.status ? eq(adminUser.status, f.status) : undefined,
      f.createdFrom ? gte(adminUser.createdAt, new Date(f.createdFrom)) : undefined,
      f.createdTo ? lte(adminUser.createdAt, new Date(f.createdTo)) : undefined,
    ];
    return and(...conds) as SQL;
  }

  private select(db: DbOrTx = this.db) {
    return db
      .select({
        id: adminUser.id,
        username: adminUser.username,
        nickname: adminUser.nickname,
        avatarUrl: adminUser.avatarUrl,
        introduction: adminUser.introduction,
        departmentId: adminUser.departmentId,
        departmentName: department.name,
        mobile: adminUser.mobile,
        email: adminUser.email,
        lang: adminUser.lang,
        status: adminUser.status,
        lastLoginAt: adminUser.lastLoginAt,
        lastLoginIp: adminUser.lastLoginIp,
        createdAt: adminUser.createdAt,
        version: adminUser.version,
        roles: sql<
          RawRow['roles']
        >`(SELECT json_agg(json_build_object('id', r.id, 'key', r.key, 'name', r.name) ORDER BY r.sort, r.id)
          FROM admin_user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = ${adminUser.id})`,
      })
      .from(adminUser)
      .leftJoin(department, eq(department.id, adminUser.departmentId));
  }

  async list(p: Principal, q: AdminUserListQuery) {
    const where = this.where(p, q);
    const [items, [{ total } = { total: 0 }]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...orderByOf(q.sort, userColumns, [sql`${adminUser.id} ASC`], adminUser.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.db.select({ total: sql<number>`count(*)::int` }).from(adminUser).where(where),
    ]);
    return { items: (items as RawRow[]).map(toRow), total, page: q.page, pageSize: q.pageSize };
  }

  async get(p: Principal, id: number, db: DbOrTx = this.db): Promise<AdminUserRow> {
    const [row] = await this.select(db).where(and(eq(adminUser.id, id), this.where(p, {})));
    if (!row) throw notFound();
    return toRow(row as RawRow);
  }

  async count(p: Principal, f: Filters, cap: number) {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM admin_user WHERE ${this.where(p, f)} LIMIT ${cap}) t`,
    );
    return row?.n ?? 0;
  }

  async *batches(p: Principal, f: Filters): AsyncIterable<AdminUserRow[]> {
    let after = 0;
    for (;;) {
      const rows = (await this.select()
        .where(and(this.where(p, f), sql`${adminUser.id} > ${after}`))
        .orderBy(adminUser.id)
        .limit(1000)) as RawRow[];
      if (!rows.length) return;
      yield rows.map(toRow);
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  private async checkRoles(tx: DbOrTx, roleIds: number[]) {
    if (!roleIds.length) return;
    const found = await tx.select({ id: role.id }).from(role).where(inArray(role.id, roleIds));
    const missing = roleIds.find((id) => !found.some((f) => f.id === id));
    if (missing) throw fieldError('roleIds', 'roleNotFound', { id: missing });
  }

  private async checkDepartment(tx: DbOrTx, departmentId: number | null) {
    if (departmentId == null) return;
    const [d] = await tx
      .select({ id: department.id })
      .from(department)
      .where(eq(department.id, departmentId));
    if (!d) throw fieldError('departmentId', 'deptNotFound');
  }

  /**
   * Refuses a change that would leave no enabled admin. Serialised by an advisory lock so that two
   * admins disabling each other at once cannot both succeed.
   */
  private async assertAdminRemains(tx: DbOrTx) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM admin_user u
          JOIN admin_user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id AND r.key = 'admin'
          WHERE u.status = 'ENABLED' AND u.deleted = false`,
    );
    if ((row?.n ?? 0) === 0) throw new AppError(409, 'lastAdmin');
  }
  private lockAdmins(tx: DbOrTx) {
    return tx.execute(sql`SELECT pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`);
  }

  async create(p: Principal, input: AdminUserCreate, ip: string) {
    const password = input.password ?? randomPassword();
    checkPassword(password, input.username);
    const passwordHash = await hashPassword(password, this.scrypt);
    const id = await this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: adminUser.id })
        .from(adminUser)
        .where(eq(adminUser.username, input.username));
      if (taken) throw fieldError('username', 'usernameTaken');
      await this.checkRoles(tx, input.roleIds);
      await this.checkDepartment(tx, input.departmentId);
      const [created] = await tx
        .insert(adminUser)
        .values({
          username: input.username,
          nickname: input.nickname,
          passwordHash,
          departmentId: input.departmentId,
          mobile: input.mobile || null,
          email: input.email || null,
          status: input.status,
          introduction: input.introduction,
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .returning({ id: adminUser.id });
      if (!created) throw new Error('insert failed');
      if (input.roleIds.length) {
        await tx
          .insert(adminUserRole)
          .values(input.roleIds.map((roleId) => ({ userId: created.id, roleId })));
      }
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.user.create',
        targetType: 'admin_user',
        targetId: created.id,
        summary: said(`created ${input.username}`, { name: input.username }),
        detail: { roleIds: input.roleIds, departmentId: input.departmentId, status: input.status },
        ip,
      });
      return created.id;
    });
    return { user: await this.get(p, id), password: input.password ? null : password };
  }

  async update(p: Principal, id: number, input: AdminUserUpdate, ip: string) {
    await this.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      const before = await this.get(p, id, tx);
      if (id === p.userId && input.status === 'DISABLED') throw new AppError(400, 'cannotDisableSelf');
      await this.checkRoles(tx, input.roleIds);
      await this.checkDepartment(tx, input.departmentId);
      await updateVersioned(tx, adminUser, id, input.version, {
        nickname: input.nickname,
        departmentId: input.departmentId,
        mobile: input.mobile || null,
        email: input.email || null,
        status: input.status,
        introduction: input.introduction,
        avatarUrl: input.avatarUrl,
        updatedBy: p.userId,
      });
      const rolesChanged =
        [...before.roles.map((r) => r.id)].sort().join() !== [...new Set(input.roleIds)].sort().join();
      if (rolesChanged) {
        await tx.delete(adminUserRole).where(eq(adminUserRole.userId, id));
        if (input.roleIds.length) {
          await tx
            .insert(adminUserRole)
            .values([...new Set(input.roleIds)].map((roleId) => ({ userId: id, roleId })));
        }
      }
      const disabled = before.status === 'ENABLED' && input.status === 'DISABLED';
      if (disabled) await this.endAllSessions(tx, id, 'user-disabled');
      if (disabled || rolesChanged) await this.assertAdminRemains(tx);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.user.update',
        targetType: 'admin_user',
        targetId: id,
        summary: said(`updated ${before.username}`, { name: before.username }),
        detail: {
          before: {
            nickname: before.nickname,
            departmentId: before.departmentId,
            roleIds: before.roles.map((r) => r.id),
            status: before.status,
          },
          after: {
            nickname: input.nickname,
            departmentId: input.departmentId,
            roleIds: input.roleIds,
            status: input.status,
          },
        },
        ip,
      });
    });
    return this.get(p, id);
  }

  private async endAllSessions(tx: DbOrTx, userId: number, reason: string) {
    await tx
      .update(adminUser)
      .set({ tokenVersion: sql`${adminUser.tokenVersion} + 1` })
      .where(eq(adminUser.id, userId));
    await this.sessions.revokeAllOf(userId, reason, this.now(), tx);
  }

  async setStatus(p: Principal, id: number, status: 'ENABLED' | 'DISABLED', ip: string) {
    await this.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      const before = await this.get(p, id, tx);
      if (before.status === status) return;
      if (id === p.userId && status === 'DISABLED') throw new AppError(400, 'cannotDisableSelf');
      await tx
        .update(adminUser)
        .set({ status, version: sql`${adminUser.version} + 1`, updatedAt: this.now(), updatedBy: p.userId })
        .where(eq(adminUser.id, id));
      if (status === 'DISABLED') {
        await this.endAllSessions(tx, id, 'user-disabled');
        await this.assertAdminRemains(tx);
      }
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: status === 'DISABLED' ? 'system.user.disable' : 'system.user.enable',
        targetType: 'admin_user',
        targetId: id,
        summary: said(`${status === 'DISABLED' ? 'disabled' : 'enabled'} ${before.username}`, {
          name: before.username,
        }),
        ip,
      });
    });
  }

  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      const before = await this.get(p, id, tx);
      if (id === p.userId) throw new AppError(400, 'cannotDisableSelf');
      await tx
        .update(adminUser)
        .set({
          deleted: true,
          status: 'DISABLED',
          version: sql`${adminUser.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(adminUser.id, id));
      await this.endAllSessions(tx, id, 'user-deleted');
      await this.assertAdminRemains(tx);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.user.delete',
        targetType: 'admin_user',
        targetId: id,
        summary: said(`deleted ${before.username}`, { name: before.username }),
        ip,
      });
    });
  }

  async resetPassword(p: Principal, id: number, given: string | undefined, ip: string) {
    const target = await this.get(p, id);
    const password = given ?? randomPassword();
    checkPassword(password, target.username);
    const passwordHash = await hashPassword(password, this.scrypt);
    await this.db.transaction(async (tx) => {
      await tx
        .update(adminUser)
        .set({
          passwordHash,
          version: sql`${adminUser.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(adminUser.id, id));
      await this.endAllSessions(tx, id, 'password-reset');
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.user.reset-password',
        targetType: 'admin_user',
        targetId: id,
        summary: said(`reset the password of ${target.username}`, { name: target.username }),
        ip,
      });
    });
    return { password: given ? null : password };
  }

  async sessionsOf(userId: number, currentSid?: string): Promise<SessionRow[]> {
    const now = this.now();
    const rows = await this.db
      .select()
      .from(session)
      .where(
        and(
          eq(session.userId, userId),
          sql`${session.revokedAt} IS NULL`,
          sql`${session.absoluteExpiresAt} > ${now}`,
          sql`${session.currentExp} > ${Math.floor(now.getTime() / 1000)}`,
        ),
      )
      .orderBy(sql`${session.lastSeenAt} DESC`);
    return rows.map((s) => ({
      id: s.id,
      createdAt: s.authTime.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: new Date(s.currentExp * 1000).toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.id === currentSid,
    }));
  }

  async endSession(p: Principal, userId: number, sid: string, ip: string) {
    await this.get(p, userId);
    await this.db.transaction(async (tx) => {
      const [s] = await tx
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.id, sid), eq(session.userId, userId)));
      if (!s || !(await this.sessions.revoke(sid, 'ended-by-admin', this.now(), tx)))
        throw new AppError(404, 'sessionNotFound');
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'auth.session.end',
        targetType: 'session',
        targetId: sid,
        summary: said(`ended a session of user ${userId}`, { id: userId }),
        ip,
      });
    });
  }
}
