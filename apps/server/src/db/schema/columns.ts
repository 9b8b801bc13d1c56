import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Audit columns every business table carries (DOMAIN section 0). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const timestamps = () => ({
  createdAt: tstz('created_at').notNull().defaultNow(),
  createdBy: ref('created_by'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: ref('updated_by'),
});
/** Optimistic concurrency: writers send the version they read; a stale one gets 409. */
export const version = () => integer('version').notNull().default(1);
