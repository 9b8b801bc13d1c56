// `npx tsx bench/wecom.ts` (PostgreSQL: DATABASE_URL, default the local server; loopback only).
// 1. Full sync of --contacts (default 100,000) external contacts from the local WeCom server
//    (apps/server/test/support/wecom-server.ts) at the DOMAIN 9.3 budget of 20 calls/s per API:
//    wall time, API calls, rows.
// 2. The external-contact list (WecomDataService.listContacts, the SQL the API runs) at --relations
//    (default 1,000,000) relations: admin all, admin by tag, admin by staff, admin by tag + staff,
//    siyu (own relations), siyu by tag; p50 / p95 over --samples calls each; target p95 <= 50 ms.
// Creates and drops the database educrm_bench_wecom. Prints one JSON line last.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { wecomApp } from '../apps/server/src/db/schema';
import { SecretBox } from '../apps/server/src/lib/secret-box';
import { WecomDataService } from '../apps/server/src/modules/wecom/data.service';
import { WecomGateway } from '../apps/server/src/modules/wecom/gateway';
import { WecomSync } from '../apps/server/src/modules/wecom/sync';
import { TokenCache } from '../apps/server/src/providers/wecom/client';
import type { Principal } from '../apps/server/src/types';
import { LocalWecomServer } from '../apps/server/test/support/wecom-server';

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const CONTACTS = arg('contacts', 100_000);
const RELATIONS = arg('relations', 1_000_000);
const SAMPLES = arg('samples', 200);
/** --keep=1: leave the database educrm_bench_wecom for EXPLAIN (dropped by the next run). */
const KEEP = arg('keep', 0) === 1;
const admin = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
if (!['127.0.0.1', 'localhost', '::1'].includes(admin.hostname)) throw new Error('loopback PostgreSQL only');
const NAME = 'educrm_bench_wecom';

const exec = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

const main = async () => {
  await exec(admin.toString(), `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await exec(admin.toString(), `CREATE DATABASE ${NAME}`);
  const url = new URL(admin.toString());
  url.pathname = `/${NAME}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  const out: Record<string, unknown> = {};
  try {
    await runMigrations(database);
    const box = new SecretBox('bench-secret-key-of-at-least-32-characters');
    // ---- 1. full sync at the 20 req/s budget ---------------------------------------------------
    const corp = 'wwbench000000001';
    const server = await new LocalWecomServer({
      corpId: corp,
      secret: 's3cret',
      members: 300,
      contacts: CONTACTS,
    }).start();
    const [app] = await database.db
      .insert(wecomApp)
      .values({
        name: 'bench',
        kind: 'CUSTOMER_APP',
        mode: 'LIVE',
        corpId: corp,
        agentId: 1000002,
        secretSealed: box.seal('s3cret'),
        callbackKey: 'bench',
        callbackToken: 't',
        encodingAesKeySealed: box.seal('k'),
      })
      .returning();
    const gateway = new WecomGateway({
      db: database.db,
      box,
      apiBase: server.url,
      rate: 20,
      tokens: new TokenCache(),
    });
    const sync = new WecomSync(database.db, gateway, () => new Date());
    await sync.enqueue(app?.id as number, 'MANUAL', null);
    const t0 = performance.now();
    await sync.processPending();
    const seconds = (performance.now() - t0) / 1000;
    await server.stop();
    const { rows: runRows } = await exec(
      url.toString(),
      'SELECT status, api_calls, counts, errors FROM wecom_sync_run',
    );
    const run = runRows[0];
    out.sync = {
      contacts: CONTACTS,
      relations: server.sim.relationCount(),
      status: run.status,
      seconds: Math.round(seconds * 10) / 10,
      apiCalls: run.api_calls,
      batchCalls: server.calls('/cgi-bin/externalcontact/batch/get_by_user'),
      userGetCalls: server.calls('/cgi-bin/user/get'),
    };
    console.log('sync', out.sync);
    if (run.status !== 'SUCCESS') console.log('sync errors', JSON.stringify(run.errors));

    // ---- 2. the contact list at RELATIONS relations ----------------------------------------------
    // A connection per statement: a long load survives another process ending idle connections.
    const c = { query: (text: string) => exec(url.toString(), text) };
    const users = 200;
    await c.query(
      `INSERT INTO admin_user (username, password_hash) SELECT 'bench' || g, 'x' FROM generate_series(1, ${users}) g`,
    );
    await c.query(`INSERT INTO wecom_member (corp_id, userid, name, sys_user_id, has_customer_contact)
      SELECT 'wwbig', 'u' || g, '成员' || g, (SELECT id FROM admin_user WHERE username = 'bench' || g), true FROM generate_series(1, ${users}) g`);
    await c.query(
      `INSERT INTO wecom_tag_group (corp_id, group_id, name) SELECT 'wwbig', 'g' || g, '组' || g FROM generate_series(1, 5) g`,
    );
    await c.query(
      `INSERT INTO wecom_tag (corp_id, tag_id, group_id, name) SELECT 'wwbig', 't' || g, 'g' || (g % 5 + 1), '标签' || g FROM generate_series(1, 50) g`,
    );
    const contacts = Math.round(RELATIONS / 1.15);
    // In slices of 100,000 rows: short statements.
    for (let from = 1; from <= contacts; from += 100_000)
      await c.query(`INSERT INTO wecom_external_contact (corp_id, external_userid, name, type, gender)
        SELECT 'wwbig', 'wm' || g, '家长' || g, 1, 2 FROM generate_series(${from}, ${Math.min(contacts, from + 99_999)}) g`);
    for (let from = 1; from <= RELATIONS; from += 100_000)
      await c.query(`INSERT INTO wecom_relation (corp_id, external_userid, userid, contact_id, staff_user_id, remark, add_time, add_way, tag_ids)
      SELECT 'wwbig', 'wm' || (1 + (g % ${contacts})), 'u' || (1 + (g::bigint * 7919) % ${users}), (SELECT min(id) FROM wecom_external_contact WHERE corp_id = 'wwbig') + (g % ${contacts}),
             (SELECT min(id) FROM admin_user WHERE username LIKE 'bench%') + (g::bigint * 7919) % ${users}, '',
             now() - ((g * 37) % 31536000) * interval '1 second', 1,
             ARRAY(SELECT DISTINCT 't' || (1 + ((g * 131 + k * 977) % 50)) FROM generate_series(1, 1 + g % 4) k)
      FROM generate_series(${from}, ${Math.min(RELATIONS, from + 99_999)}) g ON CONFLICT DO NOTHING`);
    // A rare tag (500 relations spread over the table): few matches, found through the GIN index.
    await c.query(
      `UPDATE wecom_relation SET tag_ids = tag_ids || '{t51}'::text[] WHERE corp_id = 'wwbig' AND id % ${Math.max(1, Math.floor(RELATIONS / 500))} = 0`,
    );
    await c.query('VACUUM ANALYZE wecom_relation');
    await c.query('VACUUM ANALYZE wecom_external_contact');
    const { rows: cnt } = await c.query('SELECT count(*)::int AS n FROM wecom_relation');
    const { rows: anyUser } = await c.query(
      `SELECT staff_user_id FROM wecom_relation WHERE corp_id = 'wwbig' LIMIT 1`,
    );
    const data = new WecomDataService(database.db, gateway);
    const principal = (scope: 'ALL' | 'SELF', userId: number) =>
      ({ userId, dataScope: scope, departmentId: null, permissions: new Set() }) as unknown as Principal;
    const adminP = principal('ALL', 1);
    const siyuP = principal('SELF', anyUser[0].staff_user_id);
    const base = { page: 1, pageSize: 20 } as const;
    const views: [string, Principal, Record<string, unknown>][] = [
      ['admin all', adminP, {}],
      ['admin tag', adminP, { tagIds: ['t7'] }],
      ['admin two tags', adminP, { tagIds: ['t7', 't8'] }],
      ['admin rare tag', adminP, { tagIds: ['t51'] }],
      ['admin staff', adminP, { userid: 'u17' }],
      ['admin staff + tag', adminP, { userid: 'u17', tagIds: ['t7'] }],
      ['admin page 50', adminP, { page: 50 }],
      ['siyu own', siyuP, {}],
      ['siyu own + tag', siyuP, { tagIds: ['t3'] }],
    ];
    const results: Record<string, { p50: number; p95: number; total: number }> = {};
    for (const [name, p, q] of views) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < SAMPLES + 10; i++) {
        const s = performance.now();
        const res = await data.listContacts({ ...base, ...q } as never, p);
        if (i >= 10) times.push(performance.now() - s);
        total = res.total;
      }
      results[name] = {
        p50: Math.round(pct(times, 50) * 10) / 10,
        p95: Math.round(pct(times, 95) * 10) / 10,
        total,
      };
      console.log(
        `${name.padEnd(20)} p50 ${results[name]?.p50} ms  p95 ${results[name]?.p95} ms  total ${total}`,
      );
    }
    out.list = { relations: cnt[0].n, samples: SAMPLES, views: results };
    out.pass = Object.values(results).every((r) => r.p95 <= 50);
  } finally {
    await database.close();
    if (!KEEP) await exec(admin.toString(), `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  }
  console.log(JSON.stringify(out));
};

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
