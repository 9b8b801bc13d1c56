import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { defineJob, type JobContext, type JobQueue } from '../../jobs/queue';
import { addDays, businessDay, daysBetween, writeDays } from './engine';

/** Recomputes the aggregates of some days (one transaction per day), clearing their dirty marks. */
export const recomputeDays = async (
  db: Db,
  days: string[],
  progress: JobContext<unknown>['progress'] = async () => {},
): Promise<{ days: number; rows: number }> => {
  let rows = 0;
  let done = 0;
  for (const d of days) {
    await db.transaction(async (tx) => {
      const started = await queryRows<{ now: Date }>(tx, sql`SELECT clock_timestamp() AS now`);
      rows += await writeDays(tx, 'sales', d, d);
      rows += await writeDays(tx, 'product', d, d);
      // A mark set while this day was computed (a concurrent late change) stays for the next run.
      await tx.execute(
        sql`DELETE FROM stat_dirty_date WHERE stat_date = ${d}::date AND marked_at <= ${started[0]?.now ?? new Date()}`,
      );
    });
    done++;
    // On the embedded database every query runs on this thread: between two days, let the
    // requests that arrived meanwhile in (a whole history would otherwise hold them all).
    await new Promise((r) => setImmediate(r));
    if (done % 5 === 0 || done === days.length) await progress({ done, total: days.length, rows });
  }
  return { days: days.length, rows };
};

/** The first business day with any data (clients, follow-ups, orders), for the first run. */
const firstDataDay = async (db: Db): Promise<string | null> => {
  const [r] = await queryRows<{ d: string | null }>(
    db,
    sql`SELECT to_char((least(
          (SELECT min(created_at) FROM client),
          (SELECT min(created_at) FROM follow_up),
          (SELECT min(pay_time) FROM sales_order)) AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS d`,
  );
  return r?.d ?? null;
};

/**
 * The nightly aggregation (DOMAIN 2.3), 01:00 Asia/Shanghai, once across servers: the dirty days
 * before today plus the last 3 days (the whole history on the first run). Today stays live: it
 * is marked dirty so that it is computed live after midnight until the next run writes it.
 */
export const statsNightlyJob = defineJob<Record<string, never>>({
  name: 'data.stats-nightly',
  cron: '0 1 * * *',
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 3600,
  batchSize: 1,
  async run({ db, now, progress }) {
    const today = businessDay(now);
    const yesterday = addDays(today, -1);
    const [has] = await queryRows<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM stat_sales_daily) AS any`,
    );
    const days = new Set<string>();
    if (!has?.any) {
      const first = await firstDataDay(db);
      if (first && first <= yesterday) for (const d of daysBetween(first, yesterday)) days.add(d);
    }
    for (let i = 1; i <= 3; i++) days.add(addDays(today, -i));
    const dirty = await queryRows<{ d: string }>(
      db,
      sql`SELECT to_char(stat_date, 'YYYY-MM-DD') AS d FROM stat_dirty_date WHERE stat_date < ${today}::date`,
    );
    for (const r of dirty) days.add(r.d);
    const result = await recomputeDays(db, [...days].sort(), progress);
    await db.execute(
      sql`INSERT INTO stat_dirty_date (stat_date) VALUES (${today}::date) ON CONFLICT DO NOTHING`,
    );
    return result;
  },
});

/** An admin's rebuild of a date range (Data centre > history, or `cli stats:rebuild`). */
export const statsRebuildJob = defineJob<{ from: string; to: string; by?: number }>({
  name: 'data.stats-rebuild',
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 3600,
  batchSize: 1,
  async run({ db, data, progress }) {
    return recomputeDays(db, daysBetween(data.from, data.to), progress);
  },
});

/**
 * A fresh install (or one upgraded to the data centre) has no aggregates until 01:00: the first
 * start queues the nightly job at once, which then writes the whole history (one run across servers).
 */
export const ensureStats = async (db: Db, queue: JobQueue) => {
  const [r] = await queryRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM stat_sales_daily) AS any`,
  );
  if (r?.any) return;
  // At once: the build gives way to requests between days (recomputeDays), while until it has run
  // every day is computed live from the raw tables, which is slow on long ranges.
  await queue.send(statsNightlyJob, {}, { singletonKey: 'stats-first-run', trigger: 'MANUAL' });
};
