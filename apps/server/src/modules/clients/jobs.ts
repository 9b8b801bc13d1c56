import type { PoolConfig } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { client } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { said, writeAudit } from '../../lib/audit';
import { DAY_MS, readPoolConfig, recyclePredicate, shanghaiDayKey, shanghaiHour } from './common';

/** The daily "about to drop into the pool" digest goes out with the first run from 09:00 Shanghai time. */
export const REMINDER_HOUR = 9;

/**
 * Hourly auto-recycle (DOMAIN 3.3; yudao CrmCustomerAutoPutPoolJob): every client matching the
 * recycle predicate goes back to the pool in one statement (the predicate sits in the UPDATE's
 * WHERE, so a follow-up committed meanwhile is re-checked and wins), with an AUTO_RECYCLE owner
 * log per client. Then, once per Asia/Shanghai day from 09:00, one in-app reminder per owner with
 * clients about to drop (the predicate shifted by notify_days). runJobOnce holds the advisory lock
 * and writes the job_run row with these counts.
 */
export const clientRecycleJob = (): Job => ({
  name: 'client-recycle',
  lockKey: 7_200_101,
  intervalMs: 60 * 60 * 1000,
  async run(db, now) {
    const cfg = await readPoolConfig(db);
    if (!cfg.enabled) return { recycled: 0, owners: 0, reminded: 0, disabled: 1 };
    const dealCutoff = new Date(now.getTime() - cfg.dealExpireDays * DAY_MS);
    const [row] = await queryRows<{ recycled: number; owners: number }>(
      db,
      sql`WITH moved AS (
            UPDATE client SET
              pre_owner_user_id = owner_user_id,
              owner_user_id = NULL,
              owner_dept_id = NULL,
              pool_time = ${now},
              pool_reason = CASE WHEN owner_time < ${dealCutoff} THEN 'AUTO_NO_DEAL' ELSE 'AUTO_NO_FOLLOW' END,
              version = version + 1,
              updated_at = ${now}
            WHERE ${recyclePredicate(cfg, now)}
            RETURNING id, pre_owner_user_id, pool_reason
          ), logged AS (
            INSERT INTO client_owner_log (client_id, type, from_user_id, to_user_id, reason, operator_id, created_at)
            SELECT id, 'AUTO_RECYCLE', pre_owner_user_id, NULL, pool_reason, NULL, ${now} FROM moved
            RETURNING from_user_id
          )
          SELECT count(*)::int AS recycled, count(DISTINCT from_user_id)::int AS owners FROM logged`,
    );
    const recycled = row?.recycled ?? 0;
    if (recycled > 0) {
      await writeAudit(db, {
        action: 'client.recycle',
        targetType: 'client',
        summary: said(`auto-recycled ${recycled} clients of ${row?.owners ?? 0} owners to the pool`, {
          recycled,
          owners: row?.owners ?? 0,
        }),
        detail: { recycled, owners: row?.owners ?? 0 },
      });
    }
    const reminded =
      cfg.notifyEnabled && shanghaiHour(now) >= REMINDER_HOUR
        ? await remindOwnersAboutToDrop(db, cfg, now)
        : 0;
    return { recycled, owners: row?.owners ?? 0, reminded, disabled: 0 };
  },
});

/**
 * The day's in-app digest: one reminder per owner with clients about to drop into the pool (the
 * recycle predicate shifted by notify_days), at most once per owner and Asia/Shanghai day.
 * Returns how many were written. The demo seed calls it too, so the demo's bell is never empty.
 */
export const remindOwnersAboutToDrop = async (db: DbOrTx, cfg: PoolConfig, now: Date): Promise<number> => {
  const soon = recyclePredicate(cfg, new Date(now.getTime() + cfg.notifyDays * DAY_MS));
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`WITH due AS (
          SELECT ${client.ownerUserId} AS user_id, count(*)::int AS n,
                 (array_agg(${client.id} ORDER BY ${client.ownerTime}))[1:5] AS sample
          FROM client WHERE ${soon} GROUP BY ${client.ownerUserId}
        ), ins AS (
          INSERT INTO notification (user_id, kind, params, day_key, created_at)
          SELECT user_id, 'CLIENT_RECYCLE_SOON',
                 json_build_object('count', n, 'days', ${cfg.notifyDays}::int, 'clientIds', sample)::jsonb,
                 ${shanghaiDayKey(now)}, ${now}
          FROM due
          ON CONFLICT (user_id, kind, day_key) DO NOTHING
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM ins`,
  );
  return r?.n ?? 0;
};
