import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { bootstrap } from '../../src/db/seed/bootstrap';
import type { ScryptParams } from '../../src/lib/password';
import { openFresh, seededGoldenFor } from './golden';
import { TEST_ENV, TEST_SCRYPT } from './test-env';

export { ADMIN_PASSWORD, DEMO_PASSWORD, TEST_SCRYPT } from './test-env';

/** A clock tests can move. */
export class TestClock {
  constructor(public current = new Date('2026-11-02T02:00:00Z')) {}
  now = () => new Date(this.current);
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

const adminUrl = () => process.env.TEST_DATABASE_URL || '';
export const onPostgres = () => Boolean(adminUrl());

/**
 * A fresh database per test file, migrated: PGlite in memory, or, when TEST_DATABASE_URL is set, a
 * new PostgreSQL database created here and dropped on close (copies of the run's golden, golden.ts).
 */
export const openTestDatabase = (): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> => openFresh('migrated', adminUrl());

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  /** The server's secret key (tests that sign what only the server should, e.g. a WeCom state). */
  secretKey: string;
  /** PostgreSQL only: the test database's URL (for other server processes). */
  url?: string;
  close(): Promise<void>;
  /** app.inject with JSON body and an optional bearer token. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string },
  ): Promise<{
    status: number;
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each route answers.
    body: { code: number; msg: string; data: any };
    headers: Record<string, unknown>;
  }>;
  login(username: string, password: string, ip?: string): Promise<string>;
  /** PostgreSQL only: a second server instance on the same database (another process behind the balancer). */
  secondInstance(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
}

/** `logStream`: capture the JSON log lines (tests of what is logged). */
export const createTestApp = async (
  env: Record<string, string> = {},
  options: {
    webDistDir?: string;
    logStream?: { write(line: string): void };
    /** The password hashing cost (TEST_SCRYPT unless a test measures hashing). */
    scrypt?: ScryptParams;
  } = {},
): Promise<TestApp> => {
  const scrypt = options.scrypt ?? TEST_SCRYPT;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, ...TEST_ENV, ...env });
  // A copy of the run's seeded golden when this env bootstraps the same database, else bootstrapped here.
  const seeded = seededGoldenFor(config, scrypt);
  const { database, drop, url } = await openFresh(seeded ? 'seeded' : 'migrated', adminUrl());
  if (!seeded) await bootstrap(database, config, scrypt);
  const secretKey = randomBytes(32).toString('base64url');
  const clock = new TestClock(new Date());
  const app = await buildApp({
    config,
    database,
    secretKey,
    now: clock.now,
    scrypt,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.logStream ? { logger: { level: 'info', stream: options.logStream } } : {}),
  });
  await app.ready();
  const others: { close(): Promise<void> }[] = [];
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      remoteAddress: opts.ip ?? '127.0.0.1',
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    let body: any;
    try {
      body = res.json();
    } catch {
      body = { raw: res.body };
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  return {
    app,
    database,
    config,
    clock,
    secretKey,
    call,
    url,
    async login(username, password, ip) {
      const res = await call('POST', '/api/v1/admin/login', { body: { username, password }, ip });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
      return res.body.data.access_token as string;
    },
    async secondInstance() {
      if (!url) throw new Error('secondInstance needs PostgreSQL');
      const db2 = await openDatabase({ databaseUrl: url, poolSize: 5 });
      const app2 = await buildApp({ config, database: db2, secretKey, now: clock.now, scrypt: TEST_SCRYPT });
      await app2.ready();
      const handle = {
        app: app2,
        async close() {
          await app2.close();
          await db2.close();
        },
      };
      others.push(handle);
      return handle;
    },
    async close() {
      for (const o of others) await o.close().catch(() => {});
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
