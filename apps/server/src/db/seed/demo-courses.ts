import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../client';

/**
 * Demo courses (issue 10): ~20 classes across statuses bound to the demo course SKUs, members for
 * the demo buyers, class students and entitlements from the paid demo orders (refunded orders
 * REFUNDED / REVOKED), past sandbox live sessions with attendance and replay, and future ones.
 * Runs once (skipped when any class exists); set-based SQL, a few seconds at 20,000 orders.
 */
export const seedDemoCourses = async (db: DbOrTx, now = new Date()) => {
  const [state] = await queryRows<{ seeded: boolean; orders: number }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM course_class) AS seeded, (SELECT count(*)::int FROM sales_order) AS orders`,
  );
  if (!state || state.seeded || state.orders === 0) return { classes: 0 };
  return db.transaction(async (tx) => {
    const ex = (q: ReturnType<typeof sql>) => tx.execute(q);
    await ex(sql`SELECT setseed(0.1010)`);
    // Classes: per course product (not MATERIAL), up to three terms; statuses by term age.
    await ex(sql`
      INSERT INTO course_class (name, code, spu_id, term_no, subject, head_teacher_id, capacity, start_date, end_date, schedule, status, created_at, updated_at)
      SELECT s.name || ' 第' || t.n || '期', 'DEMO-' || s.id || '-' || t.n, s.id, t.n, s.subject,
             (SELECT id FROM admin_user WHERE username = 'zhongtai1'), 150,
             (${now}::date + (t.n - 2) * 45), (${now}::date + (t.n - 2) * 45 + 40),
             '每周二、四 19:00-20:30', CASE t.n WHEN 1 THEN 'FINISHED' WHEN 2 THEN 'IN_PROGRESS' ELSE 'ENROLLING' END,
             ${now}, ${now}
      FROM (SELECT * FROM product_spu WHERE product_type <> 'MATERIAL' AND deleted = false ORDER BY id LIMIT 7) s
      CROSS JOIN generate_series(1, 3) t(n)`);
    await ex(
      sql`UPDATE course_class SET status = 'ARCHIVED' WHERE id IN (SELECT id FROM course_class WHERE status = 'FINISHED' ORDER BY id LIMIT 2)`,
    );
    await ex(
      sql`UPDATE course_class SET status = 'DRAFT' WHERE id IN (SELECT id FROM course_class WHERE status = 'ENROLLING' ORDER BY id DESC LIMIT 2)`,
    );
    // The current term (IN_PROGRESS) is where purchases enrol.
    await ex(
      sql`UPDATE product_sku k SET class_id = c.id FROM course_class c WHERE c.spu_id = k.spu_id AND c.status = 'IN_PROGRESS'`,
    );
    await ex(
      sql`UPDATE order_item i SET class_id = k.class_id FROM product_sku k WHERE k.id = i.sku_id AND k.class_id IS NOT NULL`,
    );
    // Members: one per paying buyer's mobile, linked to the buyer's client.
    await ex(sql`
      INSERT INTO member_user (mobile, nickname, source, client_id, registered_at, created_at, updated_at, order_count, total_paid)
      SELECT DISTINCT ON (o.buyer_mobile) o.buyer_mobile, o.buyer_name, 'ORDER', o.client_id, o.pay_time, o.pay_time, o.pay_time, 0, 0
      FROM sales_order o
      WHERE o.pay_time IS NOT NULL AND o.buyer_mobile ~ '^1[3-9][0-9]{9}$'
        AND NOT EXISTS (SELECT 1 FROM member_user m WHERE m.client_id = o.client_id)
      ORDER BY o.buyer_mobile, o.pay_time
      ON CONFLICT DO NOTHING`);
    await ex(
      sql`UPDATE sales_order o SET member_user_id = m.id FROM member_user m WHERE m.mobile = o.buyer_mobile AND o.pay_time IS NOT NULL`,
    );
    await ex(sql`UPDATE member_user m SET order_count = a.n, total_paid = a.paid
      FROM (SELECT member_user_id, count(*)::int AS n, sum(pay_amount)::bigint AS paid FROM sales_order WHERE member_user_id IS NOT NULL GROUP BY 1) a
      WHERE a.member_user_id = m.id`);
    await ex(
      sql`UPDATE client c SET member_user_id = m.id FROM member_user m WHERE m.client_id = c.id AND c.member_user_id IS NULL`,
    );
    // Class students and entitlements from paid items.
    await ex(sql`
      INSERT INTO class_student (class_id, member_user_id, client_id, order_id, order_item_id, join_type, joined_at, status, learned_count, created_at, updated_at)
      SELECT i.class_id, o.member_user_id, o.client_id, o.id, i.id, 'ORDER', o.pay_time,
             CASE WHEN o.status = 'CLOSED' THEN 'REFUNDED' ELSE 'NORMAL' END, floor(random() * 12)::int, o.pay_time, o.pay_time
      FROM order_item i JOIN sales_order o ON o.id = i.order_id
      WHERE i.class_id IS NOT NULL AND o.member_user_id IS NOT NULL AND o.pay_time IS NOT NULL
      ORDER BY o.pay_time
      ON CONFLICT DO NOTHING`);
    await ex(
      sql`UPDATE course_class c SET student_count = (SELECT count(*) FROM class_student s WHERE s.class_id = c.id AND s.status = 'NORMAL')`,
    );
    await ex(sql`
      INSERT INTO course_user (member_user_id, spu_id, sku_id, source, order_id, order_item_id, granted_at, expires_at, status, progress_pct, created_at, updated_at)
      SELECT o.member_user_id, i.spu_id, i.sku_id, 'ORDER', o.id, i.id, o.pay_time,
             CASE WHEN s.validity_mode = 'DAYS' THEN o.pay_time + s.validity_days * interval '1 day' END,
             CASE WHEN o.status = 'CLOSED' THEN 'REVOKED'
                  WHEN s.validity_mode = 'DAYS' AND o.pay_time + s.validity_days * interval '1 day' < ${now} THEN 'EXPIRED'
                  ELSE 'ACTIVE' END,
             floor(random() * 100)::int, o.pay_time, o.pay_time
      FROM order_item i JOIN sales_order o ON o.id = i.order_id JOIN product_spu s ON s.id = i.spu_id
      WHERE s.product_type <> 'MATERIAL' AND o.member_user_id IS NOT NULL AND o.pay_time IS NOT NULL
      ON CONFLICT DO NOTHING`);
    // Live sessions: three past (ended, replay ready) and two coming per running class; the coming
    // ones start from tomorrow, so the schedule job finds nothing to move in fresh demo data.
    await ex(sql`
      INSERT INTO live_session (title, class_ids, spu_id, teacher_id, provider, room_id, watch_url, scheduled_start, scheduled_end,
                                actual_start, actual_end, status, replay_status, replay_url, created_at, updated_at)
      SELECT c.name || ' 第' || (w.n + 4) || '讲', ARRAY[c.id], c.spu_id, c.head_teacher_id, 'sandbox', r.room,
             '/api/v1/live/sandbox/rooms/' || r.room || '?role=student',
             st, st + interval '90 minutes',
             CASE WHEN w.n < 0 THEN st END, CASE WHEN w.n < 0 THEN st + interval '90 minutes' END,
             CASE WHEN w.n < 0 THEN 'ENDED' ELSE 'SCHEDULED' END,
             CASE WHEN w.n < 0 THEN 'READY' ELSE 'NONE' END,
             CASE WHEN w.n < 0 THEN '/api/v1/live/sandbox/rooms/' || r.room || '?role=replay' ELSE '' END,
             ${now}, ${now}
      FROM course_class c CROSS JOIN generate_series(-3, 1) w(n)
      CROSS JOIN LATERAL (SELECT date_trunc('day', ${now}::timestamptz) + (w.n * 3 + (c.id % 3) + CASE WHEN w.n >= 0 THEN 1 ELSE 0 END) * interval '1 day' + interval '11 hours' AS st) t
      CROSS JOIN LATERAL (SELECT 'sbx-' || substr(md5(c.id || ':' || w.n), 1, 12) AS room) r
      WHERE c.status IN ('IN_PROGRESS', 'ENROLLING') AND (w.n >= 0 OR c.status = 'IN_PROGRESS')`);
    await ex(sql`
      INSERT INTO live_attendance (session_id, member_user_id, first_join_at, last_leave_at, watch_seconds)
      SELECT l.id, s.member_user_id, l.scheduled_start + j.late * interval '1 second',
             l.scheduled_start + (j.late + j.watch) * interval '1 second', j.watch
      FROM live_session l JOIN class_student s ON s.class_id = ANY(l.class_ids) AND s.status = 'NORMAL'
      CROSS JOIN LATERAL (SELECT floor(random() * 600)::int AS late, (3000 + floor(random() * 2000))::int AS watch, random() AS came) j
      WHERE l.status = 'ENDED' AND j.came < 0.8
      ON CONFLICT DO NOTHING`);
    await ex(sql`UPDATE live_session l SET attendee_count = a.n, peak_online = a.n, avg_watch_minutes = a.avg_min
      FROM (SELECT session_id, count(*)::int AS n, round(avg(watch_seconds) / 60.0)::int AS avg_min FROM live_attendance GROUP BY 1) a
      WHERE a.session_id = l.id`);
    await ex(sql`UPDATE class_student s SET attendance_count = a.n
      FROM (SELECT a.member_user_id, l.class_ids[1] AS class_id, count(*)::int AS n FROM live_attendance a JOIN live_session l ON l.id = a.session_id GROUP BY 1, 2) a
      WHERE a.member_user_id = s.member_user_id AND a.class_id = s.class_id AND s.status = 'NORMAL'`);
    const [n] = await queryRows<{ classes: number }>(
      tx,
      sql`SELECT count(*)::int AS classes FROM course_class`,
    );
    return { classes: n?.classes ?? 0 };
  });
};
