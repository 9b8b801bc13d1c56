import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction handle drizzle passes to `db.transaction(fn)`; it has the same query API. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs fn on one connection holding a session advisory lock (migrations, bootstrap). */
  withExclusive<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

// bigint columns come back as JS numbers: ids and fen amounts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

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
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async withExclusive(key, fn) {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [key]);
          try {
            return await fn(drizzlePg({ client, schema }) as unknown as Db);
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.pgliteDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in one process: nothing else can run concurrently.
    withExclusive: (_key, fn) => fn(db),
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
