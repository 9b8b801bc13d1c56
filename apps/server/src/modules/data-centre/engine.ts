import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { queryPreparedUnder } from '../../lib/named-query';
import type { StampedLru, TodayRows } from './cache';
import { dayOf, type Fact, type FactValues, PRODUCT_FACTS, SALES_FACTS } from './facts';
import { groupRollup } from './rollup';

/**
 * Groups the facts of facts.ts, either from the raw tables (their events) or from the daily
 * aggregates, for any range, bucket and key. Inside these queries a row has `d` (business day)
 * and the keys k1..k4 (sales: user, department, channel, platform; products: SPU, SKU, platform,
 * channel), so groupings and scopes are written once for both sources.
 */
export type StatTable = 'sales' | 'product';

interface TableDef {
  name: string;
  facts: Fact[];
  keys: [string, string, string, string];
}
export const TABLES: Record<StatTable, TableDef> = {
  sales: {
    name: 'stat_sales_daily',
    facts: SALES_FACTS,
    keys: ['user_id', 'dept_id', 'channel_id', 'platform_id'],
  },
  product: {
    name: 'stat_product_daily',
    facts: PRODUCT_FACTS,
    keys: ['spu_id', 'sku_id', 'platform_id', 'channel_id'],
  },
};

// ---- business days (Asia/Shanghai, no daylight saving)
const DAY = 86_400_000;
/** 00:00 Asia/Shanghai of a business day. */
export const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);
export const addDays = (date: string, n: number) =>
  new Date(dayStart(date).getTime() + n * DAY + 8 * 3_600_000).toISOString().slice(0, 10);
export const businessDay = (t: Date) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};
export const dateArray = (days: string[]) => sql`${`{${days.join(',')}}`}::date[]`;

export type Bucket = 'day' | 'week' | 'month' | 'range';
export interface Grouping {
  from: string;
  to: string;
  bucket: Bucket;
  /** The grouping key over k1..k4 (e.g. sql`k1`, or sql`0` for one row). */
  key: SQL;
  /** A condition over d and k1..k4 (data scope, filters). */
  where?: SQL;
  /** The one k1 that `where` keeps, when it keeps one (a SELF scope): see Fact.events. */
  k1?: number;
  /**
   * Which days come from the raw tables: `auto` (today and later, and dirty days: the rest from
   * the roll-ups when `rollup` is given and they cover the range, else from the daily aggregates),
   * `all` (raw only), `none` (daily aggregates only), `rollup` (roll-ups only: throws when they
   * do not cover the range; for the equality test).
   */
  live?: 'auto' | 'all' | 'none' | 'rollup';
  /**
   * The same grouping over the roll-ups (rollup.ts): their dimension (0 all, 1-5 = k1-k5), the
   * keys kept (`only`, else all) and the key reported (`relabel`, else the dimension's key). It
   * must select exactly what `key` and `where` select.
   */
  rollup?: RollupSpec;
  /** Only the sums are needed (the roll-ups skip the distinct counts: they stay 0). */
  sumsOnly?: boolean;
  /** The current business day (for `auto`). */
  today?: string;
  /**
   * The live days' events read once per request (LiveCache) instead of one statement per
   * grouping: `keyCol` is the column `key` stands for (0: the constant 0, 1-5: k1-k5), `only` the
   * keys kept; the cache's rows are already filtered by the request's `where` (without `only`).
   */
  shared?: { cache: LiveCache; keyCol: number; only?: number[] };
  /**
   * The past-day part shared between requests (cache.ts): the roll-up part of the grouping (the
   * days before today) kept under the aggregates' generation, and the request's dirty days (read
   * with it) deciding whether the roll-ups apply, instead of a query.
   */
  past?: PastShare;
}
export interface PastShare {
  store: StampedLru<Grouped | null>;
  gen: string;
  dirty: string[];
}
export interface RollupSpec {
  dim: number;
  only?: number[];
  relabel?: number;
}
export type Grouped = Map<string, { bucket: string; key: number; facts: FactValues }>;

/** A live day's event row: sums grouped per day and keys (`v`), ids one row per distinct id (`id`). */
export interface LiveRow {
  d: string;
  k: [number, number, number, number, number];
  f: string;
  v: number;
  id: string | null;
}

/**
 * Today's (the live days') raw events of one request, grouped ONCE per day and key combination
 * (sums) and listed once per distinct id (distinct counts), under the request's condition (data
 * scope, product filters): every card, chart and table of the request derives its buckets and
 * keys from these rows instead of grouping the raw tables again (engine and roll-up readers).
 */
export class LiveCache {
  private readonly memo = new Map<string, Promise<LiveRow[]>>();
  constructor(
    private readonly db: DbOrTx,
    /**
     * The request's condition over d and k1..k5 (the same for every grouping it makes), and the
     * one k1 it keeps when it keeps one (Grouping.k1).
     */
    readonly scope: { where: SQL; k1?: number } = { where: sql`TRUE` },
    /** Read the distinct ids with the first statement even for a sums-only grouping (the request needs them later). */
    private readonly alwaysIds = false,
    /**
     * Shared between requests (cache.ts TodayRows): the rows kept per process under `scope`, a
     * text that identifies `where` (the same text, the same condition), read again once they are
     * older than the store's age at `now` (the request's clock, ms).
     */
    private readonly share?: { store: TodayRows<LiveRow[]>; now: number; scope: string },
    /** The request's past parts' store (cache.ts), handed to its groupings. */
    readonly past?: PastShare,
  ) {}

  /** Statements run (for tests). */
  statements = 0;
  /** When the oldest kept rows this request used were read (ms; null: none kept, read now). */
  asOf: number | null = null;

  rows(table: StatTable, from: string, to: string, needIds: boolean): Promise<LiveRow[]> {
    const share = this.share;
    // Kept rows carry the ids: they serve the sums-only groupings as well.
    const withIds = needIds || this.alwaysIds || share !== undefined;
    const full = this.memo.get(`${table}|${from}|${to}|ids`);
    if (full) return full;
    const id = `${table}|${from}|${to}|${withIds ? 'ids' : 'sums'}`;
    let p = this.memo.get(id);
    if (!p) {
      if (share) {
        const kept = share.store.get(`${share.scope}|${id}`, share.now, () =>
          this.load(table, from, to, withIds),
        );
        this.asOf = Math.min(this.asOf ?? kept.at, kept.at);
        p = kept.rows;
      } else p = this.load(table, from, to, withIds);
      this.memo.set(id, p);
    }
    return p;
  }

  /** The live rows of the days [from, to]. */
  private async load(table: StatTable, from: string, to: string, withIds: boolean): Promise<LiveRow[]> {
    const a = dayStart(from);
    const b = dayStart(addDays(to, 1));
    const t = TABLES[table];
    const sums = t.facts.filter((f) => f.kind === 'sum');
    const ids = t.facts.filter((f) => f.kind === 'ids');
    const parts = [
      sql`SELECT to_char(d, 'YYYY-MM-DD') AS d, k1, k2, k3, k4, k5, f, sum(v)::bigint AS v, NULL::text AS id
          FROM (${rawEventsAt(sums, a, b, this.scope.k1)}) x WHERE ${this.scope.where} GROUP BY 1, k1, k2, k3, k4, k5, f`,
    ];
    if (withIds && ids.length)
      parts.push(
        sql`SELECT DISTINCT to_char(d, 'YYYY-MM-DD') AS d, k1, k2, k3, k4, k5, f, 0::bigint AS v, v::text AS id
            FROM (${rawEventsAt(ids, a, b, this.scope.k1)}) x WHERE ${this.scope.where}`,
      );
    this.statements++;
    const query = sql.join(parts, sql` UNION ALL `);
    // On PostgreSQL without parallel workers: the statement is ~20 small index scans of one day,
    // and starting workers cost more than they saved (a full day at half scale, load 10: 200-230
    // ms with workers, 95-140 ms without; bench/README.md); prepared, planned once per connection
    // (its planning took longer than one user's events).
    const run = <T>(): Promise<T[]> =>
      onPool(this.db)
        ? queryPreparedUnder<T>(this.db as Db, 'serialGeneric', 'dc_live', query)
        : queryRows<T>(this.db, query);
    const rows = await run<{
      d: string;
      k1: string | number;
      k2: string | number;
      k3: string | number;
      k4: string | number;
      k5: string | number;
      f: string;
      v: string | number;
      id: string | null;
    }>();
    return rows.map((r) => ({
      d: r.d,
      k: [Number(r.k1), Number(r.k2), Number(r.k3), Number(r.k4), Number(r.k5)],
      f: r.f,
      v: Number(r.v),
      id: r.id,
    }));
  }
}

/** On PostgreSQL (a pool of connections) rather than PGlite (one connection). */
export const onPool = (db: DbOrTx) => {
  const client = (db as unknown as { $client?: { totalCount?: unknown } }).$client;
  return typeof client?.totalCount === 'number';
};

/** Monday of a business day's ISO week (date_trunc('week')). */
const weekOf = (d: string) => {
  const dow = (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(d, -dow);
};
/** A day's bucket (bucketExpr) in JS. */
export const bucketOf = (g: Pick<Grouping, 'bucket' | 'from'>, d: string): string => {
  switch (g.bucket) {
    case 'day':
      return d;
    case 'week':
      return weekOf(d);
    case 'month':
      return `${d.slice(0, 7)}-01`;
    default:
      return g.from;
  }
};
/** A day's bucket start within the range (the roll-ups' bucketStart) in JS. */
export const bucketStartOf = (g: Pick<Grouping, 'bucket' | 'from'>, d: string): string => {
  const b = bucketOf(g, d);
  return b.localeCompare(g.from) < 0 ? g.from : b; // ISO dates: the later one
};
/** The key of a live row under a shared grouping, or null when the grouping does not keep it. */
export const liveKey = (shared: NonNullable<Grouping['shared']>, r: LiveRow): number | null => {
  const key = shared.keyCol === 0 ? 0 : (r.k[shared.keyCol - 1] as number);
  return shared.only && !shared.only.includes(key) ? null : key;
};

export const bucketExpr = (g: Pick<Grouping, 'bucket' | 'from'>): SQL => {
  switch (g.bucket) {
    case 'day':
      return sql`d`;
    case 'week':
      return sql`date_trunc('week', d)::date`;
    case 'month':
      return sql`date_trunc('month', d)::date`;
    default:
      return sql`${g.from}::date`;
  }
};

/** The raw events of some facts, tagged with their fact, over [from, to] business days (`k1`: Fact.events). */
export const rawEvents = (facts: Fact[], from: string, to: string, k1?: number): SQL =>
  rawEventsAt(facts, dayStart(from), dayStart(addDays(to, 1)), k1);

/** rawEvents over the times [a, b). */
const rawEventsAt = (facts: Fact[], a: Date, b: Date, k1?: number): SQL =>
  sql.join(
    facts.map(
      (f) =>
        sql`SELECT ${f.column}::text AS f, ${dayOf(sql`e.ts`)} AS d, e.k1, e.k2, e.k3, e.k4, e.k5, e.v FROM (${f.events(a, b, k1)}) e`,
    ),
    sql` UNION ALL `,
  );

/** The aggregate rows with their keys renamed k1..k4. */
const statRows = (t: TableDef, cols: string[], from: string, to: string, skip: string[]) =>
  sql`SELECT stat_date AS d, ${sql.raw(t.keys.map((k, i) => `${k} AS k${i + 1}`).join(', '))}, 0::bigint AS k5${sql.raw(
    cols.length ? `, ${cols.join(', ')}` : '',
  )}
      FROM ${sql.raw(t.name)} WHERE stat_date >= ${from}::date AND stat_date <= ${to}::date
      ${skip.length ? sql`AND stat_date <> ALL(${dateArray(skip)})` : sql``}`;

export const liveDays = async (db: DbOrTx, g: Grouping, table: StatTable = 'sales'): Promise<string[]> => {
  const all = daysBetween(g.from, g.to);
  if (g.live === 'all') return all;
  if (g.live === 'none') return [];
  const today = g.today ?? businessDay(new Date());
  // Dirty days, and (before the first aggregation ever ran) every day.
  const dirty = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT to_char(stat_date, 'YYYY-MM-DD') AS d FROM stat_dirty_date WHERE stat_date >= ${g.from}::date AND stat_date <= ${g.to}::date
        UNION ALL SELECT NULL WHERE NOT EXISTS (SELECT 1 FROM ${sql.raw(TABLES[table].name)})`,
  );
  if (dirty.some((r) => r.d === null)) return all;
  const set = new Set(dirty.map((r) => r.d));
  return all.filter((d) => d >= today || set.has(d));
};

/** Every fact of a table grouped by bucket and key (an exact figure whatever the sources). */
export const groupFacts = async (db: DbOrTx, table: StatTable, g: Grouping): Promise<Grouped> => {
  if (g.live === 'rollup' || (g.rollup && (g.live ?? 'auto') === 'auto')) {
    const r = await groupRollup(db, table, g);
    if (r) return r;
    if (g.live === 'rollup') throw new Error('the roll-ups do not cover the range');
  }
  return groupDaily(db, table, g);
};

/** The slot of a bucket and key in `out`, created with every fact of the table at 0. */
export const slotsOf = (out: Grouped, table: StatTable) => {
  const { facts } = TABLES[table];
  return (bucket: string, key: number) => {
    const id = `${bucket}|${key}`;
    let s = out.get(id);
    if (!s) {
      s = { bucket, key, facts: Object.fromEntries(facts.map((f) => [f.column, 0])) };
      out.set(id, s);
    }
    return s;
  };
};

/** groupFacts over the daily aggregates (ids unnested) and the raw tables. */
export const groupDaily = async (db: DbOrTx, table: StatTable, g: Grouping): Promise<Grouped> => {
  const t = TABLES[table];
  const live = await liveDays(db, g, table);
  const allLive = live.length === daysBetween(g.from, g.to).length;
  const b = bucketExpr(g);
  const where = g.where ?? sql`TRUE`;
  const out: Grouped = new Map();
  const slot = slotsOf(out, table);
  const sums = t.facts.filter((f) => f.kind === 'sum');
  const ids = t.facts.filter((f) => f.kind === 'ids');
  const liveFilter = live.length ? sql`d = ANY(${dateArray(live)})` : sql`FALSE`;
  const liveFrom = live[0] ?? g.from;
  const liveTo = live[live.length - 1] ?? g.from;

  // Sums: the aggregates' columns, plus the live days' events (sums simply add up).
  if (!allLive) {
    const rows = await queryRows<Record<string, string | number>>(
      db,
      sql`SELECT to_char(${b}, 'YYYY-MM-DD') AS b, (${g.key})::bigint AS key,
          ${sql.raw(sums.map((f) => `sum(${f.column})::bigint AS ${f.column}`).join(', '))}
          FROM (${statRows(
            t,
            sums.map((f) => f.column),
            g.from,
            g.to,
            live,
          )}) s WHERE ${where} GROUP BY 1, 2`,
    );
    for (const r of rows) {
      const s = slot(String(r.b), Number(r.key));
      for (const f of sums) s.facts[f.column] = (s.facts[f.column] ?? 0) + Number(r[f.column] ?? 0);
    }
  }
  if (live.length) {
    const rows = await queryRows<{ b: string; key: string | number; f: string; v: string | number }>(
      db,
      sql`SELECT to_char(${b}, 'YYYY-MM-DD') AS b, (${g.key})::bigint AS key, f, sum(v)::bigint AS v
          FROM (${rawEvents(sums, liveFrom, liveTo, g.k1)}) x WHERE ${liveFilter} AND ${where} GROUP BY 1, 2, 3`,
    );
    for (const r of rows) {
      const s = slot(r.b, Number(r.key));
      s.facts[r.f] = (s.facts[r.f] ?? 0) + Number(r.v);
    }
  }
  // Distinct counts: the union of the aggregates' ids and the live days' ids, counted once.
  if (ids.length) {
    const parts: SQL[] = [];
    if (!allLive) {
      parts.push(
        sql.join(
          ids.map(
            (f) =>
              sql`SELECT ${f.column}::text AS f, s.d, s.k1, s.k2, s.k3, s.k4, s.k5, u.v FROM (${statRows(t, [f.column], g.from, g.to, live)}) s
                  CROSS JOIN LATERAL unnest(s.${sql.raw(f.column)}) AS u(v)`,
          ),
          sql` UNION ALL `,
        ),
      );
    }
    if (live.length)
      parts.push(sql`SELECT * FROM (${rawEvents(ids, liveFrom, liveTo, g.k1)}) r WHERE ${liveFilter}`);
    const rows = await queryRows<{ b: string; key: string | number; f: string; n: number }>(
      db,
      sql`SELECT to_char(${b}, 'YYYY-MM-DD') AS b, (${g.key})::bigint AS key, f, count(DISTINCT v)::int AS n
          FROM (${sql.join(parts, sql` UNION ALL `)}) x WHERE ${where} GROUP BY 1, 2, 3`,
    );
    for (const r of rows) slot(r.b, Number(r.key)).facts[r.f] = Number(r.n);
  }
  return out;
};

/**
 * Recomputes the aggregates of [from, to] from the raw tables (delete and insert in one
 * transaction: readers see the old or the new rows). Returns the rows written.
 */
export const writeDays = async (db: DbOrTx, table: StatTable, from: string, to: string): Promise<number> => {
  const t = TABLES[table];
  const cols = t.facts.map((f) =>
    f.kind === 'sum'
      ? `coalesce(sum(v) FILTER (WHERE f = '${f.column}'), 0)::bigint`
      : `coalesce(array_agg(DISTINCT v) FILTER (WHERE f = '${f.column}'), '{}')::bigint[]`,
  );
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`DELETE FROM ${sql.raw(t.name)} WHERE stat_date >= ${from}::date AND stat_date <= ${to}::date`,
    );
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`WITH ins AS (
            INSERT INTO ${sql.raw(t.name)} (stat_date, ${sql.raw(t.keys.join(', '))}, ${sql.raw(t.facts.map((f) => f.column).join(', '))})
            SELECT d, k1, k2, k3, k4, ${sql.raw(cols.join(', '))}
            FROM (${rawEvents(t.facts, from, to)}) x GROUP BY d, k1, k2, k3, k4
            RETURNING 1)
          SELECT count(*)::int AS n FROM ins`,
    );
    return rows[0]?.n ?? 0;
  });
};
