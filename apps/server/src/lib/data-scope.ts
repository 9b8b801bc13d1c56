import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../types';

/**
 * The caller's data scope as a SQL condition over a row's owner and department columns
 * (DOMAIN 1.1): ALL sees everything; DEPT_AND_CHILDREN the department and every department below
 * it; DEPT the department; SELF rows the caller owns. A caller always sees their own rows.
 */
export const scopeCondition = (
  p: Principal,
  cols: { owner: AnyColumn | SQL; dept: AnyColumn | SQL },
): SQL => {
  const own = sql`${cols.owner} = ${p.userId}`;
  switch (p.dataScope) {
    case 'ALL':
      return sql`TRUE`;
    case 'DEPT_AND_CHILDREN':
      if (p.departmentId == null) return own;
      return sql`(${own} OR ${cols.dept} IN (SELECT id FROM department WHERE id = ${p.departmentId} OR ${p.departmentId}::bigint = ANY(ancestors)))`;
    case 'DEPT':
      if (p.departmentId == null) return own;
      return sql`(${own} OR ${cols.dept} = ${p.departmentId})`;
    default:
      return own;
  }
};

/** The caller's own user id when scopeCondition keeps the owner's rows only (SELF, or no department). */
export const ownRowsOnly = (p: Principal): number | undefined => {
  if (p.dataScope === 'ALL') return undefined;
  if ((p.dataScope === 'DEPT' || p.dataScope === 'DEPT_AND_CHILDREN') && p.departmentId != null)
    return undefined;
  return p.userId;
};
