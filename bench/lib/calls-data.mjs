// The outbound benchmark data set (bench:calls), loaded on top of the client data set
// (clients-data.mjs): 200 caller numbers over the four sales departments, N call records over the
// past 180 days in time order on random owned clients (dialled by the client's owner, on a number
// of the owner's department), with the CALL follow-up every ended call writes (talk >= 30 s counts
// as a contact, Decision 5; follow_up.call_record_id and call_record.follow_up_id point at each
// other), two signatures, 40 templates and M SMS logs on random clients (98% accepted, 93%
// delivered; no SMS follow-ups: the views read none). INSERT ... SELECT generate_series in
// batches, secondary indexes dropped during the load and rebuilt as the migrations define them,
// foreign-key triggers off (the bench database belongs to the run).
import { seconds, withoutIndexes } from './clients-data.mjs';

export const NUMBERS = 200;
export const TEMPLATES = 40;
const SPAN_DAYS = 180;

const progress = (what, end, n, t0) =>
  process.stdout.write(
    `\r  ${what} ${end.toLocaleString('en')} / ${n.toLocaleString('en')} (${seconds(t0)})`,
  );

/**
 * Loads `calls` call records (ids 1..N, started_at rising) with their follow-ups, and `sms` SMS
 * logs. The client's owner (or, for pool clients, the user who last had it) is the caller.
 */
export const loadOutbound = async (client, ids, { calls: n, sms: m, clients }) => {
  const t0 = performance.now();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET session_replication_role = replica`);
  const rebuild = await withoutIndexes(client, ['call_record', 'sms_log', 'follow_up']);
  const now = Date.now() / 1000;
  const span = SPAN_DAYS * 86400;

  // Numbers: one pool per department (50 each), assigned to the department.
  await client.query(
    `INSERT INTO caller_number (number, number_type, provider, city, carrier, mode, assigned_dept_ids, daily_limit, concurrency)
     SELECT '0108666' || lpad(i::text, 4, '0'), 'LANDLINE', 'sandbox', '北京', '联通', 'POOL',
            ARRAY[($1::bigint[])[1 + (i - 1) % cardinality($1::bigint[])]], 100000, 50
     FROM generate_series(1, $2::int) i`,
    [ids.deptIds, NUMBERS],
  );
  const perDept = NUMBERS / ids.deptIds.length;

  // Follow-up ids are the call ids shifted by the ids already taken: the back link is written with the call.
  const { rows: fr } = await client.query(`SELECT coalesce(max(id), 0)::bigint AS m FROM follow_up`);
  const base = Number(fr[0].m);
  const batch = 500_000;
  await client.query('SELECT setseed(0.25)');
  for (let start = 1; start <= n; start += batch) {
    const end = Math.min(n, start + batch - 1);
    await client.query(
      `INSERT INTO call_record (call_id, provider, number_id, user_id, dept_id, client_id, direction, callee_masked,
         display_number, status, started_at, ring_at, answered_at, ended_at, talk_seconds, status_code, end_reason,
         hangup_by, recording_url, follow_up_id)
       SELECT 'bench-' || s.g, 'sandbox', k.number_id, u.id, u.department_id, c.id, 'OUT',
              left(coalesce(c.mobile, ''), 3) || '****' || right(coalesce(c.mobile, ''), 4),
              '0108666' || lpad(k.number_id::text, 4, '0'),
              CASE WHEN s.failed THEN 'FAILED' ELSE 'ENDED' END, s.t,
              CASE WHEN NOT s.failed THEN s.t + interval '4 seconds' END,
              CASE WHEN s.talk > 0 THEN s.t + interval '12 seconds' END,
              s.t + make_interval(secs => 12 + s.talk),
              s.talk,
              CASE WHEN s.failed THEN 'CALLEE_BUSY' WHEN s.talk > 0 THEN '200000' ELSE 'NO_ANSWER' END,
              CASE WHEN s.failed THEN '被叫忙' WHEN s.talk > 0 THEN '' ELSE '无人接听' END,
              CASE WHEN s.talk > 0 THEN CASE WHEN s.g % 2 = 0 THEN 'CALLER' ELSE 'CALLEE' END END,
              CASE WHEN s.talk > 0 THEN 'https://recording.example.cn/bench/' || s.g || '.mp3' END,
              $9::bigint + s.g
       FROM (
         SELECT g, to_timestamp($3::float8 - $4::float8 + (g::float8 / $5::int) * $4::float8 + random() * 600) AS t,
                1 + floor(random() * $6::int)::bigint AS client_id, random() < 0.08 AS failed,
                CASE WHEN random() < 0.38 THEN 5 + floor(random() * random() * 900)::int ELSE 0 END AS talk,
                random() AS rn
         FROM generate_series($1::int, $2::int) g
       ) s
       JOIN client c ON c.id = s.client_id
       JOIN admin_user u ON u.id = coalesce(c.owner_user_id, c.first_owner_user_id)
       CROSS JOIN LATERAL (SELECT ((array_position($7::bigint[], u.department_id) - 1) * $8::int
                                   + 1 + floor(s.rn * $8::int)::int) AS number_id) k
       ORDER BY s.g`,
      [start, end, now, span, n, clients, ids.deptIds, perDept, base],
    );
    progress('call records', end, n, t0);
  }
  process.stdout.write('\n');
  // The follow-up of every ended call (the real flow: CallService.applyReceipts).
  const t1 = performance.now();
  for (let start = 1; start <= n; start += batch) {
    const end = Math.min(n, start + batch - 1);
    await client.query(
      `INSERT INTO follow_up (id, client_id, type, source, content, call_record_id, talk_seconds, counts_as_contact,
         creator_dept_id, created_at, created_by, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT $3::bigint + r.id, r.client_id, 'CALL', 'CALL',
              CASE WHEN r.talk_seconds > 0 THEN '外呼已接通，通话 ' || r.talk_seconds || '秒'
                   ELSE '外呼未接通：' || r.end_reason END,
              r.id, r.talk_seconds, r.talk_seconds >= 30, r.dept_id, r.ended_at, r.user_id, r.ended_at
       FROM call_record r WHERE r.id BETWEEN $1 AND $2::bigint ORDER BY r.id`,
      [start, end, base],
    );
    progress('call follow-ups', end, n, t1);
  }
  process.stdout.write('\n');
  await client.query(`SELECT setval(pg_get_serial_sequence('follow_up', 'id'), $1)`, [base + n + 1]);

  // Signatures and templates, then the SMS logs.
  const t2 = performance.now();
  const { rows: signs } = await client.query(
    `INSERT INTO sms_sign (name, provider, status, is_default) VALUES ('星火教育', 'sandbox', 'APPROVED', true),
       ('星火课堂', 'sandbox', 'APPROVED', false) RETURNING id, name`,
  );
  const { rows: templates } = await client.query(
    `INSERT INTO sms_template (code, name, type, sign_id, content, params, provider, provider_template_code, audit_status, reviewed_at)
     SELECT 'BENCH_' || i, '模板' || i, (ARRAY['NOTICE','PROMOTION','NOTICE','VERIFICATION'])[1 + i % 4],
            ($1::bigint[])[1 + i % 2], '\${name}家长您好，第' || i || '号通知：课程将于\${time}开始。', ARRAY['name','time'],
            'sandbox', 'SBX_BENCH_' || i, 'APPROVED', now() - interval '200 days'
     FROM generate_series(1, $2::int) i RETURNING id, code, type, sign_id`,
    [signs.map((s) => Number(s.id)), TEMPLATES],
  );
  const signName = new Map(signs.map((s) => [String(s.id), s.name]));
  for (let start = 1; start <= m; start += batch) {
    const end = Math.min(m, start + batch - 1);
    await client.query(
      `INSERT INTO sms_log (template_id, template_code, template_type, sign_name, mobile, params, content, client_id,
         sent_by, dept_id, provider, send_status, receive_status, api_code, api_msg, biz_id, receive_code, sent_at, received_at)
       SELECT ($1::bigint[])[s.k], ($2::text[])[s.k], ($3::text[])[s.k], ($4::text[])[s.k], coalesce(c.mobile, '13800000000'),
              jsonb_build_object('name', c.name, 'time', '周六 09:00'),
              '【' || ($4::text[])[s.k] || '】' || c.name || '家长您好，课程将于周六 09:00开始。', c.id,
              u.id, u.department_id, 'sandbox',
              CASE WHEN s.r < 0.98 THEN 'SUCCESS' ELSE 'FAILURE' END,
              CASE WHEN s.r < 0.93 THEN 'SUCCESS' WHEN s.r < 0.98 AND s.t > to_timestamp($7::float8 - 3600) THEN 'INIT' ELSE 'FAILURE' END,
              CASE WHEN s.r < 0.98 THEN 'OK' ELSE 'isv.BUSINESS_LIMIT_CONTROL' END,
              CASE WHEN s.r < 0.98 THEN 'OK' ELSE '触发小时级流控' END,
              CASE WHEN s.r < 0.98 THEN 'bench' || s.g ELSE '' END,
              CASE WHEN s.r < 0.93 THEN 'DELIVERED' WHEN s.r < 0.98 THEN 'MK:0001' ELSE '' END,
              s.t, CASE WHEN s.r < 0.98 THEN s.t + interval '6 seconds' END
       FROM (
         SELECT g, to_timestamp($7::float8 - $8::float8 + (g::float8 / $9::int) * $8::float8 + random() * 600) AS t,
                1 + floor(random() * $10::int)::bigint AS client_id, 1 + floor(random() * $11::int)::int AS k, random() AS r
         FROM generate_series($5::int, $6::int) g
       ) s
       JOIN client c ON c.id = s.client_id
       JOIN admin_user u ON u.id = coalesce(c.owner_user_id, c.first_owner_user_id)
       ORDER BY s.g`,
      [
        templates.map((t) => Number(t.id)),
        templates.map((t) => t.code),
        templates.map((t) => t.type),
        templates.map((t) => signName.get(String(t.sign_id))),
        start,
        end,
        now,
        span,
        m,
        clients,
        templates.length,
      ],
    );
    progress('SMS logs', end, m, t2);
  }
  process.stdout.write('\n');
  await client.query(
    `UPDATE sms_template t SET sent_count = x.n FROM (SELECT template_id, count(*)::int AS n FROM sms_log
       WHERE send_status = 'SUCCESS' GROUP BY template_id) x WHERE x.template_id = t.id`,
  );
  // The triggers that keep call_number_day did not fire (replica role): its rows set-based, as the
  // migration call_number_day fills it.
  const t4 = performance.now();
  await client.query(
    `INSERT INTO call_number_day (number_id, day, calls, answered)
     SELECT number_id, (started_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), count(answered_at)
     FROM call_record WHERE number_id IS NOT NULL GROUP BY 1, 2`,
  );
  console.log(`  call_number_day (${seconds(t4)})`);
  await client.query(`SET session_replication_role = origin`);
  await rebuild();
  const t3 = performance.now();
  for (const t of [
    'call_record',
    'sms_log',
    'follow_up',
    'caller_number',
    'sms_template',
    'admin_user',
    'call_number_day',
  ])
    await client.query(`VACUUM ANALYZE ${t}`);
  console.log(`  VACUUM ANALYZE (${seconds(t3)}); outbound load total ${seconds(t0)}`);
};
