#!/usr/bin/env node
// `npm run bench:clients`: the client list API at a million clients on PostgreSQL.
// Creates the database educrm_bench_clients on the PostgreSQL named by DATABASE_URL (default the
// local server), lets the built server migrate it, bulk-loads 1,000,000 clients with realistic
// Chinese names and mobiles (and 3,000,000 follow-ups) with INSERT ... SELECT generate_series
// (bench/lib/clients-data.mjs), restarts the server on it, signs in as admin and as a sales user
// owning ~300 clients, drives the list API with autocannon through typical views (20 connections,
// ~10 s each), prints p50/p95/p99 per view and the ratio to GET /api/health throughput, PASS/FAIL
// per target and one JSON line, then drops the database. Loopback only; a watchdog bounds the run.
import '../scripts/node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import os from 'node:os';
import { verdict } from './lib/cli.mjs';
import { loadClients, sampleTerms } from './lib/clients-data.mjs';
import { driveListViews, prepareListBench, serveListBench } from './lib/list-bench.mjs';
import { loopbackAdminUrl, redactUrl, withClient, withDatabase } from './lib/pg.mjs';
import { loadAverage, startBench } from './lib/run.mjs';
import { VIEW_FLAGS } from './lib/views.mjs';

const FLAGS = {
  clients: { type: 'number', default: 1_000_000, min: 1000, max: 5_000_000, help: 'clients to load' },
  'follow-ups': { type: 'number', default: 3_000_000, min: 0, max: 20_000_000, help: 'follow-ups to load' },
  ...VIEW_FLAGS,
};
const DB_NAME = 'educrm_bench_clients';
const TARGET_P95_MS = 50;

const { flags, onCleanup, run } = startBench({
  what: 'bench:clients',
  spec: FLAGS,
  usageLine: '(DATABASE_URL=postgres://… admin URL)',
  watchdogSeconds: (f) =>
    120 +
    (f.clients / 1_000_000) * 600 +
    (f['follow-ups'] / 1_000_000) * 120 +
    12 * (f.warmup + f.duration + 5) +
    300,
});
const adminUrl = loopbackAdminUrl('bench:clients');
const dbUrl = withDatabase(adminUrl, DB_NAME);

const main = async () => {
  const load = loadAverage();
  console.log(
    `bench:clients  ${flags.clients.toLocaleString('en')} clients, ${flags['follow-ups'].toLocaleString('en')} follow-ups`,
  );
  console.log(
    `  PostgreSQL ${redactUrl(dbUrl)}   ${os.cpus().length} CPUs, load ${load}, Node ${process.version}`,
  );
  // Warm cache, as in reference/cjk-name-search.md: the client table and its indexes are read into
  // shared_buffers (as far as they fit) with pg_prewarm when the server has it.
  const prepared = await prepareListBench({
    flags,
    onCleanup,
    adminUrl,
    dbUrl,
    dbName: DB_NAME,
    matches: async (d) =>
      (await d.query('SELECT count(*)::int AS n FROM client')).rows[0].n === flags.clients,
    load: (c, ref) => loadClients(c, ref, { clients: flags.clients, followUps: flags['follow-ups'] }),
    tables: ['client'],
  });
  const sizes = await withClient(dbUrl, async (c) => {
    const { rows } = await c.query(
      `SELECT pg_size_pretty(pg_relation_size('client')) AS heap, pg_size_pretty(pg_indexes_size('client')) AS indexes,
              pg_size_pretty(pg_relation_size('client_grams_idx')) AS grams,
              pg_size_pretty(pg_total_relation_size('follow_up')) AS follow_ups`,
    );
    return rows[0];
  });
  console.log(
    `  client heap ${sizes.heap}, its indexes ${sizes.indexes} (grams GIN ${sizes.grams}); follow_up ${sizes.follow_ups}`,
  );

  // 3. Serve and sign in: admin, and a sales user owning ~300 clients.
  const served = await serveListBench({ onCleanup, dbUrl, prepared });
  const { api, admin, siyu } = served;
  const { ids } = prepared;
  const terms = await withClient(dbUrl, sampleTerms);
  const owners = ids.users.slice(0, 500);
  const stages = ['NEW', 'CONTACTED', 'INTENT', 'TRIAL', 'DEAL'];
  const rand = (list) => list[Math.floor(Math.random() * list.length)];
  const many = (make) => Array.from({ length: 500 }, make);
  const kw = (q) => `/api/v1/clients?keyword=${encodeURIComponent(q)}`;

  const probe = await api('GET', '/api/v1/clients', admin);
  const mine = await api('GET', '/api/v1/clients/mine', siyu);
  console.log(
    `  All: total ${probe.total.toLocaleString('en')} (totalExact ${probe.totalExact}); Mine: ${mine.total} (totalExact ${mine.totalExact})`,
  );

  const views = [
    { title: 'All, first page (admin)', token: admin, paths: ['/api/v1/clients'] },
    { title: 'Mine, first page (siyu)', token: siyu, paths: ['/api/v1/clients/mine'] },
    { title: 'Pool, first page (siyu)', token: siyu, paths: ['/api/v1/clients/pool'] },
    {
      title: 'stage + owner (admin)',
      token: admin,
      paths: many(() => `/api/v1/clients?stage=${rand(stages)}&ownerUserId=${rand(owners)}`),
    },
    {
      title: 'phone last 4 digits (admin)',
      token: admin,
      paths: many(() => kw(String(Math.floor(Math.random() * 10000)).padStart(4, '0'))),
    },
    { title: 'name, 1 CJK char (admin)', token: admin, paths: terms.one.map(kw) },
    { title: 'name, 2 CJK chars (admin)', token: admin, paths: terms.two.map(kw) },
    { title: 'name, 3 CJK chars (admin)', token: admin, paths: terms.three.map(kw) },
    {
      title: 'Mine + name, 1 char (siyu)',
      token: siyu,
      paths: terms.one.map((q) => `/api/v1/clients/mine?keyword=${encodeURIComponent(q)}`),
    },
  ];
  const { results, health, checks } = await driveListViews({
    views,
    flags,
    onCleanup,
    served,
    dbUrl,
    dbName: DB_NAME,
    targetP95Ms: TARGET_P95_MS,
  });
  const estimated = probe.totalExact === false;
  checks.push({ name: 'All: total estimated (no full count per page view)', ok: estimated });
  console.log(`  ${'All total estimated, not counted'.padEnd(34)} ${verdict(estimated)}`);
  const passed = checks.every((c) => c.ok);
  console.log(`\n${passed ? 'PASS' : 'FAIL'}: ${checks.filter((c) => c.ok).length}/${checks.length} targets`);
  console.log(
    JSON.stringify({
      bench: 'clients',
      date: new Date().toISOString(),
      loadAverage: load,
      clients: flags.clients,
      followUps: flags['follow-ups'],
      connections: flags.connections,
      durationS: flags.duration,
      sizes,
      allTotal: { total: probe.total, totalExact: probe.totalExact },
      views: results,
      health,
      checks,
      passed,
    }),
  );
  return passed;
};

run(main);
