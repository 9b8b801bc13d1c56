import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, ref, timestamps, tstz, version } from './columns';
import { productSku, productSpu } from './products';

/** Sales orders (DOMAIN 4.1). Money in fen; pay = total − discount + adjust, checked by the database too. */
export const salesOrder = pgTable(
  'sales_order',
  {
    id: id(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    sourcePlatformId: ref('source_platform_id'),
    externalOrderNo: varchar('external_order_no', { length: 64 }),
    channelId: ref('channel_id'),
    clientId: ref('client_id').notNull(),
    memberUserId: ref('member_user_id'),
    buyerName: varchar('buyer_name', { length: 64 }).notNull().default(''),
    buyerMobile: varchar('buyer_mobile', { length: 20 }).notNull().default(''),
    gradeId: ref('grade_id'),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    adjustAmount: bigint('adjust_amount', { mode: 'number' }).notNull().default(0),
    payAmount: bigint('pay_amount', { mode: 'number' }).notNull(),
    refundAmount: bigint('refund_amount', { mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    refundStatus: varchar('refund_status', { length: 16 }).notNull().default('NONE'),
    cancelType: varchar('cancel_type', { length: 16 }),
    payMethod: varchar('pay_method', { length: 16 }),
    payTime: tstz('pay_time'),
    payTradeNo: varchar('pay_trade_no', { length: 64 }).notNull().default(''),
    voucherUrls: text('voucher_urls').array().notNull().default(sql`'{}'::text[]`),
    confirmedBy: ref('confirmed_by'),
    /** Revenue attribution, snapshotted at payment; moved only by "change attribution". */
    salesUserId: ref('sales_user_id'),
    salesDeptId: ref('sales_dept_id'),
    createdType: varchar('created_type', { length: 8 }).notNull().default('MANUAL'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    buyerRemark: varchar('buyer_remark', { length: 500 }).notNull().default(''),
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sales_order_no_uq').on(t.orderNo),
    uniqueIndex('sales_order_external_uq').on(t.sourcePlatformId, t.externalOrderNo),
    // The order-number search (own or platform number) looks the platform number up on its own;
    // the unique index above leads with the platform (bench:orders: 149 ms without, at 2M orders).
    index('sales_order_external_no_idx').on(t.externalOrderNo).where(sql`external_order_no IS NOT NULL`),
    uniqueIndex('sales_order_idempotency_uq').on(t.createdBy, t.idempotencyKey),
    index('sales_order_created_idx').on(t.createdAt, t.id),
    index('sales_order_pay_time_idx').on(t.payTime, t.id),
    index('sales_order_status_idx').on(t.status, t.createdAt),
    // A status's newest first with the id tie-break, read straight off the index: without the id
    // the planner walks the created_at index instead, and for COMPLETED (all older than the refund
    // window) that walk skips every newer order (18-30 ms at 2M orders, 0.08 ms with this).
    // (Ascending, read backwards: "created_at DESC, id DESC" is NULLS FIRST, which a DESC NULLS LAST
    // index would not give.)
    index('sales_order_status_created_idx').on(t.status, t.createdAt, t.id),
    index('sales_order_sales_idx').on(t.salesUserId, t.createdAt),
    index('sales_order_client_idx').on(t.clientId),
    // "is this the client's first paid order" (new deal clients, deal cycle): one probe per order
    index('sales_order_client_paid_idx').on(t.clientId, t.payTime, t.id).where(sql`pay_time IS NOT NULL`),
    index('sales_order_mobile_idx').on(t.buyerMobile),
    check(
      'sales_order_amounts_chk',
      sql`${t.totalAmount} >= 0 AND ${t.discountAmount} >= 0 AND ${t.payAmount} >= 0
      AND ${t.payAmount} = ${t.totalAmount} - ${t.discountAmount} + ${t.adjustAmount}`,
    ),
    check('sales_order_refund_chk', sql`${t.refundAmount} >= 0 AND ${t.refundAmount} <= ${t.payAmount}`),
    check('sales_order_status_chk', sql`${t.status} IN ('PENDING','PAID','COMPLETED','CANCELLED','CLOSED')`),
  ],
);

export const orderItem = pgTable(
  'order_item',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => salesOrder.id),
    spuId: ref('spu_id')
      .notNull()
      .references(() => productSpu.id),
    skuId: ref('sku_id')
      .notNull()
      .references(() => productSku.id),
    spuName: varchar('spu_name', { length: 64 }).notNull(),
    skuSpec: varchar('sku_spec', { length: 200 }).notNull().default(''),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    discountShare: bigint('discount_share', { mode: 'number' }).notNull().default(0),
    payAmount: bigint('pay_amount', { mode: 'number' }).notNull(),
    refundAmount: bigint('refund_amount', { mode: 'number' }).notNull().default(0),
    classId: ref('class_id'),
  },
  (t) => [
    // (order_id, id): also the first line of an order (refunds without a split are put on it)
    index('order_item_order_idx').on(t.orderId, t.id),
    index('order_item_spu_idx').on(t.spuId),
    index('order_item_sku_idx').on(t.skuId),
    check(
      'order_item_amounts_chk',
      sql`${t.qty} > 0 AND ${t.payAmount} >= 0 AND ${t.refundAmount} >= 0 AND ${t.refundAmount} <= ${t.payAmount}`,
    ),
  ],
);

export const refund = pgTable(
  'refund',
  {
    id: id(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    orderId: ref('order_id')
      .notNull()
      .references(() => salesOrder.id),
    items: jsonb('items').notNull().default(sql`'[]'::jsonb`),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('APPLIED'),
    appliedBy: ref('applied_by'),
    auditedBy: ref('audited_by'),
    auditRemark: varchar('audit_remark', { length: 200 }).notNull().default(''),
    refundedAt: tstz('refunded_at'),
    channelRefundNo: varchar('channel_refund_no', { length: 64 }),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('refund_no_uq').on(t.refundNo),
    index('refund_order_idx').on(t.orderId),
    index('refund_refunded_idx').on(t.refundedAt),
    check('refund_amount_chk', sql`${t.amount} > 0`),
    check('refund_status_chk', sql`${t.status} IN ('APPLIED','APPROVED','SUCCESS','REJECTED','CANCELLED')`),
  ],
);

/** Every move of revenue between sales staff (the only way to move it), with its reason. */
export const orderAttributionLog = pgTable(
  'order_attribution_log',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => salesOrder.id),
    fromUserId: ref('from_user_id'),
    toUserId: ref('to_user_id').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    operatorId: ref('operator_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_attribution_order_idx').on(t.orderId)],
);
