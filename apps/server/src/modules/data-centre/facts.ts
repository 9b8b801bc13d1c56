import { type SQL, sql } from 'drizzle-orm';

/**
 * The facts behind every data-centre metric (DOMAIN 2.1), each defined ONCE as the SQL of its
 * events: one row per counted thing with its time, its four keys and its value. The nightly job
 * groups these events by business day and keys into the aggregate tables (one column per fact);
 * a live figure (today, a dirty day) groups the same events directly. Metrics (metrics.ts) are
 * computed from the facts only, so raw and aggregate figures cannot drift apart.
 *
 * `sum` facts add their values; `ids` facts count distinct values (the aggregates keep the ids, so
 * a week or a department counts a client once however many days or rows it appears on).
 */
export interface Fact {
  /** Column in the aggregate table. */
  column: string;
  kind: 'sum' | 'ids';
  /**
   * An id occurs on one business day only (an order's payment, a client's first payment): it has
   * no previous occurrence, so the roll-ups look none up.
   */
  once?: true;
  /**
   * SELECT ts, k1, k2, k3, k4, k5, v ... with `ts` in [from, to); with `k1`, only the events whose
   * k1 is that key (in the fact's own columns, where their indexes find them).
   */
  events(from: Date, to: Date, k1?: number): SQL;
}

/** A timestamptz's Asia/Shanghai business day. */
export const dayOf = (ts: SQL) => sql`((${ts}) AT TIME ZONE 'Asia/Shanghai')::date`;

const k = (e: string) => sql.raw(`coalesce((${e})::bigint, 0)`);

/** Sales facts; keys: k1 user (sales / owner / author), k2 department, k3 channel, k4 platform. */
const ev = (
  ts: string,
  keys: [string, string, string, string] | [string, string, string, string, string],
  value: string,
  from: string,
  where: string,
  a: Date,
  b: Date,
  k1?: number,
) =>
  sql`SELECT ${sql.raw(ts)} AS ts, ${k(keys[0])} AS k1, ${k(keys[1])} AS k2, ${k(keys[2])} AS k3, ${k(keys[3])} AS k4, ${k(keys[4] ?? '0')} AS k5, (${sql.raw(value)})::bigint AS v
      FROM ${sql.raw(from)} WHERE ${sql.raw(where)} AND ${sql.raw(ts)} >= ${a} AND ${sql.raw(ts)} < ${b}${k1PinOf(keys[0], k1)}`;

/**
 * The k1 pin in a fact's own SQL: `k1 = key` on the events (k1 is the column, 0 when null) is the
 * column equal to the key, which the column's indexes answer (a sales user's follow-ups, logs).
 */
const k1PinOf = (column: string, key: number | undefined) => {
  if (key === undefined) return sql``;
  if (!Number.isSafeInteger(key)) throw new Error('k1 pin: an integer key');
  // A key of 0 stands for the rows without one; a constant column keeps all or none.
  if (key === 0) return sql` AND coalesce((${sql.raw(column)})::bigint, 0) = 0`;
  return sql` AND (${sql.raw(column)}) = ${key}`;
};

/** Paid orders with their attribution (snapshotted at payment, DOMAIN 2.1 attribution rules). */
const PAID = 'sales_order o';
const ORDER_KEYS: [string, string, string, string] = [
  'o.sales_user_id',
  'o.sales_dept_id',
  'o.channel_id',
  'o.source_platform_id',
];
/** The client's first paid order (M17, P07): no paid order of the client before it. */
// The row comparison (not the equivalent OR) lets the probe be one range of sales_order_client_paid_idx.
const FIRST_PAID = `NOT EXISTS (SELECT 1 FROM sales_order p WHERE p.client_id = o.client_id AND p.pay_time IS NOT NULL
  AND (p.pay_time, p.id) < (o.pay_time, o.id))`;
const REFUNDS = 'refund r JOIN sales_order o ON o.id = r.order_id';
const OWNER_LOG = 'client_owner_log l LEFT JOIN admin_user au ON au.id = l.to_user_id';
const FROM_LOG = 'client_owner_log l LEFT JOIN admin_user au ON au.id = l.from_user_id';
const WECOM_EVENT = `wecom_callback_event w LEFT JOIN wecom_relation wr ON wr.corp_id = w.corp_id
  AND wr.external_userid = w.payload->>'ExternalUserID' AND wr.userid = w.payload->>'UserID'
  LEFT JOIN admin_user au ON au.id = wr.staff_user_id`;

export const SALES_FACTS: Fact[] = [
  {
    // M01: clients created in P, not deleted, credited to the first owner (0: the pool); the lead's
    // channel and platform are the client's.
    column: 'new_clients',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'c.created_at',
        ['c.first_owner_user_id', 'au.department_id', 'c.channel_id', 'c.source_platform_id'],
        '1',
        'client c LEFT JOIN admin_user au ON au.id = c.first_owner_user_id',
        'c.deleted = false',
        a,
        b,
        k1,
      ),
  },
  {
    // M02: assigned, claimed or transferred to the user.
    column: 'assigned',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'l.created_at',
        ['l.to_user_id', 'au.department_id', '0', '0'],
        '1',
        OWNER_LOG,
        `l.type IN ('ASSIGN','CLAIM','TRANSFER')`,
        a,
        b,
        k1,
      ),
  },
  {
    // M03: follow-ups written (manual and automatic), by author.
    column: 'follow_ups',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'f.created_at',
        ['f.created_by', 'f.creator_dept_id', '0', '0'],
        '1',
        'follow_up f',
        'f.deleted = false',
        a,
        b,
        k1,
      ),
  },
  {
    // M04: distinct clients of M03.
    column: 'followed_clients',
    kind: 'ids',
    events: (a, b, k1) =>
      ev(
        'f.created_at',
        ['f.created_by', 'f.creator_dept_id', '0', '0'],
        'f.client_id',
        'follow_up f',
        'f.deleted = false',
        a,
        b,
        k1,
      ),
  },
  {
    // M05: outbound calls started in P.
    column: 'calls',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'cr.started_at',
        ['cr.user_id', 'cr.dept_id', '0', '0'],
        '1',
        'call_record cr',
        `cr.direction = 'OUT'`,
        a,
        b,
        k1,
      ),
  },
  {
    // M06: answered with talk time.
    column: 'calls_answered',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'cr.started_at',
        ['cr.user_id', 'cr.dept_id', '0', '0'],
        '1',
        'call_record cr',
        `cr.direction = 'OUT' AND cr.answered_at IS NOT NULL AND cr.talk_seconds > 0`,
        a,
        b,
        k1,
      ),
  },
  {
    // M08: talk seconds of M06.
    column: 'talk_seconds',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'cr.started_at',
        ['cr.user_id', 'cr.dept_id', '0', '0'],
        'cr.talk_seconds',
        'call_record cr',
        `cr.direction = 'OUT' AND cr.answered_at IS NOT NULL AND cr.talk_seconds > 0`,
        a,
        b,
        k1,
      ),
  },
  {
    // M09: WeCom relations added in P (WeCom's follow_user.createtime), by the bound staff user.
    column: 'wecom_added',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'wr.add_time',
        ['wr.staff_user_id', 'au.department_id', '0', '0'],
        '1',
        'wecom_relation wr LEFT JOIN admin_user au ON au.id = wr.staff_user_id',
        'TRUE',
        a,
        b,
        k1,
      ),
  },
  {
    // M10: the customer deleted the staff member (del_follow_user events applied).
    column: 'wecom_lost',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'w.received_at',
        ['wr.staff_user_id', 'au.department_id', '0', '0'],
        '1',
        WECOM_EVENT,
        `w.event = 'change_external_contact' AND w.change_type = 'del_follow_user' AND w.status = 'DONE'`,
        a,
        b,
        k1,
      ),
  },
  {
    // M10 (reported separately): the staff member deleted the customer.
    column: 'wecom_deleted',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'w.received_at',
        ['wr.staff_user_id', 'au.department_id', '0', '0'],
        '1',
        WECOM_EVENT,
        `w.event = 'change_external_contact' AND w.change_type = 'del_external_contact' AND w.status = 'DONE'`,
        a,
        b,
        k1,
      ),
  },
  {
    // M11: orders paid in P (including those refunded later).
    column: 'paid_orders',
    kind: 'sum',
    events: (a, b, k1) => ev('o.pay_time', ORDER_KEYS, '1', PAID, 'o.pay_time IS NOT NULL', a, b, k1),
  },
  {
    // M12: their paid amount.
    column: 'paid_amount',
    kind: 'sum',
    events: (a, b, k1) =>
      ev('o.pay_time', ORDER_KEYS, 'o.pay_amount', PAID, 'o.pay_time IS NOT NULL', a, b, k1),
  },
  {
    // M13: refunds paid back in P (refund-date basis), credited to the order's sales.
    column: 'refund_amount',
    kind: 'sum',
    events: (a, b, k1) =>
      ev('r.refunded_at', ORDER_KEYS, 'r.amount', REFUNDS, `r.status = 'SUCCESS'`, a, b, k1),
  },
  {
    // M14: distinct orders of M13.
    column: 'refund_orders',
    kind: 'ids',
    events: (a, b, k1) =>
      ev('r.refunded_at', ORDER_KEYS, 'r.order_id', REFUNDS, `r.status = 'SUCCESS'`, a, b, k1),
  },
  {
    // M16: distinct paying clients of M11.
    column: 'paying_clients',
    kind: 'ids',
    events: (a, b, k1) =>
      ev('o.pay_time', ORDER_KEYS, 'o.client_id', PAID, 'o.pay_time IS NOT NULL', a, b, k1),
  },
  {
    // M17: clients whose first ever paid order is in P (credited like that order).
    column: 'new_deal_clients',
    kind: 'sum',
    events: (a, b, k1) =>
      ev('o.pay_time', ORDER_KEYS, '1', PAID, `o.pay_time IS NOT NULL AND ${FIRST_PAID}`, a, b, k1),
  },
  {
    // M24 numerator: seconds from the client's creation to that first payment.
    column: 'deal_cycle_seconds',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'o.pay_time',
        ORDER_KEYS,
        'greatest(0, floor(extract(epoch FROM o.pay_time - c.created_at)))',
        'sales_order o JOIN client c ON c.id = o.client_id',
        `o.pay_time IS NOT NULL AND ${FIRST_PAID}`,
        a,
        b,
        k1,
      ),
  },
  {
    // M23: dropped into the pool (released or recycled), by the previous owner.
    column: 'pool_in',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'l.created_at',
        ['l.from_user_id', 'au.department_id', '0', '0'],
        '1',
        FROM_LOG,
        `l.type IN ('RELEASE','AUTO_RECYCLE')`,
        a,
        b,
        k1,
      ),
  },
  {
    // M23: claimed from the pool.
    column: 'pool_claimed',
    kind: 'sum',
    events: (a, b, k1) =>
      ev(
        'l.created_at',
        ['l.to_user_id', 'au.department_id', '0', '0'],
        '1',
        OWNER_LOG,
        `l.type = 'CLAIM'`,
        a,
        b,
        k1,
      ),
  },
];

/**
 * Paid order lines; product keys: k1 SPU, k2 SKU, k3 platform, k4 channel, k5 the line's price band
 * (PRICE_BANDS, 1-based; kept on the roll-ups only, not on the daily aggregates).
 */
const ITEMS = 'order_item i JOIN sales_order o ON o.id = i.order_id';
/** Unit-price bands of the product overview (fen, upper bounds exclusive); the last one is open. */
export const PRICE_BANDS: { label: string; below: number | null }[] = [
  { label: '0-100', below: 10_000 },
  { label: '100-500', below: 50_000 },
  { label: '500-1000', below: 100_000 },
  { label: '1000-5000', below: 500_000 },
  { label: '5000+', below: null },
];
const BAND = `CASE ${PRICE_BANDS.map((b, i) => (b.below === null ? `ELSE ${i + 1}` : `WHEN i.unit_price < ${b.below} THEN ${i + 1}`)).join(' ')} END`;
const ITEM_KEYS: [string, string, string, string, string] = [
  'i.spu_id',
  'i.sku_id',
  'o.source_platform_id',
  'o.channel_id',
  BAND,
];
/**
 * Refunded amounts per order line and refund: the split recorded on the refund, or (refunds
 * without one) the whole amount on the order's first line.
 */
const REFUND_LINES = `refund r JOIN sales_order o ON o.id = r.order_id
  CROSS JOIN LATERAL (
    SELECT (x->>'itemId')::bigint AS item_id, (x->>'amount')::bigint AS amount FROM jsonb_array_elements(r.items) x
    WHERE jsonb_typeof(r.items) = 'array' AND jsonb_array_length(r.items) > 0
    UNION ALL
    SELECT (SELECT min(id) FROM order_item WHERE order_id = r.order_id), r.amount
    WHERE jsonb_typeof(r.items) <> 'array' OR jsonb_array_length(r.items) = 0
  ) s JOIN order_item i ON i.id = s.item_id`;

export const PRODUCT_FACTS: Fact[] = [
  {
    // P01: distinct paid orders with the product.
    column: 'paid_orders',
    kind: 'ids',
    once: true,
    events: (a, b, k1) => ev('o.pay_time', ITEM_KEYS, 'o.id', ITEMS, 'o.pay_time IS NOT NULL', a, b, k1),
  },
  {
    // P02: units paid.
    column: 'paid_qty',
    kind: 'sum',
    events: (a, b, k1) => ev('o.pay_time', ITEM_KEYS, 'i.qty', ITEMS, 'o.pay_time IS NOT NULL', a, b, k1),
  },
  {
    // P03: the lines' paid amounts (order discount shared pro rata at order time).
    column: 'paid_amount',
    kind: 'sum',
    events: (a, b, k1) =>
      ev('o.pay_time', ITEM_KEYS, 'i.pay_amount', ITEMS, 'o.pay_time IS NOT NULL', a, b, k1),
  },
  {
    // P04: refunded amount by refund date.
    column: 'refund_amount',
    kind: 'sum',
    events: (a, b, k1) =>
      ev('r.refunded_at', ITEM_KEYS, 's.amount', REFUND_LINES, `r.status = 'SUCCESS'`, a, b, k1),
  },
  {
    // P04: refunded lines by refund date.
    column: 'refund_lines',
    kind: 'sum',
    events: (a, b, k1) => ev('r.refunded_at', ITEM_KEYS, '1', REFUND_LINES, `r.status = 'SUCCESS'`, a, b, k1),
  },
  {
    // P06: distinct buyers.
    column: 'buyers',
    kind: 'ids',
    events: (a, b, k1) =>
      ev('o.pay_time', ITEM_KEYS, 'o.client_id', ITEMS, 'o.pay_time IS NOT NULL', a, b, k1),
  },
  {
    // P07 numerator: buyers for whom this order is their first paid order.
    column: 'new_buyers',
    kind: 'ids',
    once: true,
    events: (a, b, k1) =>
      ev('o.pay_time', ITEM_KEYS, 'o.client_id', ITEMS, `o.pay_time IS NOT NULL AND ${FIRST_PAID}`, a, b, k1),
  },
];

export type FactValues = Record<string, number>;
