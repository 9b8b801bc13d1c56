import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { acquireDataDirLock, readLiveLockHolder } from '../lib/data-dir';
import { packDataDir } from './pglite-dump';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/** Where a backup goes when --out is not given: DATA_DIR/backups/educrm-<kind>-<UTC time>.<ext>. */
export const defaultBackupFile = (dataDir: string, kind: 'pglite' | 'postgres') =>
  path.join(dataDir, 'backups', `educrm-${kind}-${stamp()}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) =>
      reject(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(
              `${cmd} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`,
            )
          : err,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code})`))));
  });

/**
 * PGlite backup: through the running server when one holds the data directory (it takes the dump
 * between transactions), else by opening the data directory itself (holding its lock meanwhile).
 */
export const backupPglite = async (
  dataDir: string,
  out: string,
): Promise<{ via: 'server' | 'direct'; bytes: number }> => {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const holder = readLiveLockHolder(dataDir);
  if (holder) {
    if (!holder.url || !holder.backupToken) {
      throw new Error(
        `The server (pid ${holder.pid}) holding ${dataDir} is still starting, or too old to take backups; try again.`,
      );
    }
    const res = await fetch(`${holder.url}/api/internal/backup`, {
      headers: { authorization: `Bearer ${holder.backupToken}` },
    });
    if (!res.ok || !res.body) throw new Error(`The running server refused the backup: HTTP ${res.status}`);
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(`${out}.part`, { mode: 0o600 }));
    fs.renameSync(`${out}.part`, out);
    return { via: 'server', bytes: fs.statSync(out).size };
  }
  const release = acquireDataDirLock(dataDir);
  try {
    // Opened and closed once (a clean shutdown: a checkpoint, nothing left to replay), then the
    // data directory itself is packed: nothing else may open it while we hold its lock.
    const pgliteDir = path.join(dataDir, 'pglite');
    const database = await openDatabase({ pgliteDir });
    await database.close();
    await packDataDir(pgliteDir, fs.createWriteStream(`${out}.part`, { mode: 0o600 }));
    fs.renameSync(`${out}.part`, out);
  } finally {
    release();
  }
  return { via: 'direct', bytes: fs.statSync(out).size };
};

/** PGlite restore: only into an empty data directory (move the current one aside first). */
export const restorePglite = async (dataDir: string, file: string): Promise<{ migrations: number }> => {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new Error(
      `${pgliteDir} already holds a database: restore into an empty DATA_DIR (move this one aside first).`,
    );
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const blob = new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ pgliteDir, loadDataDir: blob });
    try {
      const res = await database.pglite?.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      return { migrations: res?.rows[0]?.n ?? 0 };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
};

/** PostgreSQL backup: pg_dump's custom format (compressed, restorable table by table). */
export const backupPostgres = async (databaseUrl: string, out: string) => {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${out}`,
    `--dbname=${databaseUrl}`,
  ]);
  fs.chmodSync(out, 0o600);
  return { bytes: fs.statSync(out).size };
};

/** PostgreSQL restore: into an empty database, in one transaction (all or nothing). */
export const restorePostgres = async (databaseUrl: string, file: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')",
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new Error(
        'The target database is not empty: restore into a new database (createdb), then point DATABASE_URL at it.',
      );
    }
  } finally {
    await client.end();
  }
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    file,
  ]);
};
