import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { restrictTree } from '../lib/data-dir';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction handle drizzle passes to `db.transaction(fn)`; it has the same query API. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Notification channels, with their constant LISTEN statements. */
const CHANNELS = { educrm_auth: 'LISTEN educrm_auth' } as const;
export type Channel = keyof typeof CHANNELS;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string (the job queue opens its own small pool on it). */
  url?: string;
  /** PGlite: the one embedded client (the job queue shares it through pg-boss's adapter; backups). */
  pglite?: PGlite;
  /**
   * A hot-path query by a fixed name and text: PostgreSQL prepares it once per connection. Only
   * for constant SQL text with parameters (the per-request session check).
   */
  prepared<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * LISTENs on a channel: onNotify per notification; onState(true) once listening and
   * onState(false) while the listening connection is down (PostgreSQL reconnects every 2 s).
   */
  listen(channel: Channel, onNotify: () => void, onState: (listening: boolean) => void): Promise<void>;
  /** Runs fn on one connection holding a session advisory lock (migrations, bootstrap). */
  withExclusive<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL: the connection pool's counts (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

/** Built by apps/server/pglite-template.mjs next to the server bundle (absent in tests). */
const PGLITE_TEMPLATE = [path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template.tgz')].find(
  (f) => fs.existsSync(f),
);

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
interface PgliteWasm {
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
}
/** The global WebAssembly object: the server's lib (ES2023, no DOM) declares its types, not its value. */
const webAssembly = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
).WebAssembly;
let wasm: Promise<PgliteWasm> | undefined;
/**
 * PGlite's two WebAssembly modules, compiled once per process: PGlite compiles its 9 MB module at
 * every create otherwise (seconds on a loaded machine), and V8's optimized code for it is lost with
 * it. A server opens one database (a restore two); an API test worker opens one per test file.
 */
const pgliteWasm = (): Promise<PgliteWasm> => {
  wasm ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) =>
      webAssembly.compile(await fs.promises.readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  wasm.catch(() => {
    wasm = undefined;
  });
  return wasm;
};

/** An empty data directory starts from the template instead of running initdb (half the peak memory). */
const templateFor = (dir: string | undefined): Blob | undefined => {
  if (!dir || !PGLITE_TEMPLATE || fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  return new Blob([fs.readFileSync(PGLITE_TEMPLATE)]);
};

/**
 * PGlite's own start parameters (0.5.16, copied: passing startParams replaces them) plus a smaller
 * shared_buffers: 32 MB instead of 128 MB keeps the embedded server's memory about 120 MB lower
 * (measured: 218 MB against 338 MB RSS for an open database); the OS page cache still holds the
 * data files.
 */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'shared_buffers=32MB',
];

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** PGlite: start an empty data directory from this dump (restore) instead of the template. */
  loadDataDir?: Blob;
}

// bigint columns come back as JS numbers: ids and fen amounts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Runs fn while one connection of the pool holds a session advisory lock (released after). */
export const holdingSessionLock = async <T>(
  pool: pg.Pool,
  key: number,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
};

export const openDatabase = async (opts: OpenOptions): Promise<Database> => {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Requests report their own errors.
    });
    let listener: pg.Client | null = null;
    let closing = false;
    let retry: NodeJS.Timeout | undefined;
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const max = opts.poolSize ?? 10;
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      url: opts.databaseUrl,
      async prepared<T>(name: string, text: string, params: unknown[]) {
        const res = await pool.query({ name, text, values: params });
        return res.rows as T[];
      },
      withExclusive: (key, fn) =>
        holdingSessionLock(pool, key, (client) => fn(drizzlePg({ client, schema }) as unknown as Db)),
      async listen(channel, onNotify, onState) {
        const connect = async () => {
          if (closing) return;
          const client = new pg.Client({
            connectionString: opts.databaseUrl,
            connectionTimeoutMillis: 5_000,
          });
          const lost = () => {
            if (listener !== client) return;
            listener = null;
            onState(false);
            client.end().catch(() => {});
            if (!closing) retry = setTimeout(() => void connect(), 2_000);
          };
          client.on('error', lost);
          client.on('end', lost);
          client.on('notification', (msg) => {
            if (msg.channel === channel) onNotify();
          });
          try {
            await client.connect();
            await client.query(CHANNELS[channel]);
            listener = client;
            onState(true);
          } catch {
            client.end().catch(() => {});
            if (!closing) retry = setTimeout(() => void connect(), 2_000);
          }
        };
        await connect();
      },
      async close() {
        closing = true;
        clearTimeout(retry);
        await listener?.end().catch(() => {});
        await pool.end();
      },
    };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create({
    ...(await pgliteWasm()),
    dataDir: opts.pgliteDir,
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir ?? templateFor(opts.pgliteDir),
    startParams: PGLITE_START_PARAMS,
  });
  // Files PGlite creates later are 0666 too, but inside this 0700 directory no one else reaches them.
  if (opts.pgliteDir) restrictTree(opts.pgliteDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async prepared<T>(_name: string, text: string, params: unknown[]) {
      const res = await client.query<T>(text, params);
      return res.rows;
    },
    // PGlite is one connection in one process: nothing else can run concurrently.
    withExclusive: (_key, fn) => fn(db),
    async listen(channel, onNotify, onState) {
      await client.listen(channel, () => onNotify());
      onState(true);
    },
    async close() {
      if (client.closed) return;
      await client.query('CHECKPOINT');
      await client.close();
    },
  };
};

/** Runs a parameterised `sql` query and returns its rows (both drivers answer `{rows}`). */
export const queryRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
};
