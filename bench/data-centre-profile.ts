// `npx tsx bench/data-centre-profile.ts [--views=word,word] [--explain] [--db=name] [--touch|--write --repeat=N]` on the database that
// `bench/data-centre.ts --keep` left (educrm_bench_data): runs each data-centre view once, alone, and
// lists its SQL statements with their times (and with --explain the plan of the slowest one, EXPLAIN
// ANALYZE BUFFERS), to see where a view's time goes. Reads only.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import type { JobQueue } from '../apps/server/src/jobs/queue';
import type { CacheMode } from '../apps/server/src/modules/data-centre/cache';
import { addDays, businessDay } from '../apps/server/src/modules/data-centre/engine';
import { DataCentreService } from '../apps/server/src/modules/data-centre/service';
import { benchPrincipals } from './lib/data-centre-principals';

/** The history's first page of keys, as the API's defaults (top 20 by the paid amount). */
const PAGE = { page: 1, pageSize: 20, sort: 'M12', order: 'desc' } as const;
const admin = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
if (!['127.0.0.1', 'localhost', '::1'].includes(admin.hostname)) throw new Error('loopback PostgreSQL only');
// --db=name: another kept database (bench/data-centre.ts --db=name).
admin.pathname = `/${process.argv.find((a) => a.startsWith('--db='))?.slice(5) || 'educrm_bench_data'}`;
const ONLY = process.argv
  .find((a) => a.startsWith('--views='))
  ?.slice(8)
  .split(',');
const EXPLAIN = process.argv.includes('--explain');
/**
 * --touch: a committed transaction with an xid (`SELECT pg_current_xact_id()`, no table written)
 * between the warm-up and the measured call: the aggregates' generation does not move (what a
 * request costs on a server where something was written since the last one).
 */
const TOUCH = process.argv.includes('--touch') || process.argv.includes('--write');
/**
 * --write: the touch is a follow-up of the clock's time instead (a write of today that every sales
 * view reads: the live rows' last hour is read again); the follow-ups are deleted at the end.
 */
const WRITE = process.argv.includes('--write');
/**
 * --repeat=N: then N more calls, each after such a touch (with --touch), printing their median and
 * minimum (one caller: a request's own cost without queueing behind others).
 */
const REPEAT = Number(process.argv.find((a) => a.startsWith('--repeat='))?.slice(9) ?? 0);
/** --full-day: the clock at 23:30 (Asia/Shanghai) of the last full day, as bench:data-centre --full-day. */
const FULL_DAY = process.argv.includes('--full-day');

type Log = { text: string; values: unknown[]; ms: number }[];
let log: Log | null = null;
// Every statement the pool runs (drizzle's node-postgres driver calls Pool#query / Client#query).
for (const proto of [pg.Pool.prototype, pg.Client.prototype] as { query: (...a: unknown[]) => unknown }[]) {
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    const res = query.apply(this, args);
    const q = args[0] as { text?: string; values?: unknown[] } | string;
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    const values = (typeof q === 'string' ? args[1] : (q?.values ?? args[1])) as unknown[];
    if (log && res instanceof Promise && proto === pg.Pool.prototype) {
      const mine = log;
      res.then(() => mine.push({ text, values: values ?? [], ms: performance.now() - t })).catch(() => {});
    }
    return res;
  };
}

const main = async () => {
  const database = await openDatabase({ databaseUrl: admin.toString(), poolSize: 4 });
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const someUser = Number(
    (await c.query('SELECT sales_user_id AS id FROM sales_order WHERE sales_user_id IS NOT NULL LIMIT 1'))
      .rows[0]?.id,
  );
  // --cache=on|off (default off: every statement of the view runs; on: past parts and today's rows kept).
  const cache = (process.argv.find((a) => a.startsWith('--cache='))?.slice(8) ?? 'off') as CacheMode;
  const realToday = businessDay(new Date());
  const clock = FULL_DAY ? () => new Date(`${addDays(realToday, -1)}T23:30:00+08:00`) : () => new Date();
  const svc = new DataCentreService(database.db, clock, { register() {} } as unknown as JobQueue, {
    cache,
  });
  const { adminP, siyuP } = benchPrincipals(someUser);
  const today = businessDay(clock());
  const yearFrom = addDays(realToday, FULL_DAY ? -364 : -365);
  const yesterday = addDays(today, -1);
  const written: number[] = [];
  const touch = async () => {
    if (!WRITE) return void (await c.query('SELECT pg_current_xact_id()'));
    const r = await c.query(
      `INSERT INTO follow_up (client_id, type, source, created_by, creator_dept_id, deleted, created_at)
       SELECT (SELECT id FROM client ORDER BY id LIMIT 1), 'CALL', 'MANUAL', u.id, u.department_id, false, $1
       FROM admin_user u WHERE u.department_id IS NOT NULL ORDER BY u.id LIMIT 1 RETURNING id`,
      [clock()],
    );
    written.push(Number(r.rows[0]?.id));
  };
  const views: [string, () => Promise<unknown>][] = [
    [
      'history-day',
      () =>
        svc.series(adminP, { from: yearFrom, to: yesterday, granularity: 'day', dimension: 'all', ...PAGE }),
    ],
    [
      'history-month-sales',
      () =>
        svc.series(adminP, {
          from: yearFrom,
          to: yesterday,
          granularity: 'month',
          dimension: 'sales',
          ...PAGE,
        }),
    ],
    [
      'history-week-channel',
      () =>
        svc.series(adminP, {
          from: yearFrom,
          to: yesterday,
          granularity: 'week',
          dimension: 'channel',
          ...PAGE,
        }),
    ],
    [
      'history-siyu',
      () =>
        svc.series(siyuP, {
          from: addDays(today, -30),
          to: today,
          granularity: 'day',
          dimension: 'sales',
          ...PAGE,
        }),
    ],
    ['overview', () => svc.overview(adminP)],
    ['daily', () => svc.daily(adminP, yesterday)],
    ['product-daily', () => svc.productDaily({ from: addDays(today, -30), to: yesterday, level: 'spu' })],
    ['product-overview', () => svc.productOverview({ from: yearFrom, to: yesterday, level: 'spu' })],
  ];
  for (const [name, fn] of views) {
    if (ONLY && !ONLY.some((w) => name.includes(w))) continue;
    await fn();
    if (TOUCH) await touch();
    log = [];
    const t = performance.now();
    const out = await fn();
    const total = performance.now() - t;
    const mine = log;
    log = null;
    const bytes = JSON.stringify(out).length;
    console.log(`\n== ${name}: ${total.toFixed(1)} ms, ${mine.length} statements, reply ${bytes} bytes`);
    for (const q of [...mine].sort((a, b) => b.ms - a.ms).slice(0, 8))
      console.log(`  ${q.ms.toFixed(1).padStart(7)} ms  ${q.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    if (REPEAT > 0) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        if (TOUCH) await touch();
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      console.log(
        `  ${REPEAT} more calls: median ${median.toFixed(1)} ms, min ${(times[0] ?? 0).toFixed(1)} ms`,
      );
    }
    const slowest = [...mine].sort((a, b) => b.ms - a.ms)[0];
    if (EXPLAIN && slowest) {
      const plan = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${slowest.text}`, slowest.values);
      console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
    }
  }
  if (written.length) await c.query('DELETE FROM follow_up WHERE id = ANY($1)', [written]);
  await c.end();
  await database.close();
};
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
