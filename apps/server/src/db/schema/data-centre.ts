import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * Daily aggregates of the data centre (DOMAIN 2.3), written by the nightly job from the fact
 * definitions of modules/data-centre/facts.ts (one column per fact). Keys are 0 for "none" (the
 * pool, no channel...). Distinct-count facts keep their ids (bigint[]) so that any range and any
 * dimension is counted exactly (a client paying on two days counts once in the week).
 */
const n = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const ids = (name: string) => bigint(name, { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`);

export const statSalesDaily = pgTable(
  'stat_sales_daily',
  {
    statDate: date('stat_date', { mode: 'string' }).notNull(),
    userId: n('user_id'),
    deptId: n('dept_id'),
    channelId: n('channel_id'),
    platformId: n('platform_id'),
    newClients: n('new_clients'),
    assigned: n('assigned'),
    followUps: n('follow_ups'),
    followedClients: ids('followed_clients'),
    calls: n('calls'),
    callsAnswered: n('calls_answered'),
    talkSeconds: n('talk_seconds'),
    wecomAdded: n('wecom_added'),
    wecomLost: n('wecom_lost'),
    wecomDeleted: n('wecom_deleted'),
    paidOrders: n('paid_orders'),
    paidAmount: n('paid_amount'),
    refundAmount: n('refund_amount'),
    refundOrders: ids('refund_orders'),
    payingClients: ids('paying_clients'),
    newDealClients: n('new_deal_clients'),
    dealCycleSeconds: n('deal_cycle_seconds'),
    poolIn: n('pool_in'),
    poolClaimed: n('pool_claimed'),
  },
  (t) => [
    primaryKey({ columns: [t.statDate, t.userId, t.deptId, t.channelId, t.platformId] }),
    index('stat_sales_daily_user_idx').on(t.userId, t.statDate),
  ],
);

export const statProductDaily = pgTable(
  'stat_product_daily',
  {
    statDate: date('stat_date', { mode: 'string' }).notNull(),
    spuId: n('spu_id'),
    skuId: n('sku_id'),
    platformId: n('platform_id'),
    channelId: n('channel_id'),
    paidOrders: ids('paid_orders'),
    paidQty: n('paid_qty'),
    paidAmount: n('paid_amount'),
    refundAmount: n('refund_amount'),
    refundLines: n('refund_lines'),
    buyers: ids('buyers'),
    newBuyers: ids('new_buyers'),
  },
  (t) => [
    primaryKey({ columns: [t.statDate, t.spuId, t.skuId, t.platformId, t.channelId] }),
    index('stat_product_daily_spu_idx').on(t.spuId, t.statDate),
  ],
);

/** Business dates whose aggregates are stale (late data); the nightly job recomputes and clears them. */
export const statDirtyDate = pgTable('stat_dirty_date', {
  statDate: date('stat_date', { mode: 'string' }).primaryKey(),
  markedAt: tstz('marked_at').notNull().defaultNow(),
});

/**
 * Roll-ups of the data centre (modules/data-centre/rollup.ts): per business day (span 'D') and per
 * calendar month (span 'M') one row per dimension (dim 0: everything, key 0; dim 1-4: the daily
 * aggregates' keys in order; products dim 5: the price band) and key, with the sums, and for each
 * distinct-count fact its count `<fact>` and the sorted gaps (days since the same id's previous
 * occurrence under the same key, a day row's gaps up to 431 days, a month row's counted from the
 * month's first day) with their cumulative counts: a range starting o days before the row counts
 * `<fact> - <fact>_cum[width_bucket(o, <fact>_gaps)]` new ids on it, so long ranges read few rows
 * and stay exact. A marker row (dim -1) says that a day or a month is written.
 */
const cnt = (name: string) => integer(name).notNull().default(0);
const gaps = (name: string) => integer(name).array().notNull().default(sql`'{}'::int[]`);
const rollupKeys = {
  span: text('span').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  dim: smallint('dim').notNull(),
  key: n('key'),
};

export const statSalesRollup = pgTable(
  'stat_sales_rollup',
  {
    ...rollupKeys,
    newClients: n('new_clients'),
    assigned: n('assigned'),
    followUps: n('follow_ups'),
    followedClients: cnt('followed_clients'),
    followedClientsGaps: gaps('followed_clients_gaps'),
    followedClientsCum: gaps('followed_clients_cum'),
    calls: n('calls'),
    callsAnswered: n('calls_answered'),
    talkSeconds: n('talk_seconds'),
    wecomAdded: n('wecom_added'),
    wecomLost: n('wecom_lost'),
    wecomDeleted: n('wecom_deleted'),
    paidOrders: n('paid_orders'),
    paidAmount: n('paid_amount'),
    refundAmount: n('refund_amount'),
    refundOrders: cnt('refund_orders'),
    refundOrdersGaps: gaps('refund_orders_gaps'),
    refundOrdersCum: gaps('refund_orders_cum'),
    payingClients: cnt('paying_clients'),
    payingClientsGaps: gaps('paying_clients_gaps'),
    payingClientsCum: gaps('paying_clients_cum'),
    newDealClients: n('new_deal_clients'),
    dealCycleSeconds: n('deal_cycle_seconds'),
    poolIn: n('pool_in'),
    poolClaimed: n('pool_claimed'),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.dim, t.key, t.startDate] }),
    index('stat_sales_rollup_date_idx').on(t.span, t.dim, t.startDate),
  ],
);

export const statProductRollup = pgTable(
  'stat_product_rollup',
  {
    ...rollupKeys,
    paidOrders: cnt('paid_orders'),
    paidOrdersGaps: gaps('paid_orders_gaps'),
    paidOrdersCum: gaps('paid_orders_cum'),
    paidQty: n('paid_qty'),
    paidAmount: n('paid_amount'),
    refundAmount: n('refund_amount'),
    refundLines: n('refund_lines'),
    buyers: cnt('buyers'),
    buyersGaps: gaps('buyers_gaps'),
    buyersCum: gaps('buyers_cum'),
    newBuyers: cnt('new_buyers'),
    newBuyersGaps: gaps('new_buyers_gaps'),
    newBuyersCum: gaps('new_buyers_cum'),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.dim, t.key, t.startDate] }),
    index('stat_product_rollup_date_idx').on(t.span, t.dim, t.startDate),
  ],
);

/**
 * The generation of the aggregates (modules/data-centre/cache.ts): one counter per aggregate group
 * ('sales': stat_sales_daily and stat_sales_rollup; 'product': stat_product_daily and
 * stat_product_rollup), bumped by a statement trigger on those tables in the transaction that
 * writes them (nightly job, recompute, rebuild, patches, tools), so every server sharing the
 * database sees a new generation exactly when the past days' figures may have changed.
 */
export const statGeneration = pgTable('stat_generation', {
  name: text('name').primaryKey(),
  gen: bigint('gen', { mode: 'number' }).notNull().default(0),
});
