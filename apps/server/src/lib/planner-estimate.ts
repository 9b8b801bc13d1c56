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
}
