// `npx tsx bench/data-centre-chunk.ts [--db=name] [--tables=sales,product] [--from=YYYY-MM-DD] [--days=31] [--repeat=N] [--work-mem=128MB] [--explain]`
// on a database that `bench/data-centre.ts --keep` left: one chunk of the year rebuild as
// recomputeDays writes it (one transaction per table: the daily aggregates, then the roll-up day
// rows), timed per step and rolled back, so that a change to the chunk's statements is measured
// against its parent alternately on the same data (copy this file into the other checkout).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { addDays, type StatTable, writeDays } from '../apps/server/src/modules/data-centre/engine';
import { writeRollupDays } from '../apps/server/src/modules/data-centre/rollup';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
if (!['127.0.0.1', 'localhost', '::1'].includes(url.hostname)) throw new Error('loopback PostgreSQL only');
url.pathname = `/${arg('db') ?? 'educrm_bench_data'}`;
const tables = (arg('tables') ?? 'sales,product').split(',') as StatTable[];
const days = Number(arg('days') ?? 31);
const repeat = Number(arg('repeat') ?? 1);

/** --work-mem=256MB: the transaction's work_mem (the recompute jobs' own is 128MB). */
const WORK_MEM = arg('work-mem') ?? '128MB';
if (!/^\d+(kB|MB|GB)$/.test(WORK_MEM)) throw new Error('--work-mem: a size such as 256MB');

/** --explain: the roll-up statement's plan (EXPLAIN ANALYZE, BUFFERS), run again after the chunk. */
const EXPLAIN = process.argv.includes('--explain');

class Rollback extends Error {}

// The statements of the roll-up step (drizzle's node-postgres driver calls Client#query in a transaction).
let captured: { text: string; values: unknown[] }[] | null = null;
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  const q = args[0] as { text?: string; values?: unknown[] } | string;
  const text = typeof q === 'string' ? q : q?.text;
  const values = ((typeof q === 'object' ? q?.values : undefined) ?? args[1] ?? []) as unknown[];
  if (captured && text && !/^(savepoint|release|rollback|begin|commit)/i.test(text))
    captured.push({ text, values });
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

let statements: { text: string; values: unknown[] }[] = [];
let rollupFrom = 0;

/** Replays the chunk's statements in a transaction (rolled back), the roll-up statement under EXPLAIN. */
const explain = async (qs: typeof statements, from: number) => {
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await query.call(c, 'BEGIN');
  await query.call(c, `SET LOCAL work_mem = '${WORK_MEM}'`);
  await query.call(c, 'SET LOCAL jit = off');
  for (const [i, q] of qs.entries()) {
    const rollup = i >= from && q.text.includes('hist AS');
    const res = (await query.call(c, rollup ? `EXPLAIN (ANALYZE, BUFFERS) ${q.text}` : q.text, q.values)) as {
      rows: Record<string, string>[];
    };
    if (rollup) console.log(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  await query.call(c, 'ROLLBACK');
  await c.end();
};

const main = async () => {
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const db = database.db;
  const [last] = (
    await db.execute(sql`SELECT to_char(max(stat_date), 'YYYY-MM-DD') AS d FROM stat_sales_daily`)
  ).rows as { d: string | null }[];
  const to = arg('from') ? addDays(arg('from') as string, days - 1) : (last?.d ?? '');
  const from = arg('from') ?? addDays(to, -(days - 1));
  for (let i = 0; i < repeat; i++) {
    for (const table of tables) {
      const t: number[] = [performance.now()];
      await db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`SET LOCAL work_mem = '${WORK_MEM}'`));
          await tx.execute(sql`SET LOCAL jit = off`);
          captured = [];
          await writeDays(tx, table, from, to);
          t.push(performance.now());
          rollupFrom = captured?.length ?? 0;
          // A checkout before the daily source ignores the last argument.
          await (writeRollupDays as (...a: unknown[]) => Promise<void>)(tx, table, from, to, undefined, {
            fromDaily: !process.argv.includes('--raw'),
          });
          t.push(performance.now());
          statements = captured ?? [];
          captured = null;
          throw new Rollback();
        })
        .catch((e) => {
          if (!(e instanceof Rollback)) throw e;
        });
      if (EXPLAIN) await explain(statements, rollupFrom);
      const [a, b, c] = t as [number, number, number];
      console.log(
        `${table} ${from}..${to}: daily ${((b - a) / 1000).toFixed(1)} s, roll-up days ${((c - b) / 1000).toFixed(1)} s, total ${((c - a) / 1000).toFixed(1)} s`,
      );
    }
  }
  await database.close();
};
await main();
