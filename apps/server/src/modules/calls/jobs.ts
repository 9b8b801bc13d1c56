import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { Job } from '../../jobs/scheduler';
import { said, writeAudit } from '../../lib/audit';
import { ProviderRegistry } from '../../providers/registry';
import { FollowUpService } from '../clients/follow-ups.service';
import { CallService } from './calls.service';
import { readOutboundSettings } from './common';
import { NumberService } from './numbers.service';
import { ScriptService } from './scripts.service';
import { SmsService } from './sms.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Numbers whose 7-day connect rate is under the threshold (with at least the minimum number of
 * ended calls) become FLAGGED in one statement; every enabled admin gets one in-app notification
 * naming them. Idempotent: a flagged number is not AVAILABLE any more, so a re-run flags nothing.
 */
export const runLowConnectRate = async (db: Db, now: Date): Promise<Record<string, number>> => {
  const s = await readOutboundSettings(db);
  const since = new Date(now.getTime() - 7 * DAY_MS);
  const flagged = await queryRows<{ id: number; number: string; calls: number; answered: number }>(
    db,
    sql`WITH rates AS (
          SELECT c.number_id AS id, count(*)::int AS calls, count(c.answered_at)::int AS answered
          FROM call_record c
          WHERE c.started_at >= ${since} AND c.status = 'ENDED' AND c.number_id IS NOT NULL
          GROUP BY c.number_id
          HAVING count(*) >= ${s.connectRateMinCalls} AND count(c.answered_at) * 100 < ${s.connectRateThreshold} * count(*)
        )
        UPDATE caller_number n SET status = 'FLAGGED', flagged_at = ${now}, version = n.version + 1, updated_at = ${now}
        FROM rates WHERE n.id = rates.id AND n.status = 'AVAILABLE' AND n.deleted = false
        RETURNING n.id, n.number, rates.calls, rates.answered`,
  );
  if (!flagged.length) return { flagged: 0, notified: 0 };
  const numbers = flagged
    .map((f) => `${f.number}(${Math.round((f.answered / f.calls) * 100)}%)`)
    .join('、')
    .slice(0, 400);
  const params = JSON.stringify({
    count: flagged.length,
    threshold: s.connectRateThreshold,
    numbers,
    numberIds: flagged.map((f) => Number(f.id)),
  });
  const notified = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO notification (user_id, kind, params, created_at)
        SELECT DISTINCT u.id, 'CALLER_NUMBER_FLAGGED', ${params}::jsonb, ${now}::timestamptz
        FROM admin_user u JOIN admin_user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
        WHERE r.key = 'admin' AND u.deleted = false AND u.status = 'ENABLED'
        RETURNING id`,
  );
  await writeAudit(db, {
    action: 'call.number.flag',
    targetType: 'caller_number',
    summary: said(
      `flagged ${flagged.length} numbers under ${s.connectRateThreshold}%: ${numbers}`.slice(0, 500),
      {
        n: flagged.length,
        threshold: s.connectRateThreshold,
        numbers: numbers.slice(0, 400),
      },
    ),
    detail: { ids: flagged.map((f) => Number(f.id)) },
  });
  return { flagged: flagged.length, notified: notified.length };
};

/** The services a background run needs, on the job's connection. */
const servicesOf = (db: Db, secretKey: string, now: Date) => {
  const clock = () => now;
  const registry = new ProviderRegistry(db, secretKey, clock);
  const followUps = new FollowUpService(db, clock);
  const numbers = new NumberService(db, clock);
  return {
    calls: new CallService(db, clock, registry, numbers, new ScriptService(db, clock), followUps),
    sms: new SmsService(db, clock, registry, followUps),
  };
};

/** Hourly: flag low connect rates, and close calls that never got their end receipt. */
export const callNumberHealthJob = (secretKey: string): Job => ({
  name: 'call-number-health',
  lockKey: 7_500_101,
  intervalMs: 60 * 60 * 1000,
  async run(db, now) {
    const closed = await servicesOf(db, secretKey, now).calls.sweepStale(now);
    return { ...(await runLowConnectRate(db, now)), closed };
  },
});

/** Every 10 minutes: the review outcome of pending SMS templates and signatures (DOMAIN 7.3). */
export const smsReviewSyncJob = (secretKey: string): Job => ({
  name: 'sms-review-sync',
  lockKey: 7_500_102,
  intervalMs: 10 * 60 * 1000,
  async run(db, now) {
    return servicesOf(db, secretKey, now).sms.syncPending();
  },
});

/** Hourly: messages whose receipt never came within the provider's window end NO_RECEIPT. */
export const smsNoReceiptJob = (secretKey: string): Job => ({
  name: 'sms-no-receipt',
  lockKey: 7_500_103,
  intervalMs: 60 * 60 * 1000,
  async run(db, now) {
    return { closed: await servicesOf(db, secretKey, now).sms.closeUnreceipted(now) };
  },
});
