import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../db/client';
import { jobRun } from '../db/schema';

export interface Job {
  name: string;
  /** Stable advisory-lock key: several servers on one PostgreSQL never run the job twice at once. */
  lockKey: number;
  intervalMs: number;
  run(db: Db, now: Date): Promise<Record<string, number>>;
}

/**
 * Runs a job once if no other server holds its lock, recording a job_run row with its counts.
 * Returns null when another instance is running it.
 */
export const runJobOnce = async (db: Db, job: Job, now: Date): Promise<Record<string, number> | null> => {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${job.lockKey}) AS locked`,
    );
    if (!lock?.locked) return null;
    const [run] = await tx
      .insert(jobRun)
      .values({ job: job.name, startedAt: now })
      .returning({ id: jobRun.id });
    const counts = await job.run(tx as unknown as Db, now);
    if (run) {
      await tx
        .update(jobRun)
        .set({ finishedAt: new Date(), status: 'SUCCESS', counts })
        .where(eq(jobRun.id, run.id));
    }
    return counts;
  });
};

/** In-process timers for scheduled work; stopped on shutdown. */
export class Scheduler {
  private timers: NodeJS.Timeout[] = [];
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  add(job: Job, firstDelayMs = 60_000) {
    const tick = async () => {
      try {
        await runJobOnce(this.db, job, this.now());
      } catch (err) {
        this.log.error({ err, job: job.name }, 'scheduled job failed');
      }
    };
    const first = setTimeout(() => {
      void tick();
      const every = setInterval(() => void tick(), job.intervalMs);
      every.unref();
      this.timers.push(every);
    }, firstDelayMs);
    first.unref();
    this.timers.push(first);
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }
}
