// Drives list views of the API with autocannon and reports p50/p95/p99 per view against a p95
// target (bench:clients, bench:orders). Each request of a view picks one of its paths at random.
import autocannon from 'autocannon';
import pg from 'pg';
import { verdict } from './cli.mjs';
import { readCpuSeconds } from './server.mjs';

/** The p-th percentile of an ascending list (nearest rank), or null when empty. */
export const percentile = (sorted, p) =>
  sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10
    : null;

/**
 * One autocannon run of `duration` seconds over `paths` (GET, bearer `token`): req/s and the
 * latency percentiles of every completed response, non-2xx, errors and timeouts.
 */
export const drive = async ({ title, baseURL, token, paths, duration, connections }) => {
  const latencies = [];
  let non2xx = 0;
  const pick = () => paths[Math.floor(Math.random() * paths.length)];
  const instance = autocannon({
    title,
    url: baseURL,
    connections,
    duration,
    timeout: 10,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pick() }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) non2xx++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const secs = result.duration || duration;
  return {
    title,
    reqPerSec: Math.round((latencies.length / secs) * 10) / 10,
    requests: latencies.length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
};

const line = (r) =>
  `  ${r.title.padEnd(34)} ${String(r.reqPerSec).padStart(7)} req/s  p50 ${r.p50Ms} ms  p95 ${r.p95Ms} ms  p99 ${r.p99Ms} ms${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}`;

/**
 * CPU seconds used so far by the server process and by the PostgreSQL backends serving
 * `database` (pids from pg_stat_activity, times from /proc): the cost of a view per request, a
 * figure that holds on a busy machine where latencies do not.
 */
export const cpuMeter =
  ({ serverPid, sql, database }) =>
  async () => {
    const pids = sql
      ? (
          await sql(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
            database,
          ])
        ).map((r) => Number(r.pid))
      : [];
    return {
      server: readCpuSeconds(serverPid) ?? 0,
      pg: new Map(pids.map((pid) => [pid, readCpuSeconds(pid) ?? 0])),
    };
  };

/** CPU ms per request between two cpuMeter readings (backends new since `before` count from zero). */
const perRequest = (before, after, requests) => {
  let pg = 0;
  for (const [pid, sec] of after.pg) pg += sec - (before.pg.get(pid) ?? 0);
  const ms = (sec) => Math.round((sec * 1000 * 100) / requests) / 100;
  return { server: ms(after.server - before.server), pg: ms(pg) };
};

/**
 * Runs every view (optional warm-up, then the measured run), then GET /api/health as the server's
 * ceiling, printing a line each. `only` keeps the views whose title contains it. The load average
 * is sampled before each measured run (the machine is shared; figures are only as quiet as it).
 * With `cpu` (cpuMeter), each view also reports the server's and PostgreSQL's CPU ms per request.
 */
export const driveViews = async ({ views, baseURL, flags, only = '', loadAverage, cpu }) => {
  const results = [];
  const run = { baseURL, connections: flags.connections };
  for (const v of views.filter((x) => !only || x.title.includes(only))) {
    if (flags.warmup) await drive({ ...v, ...run, duration: flags.warmup });
    const load = loadAverage();
    const before = cpu ? await cpu() : null;
    const r = await drive({ ...v, ...run, duration: flags.duration });
    if (before && r.requests) {
      // Backends that went away meanwhile are missed; the pool keeps its connections, so rarely.
      const cost = perRequest(before, await cpu(), r.requests);
      r.serverCpuMsPerReq = cost.server;
      r.pgCpuMsPerReq = cost.pg;
    }
    r.loadAverage = load;
    results.push(r);
    const cost =
      r.serverCpuMsPerReq != null ? `  cpu/req server ${r.serverCpuMsPerReq} + pg ${r.pgCpuMsPerReq} ms` : '';
    console.log(`${line(r)}${cost}  (load ${load})`);
  }
  const healthView = { title: 'GET /api/health', paths: ['/api/health'] };
  if (flags.warmup) await drive({ ...healthView, ...run, duration: flags.warmup });
  const health = await drive({ ...healthView, ...run, duration: flags.duration });
  console.log(line(health));
  return { results, health };
};

/** The results table with PASS/FAIL per view (p95 <= target, every response 2xx); returns the checks. */
export const reportViews = ({ results, health, targetP95Ms }) => {
  console.log('\nResults (latency in ms, ratio = view throughput / health throughput)');
  console.log(
    `  ${'view'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'ratio'.padStart(6)} ${'cpu ms/req (server+pg)'.padStart(23)}  target p95 <= ${targetP95Ms}`,
  );
  const checks = [];
  for (const r of results) {
    r.ratioToHealth = health.reqPerSec ? Math.round((r.reqPerSec / health.reqPerSec) * 1000) / 1000 : null;
    const ok =
      r.p95Ms != null && r.p95Ms <= targetP95Ms && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
    checks.push({ name: `${r.title} p95 <= ${targetP95Ms} ms, all 2xx`, ok });
    console.log(
      `  ${r.title.padEnd(34)} ${String(r.reqPerSec).padStart(8)} ${String(r.p50Ms).padStart(6)} ${String(r.p95Ms).padStart(6)} ${String(r.p99Ms).padStart(6)} ${(r.ratioToHealth ?? 0).toFixed(3).padStart(6)} ${(r.serverCpuMsPerReq != null ? `${r.serverCpuMsPerReq} + ${r.pgCpuMsPerReq}` : '').padStart(23)}  ${verdict(ok)}`,
    );
  }
  return checks;
};

/** A JSON GET/POST against the API with a bearer token; returns the envelope's data or throws. */
export const apiCaller = (baseURL) => async (method, path, token, body) => {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};

/** The flags every list-view benchmark takes (bench:clients, bench:orders), after its own data sizes. */
export const VIEW_FLAGS = {
  duration: { type: 'number', default: 10, min: 1, max: 120, help: 'measured seconds per view' },
  warmup: { type: 'number', default: 2, min: 0, max: 30, help: 'unmeasured warm-up seconds per view' },
  connections: { type: 'number', default: 20, min: 1, max: 200, help: 'concurrent connections' },
  build: { type: 'boolean', default: true, help: 'rebuild the server bundle first (--build=0 to reuse it)' },
  keep: { type: 'boolean', help: 'keep the database afterwards (dropped by the next run)' },
  reuse: { type: 'boolean', help: 'reuse a kept database of the same size instead of loading again' },
  only: { type: 'string', default: '', help: 'run only the views whose title contains this text' },
};

/** CPU per request of the server and of the bench database's PostgreSQL backends (same machine). */
export const openCpuMeter = async ({ dbUrl, database, serverPid }) => {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const sql = async (text, params) => (await client.query(text, params)).rows;
  return { read: cpuMeter({ serverPid, sql, database }), close: () => client.end() };
};
