/**
 * The one durable job queue for background and scheduled work: pg-boss 12 on the server's database
 * (PostgreSQL through its own small pool, PGlite through pg-boss's `fromPglite` adapter on the one
 * embedded client). At-least-once: every handler must be idempotent.
 *
 * Declaring a job (every module does it this way):
 *
 *   export const reportJob = defineJob<{ reportId: number }>({
 *     name: 'report.build',                        // unique; also the queue's name
 *     cron: '0 1 * * *',                           // optional, Asia/Shanghai; one run per tick across servers
 *     retry: { limit: 3, delaySeconds: 30, backoff: true },   // optional (default: 2 retries, 10 s backoff)
 *     expireInSeconds: 900,                        // optional: an attempt running longer is retried
 *     async run({ db, now, data, progress, attempt, signal }) {
 *       await progress({ done: 10, total: 100 });  // optional: shown on System > Jobs
 *       return { built: 1 };                       // counts, recorded in job_run
 *     },
 *     async onFailed({ db, data }, err) {},        // optional: the last attempt failed (show it in your tables)
 *   });
 *
 * Registering: `queue.register(reportJob)` in main.ts (before `queue.start()`), or in app.ts for
 * jobs that services send. The older shape `Job {name, lockKey, intervalMs, run(db, now)}` of
 * ./scheduler.ts is accepted as is: `queue.register(clientRecycleJob())` maps intervalMs to a
 * cron (hourly: minute 0; daily: 03:00 Asia/Shanghai) and runs `run(tx, now)` in one transaction.
 *
 * Sending from a service, inside the business transaction (a rollback enqueues nothing):
 *
 *   await queue.ready();                          // before the transaction: starts the queue lazily
 *   await db.transaction(async (tx) => {
 *     await tx.insert(...);
 *     await queue.send(reportJob, { reportId }, { tx });
 *   });
 *
 * Calls to outside systems inside a request: `withRetry` in ../lib/retry.ts; from a job, throw and
 * let the queue's retry policy (limit, backoff) run the attempt again.
 */

import { CronExpressionParser } from 'cron-parser';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type JobWithMetadata as BossJob, fromDrizzle, fromPglite, type JobResult, PgBoss } from 'pg-boss';
import type { Database, Db, DbOrTx } from '../db/client';
import { jobRun, jobSchedule } from '../db/schema';
import { ReadyProbe, readyQueues } from './ready-probe';
import type { Job as LegacyJob } from './scheduler';

export const JOB_TIME_ZONE = 'Asia/Shanghai';
/** pg-boss's own tables live in this schema, beside ours. */
export const QUEUE_SCHEMA = 'pgboss';

export type Counts = Record<string, number>;
export type Trigger = 'SCHEDULE' | 'MANUAL' | 'QUEUED';

export interface JobContext<D> {
  db: Db;
  now: Date;
  data: D;
  /** 0 on the first attempt, then 1, 2... (also after a killed worker's job is taken over). */
  attempt: number;
  trigger: Trigger;
  /** Aborted when the queue gives up on the attempt (expiry) or shuts down. */
  signal: AbortSignal;
  /** Records progress counts on this run's job_run row (shown on System > Jobs). */
  progress(counts: Counts): Promise<void>;
}

export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  delaySeconds?: number;
  /** Exponential backoff from delaySeconds (with jitter). */
  backoff?: boolean;
}

export interface JobDef<D = Record<string, unknown>> {
  name: string;
  run(ctx: JobContext<D>): Promise<Counts | undefined>;
  /** Five-field cron in Asia/Shanghai; several servers on one database run each tick once. */
  cron?: string;
  retry?: RetryPolicy;
  /** An attempt running longer than this is failed and retried. Default 15 minutes. */
  expireInSeconds?: number;
  /**
   * Jobs a worker fetches at once (default 10; workers fetch again at once while batches come back
   * full). 1 for long jobs (imports, exports), so one does not hold others back.
   */
  batchSize?: number;
  /** Called once when the last attempt failed (e.g. mark a domain row FAILED). */
  onFailed?(ctx: { db: Db; now: Date; data: D }, err: unknown): Promise<void>;
}

export const defineJob = <D = Record<string, unknown>>(def: JobDef<D>): JobDef<D> => def;

/** The tick a scheduled job was sent for: the cron's latest occurrence at or before its creation. */
export const cronTick = (cron: string, createdOn: Date): Date =>
  CronExpressionParser.parse(cron, { tz: JOB_TIME_ZONE, currentDate: new Date(createdOn.getTime() + 1) })
    .prev()
    .toDate();

/** A cron for the old `intervalMs`: every N minutes, every N hours, or daily at 03:00. */
export const cronForInterval = (intervalMs: number): string => {
  const minutes = Math.max(1, Math.round(intervalMs / 60_000));
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return '0 3 * * *';
};

/** The adapter for jobs written against the old Scheduler interface. */
export const fromLegacyJob = (job: LegacyJob & { cron?: string }): JobDef =>
  defineJob({
    name: job.name,
    cron: job.cron ?? cronForInterval(job.intervalMs),
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    // One transaction, as the Scheduler ran it: a failed run changes nothing.
    run: ({ db, now }) => db.transaction((tx) => job.run(tx as unknown as Db, now)),
  });

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

const isLegacy = (j: JobDef<never> | LegacyJob): j is LegacyJob => 'intervalMs' in j;

const DEFAULT_RETRY: RetryPolicy = { limit: 2, delaySeconds: 10, backoff: true };
/** A worker's own poll, behind the probe that wakes it (ReadyProbe). */
const BACKSTOP_POLL_SECONDS = 30;

export interface QueueOptions {
  log: FastifyBaseLogger;
  now: () => Date;
  /**
   * How soon a job sent anywhere starts on an idle server (seconds, >= 0.5): how often this
   * process looks for queues with work (one query, ./ready-probe.ts) and wakes their workers.
   */
  pollingIntervalSeconds?: number;
  /** A job whose worker stops heart-beating this long (killed process) is retried. >= 10. */
  heartbeatSeconds?: number;
  /** How often expired / dead jobs are looked for (seconds). */
  monitorIntervalSeconds?: number;
  /** Jobs run at once per worker in this process. */
  concurrency?: number;
  /** false: this process only sends jobs and runs no workers or schedules (tests, a web-only node). */
  workers?: boolean;
}

export interface JobRunRow {
  id: number;
  startedAt: string;
  finishedAt: string | null;
  status: string;
  trigger: string;
  attempt: number;
  counts: Counts | null;
  error: string | null;
}

export interface JobInfo {
  name: string;
  cron: string | null;
  timeZone: string;
  paused: boolean;
  retryLimit: number;
  queued: number;
  active: number;
  failed: number;
  lastRuns: JobRunRow[];
}

type AnyDef = JobDef<never>;
type RunData = { trigger?: Trigger; [k: string]: unknown };

/** One finished attempt, as the metrics see it (apps/server/src/jobs/ops.ts). */
export interface RunEnd {
  job: string;
  status: 'success' | 'failed' | 'skipped';
  trigger: Trigger;
  seconds: number;
}

/** Jobs of one name and state in pg-boss's table (created, retry, active, failed...). */
export interface DepthRow {
  name: string;
  state: string;
  n: number;
}

export type QueueState = 'not started' | 'starting' | 'running' | 'stopped';

export class JobQueue {
  private readonly defs = new Map<string, AnyDef>();
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private readonly runListeners: ((e: RunEnd) => void)[] = [];
  /** Queue name -> the worker the probe wakes. */
  private readonly workerIds = new Map<string, string>();
  private probe: ReadyProbe | null = null;

  constructor(
    private readonly database: Database,
    private readonly opts: QueueOptions,
  ) {}

  get started() {
    return this.boss !== null && this.starting === null;
  }

  get state(): QueueState {
    if (this.stopped) return 'stopped';
    if (this.starting) return 'starting';
    return this.boss ? 'running' : 'not started';
  }

  /** Whether this process runs workers and schedules (false: it only sends). */
  get works() {
    return this.opts.workers !== false;
  }

  /** Called after every attempt this process ran (metrics). */
  onRunEnd(listener: (e: RunEnd) => void) {
    this.runListeners.push(listener);
  }

  private emitRunEnd(e: RunEnd) {
    for (const l of this.runListeners) {
      try {
        l(e);
      } catch {
        // a listener's bug never fails a job
      }
    }
  }

  /** Declares a job (new shape or the old Scheduler `Job`). Before start(), or it is worked from the next start. */
  register<D>(job: JobDef<D> | LegacyJob): JobDef<D> {
    const def = (isLegacy(job as AnyDef | LegacyJob) ? fromLegacyJob(job as LegacyJob) : job) as JobDef<D>;
    if (this.defs.has(def.name) && this.defs.get(def.name) !== (def as unknown as AnyDef)) {
      throw new Error(`job ${def.name} is declared twice`);
    }
    this.defs.set(def.name, def as unknown as AnyDef);
    if (this.boss && !this.starting) {
      this.install(this.boss, def as unknown as AnyDef).catch((err) =>
        this.opts.log.error({ err, job: def.name }, 'job registration failed'),
      );
    }
    return def;
  }

  /** The old Scheduler's `add(job)`: main.ts registers scheduled jobs with one line each. */
  add(job: JobDef<never> | LegacyJob) {
    this.register(job);
  }

  definitions(): AnyDef[] {
    return [...this.defs.values()];
  }

  /** Starts the queue once (idempotent); services call it before opening a transaction that sends. */
  ready(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    if (this.boss && !this.starting) return Promise.resolve();
    this.starting ??= this.doStart().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  start(): Promise<void> {
    return this.ready();
  }

  private async doStart() {
    const o = this.opts;
    const monitorDefault = this.database.kind === 'pglite' ? 30 : 5;
    const common = {
      schema: QUEUE_SCHEMA,
      // Plain polling: the LISTEN/NOTIFY mode stalled jobs here.
      useListenNotify: false,
      // PostgreSQL: another server's dead job is found within seconds. PGlite is one process: its own
      // dead jobs can only be found after a restart, so a slower pass is enough (and cheaper).
      monitorIntervalSeconds: o.monitorIntervalSeconds ?? monitorDefault,
      superviseIntervalSeconds: o.monitorIntervalSeconds ?? monitorDefault,
      // A scheduled job starts within seconds of its minute (01:00 by 01:00:08 at worst): a cron pass
      // every 5 s (pg-boss's default, 30 s, created 01:00's job up to 30 s late) sends the tick's
      // job through pg-boss's send-it queue, looked at every 2 s; the probe then wakes its worker.
      // The cost: one claim statement per 5 s and one fetch per 2 s per server.
      cronMonitorIntervalSeconds: 5,
      cronWorkerIntervalSeconds: 2,
      schedule: o.workers !== false,
      supervise: o.workers !== false,
      registerInstance: false,
      openTelemetry: { enabled: false },
    };
    const boss =
      this.database.kind === 'pglite' && this.database.pglite
        ? new PgBoss({ ...common, backend: 'pglite', db: fromPglite(this.database.pglite) })
        : new PgBoss({
            ...common,
            connectionString: this.database.url,
            max: 4,
            application_name: 'educrm-queue',
          });
    boss.on('error', (err) => this.opts.log.error({ err }, 'job queue error'));
    await boss.start();
    for (const def of this.defs.values()) await this.install(boss, def);
    this.boss = boss;
    if (o.workers !== false) {
      this.probe = new ReadyProbe(
        () => readyQueues(this.database.db, [...this.workerIds.keys()]),
        (name) => {
          const id = this.workerIds.get(name);
          if (id) boss.notifyWorker(id);
        },
        (o.pollingIntervalSeconds ?? 1) * 1000,
        (err) => this.opts.log.warn({ err }, 'job queue probe failed'),
      );
      this.probe.start();
    }
  }

  private async install(boss: PgBoss, def: AnyDef) {
    const retry = def.retry ?? DEFAULT_RETRY;
    const options = {
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds ?? 0,
      retryBackoff: retry.backoff ?? false,
      expireInSeconds: def.expireInSeconds ?? 900,
      heartbeatSeconds: this.opts.heartbeatSeconds ?? 10,
      deleteAfterSeconds: 7 * 24 * 3600,
    };
    if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, options);
    else
      await boss.createQueue(def.name, options).catch(async (err) => {
        // Another server created it at the same moment.
        if (!(await boss.getQueue(def.name))) throw err;
      });
    if (this.opts.workers === false) return;
    if (def.cron) {
      await boss.schedule(def.name, def.cron, { trigger: 'SCHEDULE' }, { tz: JOB_TIME_ZONE });
    }
    const workerId = await boss.work<RunData>(
      def.name,
      {
        // The probe wakes the worker when its queue has work; this slow poll is only a backstop.
        pollingIntervalSeconds: Math.max(BACKSTOP_POLL_SECONDS, this.opts.pollingIntervalSeconds ?? 1),
        localConcurrency: this.opts.concurrency ?? 2,
        batchSize: def.batchSize ?? 10,
        burstWhenBatchFull: true,
        perJobResults: true,
        includeMetadata: true,
      },
      async (jobs) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            results.push({
              id: job.id,
              status: 'completed',
              output: await this.handle(def, job as BossJob<RunData>),
            });
          } catch (err) {
            results.push({ id: job.id, status: 'failed', output: { message: errorMessage(err) } });
          }
        }
        return results;
      },
    );
    this.workerIds.set(def.name, workerId);
  }

  private async handle(def: AnyDef, job: BossJob<RunData>) {
    const db = this.database.db;
    const data = (job.data ?? {}) as RunData;
    const trigger: Trigger = data.trigger ?? 'QUEUED';
    const t0 = performance.now();
    const ended = (status: RunEnd['status']) =>
      this.emitRunEnd({ job: def.name, status, trigger, seconds: (performance.now() - t0) / 1000 });
    if (trigger === 'SCHEDULE' && (await this.isPaused(def.name))) {
      ended('skipped');
      return { skipped: 1 };
    }
    const now = this.opts.now();
    // An earlier attempt of this job that never finished belonged to a worker that died.
    if (job.retryCount > 0) {
      await db
        .update(jobRun)
        .set({ status: 'INTERRUPTED', finishedAt: now })
        .where(and(eq(jobRun.queueJobId, job.id), eq(jobRun.status, 'RUNNING')));
    }
    // A scheduled job's first attempt claims its cron tick: a second job for the same tick (two
    // servers' schedule passes both sending it, seen on a starved machine) does not run again.
    const tickAt =
      trigger === 'SCHEDULE' && def.cron && job.retryCount === 0 ? cronTick(def.cron, job.createdOn) : null;
    const [run] = await db
      .insert(jobRun)
      .values({ job: def.name, startedAt: now, trigger, queueJobId: job.id, attempt: job.retryCount, tickAt })
      .onConflictDoNothing()
      .returning({ id: jobRun.id });
    if (!run) {
      ended('skipped');
      return { skipped: 1 };
    }
    const runId = run.id;
    try {
      const counts =
        (await def.run({
          db,
          now,
          data: data as never,
          attempt: job.retryCount,
          trigger,
          signal: job.signal,
          progress: async (c) => {
            await db.update(jobRun).set({ counts: c }).where(eq(jobRun.id, runId));
          },
        })) ?? {};
      await db
        .update(jobRun)
        .set({ status: 'SUCCESS', finishedAt: this.opts.now(), counts })
        .where(eq(jobRun.id, runId));
      ended('success');
      return counts;
    } catch (err) {
      ended('failed');
      const message = errorMessage(err);
      await db
        .update(jobRun)
        .set({ status: 'FAILED', finishedAt: this.opts.now(), error: message.slice(0, 2000) })
        .where(eq(jobRun.id, runId))
        .catch(() => {});
      const limit = (def.retry ?? DEFAULT_RETRY).limit;
      if (job.retryCount >= limit && def.onFailed) {
        await def.onFailed({ db, now: this.opts.now(), data: data as never }, err).catch((e) => {
          this.opts.log.error({ err: e, job: def.name }, 'job onFailed failed');
        });
      }
      this.opts.log.warn({ err, job: def.name, attempt: job.retryCount }, 'job attempt failed');
      throw err;
    }
  }

  private async isPaused(name: string) {
    const [row] = await this.database.db
      .select({ paused: jobSchedule.paused })
      .from(jobSchedule)
      .where(eq(jobSchedule.name, name));
    return row?.paused ?? false;
  }

  private def(name: string): AnyDef {
    const def = this.defs.get(name);
    if (!def) throw new Error(`no job named ${name}`);
    return def;
  }

  /**
   * Enqueues a run. With `tx` the job is written by that transaction (commit or nothing); call
   * `ready()` before opening the transaction.
   */
  async send<D>(
    job: JobDef<D> | string,
    data: D,
    opts: { tx?: DbOrTx; startAfter?: Date | number; singletonKey?: string; trigger?: Trigger } = {},
  ): Promise<string | null> {
    const name = typeof job === 'string' ? job : job.name;
    this.def(name);
    if (!this.boss || this.starting) {
      if (opts.tx && this.database.kind === 'pglite') {
        // PGlite has one connection, held by the transaction: starting now would wait on it forever.
        throw new Error('queue.ready() must be awaited before a transaction sends a job');
      }
      await this.ready();
    }
    const boss = this.boss as PgBoss;
    return boss.send(
      name,
      { ...(data as object), trigger: opts.trigger ?? 'QUEUED' },
      {
        ...(opts.tx ? { db: fromDrizzle(opts.tx as never, sql as never) } : {}),
        ...(opts.startAfter !== undefined ? { startAfter: opts.startAfter } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      },
    );
  }

  /** Whether a job of `name` whose data has `key` = `value` is still queued, waiting for a retry or running. */
  async isPending(name: string, key: string, value: string): Promise<boolean> {
    await this.ready();
    const res = (await this.database.db.execute(
      sql`SELECT 1 FROM pgboss.job WHERE name = ${name} AND data->>${key} = ${value}
          AND state IN ('created', 'retry', 'active') LIMIT 1`,
    )) as unknown as { rows: unknown[] };
    return res.rows.length > 0;
  }

  /** "Run now" from System > Jobs: a manual run, also of a paused job. */
  async runNow(name: string): Promise<string | null> {
    this.def(name);
    return this.send(name, {} as never, { trigger: 'MANUAL' });
  }

  async setPaused(tx: DbOrTx, name: string, paused: boolean, by: number | null) {
    this.def(name);
    await tx
      .insert(jobSchedule)
      .values({ name, paused, updatedAt: this.opts.now(), updatedBy: by })
      .onConflictDoUpdate({
        target: jobSchedule.name,
        set: { paused, updatedAt: this.opts.now(), updatedBy: by },
      });
  }

  /** Every declared job with its schedule, queue counts and last runs (System > Jobs). */
  async list(lastRuns = 5): Promise<JobInfo[]> {
    await this.ready();
    const names = [...this.defs.keys()].sort();
    if (!names.length) return [];
    const db = this.database.db;
    const paused = new Map(
      (await db.select().from(jobSchedule).where(inArray(jobSchedule.name, names))).map((r) => [
        r.name,
        r.paused,
      ]),
    );
    const counts = new Map<string, { queued: number; active: number; failed: number }>();
    for (const r of await this.depth(names)) {
      const c = counts.get(r.name) ?? { queued: 0, active: 0, failed: 0 };
      if (r.state === 'active') c.active += r.n;
      else if (r.state === 'failed') c.failed += r.n;
      else c.queued += r.n;
      counts.set(r.name, c);
    }
    const out: JobInfo[] = [];
    for (const name of names) {
      const def = this.def(name);
      const runs = await db
        .select()
        .from(jobRun)
        .where(eq(jobRun.job, name))
        .orderBy(desc(jobRun.startedAt), desc(jobRun.id))
        .limit(lastRuns);
      const c = counts.get(name) ?? { queued: 0, active: 0, failed: 0 };
      out.push({
        name,
        cron: def.cron ?? null,
        timeZone: JOB_TIME_ZONE,
        paused: paused.get(name) ?? false,
        retryLimit: (def.retry ?? DEFAULT_RETRY).limit,
        ...c,
        lastRuns: runs.map((r) => ({
          id: r.id,
          startedAt: r.startedAt.toISOString(),
          finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
          status: r.status,
          trigger: r.trigger,
          attempt: r.attempt,
          counts: (r.counts as Counts | null) ?? null,
          error: r.error,
        })),
      });
    }
    return out;
  }

  /**
   * Jobs waiting (created, retry), running (active) and failed, by name and state: the queue's
   * depth, read from pg-boss's table (one grouped count). Declared jobs only, unless `names` is given.
   */
  async depth(names = [...this.defs.keys()]): Promise<DepthRow[]> {
    if (!names.length) return [];
    const res = (await this.database.db.execute(
      sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job
          WHERE name IN ${names} AND state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
    )) as unknown as { rows: DepthRow[] };
    return res.rows;
  }

  /**
   * Stops fetching, lets jobs in flight finish for up to `timeoutMs` (a job still running after that
   * is left to the heartbeat monitor of another or the next server, which retries it).
   */
  async stop(timeoutMs = 8_000) {
    this.stopped = true;
    if (this.starting) await this.starting.catch(() => {});
    const boss = this.boss;
    this.boss = null;
    await this.probe?.stop();
    this.probe = null;
    this.workerIds.clear();
    if (boss) await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
