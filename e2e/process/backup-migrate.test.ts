import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ROOT, startServer } from '../support/server';

/**
 * Backups and the way to PostgreSQL, on the demo data: a PGlite backup taken while the server
 * serves, restored into an empty data directory, gives the same rows table by table;
 * migrate-to-postgres copies it into a new PostgreSQL database and compares every table; a
 * PostgreSQL backup (pg_dump) restored into another new database gives the same rows again.
 */
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLI = path.join(ROOT, 'apps/server/dist/cli.js');
const dirs: string[] = [];
const databases: string[] = [];
const newDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};

const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
let pgUp = false;
const newDatabase = async () => {
  const name = `educrm_backup_${process.pid}_${databases.length}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
afterAll(async () => {
  if (pgUp) {
    for (const d of databases) await admin.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`);
    await admin.end();
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });

/** `table\trows\tchecksum` lines of db-fingerprint, as a map. */
const fingerprint = async (env: Record<string, string>) => {
  const res = await cli(['db-fingerprint'], env);
  expect(res.code, res.out).toBe(0);
  const rows = res.out
    .trim()
    .split('\n')
    .filter((l) => l.includes('\t'))
    .map((l) => l.split('\t'));
  return new Map(rows.map(([table, count, sum]) => [String(table), `${count} ${sum}`]));
};

describe('backup, restore and migrate-to-postgres on the demo data', () => {
  it('PGlite backup while serving → restore into an empty data dir → migrate to PostgreSQL → pg_dump round trip', async () => {
    const source = newDir('educrm-backup-src-');
    const server = await startServer({ DEMO_DATA: '1' }, { dataDir: source, keepDataDir: true });
    const backupFile = path.join(newDir('educrm-backup-files-'), 'educrm.tar.gz');
    try {
      // Traffic while the backup is taken: sign-ins write sessions and audit rows.
      let stop = false;
      const traffic = (async () => {
        while (!stop) {
          await fetch(`${server.baseURL}/api/v1/admin/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
          }).catch(() => undefined);
        }
      })();
      const backup = await cli(['backup', '--out', backupFile], { DATA_DIR: source });
      stop = true;
      await traffic;
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain('taken by the running server');
      expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    } finally {
      await server.stop();
    }

    // Restore into an empty data directory; a second restore into it is refused.
    const restored = newDir('educrm-backup-dst-');
    const restore = await cli(['restore', backupFile], { DATA_DIR: restored });
    expect(restore.code, restore.out).toBe(0);
    const again = await cli(['restore', backupFile], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a database');

    // The restored database opens and has the demo data with its orders and lines.
    const restoredPrint = await fingerprint({ DATA_DIR: restored });
    expect(Number(restoredPrint.get('client')?.split(' ')[0])).toBeGreaterThan(1000);
    expect(Number(restoredPrint.get('order_item')?.split(' ')[0])).toBeGreaterThan(1000);
    // Same rows as the source, except what the traffic wrote after the dump (sessions, audit, throttles).
    const sourcePrint = await fingerprint({ DATA_DIR: source });
    // Jobs of the serving server (start-up runs, their run records, the data centre's aggregates, the
    // provider configuration the receipt polls create on their first tick, the demo's pending SMS
    // signatures and templates the review poll decides) move too.
    const moving = new Set([
      'provider_config',
      'sms_sign',
      'sms_template',
      'session',
      'audit_log',
      'login_throttle',
      'admin_user',
      'job_run',
      'stat_sales_daily',
      'stat_product_daily',
      'stat_dirty_date',
    ]);
    for (const [table, print] of sourcePrint) {
      if (!moving.has(table)) expect(restoredPrint.get(table), table).toBe(print);
    }

    try {
      await admin.connect();
      pgUp = true;
    } catch {
      if (process.env.CI === 'true') throw new Error(`no PostgreSQL at ${PG_ADMIN_URL}`);
      console.warn(`PostgreSQL part skipped: no PostgreSQL at ${PG_ADMIN_URL}`);
      return;
    }
    // migrate-to-postgres: schema by migrations, rows copied, every table compared and printed.
    const target = await newDatabase();
    const migrated = await cli(['migrate-to-postgres', '--to', target], { DATA_DIR: restored });
    expect(migrated.code, migrated.out).toBe(0);
    expect(migrated.out).toMatch(/^client\s+\d+\s+\d+\s+same$/m);
    expect(migrated.out).not.toContain('DIFFERENT');
    expect(migrated.out).toContain('every table has the same rows');
    const targetPrint = await fingerprint({ DATABASE_URL: target });
    expect(targetPrint).toEqual(restoredPrint);
    // Identity sequences continue after the copied ids.
    const c = new pg.Client({ connectionString: target });
    await c.connect();
    try {
      const { rows } = await c.query<{ id: string; max: string }>(
        `INSERT INTO department (name) VALUES ('after migration') RETURNING id,
           (SELECT max(id) FROM department WHERE name <> 'after migration') AS max`,
      );
      expect(Number(rows[0]?.id)).toBeGreaterThan(Number(rows[0]?.max));
      await c.query("DELETE FROM department WHERE name = 'after migration'");
    } finally {
      await c.end();
    }

    // PostgreSQL: pg_dump, restored into another new database, the same rows again.
    const dumpFile = path.join(newDir('educrm-backup-pg-'), 'educrm.dump');
    const pgBackup = await cli(['backup', '--out', dumpFile], { DATABASE_URL: target });
    expect(pgBackup.code, pgBackup.out).toBe(0);
    const copy = await newDatabase();
    const pgRestore = await cli(['restore', dumpFile], { DATABASE_URL: copy });
    expect(pgRestore.code, pgRestore.out).toBe(0);
    expect(await fingerprint({ DATABASE_URL: copy })).toEqual(targetPrint);
    const refused = await cli(['restore', dumpFile], { DATABASE_URL: copy });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('not empty');
  }, 300_000);
});
