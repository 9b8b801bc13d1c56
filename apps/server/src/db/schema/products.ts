import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, ref, timestamps, version } from './columns';

/** Product categories: a tree at most two levels deep; products attach to leaves (DOMAIN 5.1). */
export const productCategory = pgTable(
  'product_category',
  {
    id: id(),
    parentId: ref('parent_id'),
    name: varchar('name', { length: 32 }).notNull(),
    icon: varchar('icon', { length: 200 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('product_category_sibling_name_uq').on(sql`coalesce(${t.parentId}, 0)`, t.name),
    index('product_category_parent_idx').on(t.parentId, t.sort),
  ],
);

export const productSpu = pgTable(
  'product_spu',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    categoryId: ref('category_id')
      .notNull()
      .references(() => productCategory.id),
    productType: varchar('product_type', { length: 16 }).notNull(),
    gradeIds: ref('grade_ids').array().notNull().default(sql`'{}'::bigint[]`),
    subject: varchar('subject', { length: 32 }).notNull().default(''),
    coverUrl: varchar('cover_url', { length: 512 }).notNull().default(''),
    sliderUrls: text('slider_urls').array().notNull().default(sql`'{}'::text[]`),
    intro: varchar('intro', { length: 500 }).notNull().default(''),
    detailHtml: text('detail_html').notNull().default(''),
    specType: varchar('spec_type', { length: 8 }).notNull().default('SINGLE'),
    status: varchar('status', { length: 8 }).notNull().default('DRAFT'),
    sort: integer('sort').notNull().default(0),
    /** Derived from the enabled SKUs on every write. */
    priceMin: bigint('price_min', { mode: 'number' }).notNull().default(0),
    priceMax: bigint('price_max', { mode: 'number' }).notNull().default(0),
    marketPrice: bigint('market_price', { mode: 'number' }).notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    virtualSales: integer('virtual_sales').notNull().default(0),
    validityMode: varchar('validity_mode', { length: 8 }).notNull().default('FOREVER'),
    validityDays: integer('validity_days'),
    validityDate: date('validity_date'),
    refundDays: integer('refund_days').notNull().default(7),
    classId: ref('class_id'),
    platformCodes: jsonb('platform_codes').notNull().default(sql`'[]'::jsonb`),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('product_spu_status_idx').on(t.status, t.sort, t.id),
    index('product_spu_category_idx').on(t.categoryId),
    index('product_spu_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('product_spu_status_chk', sql`${t.status} IN ('DRAFT','ON','OFF','RECYCLE')`),
    check(
      'product_spu_type_chk',
      sql`${t.productType} IN ('RECORDED','LIVE','CAMP','MATERIAL','MEMBERSHIP')`,
    ),
  ],
);

export const productSku = pgTable(
  'product_sku',
  {
    id: id(),
    spuId: ref('spu_id')
      .notNull()
      .references(() => productSpu.id),
    skuCode: varchar('sku_code', { length: 40 }).notNull(),
    properties: jsonb('properties').notNull().default(sql`'[]'::jsonb`),
    price: bigint('price', { mode: 'number' }).notNull(),
    marketPrice: bigint('market_price', { mode: 'number' }).notNull().default(0),
    costPrice: bigint('cost_price', { mode: 'number' }).notNull().default(0),
    /** NULL = unlimited (virtual goods). */
    stock: integer('stock'),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    salesCount: integer('sales_count').notNull().default(0),
    classId: ref('class_id'),
    /** Delivery validity of this SKU; NULL mode = the product's validity. */
    validityMode: varchar('validity_mode', { length: 8 }),
    validityDays: integer('validity_days'),
    validityDate: date('validity_date'),
    /** 课时包: lesson hours a paid order of this SKU credits (NULL = a period-only SKU). */
    lessonHours: integer('lesson_hours'),
    /** Replaced SKUs (specs changed after orders) stay for history but leave the product. */
    archived: boolean('archived').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('product_sku_code_uq').on(t.skuCode),
    index('product_sku_spu_idx').on(t.spuId),
    check('product_sku_price_chk', sql`${t.price} >= 0 AND ${t.marketPrice} >= 0 AND ${t.costPrice} >= 0`),
    check('product_sku_stock_chk', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('product_sku_lesson_hours_chk', sql`${t.lessonHours} IS NULL OR ${t.lessonHours} > 0`),
  ],
);
