import type { RoleRow } from '@educrm/contract';
import { ALL_CODES, isPermissionCode, type roleCreate, type roleUpdate } from '@educrm/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { role } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';

interface RawRole {
  id: number;
  key: string;
  name: string;
  description: string;
  data_scope: RoleRow['dataScope'];
  builtin: boolean;
  permissions: string[];
  require_mfa: boolean;
  status: RoleRow['status'];
  sort: number;
  version: number;
  user_count: number;
}

/** Roles: key + name + data scope + permission codes, editable; the four built-ins keep their keys. */
export class RoleService {
  constructor(private readonly db: Db) {}

  async list(): Promise<RoleRow[]> {
    const rows = await queryRows<RawRole>(
      this.db,
      sql`SELECT r.*, (SELECT count(*)::int FROM admin_user_role ur JOIN admin_user u ON u.id = ur.user_id AND u.deleted = false
                        WHERE ur.role_id = r.id) AS user_count
          FROM role r ORDER BY r.sort, r.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      key: r.key,
      name: r.name,
      description: r.description,
      dataScope: r.data_scope,
      builtin: r.builtin,
      permissions: r.key === 'admin' ? [...ALL_CODES] : r.permissions,
      requireMfa: r.require_mfa,
      status: r.status,
      sort: r.sort,
      version: r.version,
      userCount: r.user_count,
    }));
  }

  private checkCodes(codes: string[]) {
    const unknown = codes.find((c) => !isPermissionCode(c));
    if (unknown) throw fieldError('permissions', 'unknownPermission', { code: unknown });
  }

  private async load(tx: DbOrTx, id: number) {
    const [row] = await tx.select().from(role).where(eq(role.id, id));
    if (!row) throw notFound();
    return row;
  }

  async create(p: Principal, input: z.infer<typeof roleCreate>, ip: string) {
    this.checkCodes(input.permissions);
    return this.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: role.id }).from(role).where(eq(role.key, input.key));
      if (taken) throw fieldError('key', 'roleKeyTaken');
      const [created] = await tx
        .insert(role)
        .values({
          ...input,
          permissions: [...new Set(input.permissions)],
          builtin: false,
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .returning({ id: role.id });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.role.create',
        targetType: 'role',
        targetId: created?.id,
        summary: said(`created role ${input.key}`, { name: input.key }),
        detail: { permissions: input.permissions, dataScope: input.dataScope },
        ip,
      });
      return created?.id as number;
    });
  }

  async update(p: Principal, id: number, input: z.infer<typeof roleUpdate>, ip: string) {
    this.checkCodes(input.permissions);
    await this.db.transaction(async (tx) => {
      const before = await this.load(tx, id);
      if (before.builtin && input.key !== before.key) throw fieldError('key', 'roleBuiltinKey');
      if (input.key !== before.key) {
        const [taken] = await tx.select({ id: role.id }).from(role).where(eq(role.key, input.key));
        if (taken) throw fieldError('key', 'roleKeyTaken');
      }
      // admin always holds every code (DOMAIN decision 1): its codes cannot be reduced.
      const isAdmin = before.key === 'admin';
      await updateVersioned(tx, role, id, input.version, {
        key: input.key,
        name: input.name,
        description: input.description,
        dataScope: isAdmin ? 'ALL' : input.dataScope,
        permissions: isAdmin ? [...ALL_CODES] : [...new Set(input.permissions)],
        status: isAdmin ? 'ENABLED' : input.status,
        sort: input.sort,
        ...(input.requireMfa === undefined ? {} : { requireMfa: input.requireMfa }),
        updatedBy: p.userId,
      });
      const added = input.permissions.filter((c) => !before.permissions.includes(c));
      const removed = before.permissions.filter((c) => !input.permissions.includes(c));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.role.update',
        targetType: 'role',
        targetId: id,
        summary: said(
          `updated role ${before.key}: +${isAdmin ? 0 : added.length} / -${isAdmin ? 0 : removed.length} codes`,
          { name: before.key, added: isAdmin ? 0 : added.length, removed: isAdmin ? 0 : removed.length },
        ),
        detail: isAdmin
          ? { name: input.name, requireMfa: input.requireMfa }
          : {
              added,
              removed,
              dataScope: input.dataScope,
              status: input.status,
              requireMfa: input.requireMfa,
            },
        ip,
      });
    });
  }

  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.load(tx, id);
      if (before.builtin) throw new AppError(409, 'roleBuiltinDelete');
      const [users] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM admin_user_role ur JOIN admin_user u ON u.id = ur.user_id AND u.deleted = false WHERE ur.role_id = ${id}`,
      );
      if ((users?.n ?? 0) > 0) throw new AppError(409, 'roleInUse', { count: users?.n ?? 0 });
      await tx.delete(role).where(eq(role.id, id));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'system.role.delete',
        targetType: 'role',
        targetId: id,
        summary: said(`deleted role ${before.key}`, { name: before.key }),
        ip,
      });
    });
  }
}
