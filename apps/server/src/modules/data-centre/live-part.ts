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
  // Derived once per rows and grouping: the same rows (kept across requests, cache.ts TodayRows)
  // give the same counts, but for the earlier days an id is looked up in (the past stamps decide them).
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
    part = livePart(db, g, rows, liveFrom, aggTo, ids);
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
/** liveShared's parts per live rows (kept rows are new rows when read again). */
const liveParts = new WeakMap<LiveRow[], Map<string, Promise<Addition[]>>>();

/** Live parts derived (tests, benches): kept rows derive a grouping's part once. */
export const livePartStats = { parts: 0 };

/** The live rows' additions to a grouping's slots: [bucket, key, fact, value]. */
const livePart = async (
  db: DbOrTx,
  g: Grouping,
  rows: readonly LiveRow[],
  liveFrom: string,
  aggTo: string,
  ids: Fact[],
): Promise<Addition[]> => {
  livePartStats.parts++;
  const shared = g.shared as NonNullable<Grouping['shared']>;
  const idFacts = new Set(ids.map((f) => f.column));
  const sums = new Map<string, Addition>();
  const add = (b: string, key: number, f: string, v: number) => {
    const id = `${b}|${key}|${f}`;
    const x = sums.get(id);
    if (x) x[3] += v;
    else sums.set(id, [b, key, f, v]);
  };
  // The distinct ids of buckets of live days only, and those of buckets mixing roll-up days.
  const liveIds = new Set<string>();
  const mixed = new Map<string, MixedId>();
  for (const r of rows) {
    if (r.d < liveFrom || r.d > (g.to as string)) continue;
    const key = liveKey(shared, r);
    if (key === null) continue;
    const b = bucketOf(g, r.d);
    if (r.id === null) {
      add(b, key, r.f, r.v);
      continue;
    }
    if (!idFacts.has(r.f)) continue;
    const s = bucketStartOf(g, r.d);
    if (s <= aggTo) mixed.set(`${b}|${s}|${key}|${r.f}|${r.id}`, { b, s, key, f: r.f, v: r.id });
    else if (!liveIds.has(`${b}|${key}|${r.f}|${r.id}`)) {
      liveIds.add(`${b}|${key}|${r.f}|${r.id}`);
      add(b, key, r.f, 1);
    }
  }
  const out = [...sums.values()];
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
