import { pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { ref, tstz } from './columns';

/**
 * A user's mark on one to-do row (issue 42): done (`until` null) or snoozed until `until`. The
 * to-do counts leave out the rows a live mark names; nothing else is copied from the data.
 */
export const workbenchMark = pgTable(
  'workbench_mark',
  {
    userId: ref('user_id').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    rowId: ref('row_id').notNull(),
    until: tstz('until'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  // The key's (user_id, kind) prefix serves the counts' NOT EXISTS probes.
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.rowId] })],
);
