/**
 * `npm run bench:queue`: trivial jobs through the job queue in one process (PGlite in memory, or a
 * fresh database on DATABASE_URL): send rate, then processing rate with the default worker
 * settings (each run records a job_run row), and the process RSS before and after the queue.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { defineJob, JobQueue } from '../../src/jobs/queue';

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const rss = () => Math.round(process.memoryUsage().rss / 1e6);
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
} as never;

const main = async () => {
  const adminUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  let dropName: string | undefined;
  if (adminUrl) {
    dropName = `educrm_qbench_${randomBytes(3).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${dropName}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dropName}`;
    url = u.toString();
  }
  const database = await openDatabase({ databaseUrl: url });
  await runMigrations(database);
  const before = rss();
  let done = 0;
  let finish: () => void = () => {};
  const all = new Promise<void>((r) => {
    finish = r;
  });
  const job = defineJob<{ n: number }>({
    name: 'bench.trivial',
    retry: { limit: 0 },
    run: async () => {
      done++;
      if (done === JOBS) finish();
      return { ok: 1 };
    },
  });
  const queue = new JobQueue(database, {
    log: silent,
    now: () => new Date(),
    concurrency: CONCURRENCY,
    pollingIntervalSeconds: 0.5,
  });
  queue.register(job);
  const t0 = performance.now();
  await queue.start();
  const startMs = performance.now() - t0;
  const afterStart = rss();
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let n = w; n < JOBS; n += 8) await queue.send(job, { n });
    }),
  );
  const sendSeconds = (performance.now() - t1) / 1000;
  await all;
  const totalSeconds = (performance.now() - t1) / 1000;
  const peak = rss();
  await queue.stop();
  await database.close();
  if (dropName && adminUrl) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
    await c.end();
  }
  const result = {
    database: database.kind,
    jobs: JOBS,
    concurrency: CONCURRENCY,
    queueStartMs: Math.round(startMs),
    sentPerSec: Math.round(JOBS / sendSeconds),
    processedPerSec: Math.round(JOBS / totalSeconds),
    rssMB: { beforeQueue: before, afterStart, afterJobs: peak },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
};

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err));
  process.exit(1);
});
