import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { acquireDataDirLock, readLiveLockHolder } from '../lib/data-dir';
import {
  type Comparison,
  compareFingerprints,
  listTables,
  type Query,
  quoteIdent,
  tableFingerprints,
} from './db-compare';

const BATCH = 2000;

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
const foreignKeyOrder = async (query: Query, tables: string[]): Promise<string[]> => {
  const edges = await query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`,
  );
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t)) return;
    path.add(t);
    for (const e of edges) if (e.child === t && e.parent !== t) visit(e.parent, path);
    path.delete(t);
    done.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
};

export interface MigrationReport {
  tables: Comparison[];
  copiedRows: number;
  ok: boolean;
}

/**
 * Copies the embedded database (DATA_DIR, server stopped) into a PostgreSQL database: the schema
 * by the migrations, then every table's rows in foreign-key order (batched inserts in one
 * transaction), identity sequences moved past the copied ids, and every table's row count and
 * checksum compared.
 */
export const migrateToPostgres = async (
  dataDir: string,
  targetUrl: string,
  log: (line: string) => void,
): Promise<MigrationReport> => {
  const holder = readLiveLockHolder(dataDir);
  if (holder)
    throw new Error(
      `Stop the server (pid ${holder.pid}) using ${dataDir} first: the copy must see no writes.`,
    );
  const release = acquireDataDirLock(dataDir);
  const source = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  const target = await openDatabase({ databaseUrl: targetUrl, poolSize: 2 });
  const client = new pg.Client({ connectionString: targetUrl });
  try {
    const pglite = source.pglite;
    if (!pglite) throw new Error('the source is not a PGlite database');
    const fromQuery: Query = async <T>(text: string, params?: unknown[]) =>
      (await pglite.query<T>(text, params)).rows;
    await client.connect();
    const toQuery: Query = async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params as unknown[])).rows as T[];

    log('Applying migrations to both databases…');
    await runMigrations(source);
    await runMigrations(target);
    const [users] = await toQuery<{ n: number }>('SELECT count(*)::int AS n FROM admin_user');
    if ((users?.n ?? 0) > 0)
      throw new Error('The target database already has users: migrate into a new, empty database.');

    const tables = await foreignKeyOrder(toQuery, await listTables(toQuery));
    const sourceTables = new Set(await listTables(fromQuery));
    let copiedRows = 0;
    await toQuery('BEGIN');
    try {
      // Rows as they were (no triggers, no foreign-key checks mid-copy) when allowed (superuser);
      // otherwise the foreign-key order above keeps the checks satisfied.
      await toQuery('SAVEPOINT replica');
      try {
        await toQuery("SET LOCAL session_replication_role = 'replica'");
        await toQuery('RELEASE SAVEPOINT replica');
      } catch {
        await toQuery('ROLLBACK TO SAVEPOINT replica');
      }
      await toQuery(`TRUNCATE ${tables.map(quoteIdent).join(', ')} RESTART IDENTITY`);
      for (const table of tables) {
        if (!sourceTables.has(table)) continue;
        const described = await toQuery<{ name: string; generated: string; type: string }>(
          `SELECT column_name AS name, is_generated AS generated, data_type AS type FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
          [table],
        );
        const columns = described.filter((c) => c.generated !== 'ALWAYS').map((c) => quoteIdent(c.name));
        // Keyset paging on a numeric id; other tables (uuid ids, link tables) page by offset.
        const hasId = described.some((c) => c.name === 'id' && (c.type === 'bigint' || c.type === 'integer'));
        const list = columns.join(', ');
        let copied = 0;
        let lastId = 0;
        for (;;) {
          const [batch] = await fromQuery<{ rows: string; n: number; last: number | null }>(
            hasId
              ? `SELECT coalesce(json_agg(x), '[]')::text AS rows, count(*)::int AS n, max(x.id)::bigint AS last
                   FROM (SELECT ${list} FROM ${quoteIdent(table)} WHERE id > $1 ORDER BY id LIMIT ${BATCH}) x`
              : `SELECT coalesce(json_agg(x), '[]')::text AS rows, count(*)::int AS n, NULL AS last
                   FROM (SELECT ${list} FROM ${quoteIdent(table)} ORDER BY 1, 2 LIMIT ${BATCH} OFFSET $1) x`,
            [hasId ? lastId : copied],
          );
          const n = batch?.n ?? 0;
          if (n === 0) break;
          await toQuery(
            `INSERT INTO ${quoteIdent(table)} (${list}) OVERRIDING SYSTEM VALUE
             SELECT ${list} FROM json_populate_recordset(NULL::${quoteIdent(table)}, $1::json)`,
            [batch?.rows],
          );
          copied += n;
          lastId = Number(batch?.last ?? 0);
          if (n < BATCH) break;
        }
        copiedRows += copied;
        if (copied > 0) log(`  ${table}: ${copied} rows`);
      }
      await toQuery('COMMIT');
    } catch (err) {
      await toQuery('ROLLBACK').catch(() => {});
      throw err;
    }

    // Identity columns continue after the copied ids.
    const identities = await toQuery<{ table: string; column: string }>(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
        WHERE table_schema = 'public' AND is_identity = 'YES'`,
    );
    for (const { table, column } of identities) {
      await toQuery(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoteIdent(column)}), 0) + 1, false) FROM ${quoteIdent(table)}`,
        [quoteIdent(table), column],
      );
    }

    log('Comparing row counts and checksums…');
    const tablesCompared = compareFingerprints(
      await tableFingerprints(fromQuery),
      await tableFingerprints(toQuery),
    );
    return { tables: tablesCompared, copiedRows, ok: tablesCompared.every((t) => t.same) };
  } finally {
    await client.end().catch(() => {});
    await target.close();
    await source.close();
    release();
  }
};
