// A throw-away PostgreSQL database for one benchmark run: created on the server named by
// DATABASE_URL, dropped at the end.
import pg from 'pg';

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** The URL of `databaseUrl` with its database name replaced. */
export const withDatabase = (databaseUrl, name) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
};

/** Hides the password of a connection URL for printing. */
export const redactUrl = (databaseUrl) => {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable URL)';
  }
};

/** Runs fn(client) on one new connection to `databaseUrl`, closed afterwards. */
export const withClient = async (databaseUrl, fn) => {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
};

/** Creates `educrm_bench_<pid>` (by default) and returns { name, url, drop() }. */
export const createBenchDatabase = async (adminUrl, name = `educrm_bench_${process.pid}`) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  await withClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
  let dropped = false;
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    },
  };
};

const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];

/**
 * The PostgreSQL admin URL of a data-loading benchmark: DATABASE_URL or the local server. These
 * benchmarks write millions of rows, so only a loopback server is accepted (exit 2 otherwise).
 */
export const loopbackAdminUrl = (what) => {
  const adminUrl = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
  const host = new URL(adminUrl).hostname;
  if (!LOOPBACK.includes(host)) {
    console.error(`${what} runs against a loopback PostgreSQL only (got ${host})`);
    process.exit(2);
  }
  return adminUrl;
};

/** Whether database `name` exists on the server of `adminUrl`. */
export const databaseExists = (adminUrl, name) =>
  withClient(adminUrl, async (c) => {
    const { rows } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  });

/** Drops (if present) and creates database `name` (a plain identifier). */
export const recreateDatabase = (adminUrl, name) =>
  withClient(adminUrl, async (c) => {
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
    await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });

/** Drops database `name` if it exists. */
export const dropDatabase = (adminUrl, name) =>
  withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));

/**
 * Reads a table and its indexes into shared_buffers (as far as they fit) with pg_prewarm when the
 * server has it, as reference/cjk-name-search.md measured warm; returns a line for the report.
 */
export const prewarm = async (client, tables) => {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const t0 = performance.now();
    const { rows } = await client.query(
      `SELECT sum(pg_prewarm(oid))::bigint AS blocks FROM pg_class
       WHERE oid = ANY($1::regclass[]) OR oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = ANY($1::regclass[]))`,
      [tables],
    );
    return `pg_prewarm ${tables.join(', ')}: ${Number(rows[0].blocks).toLocaleString('en')} blocks (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
  } catch (err) {
    return `pg_prewarm unavailable (${err.message}); measuring with a cold cache`;
  }
};

/**
 * Pauses the data centre's builds (stats-nightly / stats-rebuild) in a bench database, as an admin
 * can in System > Jobs: on a kept database they are due at the server's start and would run beside
 * the views, their PostgreSQL CPU counted as the views' own (the list benches read no statistics).
 */
export const pauseDataCentreJobs = (databaseUrl) =>
  withClient(databaseUrl, async (c) => {
    await c.query(
      `INSERT INTO job_schedule (name, paused) VALUES ('data.stats-nightly', true), ('data.stats-rebuild', true)
         ON CONFLICT (name) DO UPDATE SET paused = true`,
    );
    // The pause stops scheduled runs only: the first start of a fresh database queues a manual
    // build for five minutes later (ensureStats), which ran beside the views of a fresh load
    // (bench:calls 2026-11-25: four backends of stat_sales_daily INSERTs during the first views).
    // Drop queued builds; a build that is already running is left to finish.
    const { rows } = await c.query(`SELECT to_regclass('pgboss.job') IS NOT NULL AS has`);
    if (rows[0]?.has)
      await c.query(
        `DELETE FROM pgboss.job WHERE name IN ('data.stats-nightly', 'data.stats-rebuild') AND state IN ('created', 'retry')`,
      );
  });
