import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { jobRun } from '../db/schema';

/**
 * The first shape of a scheduled job, still accepted everywhere: `queue.register(job)` (or
 * `scheduler.add(job)` in main.ts) runs it on the durable queue (./queue.ts) with a cron derived
 * from intervalMs, in one transaction. New jobs should use `defineJob` from ./queue.ts.
 */
export interface Job {
  name: string;
  /** Stable advisory-lock key: several servers on one PostgreSQL never run the job twice at once. */
  lockKey: number;
  intervalMs: number;
  /** Optional cron (Asia/Shanghai) instead of the one derived from intervalMs. */
  cron?: string;
  run(db: Db, now: Date): Promise<Record<string, number>>;
}

/**
 * Runs a job once, directly (tests call handlers this way), if no other server holds its lock, recording a job_run row with its counts.
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
