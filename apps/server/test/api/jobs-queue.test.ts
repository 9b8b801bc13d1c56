import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/db/client';
import { jobRun } from '../../src/db/schema';
import { cronForInterval, defineJob, JobQueue } from '../../src/jobs/queue';
import { readyQueues } from '../../src/jobs/ready-probe';
import type { Job } from '../../src/jobs/scheduler';
import { ensureStats, statsNightlyJob } from '../../src/modules/data-centre/jobs';
import { openTestDatabase } from '../support/app';

const log = pino({ level: 'silent' });
const waitFor = async <T>(fn: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('job queue (pg-boss on the server database)', () => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let queue: JobQueue;
  const seen: number[] = [];
  const echo = defineJob<{ n: number }>({
    name: 'test.echo',
    retry: { limit: 1, delaySeconds: 1 },
    async run({ data, progress }) {
      await progress({ half: 1 });
      seen.push(data.n);
      return { n: data.n };
    },
  });
  let failures = 0;
  const flaky = defineJob<{ failTimes: number }>({
    name: 'test.flaky',
    retry: { limit: 2, delaySeconds: 1 },
    async run({ data, attempt }) {
      if (attempt < data.failTimes) {
        failures++;
        throw new Error(`boom ${attempt}`);
      }
      return { attempt };
    },
  });
  let tickedRuns = 0;
  const ticked = defineJob<Record<string, never>>({
    name: 'test.ticked',
    cron: '0 3 * * *',
    async run() {
      tickedRuns++;
      return { ran: 1 };
    },
  });
  let legacyRuns = 0;
  const legacy: Job = {
    name: 'test.legacy',
    lockKey: 1,
    intervalMs: 60 * 60 * 1000,
    async run() {
      legacyRuns++;
      return { legacy: 1 };
    },
  };

  beforeAll(async () => {
    ({ database, drop, url } = await openTestDatabase());
    queue = new JobQueue(database, { log, now: () => new Date(), pollingIntervalSeconds: 0.5 });
    queue.register(echo);
    queue.register(flaky);
    queue.register(legacy);
    queue.register(ticked);
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await drop();
  });

  it('maps the old intervalMs to a cron in Asia/Shanghai', () => {
    expect(cronForInterval(60 * 60 * 1000)).toBe('0 * * * *');
    expect(cronForInterval(10 * 60 * 1000)).toBe('*/10 * * * *');
    expect(cronForInterval(24 * 60 * 60 * 1000)).toBe('0 3 * * *');
    expect(queue.definitions().find((d) => d.name === 'test.legacy')?.cron).toBe('0 * * * *');
  });

  it('runs a sent job and records the run with its counts', async () => {
    await queue.send(echo, { n: 7 });
    await waitFor(async () => seen.includes(7));
    const run = await waitFor(async () => {
      const [r] = await database.db.select().from(jobRun).where(eq(jobRun.job, 'test.echo'));
      return r?.status === 'SUCCESS' ? r : null;
    });
    expect(run.counts).toEqual({ n: 7 });
    expect(run.trigger).toBe('QUEUED');
  });

  it('enqueues nothing when the business transaction rolls back, and the job when it commits', async () => {
    await queue.ready();
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send(echo, { n: 100 }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await database.db.transaction(async (tx) => {
      await queue.send(echo, { n: 101 }, { tx });
    });
    await waitFor(async () => seen.includes(101));
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).not.toContain(100);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.echo' AND (data->>'n')::int = 100`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('retries a failing job with its retry policy, recording each attempt', async () => {
    await queue.send(flaky, { failTimes: 1 });
    await waitFor(async () =>
      (await database.db.select().from(jobRun).where(eq(jobRun.job, 'test.flaky'))).some(
        (r) => r.status === 'SUCCESS',
      ),
    );
    const runs = await database.db.select().from(jobRun).where(eq(jobRun.job, 'test.flaky'));
    expect(runs.map((r) => r.status).sort()).toEqual(['FAILED', 'SUCCESS']);
    expect(runs.find((r) => r.status === 'FAILED')?.error).toBe('boom 0');
    expect(failures).toBe(1);
  });

  it('runs a scheduled tick once even when two jobs were sent for it (two servers)', async () => {
    await queue.ready();
    await queue.send(ticked, {}, { trigger: 'SCHEDULE' });
    await queue.send(ticked, {}, { trigger: 'SCHEDULE' });
    const done = async () =>
      queryRows<{ state: string }>(
        database.db,
        sql`SELECT state FROM pgboss.job WHERE name = 'test.ticked' AND state = 'completed'`,
      );
    await waitFor(async () => (await done()).length === 2);
    expect(tickedRuns).toBe(1);
    const runs = await database.db.select().from(jobRun).where(eq(jobRun.job, 'test.ticked'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'SCHEDULE', status: 'SUCCESS' });
    // The tick is the cron's latest occurrence (03:00 Asia/Shanghai = 19:00 UTC).
    expect(runs[0]?.tickAt?.toISOString()).toMatch(/T19:00:00\.000Z$/);
  });

  it('runs an old-shape job now, in a transaction, and lists it with its last runs', async () => {
    await queue.runNow('test.legacy');
    await waitFor(async () => legacyRuns === 1);
    const list = await waitFor(async () => {
      const l = await queue.list();
      return l.find((j) => j.name === 'test.legacy')?.lastRuns[0]?.status === 'SUCCESS' ? l : null;
    });
    const info = list.find((j) => j.name === 'test.legacy');
    expect(info).toMatchObject({ cron: '0 * * * *', timeZone: 'Asia/Shanghai', paused: false });
    expect(info?.lastRuns[0]).toMatchObject({ trigger: 'MANUAL', counts: { legacy: 1 } });
  });

  it('starts a sent job within about a second though its worker polls only every 30 s (the probe wakes it)', async () => {
    await queue.ready();
    // Let the worker go idle: its next poll of its own is 30 s away.
    await new Promise((r) => setTimeout(r, 1500));
    const sentAt = Date.now();
    await queue.send(echo, { n: 42 });
    await waitFor(async () => seen.includes(42), 10_000);
    expect(Date.now() - sentAt).toBeLessThan(5_000);
  });

  it('names the queues with a job that may start now, not those with nothing or a later start', async () => {
    const probeOnly = new JobQueue(database, { log, now: () => new Date(), workers: false });
    const later = defineJob({
      name: 'test.probe-later',
      async run() {
        return {};
      },
    });
    const now = defineJob({
      name: 'test.probe-now',
      async run() {
        return {};
      },
    });
    const idle = defineJob({
      name: 'test.probe-idle',
      async run() {
        return {};
      },
    });
    for (const j of [later, now, idle]) probeOnly.register(j);
    await probeOnly.start();
    try {
      await probeOnly.send(later, {}, { startAfter: new Date(Date.now() + 3_600_000) });
      await probeOnly.send(now, {});
      const names = ['test.probe-later', 'test.probe-now', 'test.probe-idle'];
      expect(await readyQueues(database.db, names)).toEqual(['test.probe-now']);
      expect(await readyQueues(database.db, [])).toEqual([]);
    } finally {
      await probeOnly.stop();
    }
  });

  it('lets a job in flight finish when the queue stops gracefully', async () => {
    const other = new JobQueue(database, { log, now: () => new Date(), pollingIntervalSeconds: 0.5 });
    const slow = defineJob({
      name: 'test.graceful',
      batchSize: 1,
      async run() {
        await new Promise((r) => setTimeout(r, 1500));
        return { finished: 1 };
      },
    });
    other.register(slow);
    await other.start();
    await other.send(slow, {});
    await waitFor(async () => {
      const [r] = await database.db.select().from(jobRun).where(eq(jobRun.job, 'test.graceful'));
      return r?.status === 'RUNNING';
    });
    await other.stop(10_000);
    const [run] = await database.db.select().from(jobRun).where(eq(jobRun.job, 'test.graceful'));
    expect(run).toMatchObject({ status: 'SUCCESS', counts: { finished: 1 } });
    await expect(other.ready()).rejects.toThrow('stopped');
  });

  it('queues the first stats build once: two servers starting at once on an empty database, then more starts', async () => {
    // Two servers: on PostgreSQL each with its own pool; PGlite is one process, so two queues on it.
    const second = url ? await openDatabase({ databaseUrl: url, poolSize: 3 }) : database;
    const servers = [database, second].map((db) => {
      const q = new JobQueue(db, { log, now: () => new Date(), workers: false });
      q.register(statsNightlyJob);
      return { db: db.db, q };
    });
    try {
      await Promise.all(servers.map((s) => ensureStats(s.db, s.q)));
      for (const s of [...servers, ...servers]) await ensureStats(s.db, s.q);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM pgboss.job
            WHERE name = ${statsNightlyJob.name} AND singleton_key = 'stats-first-run'`,
      );
      expect(row?.n).toBe(1);
    } finally {
      for (const s of servers) await s.q.stop();
      if (second !== database) await second.close();
    }
  });
});
