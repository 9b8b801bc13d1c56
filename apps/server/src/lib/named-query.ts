import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, queryRows } from '../db/client';

const dialect = new PgDialect();

/**
 * Runs a query of constant text as a named prepared statement on PostgreSQL: parsed once per
 * connection and, after its first runs, planned once (PostgreSQL's plan cache). Only for texts whose
 * best plan does not depend on the parameters, such as fetching a list page's rows by their ids:
 * the list pages split into the page's ids (planned per request: the filters decide the index) and
 * this, which takes half of a list request's database CPU off (0.85 → 0.38 ms measured at a
 * million clients, bench/README.md). On PGlite (one in-process connection) a plain query.
 */
export const queryNamed = async <T>(db: Db, name: string, query: SQL): Promise<T[]> => {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const q = dialect.sqlToQuery(query);
    const res = await client.query({ name, text: q.sql, values: q.params as unknown[] });
    return res.rows as T[];
  }
  return queryRows<T>(db, query);
};

const namesByText = new Map<string, string>();

/**
 * queryNamed for a query whose text takes a few shapes (a data scope, a permission, an optional
 * filter): each distinct text gets its own prepared statement, named `prefix` plus a hash of the
 * text, so every shape is parsed and planned once per connection. Only for texts whose best plan
 * does not depend on the parameters (a lookup by one client's id, say).
 */
export const queryPrepared = async <T>(db: Db, prefix: string, query: SQL): Promise<T[]> => {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const res = await client.query(preparedOf(prefix, query));
  return res.rows as T[];
};

const preparedOf = (prefix: string, query: SQL) => {
  const q = dialect.sqlToQuery(query);
  let name = namesByText.get(q.sql);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(q.sql).digest('hex').slice(0, 16)}`;
    if (namesByText.size < 1000) namesByText.set(q.sql, name);
  }
  return { name, text: q.sql, values: q.params as unknown[] };
};

/** Planner settings a prepared statement can run under (SET LOCAL in its own transaction). */
const SETTINGS = {
  /**
   * No parallel workers, and the generic plan from the first run: for a statement of many small
   * index scans whose plan is the same for any parameters (the data centre's live events: the
   * start-up of workers cost more than they saved, and planning its 19 branches was ~5 ms of a
   * ~2 ms execution for one user's events). No JIT: the generic plan's estimates (5,000 rows per
   * time range) pass jit_above_cost, and compiling its 167 functions took 175 ms of a 182 ms run
   * for an hour of events at full scale (7.5 ms without; JIT code is not kept between runs).
   */
  serialGeneric:
    'BEGIN; SET LOCAL max_parallel_workers_per_gather = 0; SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL jit = off',
} as const;

/**
 * queryPrepared in a transaction of its own under some planner settings (one round trip for
 * BEGIN and the settings); on PGlite (one connection, no planner settings to set) a plain query.
 */
export const queryPreparedUnder = async <T>(
  db: Db,
  settings: keyof typeof SETTINGS,
  prefix: string,
  query: SQL,
): Promise<T[]> => {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return queryRows<T>(db, query);
  const client = await pool.connect();
  try {
    await client.query(SETTINGS[settings]);
    const res = await client.query(preparedOf(prefix, query));
    await client.query('COMMIT');
    return res.rows as T[];
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
};

/** Rows in the order of `ids` (a page's order), dropping ids without a row. */
export const inIdOrder = <T extends { id: number | string | bigint }>(ids: number[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
};
