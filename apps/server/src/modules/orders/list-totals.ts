import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { PlannerEstimates } from '../../lib/planner-estimate';

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

/**
 * A list's time window, estimated apart from its other conditions: `base` is the FROM + WHERE
 * without the window (planned once per distinct filter, remembered 30 s), scaled by the window's
 * share of the column's histogram (PlannerEstimates.rangeShare).
 */
export interface WindowEstimate {
  base: SQL;
  column: string;
  from?: Date;
  to?: Date;
}

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
  private readonly planner: PlannerEstimates;

  constructor(
    private readonly db: Db,
    /** The table whose size decides "small": pg_class.reltuples. */
    table: 'sales_order' | 'order_item' | 'call_record' | 'sms_log' | 'course_user',
    /** Count (capped) a full page's list only when the planner expects at most this many rows. */
    private readonly countWhenEstimatedAtMost = LIST_COUNT_WHEN_ESTIMATED_AT_MOST,
  ) {
    this.planner = new PlannerEstimates(db, table);
  }

  /** Whether to count (capped) for `fromWhere`, or the estimate to show instead. */
  async plan(
    fromWhere: SQL,
    timeWindow?: WindowEstimate,
  ): Promise<{ count: true } | { count: false; estimate: number }> {
    if ((await this.planner.tableSize()) < LIST_ALWAYS_COUNT_BELOW_ROWS) return { count: true };
    const est = await this.estimate(fromWhere, timeWindow);
    if (est == null || est <= this.countWhenEstimatedAtMost) return { count: true };
    return { count: false, estimate: Math.round(est) };
  }

  private async estimate(fromWhere: SQL, timeWindow?: WindowEstimate): Promise<number | null> {
    if (timeWindow && (timeWindow.from || timeWindow.to)) {
      const share = await this.planner.rangeShare(timeWindow.column, timeWindow.from, timeWindow.to);
      const base = share == null ? null : await this.planner.rows(timeWindow.base);
      if (share != null && base != null) return base * share;
    }
    return this.planner.rows(fromWhere);
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

  /**
   * As `page`, for lists read as the page's ids then their rows: `ids(limit)` is asked for one id
   * more than the page, so a page that is not full (a client's calls, any short list) is its own
   * exact total with neither the planner's estimate nor a count; only a full page plans and, when
   * the planner expects few rows, counts (capped).
   */
  async pageOfIds<T>(
    fromWhere: SQL,
    ids: (limit: number) => Promise<number[]>,
    rows: (ids: number[]) => Promise<T[]>,
    q: { page: number; pageSize: number },
    timeWindow?: WindowEstimate,
  ): Promise<{ items: T[] } & ListTotal> {
    const offset = (q.page - 1) * q.pageSize;
    const fetched = await ids(q.pageSize + 1);
    const pageIds = fetched.slice(0, q.pageSize);
    const items = pageIds.length ? await rows(pageIds) : [];
    if (fetched.length <= q.pageSize && (fetched.length > 0 || offset === 0))
      return { items, total: offset + fetched.length, totalExact: true };
    const plan = await this.plan(fromWhere, timeWindow);
    if (!plan.count)
      return { items, total: Math.max(plan.estimate, offset + fetched.length), totalExact: false };
    const counted = await this.count(fromWhere);
    return { items, total: Math.min(counted, LIST_COUNT_CAP), totalExact: counted <= LIST_COUNT_CAP };
  }
}
