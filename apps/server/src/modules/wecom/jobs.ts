import { and, eq, gte, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { wecomApp, wecomSyncRun } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import type { WecomSync } from './sync';

/** Hour of the nightly full sync, Asia/Shanghai (DOMAIN 9.5.1: 02:00). */
const NIGHTLY_HOUR = 2;
const HOUR_MS = 3600_000;
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
    /** More work of each pass (callback events, transfers; other modules add theirs). */
    readonly extra: (() => Promise<unknown>)[] = [],
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

  /**
   * The job's tick (every minute): during the nightly hour, queues tonight's full sync of every
   * enabled customer-contact app that existed when the hour began and whose corp has had no full
   * sync since (a manual one counts; so does a failed one: the night's sync is not retried every
   * minute). An app created during the hour is not the night's: its first sync is the admin's
   * 立即同步, or the next night. Then kicks the pending work.
   */
  async tick(db: Db, now: Date): Promise<Record<string, number>> {
    let queued = 0;
    if (shanghaiHour(now) === NIGHTLY_HOUR) {
      // Asia/Shanghai is a whole number of hours from UTC: the hour began at the UTC hour's start.
      const opened = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
      const apps = await db
        .select({ id: wecomApp.id, corpId: wecomApp.corpId })
        .from(wecomApp)
        .where(
          and(
            eq(wecomApp.kind, 'CUSTOMER_APP'),
            eq(wecomApp.status, 'ENABLED'),
            eq(wecomApp.deleted, false),
            lt(wecomApp.createdAt, opened),
          ),
        )
        .orderBy(wecomApp.id);
      for (const app of apps) {
        const [recent] = await db
          .select({ id: wecomSyncRun.id })
          .from(wecomSyncRun)
          .where(
            and(
              eq(wecomSyncRun.corpId, app.corpId),
              eq(wecomSyncRun.type, 'FULL'),
              gte(wecomSyncRun.createdAt, opened),
            ),
          )
          .limit(1);
        if (!recent && (await this.sync.enqueue(app.id, 'SCHEDULE', null, db))) queued++;
      }
    }
    // Detached: the runs queued above are committed (no surrounding transaction), so it sees them.
    void this.kick();
    return { queued };
  }
}

/** Every minute: the nightly full sync in its hour, and the queued runs, retries and callback events. */
export const wecomSyncJob = (worker: WecomWorker) =>
  defineJob<Record<string, never>>({
    name: 'wecom-sync',
    cron: '* * * * *',
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    run: ({ db, now }) => worker.tick(db, now),
  });
