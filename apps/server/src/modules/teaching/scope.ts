import { type SQL, sql } from 'drizzle-orm';
import { scopeCondition } from '../../lib/data-scope';
import type { Principal } from '../../types';

/**
 * The students a caller reads: everyone for scope ALL; otherwise those whose client (alias `c`)
 * is in the caller's data scope (siyu: own clients only).
 */
export const lessonScope = (p: Principal): SQL =>
  p.dataScope === 'ALL'
    ? sql`TRUE`
    : scopeCondition(p, { owner: sql`c.owner_user_id`, dept: sql`c.owner_dept_id` });
