import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, freePort, startServer } from '../support/server';
import { ensureProgram } from '../support/system-package';
import { tinyPng } from './system-support';

/**
 * Two servers (the built apps/server/dist) on one PostgreSQL behind Debian's nginx, round-robin,
 * on 127.0.0.1: sessions, logout and disabling, exports, uploads and a server killed mid-traffic.
 */
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `educrm_multi_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
let db: pg.Client;
let nginx: ChildProcess | undefined;
let nginxDir: string;
let lb: string;
type Server = Awaited<ReturnType<typeof startServer>>;
let a: Server;
let b: Server;
let skipped = '';
/** When both servers answered ready: scheduled ticks from here on had both servers running. */
let bothReadyAt = 0;

const nginxConf = (dir: string, port: number, upstreams: string[]) => `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream educrm {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://educrm;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_buffering off;
    }
  }
}
`;

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, checked by the assertions
  body: any;
}
const call = async (
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Reply> => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
};
const signIn = async (base: string, username: string, password: string) => {
  const r = await call(base, 'POST', '/api/v1/admin/login', undefined, { username, password });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.access_token as string;
};
/** Polls until `check` holds, for at most `ms`; answers how long it took. */
const within = async (ms: number, check: () => Promise<boolean>) => {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  try {
    await admin.connect();
  } catch {
    if (process.env.CI === 'true') throw new Error(`no PostgreSQL at ${PG_ADMIN_URL}`);
    skipped = `no PostgreSQL at ${PG_ADMIN_URL}`;
    return;
  }
  const nginxBin = ensureProgram('nginx', 'nginx-light');
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  const env = {
    DATABASE_URL: url.toString(),
    SECRET_KEY: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '1',
    DEMO_DATA: '1',
    DEMO_COMMERCE: '0',
  };
  a = await startServer(env);
  b = await startServer(env);
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-nginx-'));
  const port = await freePort();
  fs.writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    nginxConf(
      nginxDir,
      port,
      [a.baseURL, b.baseURL].map((u) => u.replace('http://', '')),
    ),
  );
  nginx = spawn(nginxBin, ['-c', path.join(nginxDir, 'nginx.conf'), '-p', nginxDir], { stdio: 'inherit' });
  lb = `http://127.0.0.1:${port}`;
  await within(10_000, async () => (await fetch(`${lb}/api/ready`).catch(() => null))?.status === 200);
  bothReadyAt = Date.now();
}, 180_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await db?.end().catch(() => {});
  await a?.stop();
  await b?.stop();
  if (!skipped) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
});

describe('two servers behind nginx on one PostgreSQL', () => {
  it('the balancer alternates between both servers and its request id reaches the logs', async () => {
    if (skipped) return console.warn(`skipped: ${skipped}`);
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${lb}/api/health`);
      expect(res.status).toBe(200);
      // nginx's $request_id (32 hex digits) is taken as the request's id and echoed.
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    // Round robin: each server answered some of the probes (their own counters say so).
    const token = await signIn(lb, 'admin', ADMIN_PASSWORD);
    for (const s of [a, b]) {
      const metrics = (await call(s.baseURL, 'GET', '/api/metrics', token)).body as string;
      expect(metrics).toMatch(
        /educrm_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} [1-9]/,
      );
    }
  });

  it('a sign-in on one server is valid on the other', async () => {
    if (skipped) return;
    const token = await signIn(a.baseURL, 'siyu1', DEMO_PASSWORD);
    const onB = await call(b.baseURL, 'POST', '/api/v1/admin/info', token, { token });
    expect(onB.status).toBe(200);
    expect(onB.body.data.username).toBe('siyu1');
  });

  it('a logout, and a disabled user, are refused by both servers within a second', async () => {
    if (skipped) return;
    const token = await signIn(a.baseURL, 'siyu2', DEMO_PASSWORD);
    // Warm both servers' session caches.
    for (const s of [a, b])
      expect((await call(s.baseURL, 'GET', '/api/v1/clients/mine?pageSize=1', token)).status).toBe(200);
    expect((await call(a.baseURL, 'POST', '/api/v1/admin/logout', token, { token })).status).toBe(200);
    const refused = async () =>
      (await call(a.baseURL, 'GET', '/api/v1/clients/mine?pageSize=1', token)).status === 401 &&
      (await call(b.baseURL, 'GET', '/api/v1/clients/mine?pageSize=1', token)).status === 401;
    const logoutMs = await within(1000, refused);

    const boss = await signIn(b.baseURL, 'admin', ADMIN_PASSWORD);
    const user = await signIn(b.baseURL, 'siyu3', DEMO_PASSWORD);
    for (const s of [a, b])
      expect((await call(s.baseURL, 'GET', '/api/v1/clients/mine?pageSize=1', user)).status).toBe(200);
    const { rows } = await db.query<{ id: string }>("SELECT id FROM admin_user WHERE username = 'siyu3'");
    expect(
      (await call(b.baseURL, 'POST', `/api/v1/system/admin-users/${rows[0]?.id}/disable`, boss)).status,
    ).toBe(200);
    const disabledMs = await within(1000, async () => {
      const [x, y] = await Promise.all(
        [a, b].map((s) => call(s.baseURL, 'GET', '/api/v1/clients/mine?pageSize=1', user)),
      );
      return x?.status === 401 && y?.status === 401;
    });
    console.log(`refused by both: ${logoutMs} ms after logout, ${disabledMs} ms after disabling`);
  });

  it('an export started through one server downloads through the other', async () => {
    if (skipped) return;
    // Over 50,000 rows makes it a background export with a signed link.
    await db.query(
      `INSERT INTO audit_log (action, summary) SELECT 'load.test', 'row ' || g FROM generate_series(1, 50500) g`,
    );
    const token = await signIn(a.baseURL, 'admin', ADMIN_PASSWORD);
    const started = await call(a.baseURL, 'GET', '/api/v1/system/audit-log/export', token);
    expect(started.status).toBe(202);
    const id = started.body.data.id as string;
    let url = '';
    await within(90_000, async () => {
      const job = await call(b.baseURL, 'GET', `/api/v1/exports/${id}`, token);
      url = job.body.data?.downloadUrl ?? '';
      return job.body.data?.status === 'DONE' && Boolean(url);
    });
    // The link works only with the session of the user who started the export.
    expect((await fetch(`${b.baseURL}${url}`)).status).toBe(401);
    const file = await fetch(`${b.baseURL}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an xlsx (zip)
    expect(bytes.length).toBeGreaterThan(100_000);
  }, 120_000);

  it('an uploaded avatar is served by both servers', async () => {
    if (skipped) return;
    const token = await signIn(a.baseURL, 'siyu4', DEMO_PASSWORD);
    const png = tinyPng();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${a.baseURL}/api/v1/profile/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const avatarUrl = ((await res.json()) as { data: { avatarUrl: string } }).data.avatarUrl;
    for (const s of [a, b]) {
      const img = await fetch(`${s.baseURL}${avatarUrl}`);
      expect(img.status).toBe(200);
      expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
    }
  });

  it('a scheduled job runs once per tick across both servers', async () => {
    if (skipped) return;
    // wecom-sync is scheduled every minute ('* * * * *', Asia/Shanghai) by both servers' main.ts. The
    // queue's own test (api jobs-cluster) holds many ticks of two instances; here the two real server
    // processes: the first whole minute after both were up is sent once and run once, by one of them.
    const MINUTE = 60_000;
    const since = new Date(Math.ceil(bothReadyAt / MINUTE) * MINUTE);
    // The jobs the queue sent from that minute on, each with the runs the servers recorded for it.
    const sent = async () =>
      (
        await db.query<{ minute: string; runs: number; ok: number }>(
          `SELECT date_trunc('minute', j.created_on)::text AS minute, count(r.id)::int AS runs,
                  count(r.id) FILTER (WHERE r.status = 'SUCCESS')::int AS ok
           FROM pgboss.job j LEFT JOIN job_run r ON r.queue_job_id = j.id::text AND r.job = j.name
           WHERE j.name = 'wecom-sync' AND j.created_on >= $1 GROUP BY j.id, j.created_on ORDER BY 1`,
          [since],
        )
      ).rows;
    // A tick's job is sent by the queue's cron pass and picked up by a poll: on a loaded machine its
    // run can start in the next minute.
    await within(since.getTime() - Date.now() + 2 * MINUTE, async () => (await sent()).some((j) => j.ok > 0));
    // Long enough for both servers' cron passes to have seen that minute: a second send would show now.
    await new Promise((r) => setTimeout(r, 12_000));
    const jobs = await sent();
    const label = JSON.stringify(jobs);
    expect(jobs[0], label).toMatchObject({ runs: 1, ok: 1 });
    // Never twice: one job per minute (not one per server), at most one run per job (no retry ran it again).
    expect(new Set(jobs.map((j) => j.minute)).size, label).toBe(jobs.length);
    for (const j of jobs) expect(j.runs, label).toBeLessThanOrEqual(1);
    // The two servers' own counters add up to the runs: each run was done by exactly one of them.
    const token = await signIn(lb, 'admin', ADMIN_PASSWORD);
    const runsOn = async (s: Server) => {
      const text = (await call(s.baseURL, 'GET', '/api/metrics', token)).body as string;
      const m = /educrm_job_runs_total\{job="wecom-sync",status="success"\} (\d+)/.exec(text);
      return Number(m?.[1] ?? 0);
    };
    const [onA, onB] = [await runsOn(a), await runsOn(b)];
    const { rows: all } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_run WHERE job = 'wecom-sync' AND status = 'SUCCESS'`,
    );
    expect(onA + onB).toBe(all[0]?.n);
    console.log(`wecom-sync since ${since.toISOString()}: ${label}; ${onA} run by a, ${onB} by b`);
  }, 300_000);

  it('one server killed mid-traffic: no acknowledged write lost, the balancer retries onto the other', async () => {
    if (skipped) return;
    const token = await signIn(lb, 'admin', ADMIN_PASSWORD);
    const clients = (await call(lb, 'GET', '/api/v1/clients?pageSize=50', token)).body.data.items as {
      id: number;
    }[];
    const acknowledged: { id: number; content: string }[] = [];
    let failed = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const content = `lb ${w}-${n} ${randomUUID()}`;
        const r = await call(lb, 'POST', '/api/v1/follow-ups', token, {
          clientId: clients[(n * 4 + w) % clients.length]?.id,
          type: 'CALL',
          content,
        }).catch(() => ({ status: 0, body: null }) as Reply);
        if (r.status === 200) acknowledged.push({ id: r.body.data.id, content });
        else failed++;
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((r) => setTimeout(r, 1500));
    const beforeKill = acknowledged.length;
    a.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await Promise.all(writers);
    expect(beforeKill).toBeGreaterThan(5);
    // Writes kept being acknowledged after the kill: the balancer moved the traffic to b.
    expect(acknowledged.length).toBeGreaterThan(beforeKill + 5);

    // Reads right after the kill: the balancer's retry (proxy_next_upstream) serves every one.
    for (let i = 0; i < 6; i++) {
      expect((await call(lb, 'GET', '/api/v1/clients?pageSize=1', token)).status).toBe(200);
    }
    expect(fs.readFileSync(path.join(nginxDir, 'error.log'), 'utf8')).toMatch(
      // How nginx met the dead server depends on timing: refused, reset or closed mid-response.
      /Connection refused|Connection reset by peer|upstream prematurely closed/,
    );

    // Every acknowledged write is in the database, with its audit row.
    const { rows } = await db.query<{ id: string; content: string }>(
      'SELECT id, content FROM follow_up WHERE id = ANY($1::bigint[])',
      [acknowledged.map((x) => x.id)],
    );
    expect(rows.length).toBe(acknowledged.length);
    const byId = new Map(rows.map((r) => [Number(r.id), r.content]));
    for (const x of acknowledged) expect(byId.get(x.id)).toBe(x.content);
    console.log(
      `kill -9 of one server: ${acknowledged.length} acknowledged writes all present, ${failed} failed requests`,
    );
  }, 60_000);
});
