import { type DataDimension, MAX_RANGE_DAYS } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { Principal } from '../../types';
import {
  addDays,
  bucketExpr,
  businessDay,
  daysBetween,
  type Grouped,
  type Grouping,
  type RollupSpec,
  rawEvents,
  type StatTable,
  slotsOf,
  TABLES,
} from './engine';
import { latestOccurrences, liveShared } from './live-part';

/**
 * The roll-ups (schema/data-centre.ts): the facts of facts.ts pre-grouped per business day and per
 * calendar month, for each dimension on its own (dim 0 everything; dims 1-4 the keys k1-k4; products
 * dim 5 the price band k5), so that a year reads a few hundred rows per key instead of every
 * (day, user, department, channel, platform) row and its ids.
 *
 * Distinct counts stay exact through gaps: on a day row each counted id carries the days since its
 * previous occurrence under the same key (none: not kept); a bucket starting `o` days before the
 * row counts the ids whose gap is larger than `o` (the others were already counted in the bucket),
 * i.e. `n - cum[width_bucket(o, gaps)]` with the sorted distinct gaps and their cumulative counts.
 * A month row holds the month's first occurrences, with gaps counted from the month's first day.
 * A day's gaps depend on the days before it: recomputing a day rewrites the later day rows of the
 * window (recomputeDays), and a range containing a dirty day is computed the old way (engine.ts).
 */
export const ROLLUPS: Record<StatTable, { name: string; dims: number }> = {
  sales: { name: 'stat_sales_rollup', dims: 4 },
  product: { name: 'stat_product_rollup', dims: 5 },
};
/** Gaps kept on a day row: a month row derived from its days still sees MAX_RANGE_DAYS back. */
export const DAY_WINDOW = MAX_RANGE_DAYS + 31;

const idsArray = (xs: (number | string)[]) => sql`${`{${xs.join(',')}}`}::bigint[]`;

const dimsOf = (table: StatTable, alias: string, only?: number[]) =>
  sql.raw(
    `(VALUES ${Array.from({ length: ROLLUPS[table].dims + 1 }, (_, i) => i)
      .filter((i) => !only || only.includes(i))
      .map((i) => (i === 0 ? '(0, 0::bigint)' : `(${i}, ${alias}.k${i})`))
      .join(', ')}) dk(dim, key)`,
  );
const factsOf = (table: StatTable) => {
  const facts = TABLES[table].facts;
  return { sums: facts.filter((f) => f.kind === 'sum'), ids: facts.filter((f) => f.kind === 'ids') };
};
/**
 * Inside the roll-up statements an id fact is its position among the table's id facts (a smallint):
 * the gap sorts and groupings compare it on every tie of the other keys, and a text compares
 * through the database's collation (strcoll outside the "C" collation), a smallint does not.
 */
const codeOf = (table: StatTable, column: string) => {
  const i = factsOf(table).ids.findIndex((f) => f.column === column);
  if (i < 0) throw new Error(`not an id fact of ${table}: ${column}`);
  return i;
};
/** The code of a text fact name `col` (a raw event's f) as a SQL expression. */
const codeExpr = (table: StatTable, col: string) =>
  `(CASE ${col} ${factsOf(table)
    .ids.map((f, i) => `WHEN '${f.column}' THEN ${i}`)
    .join(' ')} END)::smallint`;
export const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
export const monthEnd = (d: string) => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
};

/**
 * Inserts the rows of one span from CTEs named `sums (d, dim, key, <sum facts>)` (every key),
 * `n (f, d, dim, key, n)` and `hist (f, d, dim, key, gap, c)` (one row per distinct gap), `d` being
 * each row's start date: one statement for every row of the range. The three are put together by
 * one GROUP BY over their union (joins between CTEs of tens of thousands of rows, estimated badly,
 * could become nested loops).
 */
const insertRows = (table: StatTable, span: 'D' | 'M', ctes: SQL) => {
  const { sums, ids } = factsOf(table);
  const cols = [
    ...sums.map((f) => f.column),
    ...ids.flatMap((f) => [f.column, `${f.column}_gaps`, `${f.column}_cum`]),
  ];
  const nulls = (except: string[]) =>
    cols.map((c) => except.find((e) => e.endsWith(` AS ${c}`)) ?? `NULL::${typeOf(c)} AS ${c}`).join(', ');
  const typeOf = (c: string) => (c.endsWith('_gaps') || c.endsWith('_cum') ? 'int[]' : 'bigint');
  const fromSums = nulls(sums.map((f) => `${f.column}::bigint AS ${f.column}`));
  const fromN = nulls(ids.map((f, i) => `CASE WHEN f = ${i} THEN n END::bigint AS ${f.column}`));
  const fromHist = nulls(
    ids.flatMap((f, i) => [
      `CASE WHEN f = ${i} THEN gaps END AS ${f.column}_gaps`,
      `CASE WHEN f = ${i} THEN cums END AS ${f.column}_cum`,
    ]),
  );
  const vals = cols.map((c) => `coalesce(max(${c}), ${typeOf(c) === 'int[]' ? `'{}'` : '0'})`);
  return sql`WITH ${ctes},
      hc AS (SELECT f, d, dim, key, gap, (sum(c) OVER (PARTITION BY key, d, dim, f ORDER BY gap))::int AS cum FROM hist),
      ha AS (SELECT f, d, dim, key, array_agg(gap ORDER BY gap) AS gaps, array_agg(cum ORDER BY gap) AS cums FROM hc GROUP BY key, d, dim, f),
      u AS (SELECT d, dim, key, ${sql.raw(fromSums)} FROM sums
            UNION ALL SELECT d, dim, key, ${sql.raw(fromN)} FROM n
            UNION ALL SELECT d, dim, key, ${sql.raw(fromHist)} FROM ha)
    INSERT INTO ${sql.raw(ROLLUPS[table].name)} (span, start_date, dim, key, ${sql.raw(cols.join(', '))})
    SELECT ${span}, d, dim, key, ${sql.raw(vals.join(', '))} FROM u GROUP BY d, dim, key`;
};

const ALL_DIMS = (table: StatTable) =>
  sql`${`{${Array.from({ length: ROLLUPS[table].dims + 2 }, (_, i) => i - 1).join(',')}}`}::smallint[]`;

/** Up to this many days, the previous occurrences are looked up by the range's ids (indexes). */
const BY_ID_DAYS = 7;

/**
 * Rewrites the roll-up day rows of the business days [from, to] from the raw tables in one
 * statement: the range's events grouped per day, dimension and key; each id's gap is the days since
 * its previous occurrence under the same key (lag over the range's occurrences and the latest one
 * in the DAY_WINDOW days before the range), kept when at most DAY_WINDOW days.
 */
export const writeRollupDays = async (
  tx: DbOrTx,
  table: StatTable,
  from: string,
  to: string,
  /** Only these dimensions (their rows are rewritten; the days' markers stay). */
  only?: number[],
  /**
   * The daily aggregates of [from, to] were just written from the raw tables in this transaction:
   * the range's sums and ids are read from them (a row per day and key combination instead of a
   * row per event and fact) when every dimension written is one of their keys.
   */
  { fromDaily = false }: { fromDaily?: boolean } = {},
): Promise<void> => {
  const name = sql.raw(ROLLUPS[table].name);
  const { ids } = factsOf(table);
  const dims = only ? sql`${`{${only.join(',')}}`}::smallint[]` : ALL_DIMS(table);
  await tx.execute(
    sql`DELETE FROM ${name} WHERE span = 'D' AND dim = ANY(${dims}) AND start_date >= ${from}::date AND start_date <= ${to}::date`,
  );
  // Facts whose ids occur on one day only have no gaps: no previous occurrence to look up.
  const gapped = ids.filter((f) => !f.once);
  const priorFrom = addDays(from, -DAY_WINDOW);
  const priorTo = addDays(from, -1);
  // The occurrences before the range of the range's ids only: by id (their indexes) for a few
  // days, else a semi-join with the range's occurrences.
  const daily = fromDaily && Math.max(...(only ?? [ROLLUPS[table].dims])) <= TABLES[table].keys.length;
  let prior: SQL[];
  if (daysBetween(from, to).length <= BY_ID_DAYS) {
    const range = await queryRows<{ f: string; ids: string[] }>(
      tx,
      sql`SELECT f, array_agg(DISTINCT v) AS ids FROM (${rawEvents(gapped, from, to)}) x GROUP BY f`,
    );
    const byFact = new Map(range.map((r) => [r.f, r.ids]));
    prior = gapped
      .filter((f) => byFact.get(f.column)?.length)
      .map(
        (f) =>
          sql`SELECT * FROM (${rawEvents([f], priorFrom, priorTo)}) r WHERE r.v = ANY(${idsArray(byFact.get(f.column) ?? [])})`,
      );
  } else {
    prior = gapped.map(
      (f) =>
        sql`SELECT * FROM (${rawEvents([f], priorFrom, priorTo)}) r WHERE r.v IN (SELECT v FROM rv WHERE rv.f = ${codeOf(table, f.column)})`,
    );
  }
  const priorSql = prior.length
    ? sql.join(prior, sql` UNION ALL `)
    : sql`SELECT NULL::text AS f, NULL::date AS d, 0::bigint AS k1, 0::bigint AS k2, 0::bigint AS k3, 0::bigint AS k4, 0::bigint AS k5, 0::bigint AS v WHERE FALSE`;
  const gappedList = sql.raw(gapped.map((f) => codeOf(table, f.column)).join(', ') || 'NULL');
  // The previous occurrences (p) are not reduced to their latest per dimension: in the gaps' sort
  // they all precede the range's, so the lag of an id's first occurrence is the latest anyway, and
  // a grouping of them cost more than their extra rows in the sort. Counted (n) is an occurrence
  // of the range that is not a repeat of its day (gap 0). The gaps are grouped once (g), and the
  // counts and the histogram are read from those groups: `seq`, read once, is not materialised
  // (its millions of rows were written to a tuple store, then scanned and grouped twice).
  await tx.execute(
    insertRows(
      table,
      'D',
      sql`${daily ? rangeFromDaily(table, from, to, only) : rangeFromRaw(table, from, to, only)},
        px AS (${priorSql}),
        pl AS (SELECT ${sql.raw(codeExpr(table, 'f'))} AS f, k1, k2, k3, k4, k5, v, max(d) AS d FROM px GROUP BY px.f, v, k1, k2, k3, k4, k5),
        p AS (SELECT pl.f, dk.dim, dk.key, pl.v, pl.d FROM pl CROSS JOIN LATERAL ${dimsOf(table, 'pl', only)}),
        seq AS (SELECT f, d, dim, key, cur, d - lag(d) OVER (PARTITION BY v, key, dim, f ORDER BY d) AS gap
                FROM (SELECT f, d, dim, key, v, true AS cur FROM o UNION ALL SELECT f, d, dim, key, v, false FROM p) u),
        g AS (SELECT f, d, dim, key, gap, count(*)::int AS c FROM seq
              WHERE cur AND gap IS DISTINCT FROM 0 GROUP BY key, d, dim, f, gap),
        n AS (SELECT f, d, dim, key, sum(c)::int AS n FROM g GROUP BY 1, 2, 3, 4),
        hist AS (SELECT f, d, dim, key, gap, c FROM g WHERE gap <= ${DAY_WINDOW} AND f IN (${gappedList}))`,
    ),
  );
  if (only) return;
  await tx.execute(
    sql`INSERT INTO ${name} (span, start_date, dim, key)
        SELECT 'D', c::date, -1, 0 FROM generate_series(${from}::date, ${to}::date, interval '1 day') c`,
  );
};

/**
 * The range's CTEs from the raw events: `sums (d, dim, key, <sum facts>)`, `o (f, d, dim, key, v)`
 * (the id facts' occurrences per dimension, repeats of a day included: the gaps' sort puts them
 * side by side, gap 0, which costs less than a DISTINCT over millions of rows) and `rv (f, v)`
 * (the range's ids, before the dimensions).
 */
const rangeFromRaw = (table: StatTable, from: string, to: string, only?: number[]) => {
  const { sums, ids } = factsOf(table);
  const idList = sql.raw(ids.map((f) => `'${f.column}'`).join(', '));
  return sql`x AS (${rawEvents(TABLES[table].facts, from, to)}),
    e AS (SELECT x.f, x.d, x.v, dk.dim, dk.key FROM x CROSS JOIN LATERAL ${dimsOf(table, 'x', only)}),
    sums AS (SELECT d, dim, key, ${sql.raw(sums.map((f) => `(sum(v) FILTER (WHERE f = '${f.column}'))::bigint AS ${f.column}`).join(', '))}
             FROM e GROUP BY d, dim, key),
    o AS (SELECT ${sql.raw(codeExpr(table, 'f'))} AS f, d, dim, key, v FROM e WHERE f IN (${idList})),
    rv AS (SELECT ${sql.raw(codeExpr(table, 'f'))} AS f, v FROM x WHERE f IN (${idList}))`;
};

/** The same CTEs from the daily aggregate rows of the range (their keys are k1..k4). */
const rangeFromDaily = (table: StatTable, from: string, to: string, only?: number[]) => {
  const t = TABLES[table];
  const { sums, ids } = factsOf(table);
  const keys = t.keys.map((k, i) => `${k} AS k${i + 1}`).join(', ');
  const idRows = ids.map(
    (f, i) => `SELECT ${i}::smallint AS f, d, k1, k2, k3, k4, unnest(${f.column}) AS v FROM x`,
  );
  return sql`x AS (SELECT stat_date AS d, ${sql.raw(keys)}, ${sql.raw([...sums, ...ids].map((f) => f.column).join(', '))}
                   FROM ${sql.raw(t.name)} WHERE stat_date >= ${from}::date AND stat_date <= ${to}::date),
    sums AS (SELECT d, dk.dim, dk.key, ${sql.raw(sums.map((f) => `sum(x.${f.column})::bigint AS ${f.column}`).join(', '))}
             FROM x CROSS JOIN LATERAL ${dimsOf(table, 'x', only)} GROUP BY d, dk.dim, dk.key),
    i AS (${sql.raw(idRows.join(' UNION ALL '))}),
    o AS (SELECT i.f, i.d, dk.dim, dk.key, i.v FROM i CROSS JOIN LATERAL ${dimsOf(table, 'i', only)}),
    rv AS (SELECT f, v FROM i)`;
};

/** Rewrites one business day's roll-up rows. */
export const writeRollupDay = (tx: DbOrTx, table: StatTable, day: string) =>
  writeRollupDays(tx, table, day, day);

/**
 * Rewrites the month rows of some calendar months (first days) from their day rows in one
 * statement, each marked written when every day of it is.
 */
export const writeRollupMonths = async (tx: DbOrTx, table: StatTable, months: string[]): Promise<void> => {
  if (!months.length) return;
  const name = sql.raw(ROLLUPS[table].name);
  const { sums, ids } = factsOf(table);
  const ms = [...new Set(months.map(monthStart))].sort();
  const mArr = sql`${`{${ms.join(',')}}`}::date[]`;
  const first = ms[0] as string;
  const last = monthEnd(ms[ms.length - 1] as string);
  await tx.execute(
    sql`DELETE FROM ${name} WHERE span = 'M' AND dim = ANY(${ALL_DIMS(table)}) AND start_date = ANY(${mArr})`,
  );
  // Each day row's offset from its month's first day.
  const nParts = ids.map((f, i) =>
    sql.raw(`SELECT ${i}::smallint AS f, m AS d, dim, key, sum(${f.column} - coalesce(${f.column}_cum[width_bucket(start_date - m, ${f.column}_gaps)], 0))::int AS n
               FROM dr GROUP BY m, dim, key`),
  );
  const histParts = ids.map((f, i) =>
    sql.raw(`SELECT ${i}::smallint AS f, dr.m AS d, dr.dim, dr.key, (u.gap - (dr.start_date - dr.m))::int AS gap, sum(u.c)::int AS c
               FROM dr CROSS JOIN LATERAL (
                 SELECT gap, cum - coalesce(lag(cum) OVER (ORDER BY o), 0) AS c FROM unnest(dr.${f.column}_gaps, dr.${f.column}_cum) WITH ORDINALITY u(gap, cum, o)) u
               WHERE u.gap > dr.start_date - dr.m AND u.gap - (dr.start_date - dr.m) <= ${MAX_RANGE_DAYS}
               GROUP BY 1, 2, 3, 4, 5`),
  );
  await tx.execute(
    insertRows(
      table,
      'M',
      sql`dr AS (SELECT *, date_trunc('month', start_date)::date AS m FROM ${name} WHERE span = 'D' AND dim >= 0
                 AND start_date >= ${first}::date AND start_date <= ${last}::date
                 AND date_trunc('month', start_date)::date = ANY(${mArr})),
        sums AS (SELECT m AS d, dim, key, ${sql.raw(sums.map((f) => `sum(${f.column})::bigint AS ${f.column}`).join(', '))} FROM dr GROUP BY m, dim, key),
        n AS (${sql.join(nParts, sql` UNION ALL `)}),
        hist AS (${sql.join(histParts, sql` UNION ALL `)})`,
    ),
  );
  await tx.execute(
    sql`INSERT INTO ${name} (span, start_date, dim, key)
        SELECT 'M', m, -1, 0 FROM unnest(${mArr}) m
        WHERE (SELECT count(*) FROM ${name} WHERE span = 'D' AND dim = -1 AND key = 0
               AND start_date >= m AND start_date < (m + interval '1 month')::date)
              = ((m + interval '1 month')::date - m)`,
  );
};

/** Rewrites one calendar month's roll-up rows from its day rows. */
export const writeRollupMonth = (tx: DbOrTx, table: StatTable, month: string) =>
  writeRollupMonths(tx, table, [month]);

/**
 * Rewrites the prefix rows (span 'C', sums only) of the months from `from`'s to `to`'s in one
 * statement: for each key active in a month and each day from its first activity to `last` (or
 * the month's end), the sums from the month's first day to that day, so the sums of any range are
 * two rows per month and key (a prefix minus the prefix before the start).
 */
export const writeRollupPrefixes = async (
  tx: DbOrTx,
  table: StatTable,
  from: string,
  to: string,
  last: string,
): Promise<void> => {
  const name = sql.raw(ROLLUPS[table].name);
  const { sums } = factsOf(table);
  const m = monthStart(from);
  const mEnd = monthEnd(to);
  const end = [mEnd, last].sort()[0] as string;
  await tx.execute(
    sql`DELETE FROM ${name} WHERE span = 'C' AND dim = ANY(${ALL_DIMS(table)}) AND start_date >= ${m}::date AND start_date <= ${mEnd}::date`,
  );
  if (end < m) return;
  const cols = sums.map((f) => f.column).join(', ');
  const running = sums
    .map(
      (f) => `(sum(coalesce(d.${f.column}, 0)) OVER (PARTITION BY g.m, g.dim, g.key ORDER BY g.c))::bigint`,
    )
    .join(', ');
  await tx.execute(
    sql`WITH d AS (SELECT * FROM ${name} WHERE span = 'D' AND dim >= 0 AND start_date >= ${m}::date AND start_date <= ${end}::date),
          kd AS (SELECT date_trunc('month', start_date)::date AS m, dim, key, min(start_date) AS first FROM d GROUP BY 1, 2, 3),
          g AS (SELECT kd.m, kd.dim, kd.key, c::date AS c FROM kd CROSS JOIN LATERAL generate_series(kd.first,
                  least((kd.m + interval '1 month')::date - 1, ${end}::date), interval '1 day') c)
        INSERT INTO ${name} (span, start_date, dim, key, ${sql.raw(cols)})
        SELECT 'C', g.c, g.dim, g.key, ${sql.raw(running)}
        FROM g LEFT JOIN d ON d.dim = g.dim AND d.key = g.key AND d.start_date = g.c
        -- Written by date: a range's sums read the prefix rows of a few dates for every key, so
        -- one date's rows of a dimension sit together (~50 pages for 2,000 users, not ~2,000).
        ORDER BY g.c, g.dim, g.key`,
  );
  await tx.execute(
    sql`INSERT INTO ${name} (span, start_date, dim, key)
        SELECT 'C', c::date, -1, 0 FROM generate_series(${m}::date, ${end}::date, interval '1 day') c`,
  );
};

/** Rewrites a month's prefix rows up to `last`. */
export const writeRollupPrefix = (tx: DbOrTx, table: StatTable, month: string, last: string) =>
  writeRollupPrefixes(tx, table, month, month, last);

/** The completed months touching [from, to] (their last day on or before `last`). */
export const monthsOf = (from: string, to: string, last: string): string[] => {
  const out: string[] = [];
  for (let m = monthStart(from); m <= to; m = addDays(monthEnd(m), 1)) if (monthEnd(m) <= last) out.push(m);
  return out;
};

/** Writes the roll-ups of [from, to] (day rows, then the completed months and the prefixes): tests and tools. */
export const writeRollups = async (db: DbOrTx, table: StatTable, from: string, to: string) => {
  await writeRollupDays(db, table, from, to);
  await writeRollupMonths(db, table, monthsOf(from, to, to));
  await writeRollupPrefixes(db, table, from, to, to);
};

const bucketStart = (g: Pick<Grouping, 'bucket' | 'from'>): SQL => {
  switch (g.bucket) {
    case 'day':
      return sql`d`;
    case 'week':
      return sql`greatest(date_trunc('week', d)::date, ${g.from}::date)`;
    case 'month':
      return sql`greatest(date_trunc('month', d)::date, ${g.from}::date)`;
    default:
      return sql`${g.from}::date`;
  }
};

/**
 * groupFacts over the roll-ups (days before today) and the raw tables (today and later); null when
 * they do not apply: no roll-up spec, a dirty day in the range, or a day without roll-ups.
 */
export const groupRollup = async (db: DbOrTx, table: StatTable, g: Grouping): Promise<Grouped | null> => {
  const spec = g.rollup;
  if (!spec) return null;
  const { sums } = factsOf(table);
  const ids = g.sumsOnly ? [] : factsOf(table).ids;
  const today = g.today ?? businessDay(new Date());
  const aggTo = g.to < today ? g.to : addDays(today, -1);
  const days = g.from <= aggTo ? daysBetween(g.from, aggTo) : [];
  const out: Grouped = new Map();
  const slot = slotsOf(out, table);
  const b = bucketExpr(g);
  const s = bucketStart(g);
  if (days.length) {
    // The past part (roll-ups only): shared between requests under the aggregates' generation.
    const past = g.past;
    let part: Grouped | null;
    if (past) {
      if (past.dirty.some((d) => d >= g.from && d <= aggTo)) return null;
      const key = [table, g.from, aggTo, g.bucket, spec.dim, spec.only?.join(' ') ?? '*', spec.relabel ?? '']
        .concat(g.sumsOnly ? 'sums' : 'ids')
        .join('|');
      part = await past.store.get(past.gen, key, () => pastRollup(db, table, g, aggTo, false));
      if (part === null) return null;
      // The live part adds to the slots: a copy of the shared entry.
      for (const [id, v] of part) out.set(id, { bucket: v.bucket, key: v.key, facts: { ...v.facts } });
    } else {
      part = await pastRollup(db, table, g, aggTo, true);
      if (part === null) return null;
      for (const [id, v] of part) out.set(id, v);
    }
  }
  // Today and later: the raw events (sums add; an id counts unless seen earlier in its bucket).
  const liveFrom = g.from > aggTo ? g.from : addDays(aggTo, 1);
  if (liveFrom <= g.to && g.shared) {
    await liveShared(db, table, g, liveFrom, aggTo, ids, slot);
  } else if (liveFrom <= g.to) {
    const where = g.where ?? sql`TRUE`;
    const sumRows = await queryRows<{ b: string; key: string | number; f: string; v: string | number }>(
      db,
      sql`SELECT to_char(${b}, 'YYYY-MM-DD') AS b, (${g.key})::bigint AS key, f, sum(v)::bigint AS v
          FROM (${rawEvents(sums, liveFrom, g.to, g.k1)}) x WHERE ${where} GROUP BY 1, 2, 3`,
    );
    for (const row of sumRows) {
      const sl = slot(row.b, Number(row.key));
      sl.facts[row.f] = (sl.facts[row.f] ?? 0) + Number(row.v);
    }
    if (ids.length) {
      // Buckets of live days only: counted in SQL; buckets mixing roll-up days: ids checked below.
      const counted = await queryRows<{ b: string; key: string | number; f: string; n: number }>(
        db,
        sql`SELECT to_char(${b}, 'YYYY-MM-DD') AS b, (${g.key})::bigint AS key, f, count(DISTINCT v)::int AS n
            FROM (${rawEvents(ids, liveFrom, g.to, g.k1)}) x WHERE ${where} AND ${s} > ${aggTo}::date GROUP BY 1, 2, 3`,
      );
      for (const row of counted) {
        const sl = slot(row.b, Number(row.key));
        sl.facts[row.f] = (sl.facts[row.f] ?? 0) + Number(row.n);
      }
      const liveIds = await queryRows<{ b: string; s: string; key: string | number; f: string; v: string }>(
        db,
        sql`SELECT DISTINCT to_char(${b}, 'YYYY-MM-DD') AS b, to_char(${s}, 'YYYY-MM-DD') AS s, (${g.key})::bigint AS key, f, v::text AS v
            FROM (${rawEvents(ids, liveFrom, g.to, g.k1)}) x WHERE ${where} AND ${s} <= ${aggTo}::date`,
      );
      // The latest earlier occurrence (on a roll-up day of the same bucket) of each live id.
      const earliest = [liveFrom, ...liveIds.map((x) => x.s)].sort()[0] as string;
      const seen =
        earliest <= aggTo
          ? await latestOccurrences(
              db,
              g.key,
              where,
              ids,
              liveIds.filter((x) => x.s <= aggTo),
              earliest,
              aggTo,
              g.k1,
            )
          : new Map<string, string>();
      for (const x of liveIds) {
        const last = seen.get(`${x.f}|${Number(x.key)}|${x.v}`);
        if (last !== undefined && last >= x.s) continue;
        const sl = slot(x.b, Number(x.key));
        sl.facts[x.f] = (sl.facts[x.f] ?? 0) + 1;
      }
    }
  }
  return out;
};

/**
 * The roll-up part of groupRollup: the days [g.from, aggTo] (before today), from the roll-up
 * tables only (what the aggregates' generation stamps); null when they do not cover the range or
 * (`checkDirty`) a day of it is dirty.
 */
const pastRollup = async (
  db: DbOrTx,
  table: StatTable,
  g: Grouping,
  aggTo: string,
  checkDirty: boolean,
): Promise<Grouped | null> => {
  const spec = g.rollup as RollupSpec;
  const t = TABLES[table];
  const r = ROLLUPS[table];
  const { sums } = factsOf(table);
  const ids = g.sumsOnly ? [] : factsOf(table).ids;
  const days = daysBetween(g.from, aggTo);
  const out: Grouped = new Map();
  const slot = slotsOf(out, table);
  const b = bucketExpr(g);
  const s = bucketStart(g);
  if (g.sumsOnly && g.bucket === 'range') {
    const prefix = await prefixSums(db, table, g, aggTo, checkDirty);
    if (prefix === null) return null;
    for (const row of prefix) {
      const sl = slot(g.from, Number(row.key));
      for (const f of sums) sl.facts[f.column] = Number(row[f.column] ?? 0);
    }
  } else {
    const [c] = await queryRows<{ dirty: number; days: number; months: string[] | null }>(
      db,
      sql`SELECT ${checkDirty ? sql`(SELECT count(*)::int FROM stat_dirty_date WHERE stat_date >= ${g.from}::date AND stat_date <= ${aggTo}::date)` : sql`0`} AS dirty,
            (SELECT count(*)::int FROM ${sql.raw(r.name)} WHERE span = 'D' AND dim = -1 AND key = 0
               AND start_date >= ${g.from}::date AND start_date <= ${aggTo}::date) AS days,
            (SELECT array_agg(to_char(start_date, 'YYYY-MM-DD')) FROM ${sql.raw(r.name)} WHERE span = 'M' AND dim = -1 AND key = 0
               AND start_date >= ${g.from}::date AND start_date <= ${aggTo}::date) AS months`,
    );
    if (!c || c.dirty > 0 || c.days < days.length) return null;
    const months =
      g.bucket === 'month' || g.bucket === 'range'
        ? (c.months ?? []).filter((m) => monthEnd(m) <= aggTo)
        : [];
    const monthArr = sql`${`{${months.join(',')}}`}::date[]`;
    const keyOut = spec.relabel === undefined ? sql`key` : sql`${spec.relabel}::bigint`;
    const only = spec.only ? sql`AND key = ANY(${idsArray(spec.only)})` : sql``;
    const cols = sql.raw(
      [
        ...sums.map((f) => f.column),
        ...ids.flatMap((f) => [f.column, `${f.column}_gaps`, `${f.column}_cum`]),
      ].join(', '),
    );
    const rows = sql`SELECT start_date AS d, ${keyOut} AS key, ${cols} FROM ${sql.raw(r.name)}
        WHERE span = 'D' AND dim = ${spec.dim} ${only} AND start_date >= ${g.from}::date AND start_date <= ${aggTo}::date
          AND date_trunc('month', start_date)::date <> ALL(${monthArr})
        ${
          months.length
            ? sql`UNION ALL SELECT start_date AS d, ${keyOut} AS key, ${cols} FROM ${sql.raw(r.name)}
                  WHERE span = 'M' AND dim = ${spec.dim} ${only} AND start_date = ANY(${monthArr})`
            : sql``
        }`;
    const aggs = [
      ...sums.map((f) => `sum(${f.column})::bigint AS ${f.column}`),
      ...ids.map(
        (f) =>
          `sum(CASE WHEN d = s THEN ${f.column} ELSE ${f.column} - coalesce(${f.column}_cum[width_bucket(d - s, ${f.column}_gaps)], 0) END)::bigint AS ${f.column}`,
      ),
    ];
    const res = await queryRows<Record<string, string | number>>(
      db,
      sql`SELECT to_char(b, 'YYYY-MM-DD') AS b, key, ${sql.raw(aggs.join(', '))}
          FROM (SELECT x.*, ${b} AS b, ${s} AS s FROM (${rows}) x) y GROUP BY 1, 2`,
    );
    for (const row of res) {
      const sl = slot(String(row.b), Number(row.key));
      for (const f of t.facts) sl.facts[f.column] = Number(row[f.column] ?? 0);
    }
  }
  return out;
};

/**
 * The sums of [from, aggTo] per key from the prefix rows: per month touched, the prefix at the
 * portion's last day minus the prefix the day before its first (none on the month's first day).
 * Null when a prefix is missing or a day is dirty.
 */
const prefixSums = async (
  db: DbOrTx,
  table: StatTable,
  g: Grouping,
  aggTo: string,
  checkDirty: boolean,
): Promise<Record<string, string | number>[] | null> => {
  const spec = g.rollup as RollupSpec;
  const name = sql.raw(ROLLUPS[table].name);
  const { sums } = factsOf(table);
  const plus: string[] = [];
  const minus: string[] = [];
  for (let m = monthStart(g.from); m <= aggTo; m = addDays(monthEnd(m), 1)) {
    plus.push([monthEnd(m), aggTo].sort()[0] as string);
    if (g.from > m) minus.push(addDays(g.from, -1));
  }
  const dates = [...new Set([...plus, ...minus])];
  const [c] = await queryRows<{ dirty: number; marks: number }>(
    db,
    sql`SELECT ${checkDirty ? sql`(SELECT count(*)::int FROM stat_dirty_date WHERE stat_date >= ${g.from}::date AND stat_date <= ${aggTo}::date)` : sql`0`} AS dirty,
          (SELECT count(*)::int FROM ${name} WHERE span = 'C' AND dim = -1 AND key = 0
             AND start_date = ANY(${`{${dates.join(',')}}`}::date[])) AS marks`,
  );
  if (!c || c.dirty > 0 || c.marks < dates.length) return null;
  const keyOut = spec.relabel === undefined ? sql`key` : sql`${spec.relabel}::bigint`;
  const only = spec.only ? sql`AND key = ANY(${idsArray(spec.only)})` : sql``;
  const signed = (dd: string[], sign: number) =>
    sql`SELECT ${keyOut} AS key, ${sql.raw(sums.map((f) => `${sign} * ${f.column} AS ${f.column}`).join(', '))}
        FROM ${name} WHERE span = 'C' AND dim = ${spec.dim} ${only} AND start_date = ANY(${`{${dd.join(',')}}`}::date[])`;
  return queryRows<Record<string, string | number>>(
    db,
    sql`SELECT key, ${sql.raw(sums.map((f) => `sum(${f.column})::bigint AS ${f.column}`).join(', '))}
        FROM (${signed(plus, 1)}${minus.length ? sql` UNION ALL ${signed(minus, -1)}` : sql``}) x GROUP BY key`,
  );
};

const DIM_NO: Record<DataDimension, number> = { all: 0, sales: 1, dept: 2, channel: 3, platform: 4 };

/**
 * The roll-up reading the same rows as DIM_KEY under the caller's scope: everyone's rows for ALL,
 * the caller's own user rows for SELF (dimension all or sales); other scopes and dimensions are
 * grouped from the daily aggregates (their scope is a condition over several keys).
 */
export const salesRollup = (p: Principal, dim: DataDimension): RollupSpec | undefined => {
  if (p.dataScope === 'ALL') return { dim: DIM_NO[dim] };
  if (p.dataScope === 'SELF' && (dim === 'all' || dim === 'sales'))
    return { dim: 1, only: [p.userId], ...(dim === 'all' ? { relabel: 0 } : {}) };
  return undefined;
};
