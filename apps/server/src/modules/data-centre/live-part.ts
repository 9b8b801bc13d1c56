import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  bucketOf,
  bucketStartOf,
  type Grouping,
  type LiveRow,
  liveKey,
  rawEvents,
  type StatTable,
} from './engine';
import type { Fact, FactValues } from './facts';
import { sliceOf } from './live-slices';

const idsArray = (xs: (number | string)[]) => sql`${`{${xs.join(',')}}`}::bigint[]`;

/**
 * The latest occurrence in the raw days [from, to] of each live id under its key, by fact:
 * `fact|key|id` -> day (a live id seen there was already counted in its bucket).
 */
export const latestOccurrences = async (
  db: DbOrTx,
  key: SQL,
  where: SQL,
  facts: Fact[],
  live: { f: string; v: string }[],
  from: string,
  to: string,
  k1?: number,
): Promise<Map<string, string>> => {
  const seen = new Map<string, string>();
  for (const f of facts) {
    const vs = [...new Set(live.filter((x) => x.f === f.column).map((x) => x.v))];
    if (!vs.length) continue;
    const prior = await queryRows<{ key: string | number; v: string; d: string }>(
      db,
      sql`SELECT (${key})::bigint AS key, v::text AS v, to_char(max(d), 'YYYY-MM-DD') AS d
          FROM (${rawEvents([f], from, to, k1)}) x WHERE x.v = ANY(${idsArray(vs)}) AND ${where} GROUP BY 1, 2`,
    );
    for (const p of prior) seen.set(`${f.column}|${Number(p.key)}|${p.v}`, p.d);
  }
  return seen;
};

/** A live id of a bucket that also has roll-up days: it counts unless seen earlier in the bucket. */
interface MixedId {
  b: string;
  s: string;
  key: number;
  f: string;
  v: string;
}
/** [bucket, key, fact, value]: an addition to a grouping's slot. */
type Addition = [string, number, string, number];

/**
 * The live part of groupRollup from the request's LiveCache (one statement per request): the sums
 * and the distinct ids of buckets of live days only are counted here; an id of a bucket that also
 * has roll-up days counts unless the same key saw it earlier in the bucket (looked up by id).
 */
export const liveShared = async (
  db: DbOrTx,
  table: StatTable,
  g: Grouping,
  liveFrom: string,
  aggTo: string,
  ids: Fact[],
  slot: (bucket: string, key: number) => { facts: FactValues },
) => {
  const shared = g.shared as NonNullable<Grouping['shared']>;
  const rows = await shared.cache.rows(table, liveFrom, g.to, ids.length > 0);
  // Derived once per rows and grouping: the same rows (kept across requests, live-slices.ts) give
  // the same counts, but for the earlier days an id is looked up in (the past stamps decide them).
  const past = shared.cache.past;
  const where = dialect.sqlToQuery(sql`${g.key} ${g.where ?? sql`TRUE`}`);
  const key = JSON.stringify([
    table,
    g.bucket,
    g.from,
    g.to,
    liveFrom,
    aggTo,
    g.k1 ?? null,
    shared.keyCol,
    shared.only ?? null,
    ids.map((f) => f.column),
    past ? [past.gen, past.dirty] : null,
    where.sql,
    where.params,
  ]);
  const memo = liveParts.get(rows) ?? new Map<string, Promise<Addition[]>>();
  liveParts.set(rows, memo);
  let part = memo.get(key);
  if (!part) {
    part = livePart(db, g, rows, liveFrom, aggTo, ids, key);
    memo.set(key, part);
    const mine = part;
    part.catch(() => {
      if (memo.get(key) === mine) memo.delete(key);
    });
  }
  for (const [b, k, f, v] of await part) {
    const sl = slot(b, k);
    sl.facts[f] = (sl.facts[f] ?? 0) + v;
  }
};

const dialect = new PgDialect();
/** liveShared's parts per live rows (the rows' identity changes whenever what they hold may). */
const liveParts = new WeakMap<LiveRow[], Map<string, Promise<Addition[]>>>();

/** What one hour's rows (or all the rows, when they are not kept per hour) add to a grouping. */
interface HourPart {
  /** `bucket|key|fact` -> the sum and how many rows made it (a slot exists while one does). */
  sums: Map<string, [string, number, string, number, number]>;
  /** The distinct ids of buckets of live days only: `bucket|key|fact|id`. */
  ids: Set<string>;
  mixed: Map<string, MixedId>;
}

/**
 * A grouping's live part kept hour by hour (LiveSlices' rows): the totals of the hours it holds,
 * and each hour's part, so that rows re-read for some hours cost those hours (their old part
 * taken out, the new one added) instead of every row of the day again.
 */
interface Totals {
  hours: (readonly LiveRow[])[];
  parts: HourPart[];
  sums: Map<string, [string, number, string, number, number]>;
  /** How many hours hold each distinct id (it counts once while one does). */
  idHours: Map<string, number>;
}

const hourPart = (
  g: Grouping,
  rows: readonly LiveRow[],
  liveFrom: string,
  aggTo: string,
  idFacts: Set<string>,
) => {
  const shared = g.shared as NonNullable<Grouping['shared']>;
  const part: HourPart = { sums: new Map(), ids: new Set(), mixed: new Map() };
  for (const r of rows) {
    if (r.d < liveFrom || r.d > (g.to as string)) continue;
    const key = liveKey(shared, r);
    if (key === null) continue;
    const b = bucketOf(g, r.d);
    if (r.id === null) {
      const id = `${b}|${key}|${r.f}`;
      const x = part.sums.get(id);
      if (x) {
        x[3] += r.v;
        x[4]++;
      } else part.sums.set(id, [b, key, r.f, r.v, 1]);
      continue;
    }
    if (!idFacts.has(r.f)) continue;
    const s = bucketStartOf(g, r.d);
    if (s > aggTo) part.ids.add(`${b}|${key}|${r.f}|${r.id}`);
    else part.mixed.set(`${b}|${s}|${key}|${r.f}|${r.id}`, { b, s, key, f: r.f, v: r.id });
  }
  return part;
};

/** Adds (sign 1) or takes out (-1) an hour's part from the totals. */
const apply = (t: Totals, part: HourPart, sign: 1 | -1) => {
  const add = (id: string, b: string, key: number, f: string, v: number, n: number) => {
    const x = t.sums.get(id);
    if (x) {
      x[3] += v;
      x[4] += n;
      if (x[4] === 0) t.sums.delete(id);
    } else t.sums.set(id, [b, key, f, v, n]);
  };
  for (const [id, [b, key, f, v, n]] of part.sums) add(id, b, key, f, sign * v, sign * n);
  for (const id of part.ids) {
    const before = t.idHours.get(id) ?? 0;
    const after = before + sign;
    if (after === 0) t.idHours.delete(id);
    else t.idHours.set(id, after);
    if ((before === 0) === (after === 0)) continue;
    const [b, key, f] = id.split('|') as [string, string, string];
    add(`${b}|${key}|${f}`, b, Number(key), f, sign, sign);
  }
};

/** Hours of rows derived (tests, benches): a kept grouping re-derives only the hours re-read. */
export const livePartStats = { hours: 0, parts: 0 };

/** At most this many groupings' totals kept per live day (the generations and ranges change). */
const MAX_TOTALS = 64;

/** The live rows' additions to a grouping's slots: [bucket, key, fact, value]. */
const livePart = async (
  db: DbOrTx,
  g: Grouping,
  rows: LiveRow[],
  liveFrom: string,
  aggTo: string,
  ids: Fact[],
  memoKey: string,
): Promise<Addition[]> => {
  livePartStats.parts++;
  const idFacts = new Set(ids.map((f) => f.column));
  const slice = sliceOf(rows);
  const hours = slice?.hours ?? [rows];
  const kept = slice?.derived.get(memoKey) as Totals | undefined;
  // Most hours unchanged: swap the changed ones; else (or nothing kept) derive every hour afresh.
  const changed = kept ? hours.filter((h, i) => kept.hours[i] !== h).length : hours.length;
  let t: Totals;
  if (kept && changed * 2 <= hours.length) {
    t = kept;
    hours.forEach((h, i) => {
      if (t.hours[i] === h) return;
      const old = t.parts[i];
      if (old) apply(t, old, -1);
      const part = hourPart(g, h, liveFrom, aggTo, idFacts);
      livePartStats.hours++;
      apply(t, part, 1);
      t.hours[i] = h;
      t.parts[i] = part;
    });
  } else {
    t = { hours: [...hours], parts: [], sums: new Map(), idHours: new Map() };
    for (const h of hours) {
      const part = hourPart(g, h, liveFrom, aggTo, idFacts);
      livePartStats.hours++;
      apply(t, part, 1);
      t.parts.push(part);
    }
  }
  if (slice) {
    slice.derived.delete(memoKey);
    slice.derived.set(memoKey, t);
    while (slice.derived.size > MAX_TOTALS) slice.derived.delete(slice.derived.keys().next().value as string);
  }
  const out: Addition[] = [...t.sums.values()].map(([b, key, f, v]) => [b, key, f, v]);
  const mixed = new Map<string, MixedId>();
  for (const p of t.parts) for (const [id, x] of p.mixed) mixed.set(id, x);
  if (mixed.size) {
    const liveIds = [...mixed.values()];
    const where = g.where ?? sql`TRUE`;
    const earliest = liveIds.map((x) => x.s).sort()[0] as string;
    const seen = await latestOccurrences(db, g.key, where, ids, liveIds, earliest, aggTo, g.k1);
    for (const x of liveIds) {
      const last = seen.get(`${x.f}|${x.key}|${x.v}`);
      if (last !== undefined && last >= x.s) continue;
      out.push([x.b, x.key, x.f, 1]);
    }
  }
  return out;
};
