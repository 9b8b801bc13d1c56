import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerInfo } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';
import type { RecentErrors } from '../../lib/logging';
import type { Readiness } from './readiness';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The project's version: the root package.json, found upwards from src/ or dist/. */
const readVersion = (): string => {
  for (let dir = here, i = 0; i < 6; i++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'educrm' && pkg.version) return pkg.version;
    } catch {
      // not here
    }
  }
  return 'unknown';
};

/** The migrations shipped with this build: their count and the newest one's timestamp. */
const shippedMigrations = (): { count: number; newest: number } => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, newest: Math.max(0, ...journal.entries.map((e) => e.when)) };
};

export class OpsService {
  readonly version = readVersion();
  readonly startedAt = new Date();
  private migrationsApplied = false;

  constructor(
    private readonly database: Database,
    private readonly readiness: Readiness,
    private readonly recentErrors: RecentErrors,
  ) {}

  /** The database answers a query. */
  async checkDatabase() {
    await this.database.db.execute(sql`SELECT 1`);
  }

  /** Every migration of this build is applied (a newer build's server may be running migrations). */
  async checkMigrations(): Promise<string> {
    const shipped = shippedMigrations();
    if (this.migrationsApplied) return `${shipped.count} applied`;
    const [row] = await queryRows<{ n: number; newest: string | number | null }>(
      this.database.db,
      sql`SELECT count(*)::int AS n, max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
    );
    const newest = Number(row?.newest ?? 0);
    if (newest < shipped.newest) {
      throw new Error(`${row?.n ?? 0} of ${shipped.count} migrations applied`);
    }
    this.migrationsApplied = true;
    return `${shipped.count} applied`;
  }

  async info(): Promise<ServerInfo> {
    const db = this.database.db;
    const [size] = await queryRows<{ bytes: string | number | null; version: string }>(
      db,
      sql`SELECT pg_database_size(current_database()) AS bytes, current_setting('server_version') AS version`,
    ).catch(() => [{ bytes: null, version: '' }]);
    const mem = process.memoryUsage();
    const { checks } = await this.readiness.run();
    return {
      version: this.version,
      nodeVersion: process.version,
      pid: process.pid,
      hostname: os.hostname(),
      startedAt: this.startedAt.toISOString(),
      uptimeSeconds: Math.floor(process.uptime()),
      database: {
        kind: this.database.kind,
        version: size?.version ?? '',
        sizeBytes: size?.bytes == null ? null : Number(size.bytes),
        pool: this.database.poolStats?.() ?? null,
      },
      memory: {
        rssBytes: mem.rss,
        heapUsedBytes: mem.heapUsed,
        heapTotalBytes: mem.heapTotal,
        externalBytes: mem.external,
      },
      checks,
      recentErrors: this.recentErrors.list(),
    };
  }
}
