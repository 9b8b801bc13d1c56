import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_COMMERCE: '1' });
}, 240_000);
afterAll(async () => t?.close());

it('demo courses: classes across statuses, enrolled buyers, entitlements, past and future live sessions', async () => {
  const [r] = await queryRows<{
    classes: number;
    statuses: number;
    students: number;
    refunded: number;
    users: number;
    revoked: number;
    members: number;
    ended: number;
    scheduled: number;
    attendance: number;
    counts_ok: boolean;
  }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM course_class) AS classes,
               (SELECT count(DISTINCT status)::int FROM course_class) AS statuses,
               (SELECT count(*)::int FROM class_student WHERE status = 'NORMAL') AS students,
               (SELECT count(*)::int FROM class_student WHERE status = 'REFUNDED') AS refunded,
               (SELECT count(*)::int FROM course_user) AS users,
               (SELECT count(*)::int FROM course_user WHERE status = 'REVOKED') AS revoked,
               (SELECT count(*)::int FROM member_user) AS members,
               (SELECT count(*)::int FROM live_session WHERE status = 'ENDED') AS ended,
               (SELECT count(*)::int FROM live_session WHERE status = 'SCHEDULED') AS scheduled,
               (SELECT count(*)::int FROM live_attendance) AS attendance,
               NOT EXISTS (SELECT 1 FROM course_class c WHERE student_count <> (SELECT count(*) FROM class_student s WHERE s.class_id = c.id AND s.status = 'NORMAL')) AS counts_ok`,
  );
  expect(r?.classes).toBeGreaterThanOrEqual(15);
  expect(r?.statuses).toBe(5);
  expect(r?.students).toBeGreaterThan(100);
  expect(r?.refunded).toBeGreaterThan(0);
  expect(r?.users).toBeGreaterThan(r?.students ?? 0);
  expect(r?.revoked).toBeGreaterThan(0);
  expect(r?.members).toBeGreaterThan(100);
  expect(r?.ended).toBeGreaterThan(0);
  expect(r?.scheduled).toBeGreaterThan(0);
  expect(r?.attendance).toBeGreaterThan(0);
  expect(r?.counts_ok).toBe(true);
  const siyu = await t.login('siyu1', DEMO_PASSWORD);
  const mine = await t.call('GET', '/api/v1/course/students?pageSize=5', { token: siyu });
  expect(mine.status).toBe(200);
  expect(mine.body.data.total).toBeGreaterThan(0);
});
