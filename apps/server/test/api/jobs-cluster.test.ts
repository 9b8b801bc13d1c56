import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { clientImportJob, jobRun } from '../../src/db/schema';
import { defineJob, JobQueue } from '../../src/jobs/queue';
import { ADMIN_PASSWORD, createTestApp, onPostgres, type TestApp } from '../support/app';
import { slowJob } from '../support/queue-jobs';

/**
 * Several servers on one PostgreSQL: a cron tick runs once, a job of a server killed with SIGKILL
 * is retried by another within seconds, an import in flight survives its server's death.
 */
const silent = {
  level: 'silent',
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async <T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  ms = 60_000,
): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};

/** Another server process (test/support/queue-worker.ts) on the same database. */
const startWorker = (url: string): Promise<{ child: ChildProcess; port: number }> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../support/queue-worker.ts')],
      {
        env: { ...process.env, DATABASE_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.stdout?.on('data', (d: Buffer) => {
      const m = /ready (\d+)/.exec(String(d));
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${err}`)));
  });
const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe.skipIf(!onPostgres())('two servers on one PostgreSQL', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const c of children) await kill(c);
    await t?.close();
  });

  it('runs each cron tick once and each sent job once across two instances', {
    timeout: 150_000,
  }, async () => {
    const tick = defineJob({ name: 'test.tick', cron: '* * * * *', run: async () => ({ ticked: 1 }) });
    const work = defineJob<{ n: number }>({ name: 'test.work', run: async ({ data }) => ({ n: data.n }) });
    const second = await t.secondInstance();
    for (const q of [t.app.deps.queue, second.app.deps.queue]) {
      q.register(tick);
      q.register(work);
    }
    await Promise.all([t.app.deps.queue.start(), second.app.deps.queue.start()]);
    for (let n = 0; n < 40; n++) await (n % 2 ? t : second).app.deps.queue.send(work, { n });
    // The first tick after start, then long enough for both servers' cron passes to have seen it.
    await waitFor(
      'a tick',
      async () => (await t.database.db.select().from(jobRun).where(eq(jobRun.job, 'test.tick'))).length > 0,
      75_000,
    );
    await sleep(12_000);
    const perMinute = await queryRows<{ minute: string; n: number }>(
      t.database.db,
      sql`SELECT date_trunc('minute', created_on)::text AS minute, count(*)::int AS n FROM pgboss.job
          WHERE name = 'test.tick' GROUP BY 1`,
    );
    expect(perMinute.length).toBeGreaterThan(0);
    for (const m of perMinute) expect(m, m.minute).toMatchObject({ n: 1 });
    const runs = await queryRows<{ job: string; queue_job_id: string; n: number }>(
      t.database.db,
      sql`SELECT job, queue_job_id, count(*)::int AS n FROM job_run WHERE job IN ('test.tick', 'test.work')
          AND status = 'SUCCESS' GROUP BY 1, 2`,
    );
    expect(runs.filter((r) => r.job === 'test.tick')).toHaveLength(perMinute.length);
    expect(runs.filter((r) => r.job === 'test.work')).toHaveLength(40);
    expect(runs.every((r) => r.n === 1)).toBe(true);
    await second.close();
  });

  it('retries the job of a server killed with SIGKILL on another server within seconds', {
    timeout: 90_000,
  }, async () => {
    const worker = await startWorker(t.url as string);
    children.push(worker.child);
    // Sent by a process that runs no workers: only the child can take it.
    const sender = new JobQueue(t.database, { log: silent, now: () => new Date(), workers: false });
    sender.register(slowJob);
    await sender.send(slowJob, { tag: 'kill-me' });
    const first = await waitFor('the child to take the job', async () => {
      const [r] = await t.database.db
        .select()
        .from(jobRun)
        .where(and(eq(jobRun.job, 'test.slow'), eq(jobRun.status, 'RUNNING')));
      return r;
    });
    await kill(worker.child);
    const killedAt = Date.now();
    await sender.stop();
    // This server now works the queue too: the dead job's heartbeat lapses and it is retried here.
    t.app.deps.queue.register(slowJob);
    await t.app.deps.queue.ready();
    const retried = await waitFor('the retry', async () => {
      const [r] = await t.database.db
        .select()
        .from(jobRun)
        .where(and(eq(jobRun.job, 'test.slow'), eq(jobRun.status, 'SUCCESS')));
      return r;
    });
    const seconds = (Date.now() - killedAt) / 1000;
    expect(retried.queueJobId).toBe(first.queueJobId);
    expect(retried.attempt).toBe(1);
    expect(seconds).toBeLessThan(40);
    const [old] = await t.database.db.select().from(jobRun).where(eq(jobRun.id, first.id));
    expect(old?.status).toBe('INTERRUPTED');
    process.stdout.write(`killed worker's job retried after ${seconds.toFixed(1)} s\n`);
  });
});

describe.skipIf(!onPostgres())('an import in flight when its server dies', () => {
  let t: TestApp;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    if (child) await kill(child);
    await t?.close();
  });

  // Generous limits: this test takes ~40 s on a quiet 2-core machine (2,000 rows, killed at 200: the
  // kill comes after the first chunk committed, so most of the sheet is left to resume).
  it('resumes on another server after SIGKILL: every row once, nothing lost', {
    timeout: 330_000,
  }, async () => {
    const worker = await startWorker(t.url as string);
    child = worker.child;
    const base = `http://127.0.0.1:${worker.port}`;
    const login = await fetch(`${base}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const ROWS = 2000;
    const csv = [
      'name,mobile',
      ...Array.from({ length: ROWS }, (_, i) => `导入${i},139${String(70000000 + i)}`),
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'big.csv');
    const res = await fetch(`${base}/api/v1/clients/import?target=pool`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const started = (await res.json()) as { data: { id: string } };
    expect(res.status).toBe(202);
    const id = started.data.id;
    const processed = async () =>
      (await t.database.db.select().from(clientImportJob).where(eq(clientImportJob.id, id)))[0]?.processed ??
      0;
    await waitFor('the first chunks', async () => (await processed()) >= 200, 60_000);
    await kill(worker.child);
    const atKill = await processed();
    expect(atKill).toBeLessThan(ROWS);

    await t.app.deps.queue.ready();
    const done = await waitFor(
      'the import to finish here',
      async () => {
        const [j] = await t.database.db.select().from(clientImportJob).where(eq(clientImportJob.id, id));
        return j?.status !== 'RUNNING' ? j : null;
      },
      240_000,
    );
    expect(done.status).toBe('DONE');
    expect(done.processed).toBe(ROWS);
    expect(done.counts).toMatchObject({ CREATED: ROWS, DUPLICATE_POOL: 0, DUPLICATE_OTHER: 0 });
    const [clients] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM client WHERE mobile BETWEEN '13970000000' AND '13970001999'`,
    );
    expect(clients?.n).toBe(ROWS);
    process.stdout.write(
      `import killed at ${atKill}/${ROWS} rows, resumed and finished on the other server\n`,
    );
  });
});
