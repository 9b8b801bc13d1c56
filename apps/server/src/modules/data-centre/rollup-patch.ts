import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { addDays, dateArray, daysBetween, rawEvents, type StatTable, TABLES } from './engine';
import { DAY_WINDOW, ROLLUPS } from './rollup';

/**
 * Recomputing a past day changes the gaps (rollup.ts) of the later day rows only where an id's
 * occurrence under a key appeared or disappeared on that day: the next occurrence of that id and
 * key after it now has another previous occurrence. Instead of rewriting every later day row of
 * the window, the recompute compares the day's occurrences before and after (from the daily
 * aggregates, which keep the ids), and moves each affected later occurrence from its old gap to
 * its new one in the stored gap counts. The products' price-band dimension (dim 5) is not on the
 * daily aggregates: when a day's product occurrences change, its later rows are rewritten.
 *
 * The stored rows of a day reflect its daily aggregate (both are written in one transaction), so
 * the sequences around the changed day take every day that may differ from the raw tables
 * (dirty days, days of this recompute not written yet) from the aggregates.
 */

/** Dimensions the daily aggregates can answer (0 everything, 1-4 their keys). */
const AGG_DIMS = [0, 1, 2, 3, 4];

/** Temporary tables of one chunk's transaction. */
export const OLD = 'dc_old_occurrences';
const CHANGED = 'dc_changed_occurrences';
const DELTA = 'dc_gap_delta';

/**
 * The distinct-count occurrences (table, f, d, dim, key, v) of the given days from the daily
 * aggregates, dims 0-4; `ids`: only these ids per fact (array overlap first, then unnested).
 */
const aggregateOccurrences = (table: StatTable, days: SQL, ids?: Map<string, string[]>): SQL => {
  const t = TABLES[table];
  const facts = t.facts.filter((f) => f.kind === 'ids' && (!ids || ids.get(f.column)?.length));
  if (!facts.length)
    return sql`SELECT NULL::text AS t, NULL::text AS f, NULL::date AS d, 0 AS dim, 0::bigint AS key, 0::bigint AS v WHERE FALSE`;
  const keys = sql.raw(
    `(VALUES (0, 0::bigint), ${t.keys.map((k, i) => `(${i + 1}, s.${k}::bigint)`).join(', ')}) dk(dim, key)`,
  );
  return sql.join(
    facts.map((f) => {
      const only = ids?.get(f.column);
      const col = sql.raw(`s.${f.column}`);
      const arr = only ? sql`${`{${only.join(',')}}`}::bigint[]` : null;
      return sql`SELECT ${table}::text AS t, ${f.column}::text AS f, s.stat_date AS d, dk.dim, dk.key, x.v
        FROM ${sql.raw(t.name)} s CROSS JOIN LATERAL unnest(${col}) x(v) CROSS JOIN LATERAL ${keys}
        WHERE s.stat_date = ANY(${days}) ${arr ? sql`AND ${col} && ${arr} AND x.v = ANY(${arr})` : sql``}`;
    }),
    sql` UNION ALL `,
  );
};

/** Before a chunk's daily aggregates are rewritten: keeps their occurrences for the comparison. */
export const snapshotOccurrences = async (tx: DbOrTx, table: StatTable, days: string[]): Promise<void> => {
  await tx.execute(sql`DROP TABLE IF EXISTS ${sql.raw(OLD)}`);
  await tx.execute(
    sql`CREATE TEMP TABLE ${sql.raw(OLD)} ON COMMIT DROP AS
        SELECT DISTINCT * FROM (${aggregateOccurrences(table, dateArray(days))}) o`,
  );
};

/**
 * After the chunk's daily aggregates are rewritten: how many occurrences of `table` appeared or
 * disappeared on its days (kept for patchLaterRows).
 */
export const changedOccurrences = async (tx: DbOrTx, table: StatTable, days: string[]): Promise<number> => {
  await tx.execute(sql`DROP TABLE IF EXISTS ${sql.raw(CHANGED)}`);
  await tx.execute(
    sql`CREATE TEMP TABLE ${sql.raw(CHANGED)} ON COMMIT DROP AS
        WITH o AS (SELECT f, d, dim, key, v FROM ${sql.raw(OLD)} WHERE t = ${table}),
             n AS (SELECT DISTINCT f, d, dim, key, v FROM (${aggregateOccurrences(table, dateArray(days))}) x)
        SELECT f, d, dim, key, v, false AS added FROM (SELECT * FROM o EXCEPT SELECT * FROM n) gone
        UNION ALL SELECT f, d, dim, key, v, true FROM (SELECT * FROM n EXCEPT SELECT * FROM o) came`,
  );
  const [r] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${sql.raw(CHANGED)}`);
  return r?.n ?? 0;
};

/**
 * Moves the gaps of the later day rows (`targets`: rolled-up days after the chunk [a, b] that
 * this recompute does not rewrite) whose previous occurrence changed with the chunk's days.
 * `fromAggregates`: the days in the window whose stored rows reflect their daily aggregate rather
 * than the raw tables (dirty days, this recompute's days not written yet). Answers the last day
 * changed (null: none) and the rows patched, or throws when a stored gap count would go negative (rows that did not
 * match their aggregates: the caller rewrites the later rows instead).
 */
export const patchLaterRows = async (
  tx: DbOrTx,
  table: StatTable,
  a: string,
  b: string,
  targets: string[],
  fromAggregates: string[],
): Promise<{ last: string | null; rows: number }> => {
  const none = { last: null, rows: 0 };
  if (!targets.length) return none;
  const lo = addDays(a, -DAY_WINDOW);
  const hi = targets[targets.length - 1] as string;
  const byFact = new Map(
    (
      await queryRows<{ f: string; ids: string[] }>(
        tx,
        sql`SELECT f, array_agg(DISTINCT v) AS ids FROM ${sql.raw(CHANGED)} GROUP BY f`,
      )
    ).map((r) => [r.f, r.ids]),
  );
  const facts = TABLES[table].facts.filter(
    (f) => f.kind === 'ids' && !f.once && byFact.get(f.column)?.length,
  );
  if (!facts.length) return none;
  const skip = [...new Set([...fromAggregates, ...daysBetween(a, b)])];
  const keysOf = (alias: string) =>
    sql.raw(
      `(VALUES ${AGG_DIMS.map((d) => (d === 0 ? '(0, 0::bigint)' : `(${d}, ${alias}.k${d})`)).join(', ')}) dk(dim, key)`,
    );
  // Occurrences of the changed ids on the days taken from the raw tables, by id.
  const raw = sql.join(
    facts.map(
      (f) =>
        sql`SELECT r.f, r.d, dk.dim, dk.key, r.v FROM (${rawEvents([f], lo, hi)}) r CROSS JOIN LATERAL ${keysOf('r')}
            WHERE r.v = ANY(${`{${(byFact.get(f.column) ?? []).join(',')}}`}::bigint[]) AND r.d <> ALL(${dateArray(skip)})`,
    ),
    sql` UNION ALL `,
  );
  const windowAgg = fromAggregates.filter((d) => d >= lo && d <= hi && (d < a || d > b));
  const agg = windowAgg.length
    ? sql`SELECT f, d, dim, key, v FROM (${aggregateOccurrences(table, dateArray(windowAgg), byFact)}) x`
    : sql`SELECT NULL::text, NULL::date, 0, 0::bigint, 0::bigint WHERE FALSE`;
  await tx.execute(sql`DROP TABLE IF EXISTS ${sql.raw(DELTA)}`);
  await tx.execute(
    sql`CREATE TEMP TABLE ${sql.raw(DELTA)} ON COMMIT DROP AS
        WITH c AS (SELECT DISTINCT f, dim, key, v FROM ${sql.raw(CHANGED)}),
          both_ AS (SELECT DISTINCT s.f, s.d, s.dim, s.key, s.v FROM (${raw} UNION ALL ${agg}) s
                    JOIN c ON c.f = s.f AND c.dim = s.dim AND c.key = s.key AND c.v = s.v),
          chunk_old AS (SELECT o.f, o.d, o.dim, o.key, o.v FROM ${sql.raw(OLD)} o
                        JOIN c ON c.f = o.f AND c.dim = o.dim AND c.key = o.key AND c.v = o.v WHERE o.t = ${table}),
          chunk_new AS (SELECT f, d, dim, key, v FROM chunk_old
                        EXCEPT SELECT f, d, dim, key, v FROM ${sql.raw(CHANGED)} WHERE NOT added
                        UNION SELECT f, d, dim, key, v FROM ${sql.raw(CHANGED)} WHERE added),
          old_seq AS (SELECT f, d, dim, key, v, d - lag(d) OVER w AS gap FROM (SELECT * FROM both_ UNION ALL SELECT * FROM chunk_old) s
                      WINDOW w AS (PARTITION BY f, dim, key, v ORDER BY d)),
          new_seq AS (SELECT f, d, dim, key, v, d - lag(d) OVER w AS gap FROM (SELECT * FROM both_ UNION ALL SELECT * FROM chunk_new) s
                      WINDOW w AS (PARTITION BY f, dim, key, v ORDER BY d)),
          moved AS (SELECT o.f, o.d, o.dim, o.key,
                      CASE WHEN o.gap <= ${DAY_WINDOW} THEN o.gap END AS og,
                      CASE WHEN n.gap <= ${DAY_WINDOW} THEN n.gap END AS ng
                    FROM old_seq o JOIN new_seq n USING (f, d, dim, key, v)
                    WHERE o.d = ANY(${dateArray(targets)}))
        SELECT f, d, dim, key, gap, sum(c)::int AS c FROM (
          SELECT f, d, dim, key, og AS gap, -1 AS c FROM moved WHERE og IS DISTINCT FROM ng AND og IS NOT NULL
          UNION ALL SELECT f, d, dim, key, ng, 1 FROM moved WHERE og IS DISTINCT FROM ng AND ng IS NOT NULL) x
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(c) <> 0`,
  );
  const name = sql.raw(ROLLUPS[table].name);
  let last: string | null = null;
  let patched = 0;
  for (const f of facts) {
    const gaps = sql.raw(`${f.column}_gaps`);
    const cum = sql.raw(`${f.column}_cum`);
    const rows = await queryRows<{ negative: boolean; last: string | null; n: number }>(
      tx,
      sql`WITH dl AS (SELECT d, dim, key, gap, c FROM ${sql.raw(DELTA)} WHERE f = ${f.column}),
            tg AS (SELECT DISTINCT d, dim, key FROM dl),
            cur AS (SELECT r.start_date AS d, r.dim, r.key, u.gap, u.c FROM ${name} r
                    JOIN tg ON r.span = 'D' AND r.start_date = tg.d AND r.dim = tg.dim AND r.key = tg.key
                    CROSS JOIN LATERAL (SELECT gap, (cum - coalesce(lag(cum) OVER (ORDER BY o), 0))::int AS c
                      FROM unnest(r.${gaps}, r.${cum}) WITH ORDINALITY u(gap, cum, o)) u),
            m AS (SELECT d, dim, key, gap, sum(c)::int AS c FROM (SELECT * FROM cur UNION ALL SELECT * FROM dl) z GROUP BY 1, 2, 3, 4),
            acc AS (SELECT d, dim, key, array_agg(gap ORDER BY gap) AS gaps, array_agg(cum ORDER BY gap) AS cums
                    FROM (SELECT d, dim, key, gap, (sum(c) OVER (PARTITION BY d, dim, key ORDER BY gap))::int AS cum FROM m WHERE c > 0) p
                    GROUP BY 1, 2, 3),
            upd AS (UPDATE ${name} r SET ${gaps} = coalesce(acc.gaps, '{}'), ${cum} = coalesce(acc.cums, '{}')
                    FROM tg LEFT JOIN acc USING (d, dim, key)
                    WHERE r.span = 'D' AND r.start_date = tg.d AND r.dim = tg.dim AND r.key = tg.key
                      AND NOT EXISTS (SELECT 1 FROM m WHERE m.c < 0)
                    RETURNING r.start_date)
          SELECT EXISTS (SELECT 1 FROM m WHERE c < 0) AS negative, to_char(max(start_date), 'YYYY-MM-DD') AS last, count(*)::int AS n FROM upd`,
    );
    if (rows[0]?.negative) throw new GapMismatch(table, f.column);
    last = maxDay(last, rows[0]?.last ?? null);
    patched += rows[0]?.n ?? 0;
  }
  return { last, rows: patched };
};

const maxDay = (x: string | null, y: string | null) => (x === null ? y : y === null ? x : x > y ? x : y);

/** Stored gap counts that do not match the aggregates: the later rows are rewritten instead. */
export class GapMismatch extends Error {
  constructor(table: StatTable, fact: string) {
    super(`stored gaps of ${table}.${fact} do not match the daily aggregates`);
  }
}
