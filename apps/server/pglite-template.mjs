// Builds dist/pglite-template.tgz: an initialised, migrated, empty PGlite cluster. A first start on
// an empty DATA_DIR loads it instead of running initdb, which peaks at ~760 MB RSS against ~360 MB
// for loading the template (measured here), and starts faster.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromPglite, PgBoss } from 'pg-boss';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'dist', 'pglite-template.tgz');
const client = await PGlite.create({ extensions: { pg_trgm } });
await migrate(drizzle({ client }), { migrationsFolder: path.join(here, 'src', 'db', 'migrations') });
// The job queue's own schema (pg-boss, schema "pgboss" as src/jobs/queue.ts names it): installed here
// so that a first start does not pay for its DDL (a peak of several hundred MB on PGlite).
const boss = new PgBoss({
  db: fromPglite(client),
  backend: 'pglite',
  schema: 'pgboss',
  supervise: false,
  schedule: false,
  registerInstance: false,
  openTelemetry: { enabled: false },
});
await boss.start();
await boss.stop({ graceful: false, close: false });
await client.query('CHECKPOINT');
const blob = await client.dumpDataDir('gzip');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.from(await blob.arrayBuffer()));
await client.close();
