// The start-up and the end that bench:clients and bench:orders share: build the server, prepare
// (or reuse) the bench database and prewarm it; serve it and sign in as admin and as the sales
// user `bench_siyu`; drive the views and report them against the p95 target.
import { createBenchSales, prepareBenchDatabase } from './clients-data.mjs';
import { dropDatabase, prewarm, withClient } from './pg.mjs';
import { loadAverage } from './run.mjs';
import { benchPassword, ensureServerBuilt, login, startServer } from './server.mjs';
import { apiCaller, driveViews, openCpuMeter, reportViews } from './views.mjs';

/**
 * Builds the server when needed (always with --build), then creates and loads the database (or
 * reuses it with --reuse when `matches` says it holds the wanted data) and prewarms `tables`.
 * The database is dropped at clean-up unless --keep.
 */
export const prepareListBench = async ({
  flags,
  onCleanup,
  adminUrl,
  dbUrl,
  dbName,
  matches,
  load,
  tables,
}) => {
  await ensureServerBuilt({ force: Boolean(flags.build) });
  const password = benchPassword();
  const salesPassword = benchPassword();
  if (!flags.keep) onCleanup(() => dropDatabase(adminUrl, dbName));
  const { reused, ids } = await prepareBenchDatabase({
    adminUrl,
    dbUrl,
    dbName,
    reuse: flags.reuse,
    password,
    salesPassword,
    matches,
    load,
  });
  console.log(`  ${await withClient(dbUrl, (c) => prewarm(c, tables))}`);
  return { reused, ids, password, salesPassword };
};

/**
 * Serves the bench database and signs in: admin, and `bench_siyu` owning ~300 clients (created on
 * a fresh database; `afterSales(siyuId)` then runs). Answers { server, base, api, admin, siyu }.
 */
export const serveListBench = async ({ onCleanup, dbUrl, prepared, afterSales }) => {
  const { reused, ids, password, salesPassword } = prepared;
  const server = await startServer({ databaseUrl: dbUrl, adminPassword: password, label: 'EduCRM server' });
  onCleanup(() => server.stop());
  const base = server.baseURL;
  const admin = (await login(base, password)).access_token;
  const api = apiCaller(base);
  if (!reused) {
    const siyuId = await createBenchSales({
      api,
      adminToken: admin,
      dbUrl,
      deptId: ids.deptIds[0],
      password: salesPassword,
    });
    await afterSales?.(siyuId);
  }
  const siyu = (await login(base, salesPassword, 'bench_siyu')).access_token;
  return { server, base, api, admin, siyu };
};

/** Drives the views with autocannon (CPU of server and database metered) and reports them. */
export const driveListViews = async ({ views, flags, onCleanup, served, dbUrl, dbName, targetP95Ms }) => {
  console.log(
    `▶ Driving ${views.length} views: ${flags.connections} connections, ${flags.warmup} s warm-up + ${flags.duration} s each`,
  );
  const meter = await openCpuMeter({ dbUrl, database: dbName, serverPid: served.server.pid });
  onCleanup(() => meter.close());
  const { results, health } = await driveViews({
    views,
    baseURL: served.base,
    flags,
    only: flags.only,
    loadAverage,
    cpu: meter.read,
  });
  const checks = reportViews({ results, health, targetP95Ms });
  return { results, health, checks };
};
