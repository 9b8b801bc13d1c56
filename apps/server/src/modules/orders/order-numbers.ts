import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/** Business day in Asia/Shanghai (UTC+8, no DST) as yyyyMMdd. */
export const shanghaiDay = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** Readable, unique numbers: prefix + Shanghai day + a database sequence (safe across servers). */
export const nextNumber = async (db: DbOrTx, prefix: 'SO' | 'RF', now: Date) => {
  const seq = prefix === 'SO' ? sql`nextval('sales_order_no_seq')` : sql`nextval('refund_no_seq')`;
  const [row] = await queryRows<{ n: string | number }>(db, sql`SELECT ${seq} AS n`);
  return `${prefix}${shanghaiDay(now)}${String(row?.n ?? 0).padStart(8, '0')}`;
};
