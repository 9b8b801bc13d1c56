import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { said, writeAudit } from '../lib/audit';
import type { Job } from './scheduler';

/**
 * The one path that deletes audit rows: older than the retention, inside a transaction that sets
 * educrm.audit_purge for itself only, and auditing its own run.
 */
export const auditRetentionJob = (retentionDays: number): Job => ({
  name: 'audit-retention',
  lockKey: 7_200_001,
  intervalMs: 24 * 60 * 60 * 1000,
  async run(db, now) {
    const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
    await db.execute(sql`SELECT set_config('educrm.audit_purge', 'on', true)`);
    const [row] = await queryRows<{ deleted: number }>(
      db,
      sql`WITH d AS (DELETE FROM audit_log WHERE at < ${cutoff} RETURNING 1) SELECT count(*)::int AS deleted FROM d`,
    );
    await db.execute(sql`SELECT set_config('educrm.audit_purge', 'off', true)`);
    const deleted = Number(row?.deleted ?? 0);
    await writeAudit(db, {
      action: 'audit.retention',
      summary: said(`deleted ${deleted} audit rows older than ${retentionDays} days`, {
        deleted,
        days: retentionDays,
      }),
      detail: { deleted, retentionDays, cutoff: cutoff.toISOString() },
    });
    return { deleted };
  },
});
