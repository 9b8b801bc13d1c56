#!/usr/bin/env node
// `npm run bench:courses`: members, class students and course users on PostgreSQL (issue 10).
// Creates the database educrm_bench_courses on the PostgreSQL named by DATABASE_URL (default the
// local server), lets the built server migrate it, loads the client data set (bench/lib/clients-data,
// 200,000 clients by default: members link to them), then 1,000,000 members, 2,000 classes with
// 500,000 class students and 1,000,000 course users over 200 products, restarts the server, signs
// in as admin and as a sales user, drives the views (member search by mobile / last four digits /
// nickname, a class's students, course users by product and expiry range) with 20 connections and
// prints p50/p95/p99 per view, PASS/FAIL against p95 <= 50 ms and one JSON line; drops the database.
import { verdict } from './lib/cli.mjs';
import {
  createBenchSales,
  loadClients,
  prepareBenchDatabase,
  seconds,
  withoutIndexes,
} from './lib/clients-data.mjs';
import {
  dropDatabase,
  loopbackAdminUrl,
  pauseDataCentreJobs,
  prewarm,
  redactUrl,
  withClient,
  withDatabase,
} from './lib/pg.mjs';
import { loadAverage, startBench } from './lib/run.mjs';
import { benchPassword, ensureServerBuilt, login, startServer } from './lib/server.mjs';
import { apiCaller, driveViews, openCpuMeter, reportViews, VIEW_FLAGS } from './lib/views.mjs';

const FLAGS = {
  members: { type: 'number', default: 1_000_000, min: 10_000, max: 10_000_000, help: 'members to load' },
  students: {
    type: 'number',
    default: 500_000,
    min: 10_000,
    max: 10_000_000,
    help: 'class students to load',
  },
  'course-users': {
    type: 'number',
    default: 1_000_000,
    min: 10_000,
    max: 10_000_000,
    help: 'course users to load',
  },
  clients: { type: 'number', default: 200_000, min: 1000, max: 5_000_000, help: 'clients to load' },
  ...VIEW_FLAGS,
};
const DB_NAME = 'educrm_bench_courses';
const TARGET_P95_MS = 50;
const CLASSES = 2000;
const PRODUCTS = 200;

const { flags, onCleanup, run } = startBench({
  what: 'bench:courses',
  spec: FLAGS,
  usageLine: '(DATABASE_URL=postgres://… admin URL)',
  watchdogSeconds: (f) =>
    120 +
    (f.clients / 1_000_000) * 600 +
    ((f.members + f.students + f['course-users']) / 1_000_000) * 300 +
    8 * (f.warmup + f.duration + 5) +
    300,
});
const adminUrl = loopbackAdminUrl('bench:courses');
const dbUrl = withDatabase(adminUrl, DB_NAME);

/** Members, classes, class students and course users, set-based, indexes rebuilt after. */
const loadCourses = async (c, { members, students, courseUsers, clients }) => {
  const t0 = performance.now();
  await c.query(`SET maintenance_work_mem = '512MB'`);
  await c.query(`SET synchronous_commit = off`);
  await c.query('SELECT setseed(0.42)');
  const cat = await c.query(`INSERT INTO product_category (name) VALUES ('压测课程') RETURNING id`);
  const leaf = await c.query(
    `INSERT INTO product_category (parent_id, name) VALUES ($1, '压测小类') RETURNING id`,
    [cat.rows[0].id],
  );
  await c.query(
    `INSERT INTO product_spu (name, category_id, product_type, status, validity_mode, validity_days)
     SELECT '压测课程 ' || g, $1, 'CAMP', 'ON', 'DAYS', 365 FROM generate_series(1, ${PRODUCTS}) g`,
    [leaf.rows[0].id],
  );
  await c.query(
    `INSERT INTO course_class (name, code, spu_id, capacity, status, start_date)
     SELECT '压测班级 ' || g, 'BENCH-' || g, (SELECT min(id) FROM product_spu) + (g % ${PRODUCTS}), 300,
            (ARRAY['ENROLLING','IN_PROGRESS','FINISHED'])[1 + g % 3], current_date - (g % 300)
     FROM generate_series(1, ${CLASSES}) g`,
  );
  const rebuild = await withoutIndexes(c, ['member_user', 'class_student', 'course_user']);
  const batch = 200_000;
  for (let s = 1; s <= members; s += batch) {
    const e = Math.min(members, s + batch - 1);
    await c.query(
      `INSERT INTO member_user (mobile, nickname, source, registered_at, client_id, order_count, total_paid, created_at, updated_at)
       SELECT '1' || (3 + g % 7)::text || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
              (ARRAY['小明','小红','乐乐','豆豆','安安','果果','可可','天天'])[1 + g % 8] || '妈妈' || (g % 9973),
              'ORDER', now() - (random() * 1000) * interval '1 day',
              CASE WHEN g <= $1 THEN g END, (g % 3), (g % 3) * 59900, now(), now()
       FROM generate_series($2::int, $3::int) g`,
      [clients, s, e],
    );
  }
  const m0 = Number((await c.query('SELECT min(id) AS id FROM member_user')).rows[0].id);
  const k0 = Number((await c.query('SELECT min(id) AS id FROM course_class')).rows[0].id);
  const p0 = Number((await c.query('SELECT min(id) AS id FROM product_spu')).rows[0].id);
  for (let s = 1; s <= students; s += batch) {
    const e = Math.min(students, s + batch - 1);
    await c.query(
      `INSERT INTO class_student (class_id, member_user_id, client_id, join_type, joined_at, status, learned_count, created_at, updated_at)
       SELECT $1 + (g % ${CLASSES}), $2 + ((g::bigint * 104729) % $3), NULL, 'ORDER', now() - (random() * 300) * interval '1 day',
              CASE WHEN g % 20 = 0 THEN 'REFUNDED' WHEN g % 13 = 0 THEN 'TRANSFERRED' ELSE 'NORMAL' END, g % 24, now(), now()
       FROM generate_series($4::int, $5::int) g`,
      [k0, m0, members, s, e],
    );
  }
  for (let s = 1; s <= courseUsers; s += batch) {
    const e = Math.min(courseUsers, s + batch - 1);
    await c.query(
      `INSERT INTO course_user (member_user_id, spu_id, source, granted_at, expires_at, status, progress_pct, created_at, updated_at)
       SELECT $1 + ((g::bigint * 15485863) % $2), $3 + (g % ${PRODUCTS}), 'ORDER', t.granted, t.granted + interval '365 days',
              CASE WHEN t.granted + interval '365 days' < now() THEN 'EXPIRED' WHEN g % 25 = 0 THEN 'REVOKED' ELSE 'ACTIVE' END,
              g % 100, t.granted, t.granted
       FROM generate_series($4::int, $5::int) g
       CROSS JOIN LATERAL (SELECT now() - (random() * 730) * interval '1 day' AS granted) t`,
      [m0, members, p0, s, e],
    );
  }
  // class_student has a unique NORMAL (class, member) index: drop the few generated duplicates first.
  await c.query(`DELETE FROM class_student a USING class_student b
                 WHERE a.status = 'NORMAL' AND b.status = 'NORMAL' AND a.class_id = b.class_id AND a.member_user_id = b.member_user_id AND a.id > b.id`);
  await c.query(`UPDATE course_class k SET student_count = s.n FROM
                 (SELECT class_id, count(*)::int AS n FROM class_student WHERE status = 'NORMAL' GROUP BY 1) s WHERE s.class_id = k.id`);
  await rebuild();
  await c.query('VACUUM ANALYZE member_user, class_student, course_user, course_class');
  console.log(`  courses loaded in ${seconds(t0)}`);
};

const main = async () => {
  const load = loadAverage();
  console.log(
    `bench:courses  ${flags.members.toLocaleString('en')} members, ${flags.students.toLocaleString('en')} class students, ${flags['course-users'].toLocaleString('en')} course users`,
  );
  console.log(`  PostgreSQL ${redactUrl(dbUrl)}   load ${load}, Node ${process.version}`);
  if (flags.build) await ensureServerBuilt({ force: true });
  else await ensureServerBuilt();
  const password = benchPassword();
  const salesPassword = benchPassword();
  if (!flags.keep) onCleanup(() => dropDatabase(adminUrl, DB_NAME));
  const { reused, ids } = await prepareBenchDatabase({
    adminUrl,
    dbUrl,
    dbName: DB_NAME,
    reuse: flags.reuse,
    password,
    salesPassword,
    matches: async (d) => {
      const { rows } = await d.query(`SELECT (SELECT count(*)::int FROM member_user) AS m`);
      return rows[0].m === flags.members;
    },
    load: async (c, ref) => {
      await loadClients(c, ref, { clients: flags.clients, followUps: 0 });
      await loadCourses(c, {
        members: flags.members,
        students: flags.students,
        courseUsers: flags['course-users'],
        clients: flags.clients,
      });
    },
  });
  console.log(
    `  ${await withClient(dbUrl, (c) => prewarm(c, ['member_user', 'class_student', 'course_user']))}`,
  );
  await pauseDataCentreJobs(dbUrl);
  const server = await startServer({ databaseUrl: dbUrl, adminPassword: password, label: 'EduCRM server' });
  onCleanup(() => server.stop());
  const base = server.baseURL;
  const admin = (await login(base, password)).access_token;
  const api = apiCaller(base);
  if (!reused)
    await createBenchSales({
      api,
      adminToken: admin,
      dbUrl,
      deptId: ids.deptIds[0],
      password: salesPassword,
    });
  const siyu = (await login(base, salesPassword, 'bench_siyu')).access_token;

  const sample = await withClient(dbUrl, async (c) => {
    const m = await c.query(`SELECT mobile, nickname FROM member_user TABLESAMPLE SYSTEM (0.1) LIMIT 500`);
    const k = await c.query(`SELECT id FROM course_class ORDER BY random() LIMIT 300`);
    const p = await c.query(`SELECT id FROM product_spu ORDER BY id`);
    return {
      mobiles: m.rows.map((r) => r.mobile),
      nicknames: m.rows.map((r) => r.nickname.slice(0, 4)),
      classes: k.rows.map((r) => Number(r.id)),
      products: p.rows.map((r) => Number(r.id)),
    };
  });
  const rand = (list) => list[Math.floor(Math.random() * list.length)];
  const many = (make) => Array.from({ length: 500 }, make);
  const DAY = 86_400_000;
  const range = (days) => {
    const from = Date.now() - 300 * DAY + Math.random() * 600 * DAY;
    return `expiresFrom=${encodeURIComponent(new Date(from).toISOString())}&expiresTo=${encodeURIComponent(new Date(from + days * DAY).toISOString())}`;
  };
  const views = [
    { title: 'members, first page', token: admin, paths: ['/api/v1/members'] },
    {
      title: 'members by mobile',
      token: admin,
      paths: sample.mobiles.map((m) => `/api/v1/members?keyword=${m}`),
    },
    {
      title: 'members by last 4 digits',
      token: siyu,
      paths: sample.mobiles.map((m) => `/api/v1/members?keyword=${m.slice(-4)}`),
    },
    {
      title: 'members by nickname',
      token: admin,
      paths: sample.nicknames.map((n) => `/api/v1/members?keyword=${encodeURIComponent(n)}`),
    },
    {
      title: 'class students of a class',
      token: admin,
      paths: sample.classes.map((id) => `/api/v1/course/students?classId=${id}`),
    },
    {
      title: 'course users by product + expiry',
      token: admin,
      paths: many(() => `/api/v1/course/users?spuId=${rand(sample.products)}&${range(rand([7, 30]))}`),
    },
    {
      title: 'course users by product',
      token: admin,
      paths: sample.products.map((id) => `/api/v1/course/users?spuId=${id}`),
    },
  ];
  console.log(
    `▶ Driving ${views.length} views: ${flags.connections} connections, ${flags.warmup} s warm-up + ${flags.duration} s each`,
  );
  const meter = await openCpuMeter({ dbUrl, database: DB_NAME, serverPid: server.pid });
  onCleanup(() => meter.close());
  const { results, health } = await driveViews({
    views,
    baseURL: base,
    flags,
    only: flags.only,
    loadAverage,
    cpu: meter.read,
  });
  const checks = reportViews({ results, health, targetP95Ms: TARGET_P95_MS });
  const passed = checks.every((c) => c.ok);
  console.log(`\n${verdict(passed)}: ${checks.filter((c) => c.ok).length}/${checks.length} targets`);
  console.log(
    JSON.stringify({
      bench: 'courses',
      date: new Date().toISOString(),
      loadAverage: load,
      members: flags.members,
      students: flags.students,
      courseUsers: flags['course-users'],
      connections: flags.connections,
      durationS: flags.duration,
      views: results,
      health,
      checks,
      passed,
    }),
  );
  return passed;
};

run(main);
