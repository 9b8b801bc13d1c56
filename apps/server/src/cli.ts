import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { daysBetween } from './modules/data-centre/engine';
import { recomputeDays } from './modules/data-centre/jobs';
import {
  backupPglite,
  backupPostgres,
  defaultBackupFile,
  restorePglite,
  restorePostgres,
} from './tools/backup';
import { formatComparison, type Query, tableFingerprints } from './tools/db-compare';
import { migrateToPostgres } from './tools/migrate-to-postgres';

/**
 * Operations on the database, run by `npm run backup | restore | migrate-to-postgres` (and
 * `db-fingerprint`, which prints every table's row count and checksum). The database is the one
 * the server would use: DATABASE_URL, else the PGlite data in DATA_DIR.
 */
const USAGE = `Usage:
  npm run backup [-- --out FILE]            PGlite: a consistent dump, also while the server runs
                                            PostgreSQL (DATABASE_URL): pg_dump, custom format
  npm run restore -- FILE                   into an empty DATA_DIR (PGlite) or an empty database (DATABASE_URL)
  npm run migrate-to-postgres -- --to URL   copy DATA_DIR's PGlite database into a new PostgreSQL database
  npm run db-fingerprint                    row count and checksum of every table
  node scripts/ops.mjs stats-rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD
                                            recompute the data centre's daily aggregates of a range
                                            (PGlite: with the server stopped; or POST /api/v1/data/rebuild)`;

const argValue = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const fingerprintsOf = async (databaseUrl: string | undefined, dataDir: string) => {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await tableFingerprints(
        async <T>(text: string, params?: unknown[]) =>
          (await client.query(text, params as unknown[])).rows as T[],
      );
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const pglite = database.pglite;
    if (!pglite) throw new Error('not PGlite');
    const query: Query = async <T>(text: string, params?: unknown[]) =>
      (await pglite.query<T>(text, params)).rows;
    return await tableFingerprints(query);
  } finally {
    await database.close();
  }
};

const main = async () => {
  process.umask(0o077); // backups and restored data for this account only
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  switch (command) {
    case 'backup': {
      const kind = config.databaseUrl ? 'postgres' : 'pglite';
      const out = path.resolve(argValue(args, '--out') ?? defaultBackupFile(config.dataDir, kind));
      const started = Date.now();
      if (config.databaseUrl) {
        const { bytes } = await backupPostgres(config.databaseUrl, out);
        print(
          `PostgreSQL backup (pg_dump custom format): ${out} (${bytes} bytes, ${Date.now() - started} ms)`,
        );
      } else {
        const { via, bytes } = await backupPglite(config.dataDir, out);
        print(
          `PGlite backup ${via === 'server' ? 'taken by the running server' : 'of the stopped data directory'}: ${out} (${bytes} bytes, ${Date.now() - started} ms)`,
        );
      }
      if (!config.secretKey && fs.existsSync(path.join(config.dataDir, 'secret-key'))) {
        print(`Keep ${path.join(config.dataDir, 'secret-key')} with your backups: sealed secrets need it.`);
      }
      return 0;
    }
    case 'restore': {
      const file = args.find((a) => !a.startsWith('--'));
      if (!file || !fs.existsSync(file)) {
        print(file ? `No such file: ${file}` : USAGE);
        return 2;
      }
      if (config.databaseUrl) {
        await restorePostgres(config.databaseUrl, path.resolve(file));
        print(`Restored ${file} into the PostgreSQL database of DATABASE_URL.`);
      } else {
        const { migrations } = await restorePglite(config.dataDir, path.resolve(file));
        print(
          `Restored ${file} into ${path.join(config.dataDir, 'pglite')} (${migrations} migrations applied in it).`,
        );
      }
      return 0;
    }
    case 'migrate-to-postgres': {
      const to = argValue(args, '--to') ?? process.env.TARGET_DATABASE_URL;
      if (!to || !/^postgres(ql)?:\/\//.test(to)) {
        print(USAGE);
        return 2;
      }
      if (config.databaseUrl) {
        print('Unset DATABASE_URL: the source is the PGlite database in DATA_DIR, the target is --to.');
        return 2;
      }
      const started = Date.now();
      const report = await migrateToPostgres(config.dataDir, to, print);
      print(formatComparison(report.tables, ['PGlite', 'PostgreSQL']));
      print(
        report.ok
          ? `Copied ${report.copiedRows} rows in ${Date.now() - started} ms: every table has the same rows. Set DATABASE_URL to the target and start the server.`
          : 'Some tables DIFFER (see above): do not switch to the target.',
      );
      return report.ok ? 0 : 1;
    }
    case 'stats-rebuild': {
      const from = argValue(args, '--from');
      const to = argValue(args, '--to');
      const day = /^\d{4}-\d{2}-\d{2}$/;
      if (!from || !to || !day.test(from) || !day.test(to) || to < from) {
        print(USAGE);
        return 2;
      }
      const database = await openDatabase(
        config.databaseUrl
          ? { databaseUrl: config.databaseUrl }
          : { pgliteDir: path.join(config.dataDir, 'pglite') },
      );
      try {
        const result = await recomputeDays(database.db, daysBetween(from, to), async (c) => {
          print(`  ${c.done} / ${c.total} days`);
        });
        print(`stats rebuilt: ${result.days} days, ${result.rows} rows`);
        return 0;
      } finally {
        await database.close();
      }
    }
    case 'db-fingerprint': {
      const rows = await fingerprintsOf(config.databaseUrl, config.dataDir);
      for (const r of rows) print(`${r.table}\t${r.rows}\t${r.checksum}`);
      return 0;
    }
    default:
      print(USAGE);
      return command ? 2 : 0;
  }
};

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(
      `\n${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n\n`,
    );
    process.exit(1);
  },
);
