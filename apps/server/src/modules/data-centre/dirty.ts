import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Late data (DOMAIN 2.3): a change that moves figures of past business days (a payment confirmed
 * with an old date, an attribution change, a deleted client) marks those days dirty in the same
 * transaction. A dirty day is computed live until the nightly job recomputes its aggregates.
 * `when`: timestamps, or a SQL query answering timestamps in a column `ts`.
 */
export const markDirty = async (tx: DbOrTx, when: (Date | null | undefined)[] | SQL): Promise<void> => {
  if (Array.isArray(when)) {
    const times = when.filter((d): d is Date => d instanceof Date);
    if (!times.length) return;
    await tx.execute(
      sql`INSERT INTO stat_dirty_date (stat_date)
          SELECT DISTINCT (t AT TIME ZONE 'Asia/Shanghai')::date FROM unnest(${`{${times.map((t) => t.toISOString()).join(',')}}`}::timestamptz[]) AS t
          ON CONFLICT (stat_date) DO NOTHING`,
    );
    return;
  }
  await tx.execute(
    sql`INSERT INTO stat_dirty_date (stat_date)
        SELECT DISTINCT (q.ts AT TIME ZONE 'Asia/Shanghai')::date FROM (${when}) q WHERE q.ts IS NOT NULL
        ON CONFLICT (stat_date) DO NOTHING`,
  );
};

/** The business days an order's figures sit on: its payment, its refunds, and its client's first payment. */
export const orderDays = (orderId: number): SQL =>
  sql`SELECT pay_time AS ts FROM sales_order WHERE id = ${orderId}
      UNION ALL SELECT refunded_at FROM refund WHERE order_id = ${orderId} AND refunded_at IS NOT NULL
      UNION ALL SELECT min(p.pay_time) FROM sales_order p JOIN sales_order o ON o.client_id = p.client_id WHERE o.id = ${orderId}`;
