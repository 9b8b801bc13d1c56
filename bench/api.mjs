#!/usr/bin/env node
// `npm run bench:api`: load test of the sign-in info call against the health check.
// Starts the built server on a free loopback port (PGlite in a temp DATA_DIR, or a fresh
// educrm_bench_<pid> database on the PostgreSQL named by DATABASE_URL), signs in as admin,
// drives POST /api/v1/admin/info and GET /api/health with autocannon, samples the server's RSS,
// prints the figures, PASS/FAIL against the targets and one JSON line, then cleans up.
import '../scripts/node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import os from 'node:os';
import autocannon from 'autocannon';
import { fmtMB, MB, verdict } from './lib/cli.mjs';
import { createBenchDatabase, redactUrl } from './lib/pg.mjs';
import { startBench } from './lib/run.mjs';
import { benchPassword, ensureServerBuilt, login, rssSampler, startServer } from './lib/server.mjs';

const FLAGS = {
  duration: { type: 'number', default: 10, min: 1, max: 600, help: 'measured seconds per endpoint' },
  connections: { type: 'number', default: 50, min: 1, max: 1000, help: 'concurrent connections' },
  warmup: { type: 'number', default: 2, min: 0, max: 60, help: 'unmeasured warm-up seconds per endpoint' },
  build: { type: 'boolean', help: 'rebuild apps/server/dist/main.js even when it exists' },
};

/** Targets (bench/README.md). The throughput ratio is a PostgreSQL target; on PGlite it is informative. */
const TARGETS = {
  ratioMin: 0.5,
  rssMaxBytes: { postgres: 300 * MB, pglite: 600 * MB },
};

const { flags, onCleanup, run } = startBench({
  what: 'bench:api',
  spec: FLAGS,
  usageLine: '(DATABASE_URL=postgres://… for PostgreSQL)',
  watchdogSeconds: (f) => 2 * (f.warmup + f.duration) * 3 + 300,
});

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;
const kind = adminUrl ? 'postgres' : 'pglite';

const drive = async ({ title, url, method = 'GET', headers, body, duration }) => {
  const result = await autocannon({
    title,
    url,
    method,
    headers,
    body,
    connections: flags.connections,
    duration,
    timeout: 10,
  });
  const seconds = result.duration || duration;
  return {
    title,
    reqPerSec: Math.round((result.requests.total / seconds) * 10) / 10,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
  };
};

const main = async () => {
  await ensureServerBuilt({ force: flags.build });

  let databaseUrl;
  let databaseName;
  if (adminUrl) {
    const db = await createBenchDatabase(adminUrl);
    onCleanup(() => db.drop());
    databaseUrl = db.url;
    databaseName = db.name;
  }

  const password = benchPassword();
  let rss;
  const server = await startServer({
    databaseUrl,
    adminPassword: password,
    label: 'EduCRM server',
    onSpawn: (pid) => {
      rss = rssSampler(pid, 200, 'startup');
      onCleanup(() => rss.stop());
    },
  });
  onCleanup(() => server.stop());

  const where = adminUrl ? `PostgreSQL (${redactUrl(databaseUrl)})` : 'PGlite (embedded, temp DATA_DIR)';
  console.log(
    `EduCRM API benchmark: ${where}\n` +
      `  server ${server.baseURL} pid ${server.pid} (ready: ${server.database}); ` +
      `${flags.connections} connections, ${flags.warmup} s warm-up + ${flags.duration} s per endpoint; ` +
      `node ${process.version}, ${os.availableParallelism()} CPUs, load avg ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  rss.mark('login');
  const tokens = await login(server.baseURL, password);
  const info = {
    title: 'POST /api/v1/admin/info',
    url: `${server.baseURL}/api/v1/admin/info`,
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    body: '{}',
  };
  const health = { title: 'GET /api/health', url: `${server.baseURL}/api/health` };

  // Prove the token works before loading the server with it.
  const probe = await fetch(info.url, { method: 'POST', headers: info.headers, body: info.body });
  if (!probe.ok) throw new Error(`info probe failed: HTTP ${probe.status} ${await probe.text()}`);

  const results = {};
  for (const [name, target] of [
    ['info', info],
    ['health', health],
  ]) {
    if (flags.warmup > 0) {
      rss.mark(`${name}-warmup`);
      await drive({ ...target, duration: flags.warmup });
    }
    rss.mark(name);
    results[name] = await drive({ ...target, duration: flags.duration });
  }
  rss.mark('end');
  const memory = rss.stop();

  const ratio = results.health.reqPerSec > 0 ? results.info.reqPerSec / results.health.reqPerSec : 0;
  const rssMax = TARGETS.rssMaxBytes[kind];
  const checks = [
    {
      name: `info throughput >= ${TARGETS.ratioMin} x health throughput (PostgreSQL target)`,
      value: ratio.toFixed(2),
      applies: kind === 'postgres',
      pass: ratio >= TARGETS.ratioMin,
    },
    {
      name: `server peak RSS < ${fmtMB(rssMax)} (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
      value: fmtMB(memory.peakBytes),
      applies: true,
      pass: memory.peakBytes > 0 && memory.peakBytes < rssMax,
    },
    {
      name: 'every measured response is 2xx, no socket errors or timeouts',
      value: `${results.info.non2xx + results.health.non2xx} non-2xx, ${
        results.info.errors + results.health.errors
      } errors`,
      applies: true,
      pass: [results.info, results.health].every((r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0),
    },
  ];

  const row = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(26) : String(c).padStart(10))).join(' ');
  console.log(`\n${row(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'])}`);
  for (const r of [results.info, results.health]) {
    console.log(row([r.title, r.reqPerSec.toFixed(1), r.p50Ms, r.p99Ms, r.requests, r.non2xx, r.errors]));
  }
  const phasePeaks = Object.entries(memory.phases)
    .map(([phase, bytes]) => `${phase} ${fmtMB(bytes)}`)
    .join(', ');
  console.log(`\nthroughput ratio info/health: ${ratio.toFixed(2)}`);
  console.log(`server peak RSS: ${fmtMB(memory.peakBytes)} (${memory.samples} samples; ${phasePeaks})`);
  const cpuShares = Object.entries(memory.cpuPercentOfOneCore)
    .map(([phase, pct]) => `${phase} ${pct}%`)
    .join(', ');
  console.log(`server CPU (share of one core): ${cpuShares}`);
  console.log('\nTargets:');
  for (const c of checks) {
    const mark = c.applies ? verdict(c.pass) : 'INFO';
    console.log(`  ${mark.padEnd(4)}  ${c.name}: ${c.value}${c.applies ? '' : ' (not a target on PGlite)'}`);
  }
  const pass = checks.every((c) => !c.applies || c.pass);
  console.log(`\nbench:api ${pass ? 'PASS' : 'FAIL'}`);
  console.log(
    JSON.stringify({
      bench: 'api',
      database: kind,
      databaseName,
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      connections: flags.connections,
      durationSec: flags.duration,
      warmupSec: flags.warmup,
      info: results.info,
      health: results.health,
      ratio: Math.round(ratio * 1000) / 1000,
      peakRssBytes: memory.peakBytes,
      peakRssByPhase: memory.phases,
      serverCpuPercentOfOneCore: memory.cpuPercentOfOneCore,
      checks: checks.map(({ name, value, applies, pass: ok }) => ({ name, value, applies, pass: ok })),
      pass,
    }),
  );
  return pass;
};

run(main);
