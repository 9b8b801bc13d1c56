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

const withClient = async (databaseUrl, fn) => {
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
