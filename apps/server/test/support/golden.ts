import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate';
import type { ScryptParams } from '../../src/lib/password';

/**
 * Golden databases: made once per run of the API suite (test/support/global-setup.ts), cloned by
 * each test file instead of built from nothing. `migrated` holds the migrations; `seeded` also what
 * `bootstrap` makes for createTestApp's default env (DEMO_DATA=1 without commerce and WeCom).
 * PGlite: a dump of the data directory, loaded into a new in-memory PGlite. PostgreSQL: a database
 * that `CREATE DATABASE … TEMPLATE` copies.
 */
export type GoldenKind = 'migrated' | 'seeded';

interface Goldens {
  /** bootstrapKey of the seeded golden. */
  key: string;
  pglite?: Record<GoldenKind, string>;
  postgres?: Record<GoldenKind, string>;
}

const ENV = 'EDUCRM_TEST_GOLDEN';

/**
 * Everything `bootstrap` (src/db/seed) reads: two configs equal here bootstrap the same database.
 * A seed that starts to read another setting must add it here.
 */
export const bootstrapKey = (config: Config, scrypt: ScryptParams): string | undefined =>
  // Without passwords bootstrap generates them and writes them into DATA_DIR: never cloned.
  config.adminPassword && (config.demoPassword || !config.demoData)
    ? JSON.stringify({
        adminUsername: config.adminUsername,
        adminPassword: config.adminPassword,
        adminMfaDefault: config.adminMfaDefault,
        demoData: config.demoData,
        demoCommerce: config.demoCommerce,
        demoWecom: config.demoWecom,
        demoPassword: config.demoPassword,
        scrypt,
      })
    : undefined;

const goldens = (): Goldens | undefined => {
  const raw = process.env[ENV];
  return raw ? (JSON.parse(raw) as Goldens) : undefined;
};

/** The golden that stands for a fresh database bootstrapped with this config, if the run made one. */
export const seededGoldenFor = (config: Config, scrypt: ScryptParams): boolean => {
  const key = bootstrapKey(config, scrypt);
  return Boolean(key && goldens()?.key === key);
};

const dumps = new Map<string, Promise<Blob>>();
const dumpOf = (file: string) => {
  let blob = dumps.get(file);
  if (!blob) {
    blob = fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
    dumps.set(file, blob);
  }
  return blob;
};

/** A PostgreSQL database's URL on the same server as `adminUrl`. */
export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const adminQuery = async (adminUrl: string, text: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
};

/**
 * A new database for one test file: a copy of the golden `kind` when the run made one, else
 * built from nothing (a new database and the migrations). PostgreSQL when `adminUrl` is set.
 */
export const openFresh = async (
  kind: GoldenKind,
  adminUrl: string,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> => {
  const golden = goldens();
  if (!adminUrl) {
    const file = golden?.pglite?.[kind];
    if (file) {
      const database = await openDatabase({ loadDataDir: await dumpOf(file) });
      return { database, drop: () => database.close() };
    }
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const name = `educrm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = golden?.postgres?.[kind];
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 30 });
  if (!template) await runMigrations(database);
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
};

/** A hash of what a golden is made of: the migrations, the seed code and the bootstrap settings. */
const goldenHash = (key: string) => {
  const hash = createHash('sha256').update(key);
  const seedDir = path.resolve(MIGRATIONS_DIR, '..', 'seed');
  for (const dir of [MIGRATIONS_DIR, seedDir]) {
    for (const name of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
};

/**
 * Makes the run's two goldens (PGlite, or PostgreSQL when adminUrl is set) and publishes them to
 * the test workers through the environment; answers a function that removes them.
 */
export const makeGoldens = async (
  adminUrl: string,
  config: Config,
  scrypt: ScryptParams,
  seed: (database: Database) => Promise<void>,
): Promise<() => Promise<void>> => {
  const key = bootstrapKey(config, scrypt);
  if (!key) throw new Error('the default test env must bootstrap without generated passwords');
  const id = `${goldenHash(key)}_${process.pid}`;
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `educrm-golden-${id}-`));
    const database = await openDatabase({});
    const pglite = database.pglite;
    if (!pglite) throw new Error('PGlite expected');
    const dump = async (kind: GoldenKind) => {
      // Without recycling, the checkpoint removes the WAL segments it no longer needs: a smaller dump.
      await pglite.query('SET wal_recycle = off');
      await pglite.query('CHECKPOINT');
      const file = path.join(dir, `${kind}.tar`);
      fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    try {
      await runMigrations(database);
      const migrated = await dump('migrated');
      await seed(database);
      const seeded = await dump('seeded');
      process.env[ENV] = JSON.stringify({ key, pglite: { migrated, seeded } } satisfies Goldens);
    } finally {
      await database.close();
    }
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const names = { migrated: `educrm_golden_${id}_migrated`, seeded: `educrm_golden_${id}_seeded` };
  const remove = async () => {
    for (const name of Object.values(names))
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${names.migrated}`);
    const migrated = await openDatabase({ databaseUrl: databaseUrl(adminUrl, names.migrated) });
    await runMigrations(migrated).finally(() => migrated.close());
    await adminQuery(adminUrl, `CREATE DATABASE ${names.seeded} TEMPLATE ${names.migrated}`);
    const seeded = await openDatabase({ databaseUrl: databaseUrl(adminUrl, names.seeded) });
    await seed(seeded).finally(() => seeded.close());
  } catch (err) {
    await remove();
    throw err;
  }
  process.env[ENV] = JSON.stringify({ key, postgres: names } satisfies Goldens);
  return remove;
};
