import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The queues among `names` with a job that may start now (created or waiting for a retry, its
 * start time passed): one query with an index probe per queue (pg-boss's partial index job_i11).
 */
export const readyQueues = async (db: Db, names: readonly string[]): Promise<string[]> => {
  if (!names.length) return [];
  const res = (await db.execute(
    sql`SELECT q.name FROM (VALUES ${sql.join(
      names.map((n) => sql`(${n}::text)`),
      sql`, `,
    )}) AS q(name)
        WHERE EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = q.name AND j.state < 'active'
                      AND NOT j.blocked AND j.start_after <= now())`,
  )) as unknown as { rows: { name: string }[] };
  return res.rows.map((r) => r.name);
};

/**
 * Looks every `intervalMs` for queues with work and wakes their worker, so that a server's idle
 * workers need not each poll the database every second: one query per interval instead of one per
 * worker (a dozen queues polled every second cost an idle embedded server ~5% of a core). The
 * workers keep a slow poll of their own as a backstop. A failed look is logged and tried again at
 * the next interval.
 */
export class ReadyProbe {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly look: () => Promise<string[]>,
    private readonly wake: (name: string) => void,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start() {
    if (this.timer || this.stopped) return;
    this.schedule();
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, this.intervalMs);
    // The probe alone never keeps the process alive.
    this.timer.unref();
  }

  private async tick() {
    try {
      for (const name of await this.look()) this.wake(name);
    } catch (err) {
      if (!this.stopped) this.onError(err);
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
