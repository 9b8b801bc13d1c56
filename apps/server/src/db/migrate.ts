import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Found from src/db (tests) and from the bundled apps/server/dist alike. */
export const MIGRATIONS_DIR =
  [path.join(here, 'migrations'), path.resolve(here, '..', 'src', 'db', 'migrations')].find((dir) =>
    fs.existsSync(dir),
  ) ?? path.join(here, 'migrations');

const MIGRATION_LOCK = 7_100_001;

export const runMigrations = async (database: Database): Promise<void> => {
  await database.withExclusive(MIGRATION_LOCK, async (db) => {
    // biome-ignore lint/suspicious/noExplicitAny: the two drizzle drivers type their migrators apart.
    const anyDb = db as any;
    if (database.kind === 'pglite') await migratePglite(anyDb, { migrationsFolder: MIGRATIONS_DIR });
    else await migratePg(anyDb, { migrationsFolder: MIGRATIONS_DIR });
  });
};
