// `npx tsx bench/data-centre.ts` (PostgreSQL: DATABASE_URL, default the local server; loopback only).
// Loads the bench data set (bench/lib/clients-data.mjs and orders-data.mjs: --clients, --follow-ups,
// --orders with lines and refunds; default 1,000,000 / 3,000,000 / 2,000,000), then measures:
// 1. rebuilding a year of aggregates (the admin rebuild: one transaction per day), and one day;
// 2. the data-centre requests (DataCentreService, the SQL the API runs) at --connections callers
//    at once (default 10), --samples calls each: history of a year by day / by month per sales,
//    overview, daily, product daily and product overview of a year; p50 / p95 per view; target p95 <= 50 ms.
// Creates and drops the database educrm_bench_data. Prints one JSON line last.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import type { JobQueue } from '../apps/server/src/jobs/queue';
import { type CacheMode, TODAY_MAX_AGE_MS } from '../apps/server/src/modules/data-centre/cache';
import { addDays, businessDay, daysBetween } from '../apps/server/src/modules/data-centre/engine';
import { recomputeDays } from '../apps/server/src/modules/data-centre/jobs';
import { DataCentreService } from '../apps/server/src/modules/data-centre/service';
// @ts-expect-error plain ESM loaders shared with the other benches
import { loadClients, seedReferenceData } from './lib/clients-data.mjs';
import { benchPrincipals } from './lib/data-centre-principals';
// @ts-expect-error plain ESM loaders shared with the other benches
import { loadOrders } from './lib/orders-data.mjs';

/** The history's first page of keys, as the API's defaults (top 20 by the paid amount). */
const PAGE = { page: 1, pageSize: 20, sort: 'M12', order: 'desc' } as const;
const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const CLIENTS = arg('clients', 1_000_000);
const FOLLOW_UPS = arg('follow-ups', 3_000_000);
const ORDERS = arg('orders', 2_000_000);
const CONNECTIONS = arg('connections', 10);
const SAMPLES = arg('samples', 20);
const flag = (name: string) => process.argv.includes(`--${name}`);
/** --keep: leave the database for a later --reuse (no reload); --skip-rebuild: use its aggregates as they are. */
const KEEP = flag('keep');
const REUSE = flag('reuse');
const SKIP_REBUILD = flag('skip-rebuild');
const SKIP_VIEWS = flag('skip-views');
/** --views=a,b: only the views whose names contain one of these words. */
const ONLY = process.argv
  .find((a) => a.startsWith('--views='))
  ?.slice(8)
  .split(',')
  .filter(Boolean);
const admin = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
if (!['127.0.0.1', 'localhost', '::1'].includes(admin.hostname)) throw new Error('loopback PostgreSQL only');
/** --db=name: another database (e.g. a second scale beside a kept one). */
const NAME = process.argv.find((a) => a.startsWith('--db='))?.slice(5) || 'educrm_bench_data';
if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) throw new Error('--db: a plain database name');
/** --skip-year: keep the aggregates, measure the one-day recomputes only. */
const SKIP_YEAR = flag('skip-year');
/** --skip-days: no one-day recomputes after the year (the rebuild only). */
const SKIP_DAYS = flag('skip-days');
/**
 * --cache=off,on: the service's cache measured, each view once per mode (modules/data-centre/
 * cache.ts): off = nothing shared between requests (the tests' oracle), on = the past-day parts
 * per aggregate generation and today's live rows kept for --today-max-age ms.
 */
const CACHE_MODES = (process.argv.find((a) => a.startsWith('--cache='))?.slice(8) ?? 'off,on')
  .split(',')
  .filter((m): m is CacheMode => m === 'off' || m === 'on');
/** --today-max-age=ms: how long `on` keeps today's rows (default the server's; 0: today computed per request). */
const TODAY_MAX_AGE = arg('today-max-age', TODAY_MAX_AGE_MS);
/**
 * --writes=ms: a concurrent writer while the views are measured, as a working server has: every
 * `ms` milliseconds one committed write of today on its own connection, alternately a follow-up
 * and a paid order with one line (source tables only: the aggregates' generation does not move);
 * each caller then waits a random 0-2 x ms before each request (think
 * time, not counted). 0 (default): nothing written, no think time.
 */
const WRITES_MS = arg('writes', 0);
/**
 * --touch-each: before each request its caller commits a transaction with an xid (`SELECT
 * pg_current_xact_id()`, no table written): the cache keys nothing on the database's snapshot
 * any more, so this adds only that commit's load (kept to compare with earlier runs).
 */
const TOUCH_EACH = flag('touch-each');
/**
 * --full-day: the requests see the clock run from 23:00 (Asia/Shanghai) of the last full day, so
 * "today" holds a whole day of events (the figures do not depend on the hour the bench runs at)
 * while the kept rows of today still age; the year ranges start a day later (inside the rebuilt
 * year) and --writes stamp their rows at the clock's time.
 */
const FULL_DAY = flag('full-day');

const exec = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

const main = async () => {
  const exists =
    REUSE && (await exec(admin.toString(), `SELECT 1 FROM pg_database WHERE datname = '${NAME}'`)).rowCount;
  if (!exists) {
    await exec(admin.toString(), `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await exec(admin.toString(), `CREATE DATABASE ${NAME}`);
  }
  const url = new URL(admin.toString());
  url.pathname = `/${NAME}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: CONNECTIONS * 4 + 2 });
  const out: Record<string, unknown> = { clients: CLIENTS, followUps: FOLLOW_UPS, orders: ORDERS };
  try {
    await runMigrations(database);
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const t0 = performance.now();
    if (!exists) {
      const ref = await seedReferenceData(c);
      await loadClients(c, ref, { clients: CLIENTS, followUps: FOLLOW_UPS });
      await loadOrders(c, { orders: ORDERS, clients: CLIENTS });
      await c.query('ANALYZE');
      out.loadSeconds = Math.round((performance.now() - t0) / 1000);
    } else {
      const n = await c.query(
        'SELECT (SELECT count(*) FROM client)::int AS clients, (SELECT count(*) FROM follow_up)::int AS follow_ups, (SELECT count(*) FROM sales_order)::int AS orders',
      );
      Object.assign(out, { reused: true, ...n.rows[0] });
      console.log(`reusing ${NAME}: ${JSON.stringify(n.rows[0])}`);
    }
    const someUser = Number(
      (await c.query('SELECT sales_user_id AS id FROM sales_order WHERE sales_user_id IS NOT NULL LIMIT 1'))
        .rows[0]?.id,
    );
    await c.end();

    // ---- 1. rebuild a year, then one day ---------------------------------------------------------
    const today = businessDay(new Date());
    const yearFrom = addDays(today, -365);
    const yesterday = addDays(today, -1);
    if (!SKIP_REBUILD) {
      console.log(
        `load average before the rebuild: ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
      );
      const tYear = performance.now();
      if (!SKIP_YEAR) {
        const year = await recomputeDays(database.db, daysBetween(yearFrom, yesterday));
        out.rebuildYearSeconds = Math.round((performance.now() - tYear) / 100) / 10;
        out.rebuildYearRows = year.rows;
      }
      const dayTimes: number[] = [];
      const rewriteTimes: number[] = [];
      // Late data on a past day, as the nightly job finds it: 20 orders paid that day change sales
      // user, 50 follow-ups of that day move to the day before (both days dirty).
      let round = 0;
      const lc = new pg.Client({ connectionString: url.toString() });
      await lc.connect();
      const lateChange = async (day: string) => {
        const a = new Date(`${day}T00:00:00+08:00`);
        const b = new Date(`${addDays(day, 1)}T00:00:00+08:00`);
        await lc.query(
          `UPDATE sales_order o SET sales_user_id = (SELECT u.id FROM admin_user u WHERE u.id IS DISTINCT FROM o.sales_user_id ORDER BY u.id LIMIT 1)
           WHERE id IN (SELECT id FROM sales_order WHERE pay_time >= $1 AND pay_time < $2 ORDER BY id OFFSET $3 LIMIT 20)`,
          [a, b, round * 20],
        );
        await lc.query(
          `UPDATE follow_up SET created_at = created_at - interval '1 day'
           WHERE id IN (SELECT id FROM follow_up WHERE created_at >= $1 AND created_at < $2 ORDER BY id OFFSET $3 LIMIT 50)`,
          [a, b, round * 50],
        );
        round++;
        return [addDays(day, -1), day];
      };
      // Yesterday; then a day 30 and 90 days back after a late change: the later day rows patched,
      // and again after another change with the later rows rewritten (the writer before the patch).
      for (const i of SKIP_DAYS ? [] : [1, 30, 90]) {
        const day = addDays(today, -i);
        const days = i === 1 ? [day] : await lateChange(day);
        const t = performance.now();
        const r = await recomputeDays(database.db, days);
        dayTimes.push(performance.now() - t);
        console.log(
          `recompute ${days.join(', ')}: ${Math.round(performance.now() - t)} ms, ${JSON.stringify(r)}`,
        );
        if (i === 1) continue;
        const again = await lateChange(day);
        const t2 = performance.now();
        const r2 = await recomputeDays(database.db, again, undefined, { patchLimit: 0 });
        rewriteTimes.push(performance.now() - t2);
        console.log(
          `  the same, later rows rewritten: ${Math.round(performance.now() - t2)} ms, ${JSON.stringify(r2)}`,
        );
      }
      await lc.end();
      out.recomputeDayMs = dayTimes.map(Math.round);
      out.recomputeDayRewriteMs = rewriteTimes.map(Math.round);
      console.log(
        `rebuild a year: ${out.rebuildYearSeconds ?? '-'} s (${out.rebuildYearRows ?? '-'} rows); one day (1, 30, 90 days back): ${dayTimes.map(Math.round).join(' / ')} ms (later rows rewritten: ${rewriteTimes.map(Math.round).join(' / ')} ms); load average ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
      );
    }
    await exec(
      url.toString(),
      'ANALYZE stat_sales_daily; ANALYZE stat_product_daily; ANALYZE stat_sales_rollup; ANALYZE stat_product_rollup',
    );

    // ---- 2. the requests ------------------------------------------------------------------------
    const vToday = FULL_DAY ? yesterday : today;
    const vYesterday = addDays(vToday, -1);
    const vYearFrom = FULL_DAY ? addDays(yearFrom, 1) : yearFrom;
    const clockFrom = new Date(`${vToday}T23:00:00+08:00`).getTime() - Date.now();
    const clock = FULL_DAY ? () => new Date(Date.now() + clockFrom) : () => new Date();
    const services = new Map(
      CACHE_MODES.map((cache) => [
        cache,
        new DataCentreService(database.db, clock, { register() {} } as unknown as JobQueue, {
          cache,
          todayMaxAgeMs: TODAY_MAX_AGE,
        }),
      ]),
    );
    let svc = services.get(CACHE_MODES[0] ?? 'off') as DataCentreService;
    const { adminP, siyuP } = benchPrincipals(someUser);
    const views: [string, () => Promise<unknown>][] = [
      [
        'history 1y by day (all)',
        () =>
          svc.series(adminP, {
            from: vYearFrom,
            to: vYesterday,
            granularity: 'day',
            dimension: 'all',
            ...PAGE,
          }),
      ],
      [
        'history 1y by month per sales',
        () =>
          svc.series(adminP, {
            from: vYearFrom,
            to: vYesterday,
            granularity: 'month',
            dimension: 'sales',
            ...PAGE,
          }),
      ],
      [
        'history 1y by week per channel',
        () =>
          svc.series(adminP, {
            from: vYearFrom,
            to: vYesterday,
            granularity: 'week',
            dimension: 'channel',
            ...PAGE,
          }),
      ],
      [
        'history 30d by day (siyu)',
        () =>
          svc.series(siyuP, {
            from: addDays(vToday, -30),
            to: vToday,
            granularity: 'day',
            dimension: 'sales',
            ...PAGE,
          }),
      ],
      ['overview (admin)', () => svc.overview(adminP)],
      ['daily yesterday (admin)', () => svc.daily(adminP, vYesterday)],
      [
        'product daily 30d',
        () => svc.productDaily({ from: addDays(vToday, -30), to: vYesterday, level: 'spu' }),
      ],
      ['product overview 1y', () => svc.productOverview({ from: vYearFrom, to: vYesterday, level: 'spu' })],
    ];
    const results: Record<
      string,
      Record<
        string,
        { p50: number; p95: number; kB: number; writes?: number; past?: string; todayReads?: number }
      >
    > = {};
    const touch = TOUCH_EACH ? new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS }) : null;
    // The concurrent writer (--writes): follow-ups and paid orders of today, one per tick.
    const writer = { n: 0, stop: false, done: Promise.resolve(), followUpsAfter: 0 };
    if (WRITES_MS > 0) {
      const wc = new pg.Client({ connectionString: url.toString() });
      await wc.connect();
      const [bounds] = (
        await wc.query(
          'SELECT (SELECT min(id) FROM client)::bigint AS lo, (SELECT max(id) FROM client)::bigint AS hi, (SELECT max(id) FROM order_item)::bigint AS items, (SELECT coalesce(max(id), 0) FROM follow_up)::bigint AS fu',
        )
      ).rows as { lo: string; hi: string; items: string; fu: string }[];
      writer.followUpsAfter = Number(bounds?.fu);
      const lo = Number(bounds?.lo);
      const span = Number(bounds?.hi) - lo;
      const writeOnce = async (i: number) => {
        const client = lo + Math.floor(Math.random() * span);
        if (i % 2 === 0) {
          await wc.query(
            `INSERT INTO follow_up (client_id, type, source, created_by, creator_dept_id, deleted, created_at)
             SELECT c.id, 'CALL', 'MANUAL', u.id, u.department_id, false, $3
             FROM (SELECT id FROM client WHERE id >= $1 ORDER BY id LIMIT 1) c,
                  (SELECT id, department_id FROM admin_user WHERE department_id IS NOT NULL ORDER BY id OFFSET $2 LIMIT 1) u`,
            [client, i % 50, clock()],
          );
          return;
        }
        const item = 1 + Math.floor(Math.random() * Number(bounds?.items));
        await wc.query(
          `WITH c AS (SELECT id FROM client WHERE id >= $1 ORDER BY id LIMIT 1),
                u AS (SELECT id, department_id FROM admin_user WHERE department_id IS NOT NULL ORDER BY id OFFSET $2 LIMIT 1),
                i AS (SELECT * FROM order_item WHERE id >= $3 ORDER BY id LIMIT 1),
                o AS (INSERT INTO sales_order (order_no, client_id, total_amount, pay_amount, status, pay_time, sales_user_id, sales_dept_id,
                        created_type, created_at, updated_at, version)
                      SELECT 'BW' || $4 || '-' || $5, c.id, i.pay_amount, i.pay_amount, 'PAID', $6, u.id, u.department_id, 'MANUAL', $6, $6, 1
                      FROM c, u, i RETURNING id)
           INSERT INTO order_item (order_id, spu_id, sku_id, spu_name, sku_spec, unit_price, qty, pay_amount, refund_amount)
           SELECT o.id, i.spu_id, i.sku_id, i.spu_name, i.sku_spec, i.unit_price, i.qty, i.pay_amount, 0 FROM o, i`,
          [client, i % 50, item, process.pid, i, clock()],
        );
      };
      writer.done = (async () => {
        let i = 0;
        while (!writer.stop) {
          const t = performance.now();
          await writeOnce(i++);
          writer.n++;
          await new Promise((r) => setTimeout(r, Math.max(0, WRITES_MS - (performance.now() - t))));
        }
        await wc.end();
      })();
    }
    console.log(
      `load average before the requests: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    for (const [name, fn] of views) {
      if (SKIP_VIEWS || (ONLY && !ONLY.some((w) => name.includes(w)))) continue;
      for (const [mode, service] of services) {
        svc = service;
        const bytes = JSON.stringify(await fn()).length; // warm-up, and the reply's size
        const writes0 = writer.n;
        const past0 = { hits: service.pastParts.hits, misses: service.pastParts.misses };
        const todayReads0 = service.todayRows.reads;
        const times: number[] = [];
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async () => {
            for (let i = 0; i < SAMPLES; i++) {
              // With --writes each caller thinks for a writer's tick between its requests (spread
              // at random), so its requests straddle the writes as on a working server: without
              // it the cached modes answer all their samples between two writes.
              if (WRITES_MS > 0) await new Promise((r) => setTimeout(r, Math.random() * 2 * WRITES_MS));
              if (touch) await touch.query('SELECT pg_current_xact_id()');
              const t = performance.now();
              await fn();
              times.push(performance.now() - t);
            }
          }),
        );
        const r = {
          p50: Math.round(pct(times, 50)),
          p95: Math.round(pct(times, 95)),
          kB: Math.round(bytes / 1024),
          ...(WRITES_MS > 0 ? { writes: writer.n - writes0 } : {}),
          ...(mode === 'on'
            ? {
                past: `${service.pastParts.hits - past0.hits}/${service.pastParts.misses - past0.misses}`,
                todayReads: service.todayRows.reads - todayReads0,
              }
            : {}),
        };
        results[name] = { ...results[name], [mode]: r };
        console.log(
          `${name.padEnd(34)} cache ${mode.padEnd(5)} p50 ${r.p50} ms  p95 ${r.p95} ms  ${r.kB} kB  ${r.p95 <= 50 ? 'PASS' : 'FAIL'}${
            r.writes === undefined ? '' : `  writes ${r.writes}`
          }${r.past ? `  past parts hit/miss ${r.past}, today's rows read ${r.todayReads}` : ''}  load ${loadavg()
            .map((x) => x.toFixed(1))
            .join(' ')}`,
        );
      }
    }
    writer.stop = true;
    await writer.done;
    await touch?.end();
    if (TOUCH_EACH) out.touchEach = true;
    if (WRITES_MS > 0) {
      // The bench's writes go: the kept database stays as loaded.
      await exec(
        url.toString(),
        `DELETE FROM order_item WHERE order_id IN (SELECT id FROM sales_order WHERE order_no LIKE 'BW%');
         DELETE FROM sales_order WHERE order_no LIKE 'BW%';
         DELETE FROM follow_up WHERE id > ${writer.followUpsAfter}`,
      );
      out.writesMs = WRITES_MS;
      out.writes = writer.n;
    }
    out.views = results;
    out.loadAverage = loadavg().map((x) => Math.round(x * 10) / 10);
  } finally {
    await database.close();
    if (!KEEP) await exec(admin.toString(), `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  }
  console.log(JSON.stringify(out));
};

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
