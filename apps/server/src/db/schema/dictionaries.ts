import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ref, timestamps, version } from './columns';

const status = () => varchar('status', { length: 16 }).notNull().default('ENABLED');
const deleted = () => boolean('deleted').notNull().default(false);

/** 来源平台: where a lead or an order came from (DOMAIN 4.3). Codes are unique among live rows. */
export const sourcePlatform = pgTable(
  'source_platform',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    syncEnabled: boolean('sync_enabled').notNull().default(false),
    status: status(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    deleted: deleted(),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('source_platform_code_uq').on(t.code).where(sql`deleted = false`),
    check('source_platform_type_chk', sql`${t.type} IN ('OWN','MARKETPLACE','OFFLINE')`),
    check('source_platform_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);

/** 订单渠道: a two-level tree (parent_id NULL = top level). */
export const orderChannel = pgTable(
  'order_channel',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    parentId: ref('parent_id'),
    status: status(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    deleted: deleted(),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('order_channel_code_uq').on(t.code).where(sql`deleted = false`),
    index('order_channel_parent_idx').on(t.parentId, t.sort),
    check('order_channel_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);

/** 年级: with the grade clients move to on the admin's yearly advance (Decision 10). */
export const grade = pgTable(
  'grade',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    stage: varchar('stage', { length: 16 }).notNull(),
    nextGradeId: ref('next_grade_id'),
    status: status(),
    sort: integer('sort').notNull().default(0),
    deleted: deleted(),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('grade_code_uq').on(t.code).where(sql`deleted = false`),
    check('grade_stage_chk', sql`${t.stage} IN ('PRESCHOOL','PRIMARY','JUNIOR','SENIOR','OTHER')`),
    check('grade_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);
