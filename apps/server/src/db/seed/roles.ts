import { BUILTIN_ROLE_SEED, BUILTIN_ROLES, DEFAULT_DATA_SCOPE, defaultCodesOf } from '@educrm/contract';
import { and, eq, sql } from 'drizzle-orm';
import { said, writeAudit } from '../../lib/audit';
import type { DbOrTx } from '../client';
import { role } from '../schema';

const ROLE_NAMES = BUILTIN_ROLE_SEED;

/**
 * Creates the four built-in roles with their default codes; the admin role requires two-step
 * verification unless `adminRequiresMfa` is false (ADMIN_MFA_DEFAULT=off). Existing rows are left
 * alone: their names, descriptions, codes and requirement may have been edited on System > Roles.
 */
export const seedBuiltinRoles = async (db: DbOrTx, opts: { adminRequiresMfa: boolean }) => {
  await db
    .insert(role)
    .values(
      BUILTIN_ROLES.map((key, i) => ({
        key,
        name: ROLE_NAMES[key].name,
        description: ROLE_NAMES[key].description,
        dataScope: DEFAULT_DATA_SCOPE[key],
        builtin: true,
        permissions: defaultCodesOf(key),
        requireMfa: key === 'admin' && opts.adminRequiresMfa,
        sort: i,
      })),
    )
    .onConflictDoNothing({ target: role.key });
};

/**
 * ADMIN_MFA_DEFAULT=enforce: an existing install's admin role requires two-step verification from
 * this start on (its members enrol at their next sign-in). Audited when it changes the role.
 */
export const enforceAdminMfa = async (db: DbOrTx) => {
  const changed = await db
    .update(role)
    .set({ requireMfa: true, version: sql`${role.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(role.key, 'admin'), eq(role.requireMfa, false)))
    .returning({ id: role.id });
  for (const { id } of changed) {
    await writeAudit(db, {
      action: 'system.role.update',
      targetType: 'role',
      targetId: id,
      summary: said('updated role admin: +0 / -0 codes (ADMIN_MFA_DEFAULT=enforce)', {
        name: 'admin',
        added: 0,
        removed: 0,
      }),
      detail: { requireMfa: true, by: 'ADMIN_MFA_DEFAULT=enforce' },
    });
  }
  return changed.length > 0;
};
