import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ref, tstz } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded images and generated export files, kept in the database so that every server instance
 * behind a load balancer can serve them.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull().default(''),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: ref('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** Export files expire; images do not. */
    expiresAt: tstz('expires_at'),
  },
  (t) => [index('stored_file_expires_idx').on(t.expiresAt)],
);

/** A background export: progress while it runs, then the file to download until it expires. */
export const exportJob = pgTable(
  'export_job',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: ref('user_id').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    status: varchar('status', { length: 16 }).notNull().default('RUNNING'),
    processed: bigint('processed', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }),
    fileId: varchar('file_id', { length: 36 }),
    error: varchar('error', { length: 500 }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
    expiresAt: tstz('expires_at'),
  },
  (t) => [index('export_job_user_idx').on(t.userId, t.createdAt)],
);
