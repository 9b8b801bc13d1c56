// The client benchmark data set (bench:clients, bench:orders): 2,000 sales staff in four
// departments, the order dictionaries, N clients with realistic Chinese names and mobiles and M
// follow-ups, bulk-loaded with INSERT ... SELECT generate_series (indexes dropped during the load and
// rebuilt exactly as the migrations define them), plus the helpers to reuse a kept database.
import { randomBytes, scryptSync } from 'node:crypto';
import pg from 'pg';
import { withClient } from './pg.mjs';
import { startServer } from './server.mjs';

export const SALES_USERS = 2000;
export const seconds = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** A password hash in the server's format (scrypt, PHC-like string), for reused databases. */
export const scryptHash = (password) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `$scrypt$ln=14,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
};

/**
 * Drops the secondary indexes of `tables` (faster bulk loads) and returns a function that
 * recreates them from their saved definitions, exactly as the migrations made them.
 */
export const withoutIndexes = async (client, tables) => {
  const { rows: indexes } = await client.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const ix of indexes) await client.query(`DROP INDEX ${pg.escapeIdentifier(ix.indexname)}`);
  return async () => {
    const t0 = performance.now();
    for (const ix of indexes) await client.query(ix.indexdef);
    console.log(`  ${indexes.length} indexes rebuilt on ${tables.join(', ')} (${seconds(t0)})`);
  };
};

// ---- realistic names ------------------------------------------------------------------------------
// Surnames weighted by frequency (王李张 ~7% each), compound surnames rare; given-name characters
// Zipf-like (the first ones are common). Passed to SQL as arrays with repeated entries.
const SURNAMES =
  '王71 李70 张68 刘54 陈47 杨32 黄23 赵22 吴21 周20 徐15 孙15 马14 朱13 胡12 郭12 何11 高11 林11 罗10 郑9 梁9 谢8 宋7 唐7 许7 韩6 冯6 邓6 曹6 彭6 曾5 肖5 田5 董5 袁5 潘4 于4 蒋4 蔡4 余4 杜4 叶4 程4 苏3 魏3 吕3 丁3 任3 沈3 姚3 卢3 姜3 崔3 钟3 谭3 陆2 汪2 范2 金2 石2 廖2 贾2 夏2 韦2 付2 方2 白2 邹2 孟2 熊2 秦2 邱2 江2 尹2 薛2 闫2 段2 雷2 侯2 龙2 史2 陶2 黎2 贺2 顾2 毛2 郝2 龚2 邵2 万2 钱2 严2 覃1 武1 戴1 莫1 孔1 向1 汤1 欧阳1 司马1 上官1 诸葛1 东方1 皇甫1';
const GIVEN =
  '英华玉秀明丽敏静伟芳娜强磊军洋勇艳杰娟涛超霞平刚桂兰萍鹏辉建红玲梅宇浩凯晨欣怡梓涵子轩诺雨桐思远佳琪嘉豪俊博文然墨若曦雅婷晓天佑宏志海燕春丹慧颖琳倩璐瑶颖洁婕蕾薇莉露雪凤珍美娇莹月莲真环采春菊兴瑞彬斌新永健世广义贵福生龙元全国胜学祥才发武成康星光良海山仁波宁贵福生龙元全国胜学祥才发武成康星光天达安岩中茂进林有坚和彪博诚先敬震振壮会思群豪心邦承乐绍功松善厚庆磊民友裕河哲江超浩亮政谦亨奇固之轮翰朗伯宏言若鸣朋斌梁栋维启克伦翔旭鹏泽晨辰士以建家致树炎德行时泰盛雄琛钧冠策腾楠榕风航弘';
const expand = (pairs) => pairs.flatMap(([v, w]) => Array(w).fill(v));
const surnameArray = expand(
  SURNAMES.split(' ').map((x) => [x.replace(/\d+$/, ''), Number(x.replace(/^\D+/, ''))]),
);
const givenArray = expand(
  [...new Set(GIVEN)].map((c, i) => [c, Math.max(1, Math.round(400 / (i + 1) ** 0.7))]),
);

export const loadClients = async (client, ids, { clients: n, followUps: f }) => {
  const t0 = performance.now();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET synchronous_commit = off`);
  // Build indexes after the load (much faster than maintaining them row by row).
  const rebuild = await withoutIndexes(client, ['client', 'follow_up']);
  const now = Date.now() / 1000;
  const span = 5 * 365 * 86400; // created_at rises over five years, with jitter
  const batch = 100_000;
  for (let start = 1; start <= n; start += batch) {
    const end = Math.min(n, start + batch - 1);
    await client.query('SELECT setseed($1)', [start / (n + 1)]);
    await client.query(
      `INSERT INTO client (name, mobile, student_name, gender, grade_id, grade_year, region_code,
         source_platform_id, channel_id, level, stage, tag_ids, owner_user_id, owner_dept_id, owner_time,
         first_owner_user_id, pool_reason, pool_time, pre_owner_user_id, followed, follow_count,
         last_follow_time, last_follow_content, next_follow_time, deal_status, total_paid,
         created_at, updated_at)
       SELECT
         ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int]
           || ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int]
           || CASE WHEN random() < 0.8 THEN ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] ELSE '' END,
         (ARRAY['130','131','132','133','135','136','137','138','139','150','151','152','155','156','157','158',
                '159','166','176','177','178','180','181','182','183','185','186','187','188','189','199'])[1 + g % 31]
           || lpad(((g::bigint * 7919 + 1234567) % 100000000)::text, 8, '0'),
         CASE WHEN random() < 0.6 THEN ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int]
           || ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int]
           || ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] ELSE '' END,
         (ARRAY['MALE','FEMALE','UNKNOWN'])[1 + floor(random() * 3)::int],
         ($3::bigint[])[1 + floor(random() * cardinality($3::bigint[]))::int], 2026, '310000',
         ($4::bigint[])[1 + floor(random() * cardinality($4::bigint[]))::int],
         ($5::bigint[])[1 + floor(random() * cardinality($5::bigint[]))::int],
         (ARRAY['A','B','B','C'])[1 + floor(random() * 4)::int],
         s.stage, CASE WHEN random() < 0.1 THEN ARRAY[1 + floor(random() * 8)::bigint] ELSE '{}'::bigint[] END,
         CASE WHEN s.owned THEN ($6::bigint[])[s.k] END,
         CASE WHEN s.owned THEN ($7::bigint[])[s.k] END,
         CASE WHEN s.owned THEN to_timestamp($8 - random() * 20 * 86400) END,
         ($6::bigint[])[s.k],
         CASE WHEN s.owned THEN NULL ELSE (ARRAY['AUTO_NO_FOLLOW','AUTO_NO_DEAL','MANUAL_RELEASE'])[1 + floor(random() * 3)::int] END,
         CASE WHEN s.owned THEN NULL ELSE to_timestamp($8 - random() * 365 * 86400) END,
         CASE WHEN s.owned THEN NULL ELSE ($6::bigint[])[s.k] END,
         s.owned, 1 + floor(random() * 5)::int,
         to_timestamp($8 - random() * 6 * 86400), '电话沟通了孩子的学习情况',
         CASE WHEN random() < 0.4 THEN to_timestamp($8 + (random() * 9 - 2) * 86400) END,
         s.stage = 'DEAL', CASE WHEN s.stage = 'DEAL' THEN 199900 ELSE 0 END,
         to_timestamp($8 - $9 + (g::float8 / $10) * $9 + random() * 3600),
         to_timestamp($8 - $9 + (g::float8 / $10) * $9 + random() * 3600)
       FROM (
         SELECT g, random() < 0.6 AS owned, 1 + floor(random() * cardinality($6::bigint[]))::int AS k,
                (ARRAY['NEW','NEW','NEW','CONTACTED','CONTACTED','INTENT','TRIAL','DEAL','INVALID'])[1 + floor(random() * 9)::int] AS stage
         FROM generate_series($11::int, $12::int) g
       ) s`,
      [
        surnameArray,
        givenArray,
        ids.grades,
        ids.platforms,
        ids.channels,
        ids.users,
        ids.userDepts,
        now,
        span,
        n,
        start,
        end,
      ],
    );
    process.stdout.write(
      `\r  clients ${end.toLocaleString('en')} / ${n.toLocaleString('en')} (${seconds(t0)})`,
    );
  }
  process.stdout.write('\n');
  const t1 = performance.now();
  for (let start = 1; start <= f; start += 500_000) {
    const end = Math.min(f, start + 500_000 - 1);
    await client.query(
      `INSERT INTO follow_up (client_id, type, source, content, counts_as_contact, created_at, created_by, updated_at)
       SELECT 1 + floor(random() * $1)::bigint,
              (ARRAY['CALL','WECHAT','SMS','VISIT','OTHER'])[1 + floor(random() * 5)::int], 'MANUAL',
              (ARRAY['电话沟通了学习情况','发了试听课链接','家长在比较机构','约了周末面谈','电话未接通'])[1 + floor(random() * 5)::int],
              true, t, ($2::bigint[])[1 + floor(random() * cardinality($2::bigint[]))::int], t
       FROM (SELECT to_timestamp($3 - random() * 180 * 86400) AS t FROM generate_series($4::int, $5::int)) s`,
      [n, ids.users, now, start, end],
    );
    process.stdout.write(
      `\r  follow-ups ${end.toLocaleString('en')} / ${f.toLocaleString('en')} (${seconds(t1)})`,
    );
  }
  if (f) process.stdout.write('\n');
  await rebuild();
  const t3 = performance.now();
  await client.query('VACUUM ANALYZE client');
  await client.query('VACUUM ANALYZE follow_up');
  console.log(`  VACUUM ANALYZE (${seconds(t3)}); load total ${seconds(t0)}`);
};

/** Dictionaries and 2,000 sales staff (SQL; they never sign in) in four sales departments. */
export const seedReferenceData = async (client) => {
  const q = async (text, params) => (await client.query(text, params)).rows;
  const depts = await q(
    `INSERT INTO department (name, sort) SELECT '销售' || i || '组', i FROM generate_series(1, 4) i RETURNING id`,
  );
  const deptIds = depts.map((d) => Number(d.id));
  const users = await q(
    `INSERT INTO admin_user (username, nickname, password_hash, department_id)
     SELECT 'bench' || lpad(i::text, 5, '0'), '销售' || i, 'not-a-login', ($1::bigint[])[1 + i % 4]
     FROM generate_series(1, $2::int) i RETURNING id, department_id`,
    [deptIds, SALES_USERS],
  );
  const grades = await q(
    `INSERT INTO grade (code, name, stage, sort)
     SELECT 'G' || i, '年级' || i, 'PRIMARY', i FROM generate_series(1, 15) i RETURNING id`,
  );
  const platforms = await q(
    `INSERT INTO source_platform (code, name, type, sort)
     SELECT c, n, t, o FROM (VALUES ('OWN_MP','自有小程序','OWN',1), ('DOUYIN','抖音','MARKETPLACE',2),
       ('WXSHOP','视频号小店','MARKETPLACE',3), ('XIAOETONG','小鹅通','MARKETPLACE',4), ('YOUZAN','有赞','MARKETPLACE',5),
       ('OFFLINE','线下转账','OFFLINE',6)) v(c, n, t, o) RETURNING id`,
  );
  const channels = await q(
    `INSERT INTO order_channel (code, name, sort)
     SELECT c, n, o FROM (VALUES ('WECOM','企微私域',1), ('OUTBOUND','外呼',2), ('LIVE','直播间',3), ('ADS','投放',4),
       ('REFERRAL','转介绍',5)) v(c, n, o) RETURNING id`,
  );
  await q(`INSERT INTO client_tag (name, sort) SELECT '标签' || i, i FROM generate_series(1, 8) i`);
  return {
    deptIds,
    users: users.map((u) => Number(u.id)),
    userDepts: users.map((u) => Number(u.department_id)),
    grades: grades.map((g) => Number(g.id)),
    platforms: platforms.map((p) => Number(p.id)),
    channels: channels.map((c) => Number(c.id)),
  };
};

/** Search terms sampled from the loaded names: common, mid and rare 1- and 2-character grams, 3-character names. */
export const sampleTerms = async (client) => {
  const { rows } = await client.query(
    `SELECT g, count(*)::int AS n FROM (SELECT unnest(search_grams) AS g FROM client TABLESAMPLE SYSTEM (5)) s
     GROUP BY g`,
  );
  const cjk = (s) => /^[\u4e00-\u9fff]+$/.test(s);
  const byLen = (len) => rows.filter((r) => [...r.g].length === len && cjk(r.g)).sort((a, b) => b.n - a.n);
  const classes = (list) => {
    const pick = (from, count) => list.slice(from, from + count).map((r) => r.g);
    const mid = Math.floor(list.length / 3);
    return [...pick(0, 8), ...pick(mid, 8), ...pick(list.length - 8, 8)];
  };
  const { rows: names } = await client.query(
    `SELECT name FROM client TABLESAMPLE SYSTEM (1) WHERE char_length(name) = 3 LIMIT 200`,
  );
  return {
    one: [...classes(byLen(1)), '鑫', '犇'],
    two: [...classes(byLen(2)), '龙凤', '鑫犇'],
    three: names.map((r) => r.name),
  };
};

/**
 * The loaded benchmark database `dbName`: reused when `reuse` is set and `matches(client)` says the
 * kept one has the wanted size (admin and bench_siyu get this run's passwords), else created
 * afresh: the built server migrates it and creates the admin, then `load(client, ids)` runs after
 * the reference data. Returns { reused, ids }.
 */
export const prepareBenchDatabase = async ({
  adminUrl,
  dbUrl,
  dbName,
  reuse,
  password,
  salesPassword,
  matches,
  load,
}) => {
  const kept =
    reuse &&
    (await withClient(adminUrl, async (c) => {
      const { rows } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
      return rows.length > 0;
    })) &&
    (await withClient(dbUrl, async (d) => {
      const u = await d.query(`SELECT id FROM admin_user WHERE username = 'bench_siyu'`).catch(() => null);
      return Boolean(u?.rows.length) && (await matches(d).catch(() => false));
    }));
  if (kept) {
    console.log('▶ Reusing the loaded database (--reuse)');
    const ids = await withClient(dbUrl, async (c) => {
      await c.query(`UPDATE admin_user SET password_hash = $1 WHERE username = 'admin'`, [
        scryptHash(password),
      ]);
      await c.query(`UPDATE admin_user SET password_hash = $1 WHERE username = 'bench_siyu'`, [
        scryptHash(salesPassword),
      ]);
      const users = await c.query(`SELECT id FROM admin_user WHERE username LIKE 'bench0%' ORDER BY id`);
      const depts = await c.query('SELECT id FROM department ORDER BY id');
      return { users: users.rows.map((r) => Number(r.id)), deptIds: depts.rows.map((r) => Number(r.id)) };
    });
    return { reused: true, ids };
  }
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
  });
  // Migrate and create the admin, then stop: the load runs without the server.
  const migrate = await startServer({
    databaseUrl: dbUrl,
    adminPassword: password,
    label: 'EduCRM server (migrate)',
  });
  await migrate.stop();
  console.log('▶ Loading');
  const ids = await withClient(dbUrl, async (c) => {
    const ref = await seedReferenceData(c);
    await load(c, ref);
    return ref;
  });
  return { reused: false, ids };
};

/**
 * A sales user (siyu role, first sales department) signed up through the API, owning ~300 clients
 * taken at random from the owned ones; returns their id. `api` is views.mjs apiCaller(baseURL).
 */
export const createBenchSales = async ({ api, adminToken, dbUrl, deptId, password }) => {
  const roles = await api('GET', '/api/v1/system/roles', adminToken);
  const siyuRole = roles.items.find((r) => r.key === 'siyu').id;
  const sales = await api('POST', '/api/v1/system/admin-users', adminToken, {
    username: 'bench_siyu',
    nickname: '压测销售',
    roleIds: [siyuRole],
    departmentId: deptId,
    password,
  });
  await withClient(dbUrl, (c) =>
    c.query(
      `UPDATE client SET owner_user_id = $1, owner_dept_id = $2, owner_time = now() - interval '3 days'
       WHERE id IN (SELECT id FROM client TABLESAMPLE SYSTEM (1) WHERE owner_user_id IS NOT NULL LIMIT 300)`,
      [sales.user.id, deptId],
    ),
  );
  return Number(sales.user.id);
};
