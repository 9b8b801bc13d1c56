import type { DeptRow, deptCreate, deptMove, deptUpdate } from '@educrm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { adminUser, department } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { AppError, conflict, fieldError } from '../../lib/errors';
import { loadNode, loadParent } from '../../lib/tree';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';

interface RawDept {
  id: number;
  parent_id: number | null;
  name: string;
  leader_user_id: number | null;
  leader_name: string | null;
  sort: number;
  status: 'ENABLED' | 'DISABLED';
  user_count: number;
  version: number;
}

/** The department tree (DOMAIN 10): ancestors kept per row so "this and everything below" is one index probe. */
export class DepartmentService {
  constructor(private readonly db: Db) {}

  async list(): Promise<DeptRow[]> {
    const rows = await queryRows<RawDept>(
      this.db,
      sql`SELECT d.id, d.parent_id, d.name, d.leader_user_id, u.nickname AS leader_name, d.sort, d.status, d.version,
            (SELECT count(*)::int FROM admin_user au WHERE au.department_id = d.id AND au.deleted = false) AS user_count
          FROM department d LEFT JOIN admin_user u ON u.id = d.leader_user_id
          ORDER BY d.sort, d.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      parentId: r.parent_id == null ? null : Number(r.parent_id),
      name: r.name,
      leaderUserId: r.leader_user_id == null ? null : Number(r.leader_user_id),
      leaderName: r.leader_name,
      sort: r.sort,
      status: r.status,
      userCount: r.user_count,
      version: r.version,
    }));
  }

  private load(tx: DbOrTx, id: number) {
    return loadNode(tx, department, id);
  }

  private async checkLeader(tx: DbOrTx, leaderUserId: number | null) {
    if (leaderUserId == null) return;
    const [u] = await tx
      .select({ id: adminUser.id })
      .from(adminUser)
      .where(and(eq(adminUser.id, leaderUserId), eq(adminUser.deleted, false)));
    if (!u) throw fieldError('leaderUserId', 'notFound');
  }

  async create(p: Principal, input: z.infer<typeof deptCreate>, ip: string) {
    return this.db.transaction(async (tx) => {
      const parent = await loadParent(tx, department, input.parentId, 'deptNotFound');
      await this.checkLeader(tx, input.leaderUserId);
      const [created] = await tx
        .insert(department)
        .values({
          parentId: parent?.id ?? null,
          ancestors: parent ? [...parent.ancestors, parent.id] : [],
          name: input.name,
          leaderUserId: input.leaderUserId,
          sort: input.sort,
          status: input.status,
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .returning({ id: department.id });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.dept.create',
        targetType: 'department',
        targetId: created?.id,
        summary: said(`created department ${input.name}`, { name: input.name }),
        ip,
      });
      return created?.id as number;
    });
  }

  async update(p: Principal, id: number, input: z.infer<typeof deptUpdate>, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.load(tx, id);
      await this.checkLeader(tx, input.leaderUserId);
      await updateVersioned(tx, department, id, input.version, {
        name: input.name,
        leaderUserId: input.leaderUserId,
        sort: input.sort,
        status: input.status,
        updatedBy: p.userId,
      });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.dept.update',
        targetType: 'department',
        targetId: id,
        summary: said(`updated department ${before.name}`, { name: before.name }),
        detail: {
          before: { name: before.name, status: before.status, sort: before.sort },
          after: { name: input.name, status: input.status, sort: input.sort },
        },
        ip,
      });
    });
  }

  /** Moves a department (and its subtree) under another parent, rewriting the subtree's ancestors. */
  async move(p: Principal, id: number, input: z.infer<typeof deptMove>, ip: string) {
    await this.db.transaction(async (tx) => {
      const node = await this.load(tx, id);
      if (node.version !== input.version) throw conflict();
      const parent = await loadParent(tx, department, input.parentId, 'deptNotFound');
      if (parent && (parent.id === id || parent.ancestors.includes(id)))
        throw fieldError('parentId', 'deptMoveIntoSelf');
      const newAncestors = parent ? [...parent.ancestors, parent.id] : [];
      const oldPrefixLen = node.ancestors.length;
      await updateVersioned(tx, department, id, input.version, {
        parentId: parent?.id ?? null,
        ancestors: newAncestors,
        updatedBy: p.userId,
      });
      // Every descendant: replace the old ancestor prefix with the new one.
      await tx.execute(sql`
        UPDATE department SET ancestors = ARRAY[${sql.join(
          newAncestors.map((a) => sql`${a}::bigint`),
          sql`, `,
        )}]::bigint[] || ancestors[${oldPrefixLen + 1}:]
        WHERE ${id}::bigint = ANY(ancestors)`);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.dept.move',
        targetType: 'department',
        targetId: id,
        summary: said(`moved department ${node.name}`, { name: node.name }),
        detail: { from: node.parentId, to: parent?.id ?? null },
        ip,
      });
    });
  }

  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const node = await this.load(tx, id);
      const [children] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM department WHERE parent_id = ${id}`,
      );
      if ((children?.n ?? 0) > 0) throw new AppError(409, 'deptHasChildren');
      const [users] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM admin_user WHERE department_id = ${id} AND deleted = false`,
      );
      if ((users?.n ?? 0) > 0) throw new AppError(409, 'deptHasUsers', { count: users?.n ?? 0 });
      // Soft-deleted users may still point here; detach them so the row can go.
      await tx.update(adminUser).set({ departmentId: null }).where(eq(adminUser.departmentId, id));
      await tx.delete(department).where(eq(department.id, id));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.dept.delete',
        targetType: 'department',
        targetId: id,
        summary: said(`deleted department ${node.name}`, { name: node.name }),
        ip,
      });
    });
  }
}
