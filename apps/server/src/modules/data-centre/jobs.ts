import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Db, holdingSessionLock, queryRows, type Tx } from '../../db/client';
import { defineJob, type JobContext, type JobDef, type JobQueue } from '../../jobs/queue';
import { addDays, businessDay, daysBetween, onPool, type StatTable, writeDays } from './engine';
import {
  DAY_WINDOW,
  monthsOf,
  ROLLUPS,
  writeRollupDays,
  writeRollupMonths,
  writeRollupPrefixes,
} from './rollup';
import { changedOccurrences, GapMismatch, patchLaterRows, snapshotOccurrences } from './rollup-patch';

/**
 * On the embedded database every query runs on this thread: between two transactions, let the
 * requests that arrived meanwhile in (a whole history would otherwise hold them all).
 */
const giveWay = () => new Promise<void>((r) => setImmediate(r));

/** Days per transaction: each level of the roll-ups is one statement for these days. */
const CHUNK_DAYS = 31;

/** Consecutive runs of sorted days, each cut into chunks of at most CHUNK_DAYS. */
const chunksOf = (sorted: string[]): [string, string][] => {
  const out: [string, string][] = [];
  let start: string | null = null;
  let prev: string | null = null;
  let n = 0;
  for (const d of sorted) {
    if (start !== null && prev !== null && addDays(prev, 1) === d && n < CHUNK_DAYS) {
      prev = d;
      n++;
      continue;
    }
    if (start !== null && prev !== null) out.push([start, prev]);
    start = d;
    prev = d;
    n = 1;
  }
  if (start !== null && prev !== null) out.push([start, prev]);
  return out;
};

/** Changed occurrences of one chunk above which the later rows are rewritten rather than patched. */
const PATCH_LIMIT = 50_000;
/** One recompute writes a table's roll-ups at a time (a patch assumes the rows match the aggregates). */
const RECOMPUTE_LOCK = { sales: 0x5fa7_0001, product: 0x5fa7_0002 } as const;
const TABLE_NAMES = ['sales', 'product'] as const;
/**
 * A recompute whose chunks run side by side holds this session lock throughout, and its chunk
 * transactions the tables' locks shared: two such recomputes never run at once, and a recompute
 * writing chunk by chunk (exclusive locks) waits between their transactions as between its own.
 */
const PARALLEL_LOCK = 0x5fa7_0003;
/** Chunk transactions at once in such a recompute (these machines have 2 cores). */
const CHUNK_WORKERS = 2;
/** The connection pool under a PostgreSQL database (onPool). */
const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/**
 * A recompute transaction: one writer per table, the chunk's sorts and hashes (a month of events
 * per dimension) in memory rather than temp files, and no JIT (compiling these statements' hundreds
 * of expressions cost more than it saved). It bumps the aggregates' generation once, as its last
 * statement (migration 0031), so another writer of the table waits on the counter for the commit
 * only, not for the whole chunk.
 */
const writing = <T>(db: Db, table: StatTable, fn: (tx: Tx) => Promise<T>, shared = false) =>
  db.transaction(async (tx) => {
    await tx.execute(
      shared
        ? sql`SELECT pg_advisory_xact_lock_shared(${RECOMPUTE_LOCK[table]})`
        : sql`SELECT pg_advisory_xact_lock(${RECOMPUTE_LOCK[table]})`,
    );
    await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL educrm.generation_late = 'on'`);
    const out = await fn(tx);
    await tx.execute(sql`UPDATE stat_generation SET gen = gen + 1 WHERE name = ${table}`);
    return out;
  });

export interface RecomputeResult {
  days: number;
  /** Daily aggregate rows written. */
  rows: number;
  /** Later roll-up day rows whose gaps were patched. */
  patched: number;
  /** Later rows rewritten instead: 'sales', 'product', or 'product.band' (the price-band rows). */
  rewritten: string[];
  /** The chunks were written CHUNK_WORKERS at a time (nothing later to patch, PostgreSQL). */
  sideBySide: boolean;
}

/**
 * Recomputes the aggregates and the roll-ups of some days, then the later roll-up day rows whose
 * ids' previous occurrences moved (rollup-patch.ts: patched in place; rewritten when a chunk
 * changed more than `patchLimit` occurrences, and the products' price-band rows when any product
 * occurrence changed) and the months touched, and clears the days' dirty marks last (a range over
 * a day still being rewritten is computed from the raw tables). Set-based: per table and chunk of
 * consecutive days one transaction with one statement per level; the tables side by side on
 * PostgreSQL.
 */
export const recomputeDays = async (
  db: Db,
  days: string[],
  progress: JobContext<unknown>['progress'] = async () => {},
  { patchLimit = PATCH_LIMIT }: { patchLimit?: number } = {},
): Promise<RecomputeResult> => {
  if (!days.length) return { days: 0, rows: 0, patched: 0, rewritten: [], sideBySide: false };
  const started = await queryRows<{ now: Date }>(db, sql`SELECT clock_timestamp() AS now`);
  const sorted = [...new Set(days)].sort();
  const set = new Set(sorted);
  const first = sorted[0] as string;
  const lastDone = sorted[sorted.length - 1] as string;
  const dayList = async (q: SQL) =>
    (await queryRows<{ d: string }>(db, q)).map((r) => r.d).filter((d) => !set.has(d));
  // The later days already rolled up whose gaps may move.
  const later = await dayList(
    sql`SELECT to_char(start_date, 'YYYY-MM-DD') AS d FROM stat_sales_rollup WHERE span = 'D' AND dim = -1 AND key = 0
          AND start_date > ${first}::date AND start_date <= ${addDays(lastDone, DAY_WINDOW)}::date ORDER BY 1`,
  );
  // Other dirty days in the window: their rows reflect their aggregates, not the raw tables.
  const dirty = await dayList(
    sql`SELECT to_char(stat_date, 'YYYY-MM-DD') AS d FROM stat_dirty_date
          WHERE stat_date >= ${addDays(first, -DAY_WINDOW)}::date AND stat_date <= ${addDays(lastDone, DAY_WINDOW)}::date`,
  );
  const chunks = chunksOf(sorted);
  const done = { sales: 0, product: 0 };
  let rows = 0;
  let patched = 0;
  let patchedTo: string | null = null;
  const rewritten: string[] = [];

  // Not `rows += await`: that reads rows before the await, losing a concurrent writer's count.
  const writeChunk = async (tx: Tx, table: StatTable, a: string, b: string) => {
    const written = await writeDays(tx, table, a, b);
    rows += written;
    await writeRollupDays(tx, table, a, b, undefined, { fromDaily: true });
  };
  const chunkDone = (table: StatTable, days: number) => {
    done[table] += days;
    return progress({ done: Math.min(done.sales, done.product), total: sorted.length, rows });
  };

  const runTable = async (table: StatTable) => {
    let rewrite = false;
    let bands = false;
    for (const [a, b] of chunks) {
      const chunk = daysBetween(a, b);
      const targets = later.filter((d) => d > b && d <= addDays(b, DAY_WINDOW));
      const fromAggregates = [...dirty, ...sorted.filter((d) => d > b)];
      await writing(db, table, async (tx) => {
        if (targets.length && !rewrite) await snapshotOccurrences(tx, table, chunk);
        await writeChunk(tx, table, a, b);
        if (!targets.length || rewrite) return;
        const changed = await changedOccurrences(tx, table, chunk);
        if (!changed) return;
        if (table === 'product') bands = true;
        if (changed > patchLimit) {
          rewrite = true;
          return;
        }
        try {
          const p = await patchLaterRows(tx, table, a, b, targets, fromAggregates);
          patched += p.rows;
          if (p.last && (!patchedTo || p.last > patchedTo)) patchedTo = p.last;
        } catch (e) {
          if (!(e instanceof GapMismatch)) throw e;
          rewrite = true;
        }
      });
      await giveWay();
      await chunkDone(table, chunk.length);
    }
    // Later rows that could not be patched: rewritten from the raw tables.
    const only = rewrite ? undefined : bands ? [ROLLUPS.product.dims] : null;
    if (only === null) return;
    rewritten.push(rewrite ? table : `${table}.band`);
    for (const [x, y] of chunksOf(later)) {
      await writing(db, table, (tx) => writeRollupDays(tx, table, x, y, only));
      await giveWay();
    }
  };
  const sideBySide = onPool(db) && !later.length;
  if (sideBySide) {
    // Nothing after these days to patch (a rebuild, a first run): every chunk of either table
    // depends on the raw tables only, so CHUNK_WORKERS transactions run at once, taking the next
    // chunk as each ends (the sales chunks cost about twice the products').
    const tasks = chunks.flatMap((c) => TABLE_NAMES.map((table) => ({ table, c })));
    await holdingSessionLock(poolOf(db), PARALLEL_LOCK, async () => {
      const worker = async () => {
        for (let task = tasks.shift(); task; task = tasks.shift()) {
          const { table, c } = task;
          await writing(db, table, (tx) => writeChunk(tx, table, c[0], c[1]), true);
          await chunkDone(table, daysBetween(c[0], c[1]).length);
        }
      };
      await Promise.all(Array.from({ length: CHUNK_WORKERS }, worker));
    });
  } else if (onPool(db)) await Promise.all(TABLE_NAMES.map(runTable));
  else for (const table of TABLE_NAMES) await runTable(table);

  const [last] = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT to_char(max(start_date), 'YYYY-MM-DD') AS d FROM stat_sales_rollup WHERE span = 'D' AND dim = -1`,
  );
  if (last?.d) {
    const lastRolled = last.d;
    const rewroteTo = rewritten.length && later.length ? (later[later.length - 1] as string) : lastDone;
    const until = [lastDone, patchedTo ?? lastDone, rewroteTo].sort().at(-1) as string;
    // Every month of the recomputed days: its prefix rows; the complete months touched: their month rows.
    const complete = monthsOf(first, until, lastRolled);
    const months = (table: StatTable) =>
      writing(db, table, async (tx) => {
        await writeRollupPrefixes(tx, table, first, lastDone, lastRolled);
        await writeRollupMonths(tx, table, complete);
      });
    if (onPool(db)) await Promise.all(TABLE_NAMES.map(months));
    else for (const table of TABLE_NAMES) await months(table);
    await giveWay();
  }
  // A mark set while these days were computed (a concurrent late change) stays for the next run.
  await db.execute(
    sql`DELETE FROM stat_dirty_date WHERE stat_date = ANY(${`{${sorted.join(',')}}`}::date[]) AND marked_at <= ${started[0]?.now ?? new Date()}`,
  );
  rewritten.sort();
  return { days: sorted.length, rows, patched, rewritten: later.length ? rewritten : [], sideBySide };
};

/** What a job run records. */
const counts = ({ rewritten, sideBySide, ...n }: RecomputeResult) => ({
  ...n,
  rewritten: rewritten.length,
  chunksAtOnce: sideBySide ? CHUNK_WORKERS : 1,
});

/** The first business day with any data (clients, follow-ups, orders), for the first run. */
const firstDataDay = async (db: Db): Promise<string | null> => {
  const [r] = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT to_char((least(
          (SELECT min(created_at) FROM client),
          (SELECT min(created_at) FROM follow_up),
          (SELECT min(pay_time) FROM sales_order)) AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS d`,
  );
  return r?.d ?? null;
};

/**
 * The nightly aggregation (DOMAIN 2.3), 01:00 Asia/Shanghai, once across servers: the dirty days
 * before today plus the last 3 days (the whole history on the first run). Today stays live: it
 * is marked dirty so that it is computed live after midnight until the next run writes it.
 */
export const statsNightlyJob = defineJob<Record<string, never>>({
  name: 'data.stats-nightly',
  cron: '0 1 * * *',
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 3600,
  batchSize: 1,
  async run({ db, now, progress }) {
    const today = businessDay(now);
    const yesterday = addDays(today, -1);
    const [has] = await queryRows<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM stat_sales_daily) AS any`,
    );
    const days = new Set<string>();
    if (!has?.any) {
      const first = await firstDataDay(db);
      if (first && first <= yesterday) for (const d of daysBetween(first, yesterday)) days.add(d);
    }
    for (let i = 1; i <= 3; i++) days.add(addDays(today, -i));
    const dirty = await queryRows<{ d: string }>(
      db,
      sql`SELECT to_char(stat_date, 'YYYY-MM-DD') AS d FROM stat_dirty_date WHERE stat_date < ${today}::date`,
    );
    for (const r of dirty) days.add(r.d);
    const result = counts(await recomputeDays(db, [...days].sort(), progress));
    await db.execute(
      sql`INSERT INTO stat_dirty_date (stat_date) VALUES (${today}::date) ON CONFLICT DO NOTHING`,
    );
    return result;
  },
});

/** An admin's rebuild of a date range (Data centre > history, or `cli stats:rebuild`). */
export const statsRebuildJob = defineJob<{ from: string; to: string; by?: number }>({
  name: 'data.stats-rebuild',
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 3600,
  batchSize: 1,
  async run({ db, data, progress }) {
    return counts(await recomputeDays(db, daysBetween(data.from, data.to), progress));
  },
});

/** One server at a time decides whether a first build is owed (ensureStats). */
const FIRST_RUN_LOCK = 0x5fa7_0004;

/**
 * Queues a first build once across servers: under a transaction lock, only when no job of its
 * key is waiting, running or done (kept 7 days; a failed one is queued again). The queues'
 * `standard` policy does not de-duplicate by singletonKey, and their policy cannot change.
 */
const sendFirstRun = async <D>(db: Db, queue: JobQueue, job: JobDef<D>, data: D, key: string) => {
  await queue.ready();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_RUN_LOCK})`);
    const owed = await queryRows(
      tx,
      sql`SELECT 1 FROM pgboss.job WHERE name = ${job.name} AND singleton_key = ${key}
          AND state IN ('created', 'retry', 'active', 'completed') LIMIT 1`,
    );
    if (owed.length) return;
    // Five minutes after start, not at once: a server that has just started is being signed in
    // to, and on the embedded database every query shares its one thread (the build gives way
    // between days, but each day still waits). Until it has run, every day is computed live.
    await queue.send(job, data, { tx, singletonKey: key, trigger: 'MANUAL', startAfter: 300 });
  });
};

/**
 * A fresh install (or one upgraded to the data centre) has no aggregates until 01:00: the first
 * start queues the nightly job, which then writes the whole history (one job across servers and
 * restarts).
 */
export const ensureStats = async (db: Db, queue: JobQueue) => {
  const [r] = await queryRows<{ from: string | null; to: string | null; rolled: boolean }>(
    db,
    sql`SELECT to_char(min(stat_date), 'YYYY-MM-DD') AS from, to_char(max(stat_date), 'YYYY-MM-DD') AS to,
          EXISTS (SELECT 1 FROM stat_sales_rollup) AS rolled FROM stat_sales_daily`,
  );
  if (r?.from && r.to) {
    // Aggregates written before the roll-ups existed: rebuild them once (until then the daily
    // aggregates answer, exactly).
    if (!r.rolled)
      await sendFirstRun(db, queue, statsRebuildJob, { from: r.from, to: r.to }, 'stats-rollups-first-run');
    return;
  }
  await sendFirstRun(db, queue, statsNightlyJob, {}, 'stats-first-run');
};
