import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';

/** A count stops at this many rows; beyond, the pager says "10,000+" (totalExact false). */
export const LIST_COUNT_CAP = 10_000;
/**
 * Counted (capped) only when the planner expects at most this many rows; above, its estimate is the
 * total (totalExact false). At two million orders a capped count of 10,001 rows costs 3-4 ms for
 * the orders and 14-170 ms for deal lines (a join per line), on every page view (bench:orders).
 */
export const LIST_COUNT_WHEN_ESTIMATED_AT_MOST = 2000;
/** Below this many rows in the table every total is counted (cheap at that size). */
export const LIST_ALWAYS_COUNT_BELOW_ROWS = 50_000;
const TTL_MS = 30_000;
const CACHE_MAX = 2000;
const dialect = new PgDialect();

export interface ListTotal {
  total: number;
  totalExact: boolean;
}

/**
 * Pager totals of a large list without counting millions of rows per page view (as the client
 * lists do): the planner's row estimate of the list's FROM + WHERE (one planning pass, remembered
 * for 30 s per distinct WHERE) decides between a capped count and the estimate itself.
 */
export class ListTotals {
  private estimates = new Map<string, { at: number; rows: number | null }>();
  private tableRows: { at: number; rows: number } | null = null;

  constructor(
    private readonly db: Db,
    /** The table whose size decides "small": pg_class.reltuples. */
    private readonly table: 'sales_order' | 'order_item',
  ) {}

  private async size(): Promise<number> {
    const now = Date.now();
    if (this.tableRows && now - this.tableRows.at < TTL_MS) return this.tableRows.rows;
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = ${this.table}::regclass`,
    );
    this.tableRows = { at: now, rows: Number(row?.n ?? -1) };
    return this.tableRows.rows;
  }

  /** The planner's row estimate of `SELECT 1 <fromWhere>`, or null when it cannot be read. */
  private async estimate(fromWhere: SQL): Promise<number | null> {
    const query = dialect.sqlToQuery(fromWhere);
    const key = `${query.sql}\u0000${JSON.stringify(query.params)}`;
    const now = Date.now();
    const hit = this.estimates.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.rows;
    let rows: number | null = null;
    try {
      const res = await queryRows<{ 'QUERY PLAN': unknown }>(
        this.db,
        sql`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`,
      );
      const raw = res[0]?.['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
      const n = plan?.[0]?.Plan?.['Plan Rows'];
      rows = typeof n === 'number' ? n : null;
    } catch {
      rows = null;
    }
    if (this.estimates.size >= CACHE_MAX) this.estimates.clear();
    this.estimates.set(key, { at: now, rows });
    return rows;
  }

  /** Whether to count (capped) for `fromWhere`, or the estimate to show instead. */
  async plan(fromWhere: SQL): Promise<{ count: true } | { count: false; estimate: number }> {
    if ((await this.size()) < LIST_ALWAYS_COUNT_BELOW_ROWS) return { count: true };
    const est = await this.estimate(fromWhere);
    if (est == null || est <= LIST_COUNT_WHEN_ESTIMATED_AT_MOST) return { count: true };
    return { count: false, estimate: Math.round(est) };
  }

  /** A capped count of `fromWhere`. */
  async count(fromWhere: SQL, cap = LIST_COUNT_CAP + 1): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap}) t`,
    );
    return row?.n ?? 0;
  }

  /**
   * The page's rows and its total: counted (capped at LIST_COUNT_CAP) or estimated. A first page
   * shorter than the page size is its own exact total, whatever the estimate said.
   */
  async page<T>(
    fromWhere: SQL,
    rows: () => Promise<T[]>,
    q: { page: number; pageSize: number },
  ): Promise<{ items: T[] } & ListTotal> {
    const plan = await this.plan(fromWhere);
    const [items, counted] = await Promise.all([rows(), plan.count ? this.count(fromWhere) : null]);
    const offset = (q.page - 1) * q.pageSize;
    let total: ListTotal;
    if (counted != null)
      total = { total: Math.min(counted, LIST_COUNT_CAP), totalExact: counted <= LIST_COUNT_CAP };
    else if (offset === 0 && items.length < q.pageSize) total = { total: items.length, totalExact: true };
    else
      total = { total: Math.max(plan.count ? 0 : plan.estimate, offset + items.length), totalExact: false };
    return { items, ...total };
  }
}
