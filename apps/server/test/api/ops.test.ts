import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { formatMessage } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { bootstrap } from '../../src/db/seed/bootstrap';
import { defineJob } from '../../src/jobs/queue';
import { createLogger, RecentErrors } from '../../src/lib/logging';
import { ADMIN_PASSWORD, DEMO_PASSWORD, openTestDatabase, TEST_SCRYPT } from '../support/app';

/**
 * What an operator sees: liveness and readiness, the request id, request log lines, metrics behind
 * a token or system.monitor, and System > Server. The app is built here with a real logger whose
 * lines are captured.
 */
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
let app: FastifyInstance;
let drop: () => Promise<void>;
let dataDir: string;
const lines: Record<string, unknown>[] = [];
const recentErrors = new RecentErrors(5);
const tokens: Record<string, string> = {};
/** Test jobs: one that succeeds, one that always fails (no retry), one only ever queued for later. */
let okRuns = 0;
const okJob = defineJob({
  name: 'test.ops-ok',
  retry: { limit: 0 },
  async run() {
    okRuns++;
    return { done: 1 };
  },
});
const failJob = defineJob({
  name: 'test.ops-fail',
  retry: { limit: 0 },
  async run() {
    throw new Error('the printer is out of paper');
  },
});
const laterJob = defineJob({ name: 'test.ops-later', run: async () => ({}) });
const until = async (what: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const call = async (
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: object; headers?: Record<string, string> } = {},
) => {
  const res = await app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.headers ?? {}) },
    ...(opts.body ? { payload: opts.body } : {}),
  });
  return res;
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-ops-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    ADMIN_MFA_DEFAULT: 'off',
    DEMO_DATA: '1',
    DEMO_COMMERCE: '0',
    DEMO_PASSWORD,
    METRICS_TOKEN,
  });
  const opened = await openTestDatabase();
  drop = opened.drop;
  await bootstrap(opened.database, config, TEST_SCRYPT);
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  app = await buildApp({
    config,
    database: opened.database,
    secretKey: randomBytes(32).toString('base64url'),
    scrypt: TEST_SCRYPT,
    loggerInstance: createLogger({ level: 'info', format: 'json', recentErrors, destination }),
    recentErrors,
  });
  for (const job of [okJob, failJob, laterJob]) app.deps.queue.register(job);
  app.get('/api/test/boom', { config: { access: { public: true } } }, async () => {
    throw new Error('the disk is on fire');
  });
  await app.ready();
  for (const [who, user, pass] of [
    ['admin', 'admin', ADMIN_PASSWORD],
    ['chakan', 'chakan1', DEMO_PASSWORD],
  ] as const) {
    const res = await call('POST', '/api/v1/admin/login', { body: { username: user, password: pass } });
    tokens[who] = res.json().data.access_token;
  }
});
afterAll(async () => {
  await app.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('health and readiness', () => {
  it('/api/health answers while the process is up', async () => {
    const res = await call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'ok' } });
  });

  it('/api/ready checks the database, the migrations and the job queue', async () => {
    const res = await call('GET', '/api/ready');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('ready');
    expect(data.checks.map((c: { name: string }) => c.name)).toEqual([
      'database',
      'migrations',
      'accepting',
      'queue',
    ]);
    expect(data.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(data.checks[1].detail).toMatch(/^\d+ applied$/);
    // The queue was not started by this test app: the check started it, and says so once running.
    expect(data.checks[3].detail).toMatch(/^running, \d+ jobs$/);
    expect(app.deps.queue.state).toBe('running');
  });

  it('a module check that fails makes /api/ready answer 503', async () => {
    let up = false;
    app.ops.readiness.register('search-index', async () => {
      if (!up) throw new Error('the search index is rebuilding');
      return 'up to date';
    });
    const down = await call('GET', '/api/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json().data.checks).toContainEqual({
      name: 'search-index',
      ok: false,
      detail: 'the search index is rebuilding',
    });
    up = true;
    const res = await call('GET', '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.checks).toContainEqual({ name: 'search-index', ok: true, detail: 'up to date' });
  });
});

describe('request id and request logs', () => {
  it('answers X-Request-Id: a sane one from a proxy is kept, anything else replaced', async () => {
    const own = await call('GET', '/api/health');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fromProxy = await call('GET', '/api/health', {
      headers: { 'x-request-id': 'f3a9c2d1e0b84a7c9d6e5f4a3b2c1d0e' },
    });
    expect(fromProxy.headers['x-request-id']).toBe('f3a9c2d1e0b84a7c9d6e5f4a3b2c1d0e');
    const bad = await call('GET', '/api/health', { headers: { 'x-request-id': 'x\u0000<script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per request with its id and user; probes not at info; signed links redacted', async () => {
    lines.length = 0;
    const info = await call('POST', '/api/v1/admin/info', {
      token: tokens.admin,
      body: { token: tokens.admin },
    });
    const reqId = String(info.headers['x-request-id']);
    await call('GET', '/api/health');
    await call('GET', '/api/ready');
    await call('GET', '/api/v1/exports/123/download?exp=9999999999&sig=abcdefsecret', {
      token: tokens.admin,
    });
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done.find((l) => l.url === '/api/v1/admin/info')).toMatchObject({
      reqId,
      method: 'POST',
      statusCode: 200,
      userId: expect.any(Number),
    });
    expect(done.some((l) => String(l.url).startsWith('/api/health'))).toBe(false);
    expect(done.some((l) => String(l.url).startsWith('/api/ready'))).toBe(false);
    const signed = done.find((l) => String(l.url).includes('/download'));
    expect(signed?.url).toBe('/api/v1/exports/123/download?exp=9999999999&sig=[redacted]');
    expect(JSON.stringify(lines)).not.toContain('abcdefsecret');
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('keeps the last error entries, with their request id', async () => {
    const res = await call('GET', '/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).not.toContain('fire');
    const [last] = recentErrors.list();
    expect(last).toMatchObject({ level: 'error', reqId: res.headers['x-request-id'] });
    expect(last?.error).toContain('the disk is on fire');
  });
});

describe('metrics', () => {
  it('401 anonymous, 403 chakan, 401 with a wrong token', async () => {
    expect((await call('GET', '/api/metrics')).statusCode).toBe(401);
    expect((await call('GET', '/api/metrics', { token: tokens.chakan })).statusCode).toBe(403);
    expect((await call('GET', '/api/metrics', { token: `${METRICS_TOKEN}x` })).statusCode).toBe(401);
  });

  it('admin (system.monitor) and the METRICS_TOKEN read the Prometheus text', async () => {
    for (const token of [tokens.admin, METRICS_TOKEN]) {
      const res = await call('GET', '/api/metrics', { token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /educrm_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} \d+/,
      );
      expect(text).toMatch(/educrm_http_errors_total\{route="\/api\/test\/boom",status="500"\} 1/);
      expect(text).toMatch(/educrm_log_errors_total \d+/);
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toMatch(/educrm_db_info\{kind="(pglite|postgres)"\} 1/);
      if (app.deps.database.kind === 'postgres')
        expect(text).toMatch(/educrm_db_pool_connections\{state="max"\} \d+/);
    }
  });

  it('counts job runs and durations per job name, and the queue depth per job and state', async () => {
    const queue = app.deps.queue;
    await queue.ready();
    await queue.send(okJob, {});
    await queue.send(okJob, {});
    await queue.send(failJob, {});
    await queue.send(laterJob, {}, { startAfter: new Date(Date.now() + 3600_000) });
    await until(async () => {
      const rows = await queue.depth([okJob.name, failJob.name]);
      return okRuns === 2 && rows.some((r) => r.name === failJob.name && r.state === 'failed' && r.n === 1);
    });
    const text = (await call('GET', '/api/metrics', { token: METRICS_TOKEN })).body;
    expect(text).toContain('educrm_job_runs_total{job="test.ops-ok",status="success"} 2');
    expect(text).toContain('educrm_job_runs_total{job="test.ops-fail",status="failed"} 1');
    expect(text).toContain('educrm_job_duration_seconds_count{job="test.ops-ok",status="success"} 2');
    expect(text).toMatch(
      /educrm_job_duration_seconds_bucket\{le="900",job="test.ops-ok",status="success"\} 2/,
    );
    expect(text).toContain('educrm_job_queue_jobs{job="test.ops-later",state="created"} 1');
    expect(text).toContain('educrm_job_queue_jobs{job="test.ops-fail",state="failed"} 1');
    expect(text).toContain('educrm_job_queue_jobs{job="test.ops-ok",state="created"} 0');
    expect(text).toContain('educrm_job_queue_running 1');
  });

  it('modules add their own metrics to the registry', async () => {
    const { Gauge } = await import('prom-client');
    new Gauge({ name: 'educrm_jobs_queued', help: 'test', registers: [app.ops.metrics.registry] }).set(7);
    const res = await call('GET', '/api/metrics', { token: METRICS_TOKEN });
    expect(res.body).toContain('educrm_jobs_queued 7');
  });
});

describe('System > Server', () => {
  it('answers version, uptime, Node, database, memory, checks and recent errors to admin only', async () => {
    expect((await call('GET', '/api/v1/system/server', { token: tokens.chakan })).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/system/server')).statusCode).toBe(401);
    const res = await call('GET', '/api/v1/system/server', { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(d.nodeVersion).toBe(process.version);
    expect(d.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(d.database.kind).toBe(app.deps.database.kind);
    expect(d.database.version).toMatch(/^\d+/);
    expect(d.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(d.memory.rssBytes).toBeGreaterThan(10_000_000);
    expect(d.checks.find((c: { name: string }) => c.name === 'database')?.ok).toBe(true);
    expect(d.recentErrors[0].error).toContain('the disk is on fire');
    expect(d.checks.find((c: { name: string }) => c.name === 'queue')?.ok).toBe(true);
  });
});

describe('an unreachable database', () => {
  it('answers 503 with the envelope (a proxy and clients retry), not 500', async () => {
    // The driver's client under drizzle (a pg.Pool, or the PGlite instance): every query fails as
    // when the database refuses connections, or as PostgreSQL's "terminating connection" (57P01).
    const client = (app.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } })
      .$client;
    const errors = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ];
    for (const err of errors) {
      const stub = vi.spyOn(client, 'query').mockRejectedValue(err);
      try {
        const res = await call('GET', '/api/v1/system/roles', { token: tokens.admin });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          code: 503,
          msg: formatMessage('zh', 'databaseUnavailable'),
          data: null,
        });
      } finally {
        stub.mockRestore();
      }
    }
    expect((await call('GET', '/api/v1/system/roles', { token: tokens.admin })).statusCode).toBe(200);
  });
});

describe('a stopped queue', () => {
  it('fails the queue check: /api/ready answers 503 and the metrics say it is not running', async () => {
    await app.deps.queue.stop();
    const res = await call('GET', '/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().data.checks).toContainEqual({
      name: 'queue',
      ok: false,
      detail: 'the job queue is stopped',
    });
    const text = (await call('GET', '/api/metrics', { token: METRICS_TOKEN })).body;
    expect(text).toContain('educrm_job_queue_running 0');
  });
});

describe('a stopping server (the drain before the listener closes)', () => {
  it('answers with Connection: close and reports not ready, still serving requests', async () => {
    expect((await call('GET', '/api/health')).headers.connection).not.toBe('close');
    app.ops.startDraining();
    const health = await call('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
    const ready = await call('GET', '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data.checks).toContainEqual({ name: 'accepting', ok: false, detail: 'not ready' });
    const roles = await call('GET', '/api/v1/system/roles', { token: tokens.admin });
    expect(roles.statusCode).toBe(200);
    expect(roles.headers.connection).toBe('close');
  });
});
