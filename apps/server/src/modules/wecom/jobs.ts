import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { wecomApp, wecomSyncRun } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import type { WecomSync } from './sync';

/** Hour of the nightly full sync, Asia/Shanghai (DOMAIN 9.5.1: 02:00). */
const NIGHTLY_HOUR = 2;
const shanghaiHour = (d: Date) => (d.getUTCHours() + 8) % 24;

/**
 * Background WeCom work: queued and interrupted sync runs (resumed from their checkpoint) and the
 * nightly full sync. `kick` runs the pending work detached from the caller (a manual sync answers at
 * once and the page polls the run's progress); one pass at a time per process.
 */
export class WecomWorker {
  private busy: Promise<unknown> | null = null;
  private again = false;
  constructor(
    private readonly sync: WecomSync,
    private readonly log?: FastifyBaseLogger,
    private readonly extra: (() => Promise<unknown>)[] = [],
  ) {}

  kick() {
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = (async () => {
      do {
        this.again = false;
        try {
          await this.sync.processPending();
          for (const f of this.extra) await f();
        } catch (err) {
          this.log?.error({ err }, 'WeCom background work failed');
        }
      } while (this.again);
    })().finally(() => {
      this.busy = null;
    });
    return this.busy;
  }

  /** The job's tick: queues tonight's full sync of every enabled customer-contact app, then kicks. */
  async tick(db: Db, now: Date): Promise<Record<string, number>> {
    let queued = 0;
    if (shanghaiHour(now) === NIGHTLY_HOUR) {
      const apps = await db
        .select({ id: wecomApp.id })
        .from(wecomApp)
        .where(
          and(eq(wecomApp.kind, 'CUSTOMER_APP'), eq(wecomApp.status, 'ENABLED'), eq(wecomApp.deleted, false)),
        );
      for (const app of apps) {
        const [recent] = await db
          .select({ id: wecomSyncRun.id })
          .from(wecomSyncRun)
          .where(
            and(
              eq(wecomSyncRun.appId, app.id),
              eq(wecomSyncRun.trigger, 'SCHEDULE'),
              gt(wecomSyncRun.createdAt, new Date(now.getTime() - 20 * 3600_000)),
            ),
          )
          .limit(1);
        if (!recent && (await this.sync.enqueue(app.id, 'SCHEDULE', null, db))) queued++;
      }
    }
    // Detached: the sync writes its progress outside the caller's transaction.
    void this.kick();
    return { queued };
  }
}

export const wecomSyncJob = (worker: WecomWorker): Job => ({
  name: 'wecom-sync',
  lockKey: 7_300_401,
  intervalMs: 60_000,
  run: (db, now) => worker.tick(db, now),
});
