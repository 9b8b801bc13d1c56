import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/client';

const TTL_MS = 30_000;
const CACHE_MAX = 2000;
const dialect = new PgDialect();

/**
 * The planner's ideas of a list's size, remembered for 30 s: the row estimate of
 * `SELECT 1 <fromWhere>` (one planning pass, no execution; per distinct SQL and parameters) and a
 * table's size (pg_class.reltuples; -1 = never analysed). They only decide whether a pager counts
 * (capped) or shows an estimate, so a 30-second-old figure is good enough.
 */
export class PlannerEstimates {
  private estimates = new Map<string, { at: number; rows: number | null }>();
  private tableRows: { at: number; rows: number } | null = null;
  private histograms = new Map<string, { at: number; nullFrac: number; bounds: number[] | null }>();

  constructor(
    private readonly db: Db,
    private readonly table: string,
  ) {}

  /** The planner's row estimate of `SELECT 1 <fromWhere>`, or null when it cannot be read. */
  async rows(fromWhere: SQL): Promise<number | null> {
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

  /** The planner's idea of the table's size (pg_class.reltuples; -1 = never analysed). */
  async tableSize(): Promise<number> {
    const now = Date.now();
    if (this.tableRows && now - this.tableRows.at < TTL_MS) return this.tableRows.rows;
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = ${this.table}::regclass`,
    );
    this.tableRows = { at: now, rows: Number(row?.n ?? -1) };
    return this.tableRows.rows;
  }

  /**
   * The share of the table's rows whose `column` lies in [from, to], read from the column's
   * histogram in pg_stats as the planner reads it for a range clause (equal-count buckets,
   * linear inside a bucket, nulls excluded); null without a histogram (never analysed). A list
   * filtered by a random time window would otherwise be planned once per request only for its
   * estimate: its rows are the estimate without the window times this share, the same
   * independence the planner assumes between the window and the other conditions.
   */
  async rangeShare(column: string, from?: Date, to?: Date): Promise<number | null> {
    const now = Date.now();
    let h = this.histograms.get(column);
    if (!h || now - h.at >= TTL_MS) {
      const [row] = await queryRows<{ null_frac: number | null; bounds: number[] | null }>(
        this.db,
        sql`SELECT null_frac::float8 AS null_frac,
              ARRAY(SELECT extract(epoch FROM b) * 1000 FROM unnest(histogram_bounds::text::timestamptz[]) b)::float8[] AS bounds
            FROM pg_stats WHERE schemaname = current_schema() AND tablename = ${this.table} AND attname = ${column}`,
      );
      const bounds = row?.bounds?.map(Number) ?? null;
      h = {
        at: now,
        nullFrac: Number(row?.null_frac ?? 0),
        bounds: bounds && bounds.length >= 2 ? bounds : null,
      };
      this.histograms.set(column, h);
    }
    if (!h.bounds) return null;
    const below = histogramBelow(h.bounds);
    const share = (to ? below(to.getTime()) : 1) - (from ? below(from.getTime()) : 0);
    return Math.max(0, share) * (1 - h.nullFrac);
  }
}

/** The fraction of an equal-count histogram's values below x (linear inside its bucket). */
export const histogramBelow = (bounds: number[]) => {
  const at = (i: number) => bounds[i] ?? 0;
  const n = bounds.length - 1;
  return (x: number): number => {
    if (x <= at(0)) return 0;
    if (x >= at(n)) return 1;
    let lo = 0;
    let hi = n;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (at(mid) <= x) lo = mid;
      else hi = mid;
    }
    const width = at(lo + 1) - at(lo);
    return (lo + (width > 0 ? (x - at(lo)) / width : 0)) / n;
  };
};
