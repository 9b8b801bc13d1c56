import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
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
