import { boolean, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ref, tstz } from './columns';

/**
 * Per scheduled job: whether an admin paused it (System > Jobs). The queue keeps the cron schedule
 * itself; a paused job's scheduled runs are skipped on every server, "run now" still works.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: varchar('name', { length: 64 }).primaryKey(),
  paused: boolean('paused').notNull().default(false),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: ref('updated_by'),
});
