import { COURSE_EXPIRY_NOTIFY_DAYS } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { Job } from '../../jobs/scheduler';
import { said, writeAudit } from '../../lib/audit';
import { DAY_MS, shanghaiDayKey, shanghaiHour } from '../clients/common';
import { REMINDER_HOUR } from '../clients/jobs';
import { LiveService } from './live.service';

/**
 * The daily expiry pass (DOMAIN 6.2), idempotent: ACTIVE entitlements and NORMAL class students
 * whose end has passed become EXPIRED (class counts follow in the same statement chain); from
 * 09:00 Shanghai time, one in-app reminder per client owner for entitlements ending within
 * COURSE_EXPIRY_NOTIFY_DAYS, each entitlement reminded once (reminded_at), at most one
 * notification per owner and day (the notification's unique day key).
 */
export const runCourseExpiry = async (db: Db, now: Date): Promise<Record<string, number>> => {
  const [users] = await queryRows<{ n: number }>(
    db,
    sql`WITH e AS (
          UPDATE course_user SET status = 'EXPIRED', version = version + 1, updated_at = ${now}
          WHERE status = 'ACTIVE' AND expires_at IS NOT NULL AND expires_at <= ${now} RETURNING 1
        ) SELECT count(*)::int AS n FROM e`,
  );
  const [students] = await queryRows<{ n: number }>(
    db,
    sql`WITH e AS (
          UPDATE class_student SET status = 'EXPIRED', version = version + 1, updated_at = ${now}
          WHERE status = 'NORMAL' AND deadline IS NOT NULL AND deadline <= ${now} RETURNING class_id
        ), per AS (SELECT class_id, count(*)::int AS n FROM e GROUP BY class_id),
        upd AS (
          UPDATE course_class k SET student_count = greatest(k.student_count - per.n, 0), updated_at = ${now}
          FROM per WHERE k.id = per.class_id RETURNING 1
        ) SELECT coalesce(sum(n), 0)::int AS n FROM per`,
  );
  const expired = (users?.n ?? 0) + (students?.n ?? 0);
  if (expired > 0)
    await writeAudit(db, {
      action: 'course.expire',
      targetType: 'course-user',
      summary: said(`expired ${users?.n ?? 0} entitlements and ${students?.n ?? 0} class students`, {
        users: users?.n ?? 0,
        students: students?.n ?? 0,
      }),
    });
  let reminded = 0;
  if (shanghaiHour(now) >= REMINDER_HOUR) {
    const soon = new Date(now.getTime() + COURSE_EXPIRY_NOTIFY_DAYS * DAY_MS);
    const [r] = await queryRows<{ n: number }>(
      db,
      sql`WITH due AS (
            SELECT cu.id, c.owner_user_id AS user_id
            FROM course_user cu JOIN member_user m ON m.id = cu.member_user_id JOIN client c ON c.id = m.client_id
            WHERE cu.status = 'ACTIVE' AND cu.reminded_at IS NULL AND cu.expires_at > ${now} AND cu.expires_at <= ${soon}
              AND c.owner_user_id IS NOT NULL
          ), per AS (
            SELECT user_id, count(*)::int AS n, (array_agg(id ORDER BY id))[1:5] AS sample FROM due GROUP BY user_id
          ), ins AS (
            INSERT INTO notification (user_id, kind, params, day_key, created_at)
            SELECT user_id, 'COURSE_EXPIRE_SOON',
                   json_build_object('count', n, 'days', ${COURSE_EXPIRY_NOTIFY_DAYS}::int, 'courseUserIds', sample)::jsonb,
                   ${shanghaiDayKey(now)}, ${now}
            FROM per
            ON CONFLICT (user_id, kind, day_key) DO NOTHING
            RETURNING 1
          ), mark AS (
            UPDATE course_user SET reminded_at = ${now} WHERE id IN (SELECT id FROM due) RETURNING 1
          )
          SELECT (SELECT count(*)::int FROM ins) AS n, (SELECT count(*) FROM mark) AS marked`,
    );
    reminded = r?.n ?? 0;
  }
  return { expiredEntitlements: users?.n ?? 0, expiredStudents: students?.n ?? 0, reminded };
};

/** Hourly run of the daily pass: expiry at the first run after midnight, reminders from 09:00. */
export const courseExpiryJob = (): Job => ({
  name: 'course-expiry',
  lockKey: 7_200_301,
  intervalMs: 60 * 60 * 1000,
  run: runCourseExpiry,
});

/**
 * Live sessions by schedule when no provider callback arrives (DOMAIN 6.2), and the attendance and
 * replay pull of ended sessions. Every five minutes; idempotent (conditional UPDATEs, upserts).
 */
export const liveScheduleJob = (secretKey: string): Job => ({
  name: 'live-schedule',
  lockKey: 7_200_302,
  intervalMs: 5 * 60 * 1000,
  run: (db, now) => new LiveService(db, () => now, secretKey).runSchedule(now),
});
