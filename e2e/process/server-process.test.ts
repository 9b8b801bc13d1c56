import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, freePort, ROOT, startServer } from '../support/server';

const dirs: string[] = [];
const newDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-proc-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const runServerSync = (env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn', ...env },
    timeout: 30_000,
    encoding: 'utf8',
  });

const login = (baseURL: string) =>
  fetch(`${baseURL}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });

/** The process tests sign in as admin only: no demo data to seed at each start. */
const NO_DEMO = { DEMO_DATA: '0' };

describe('server process', () => {
  it('stops on a bad environment variable with a message naming it', () => {
    const res = runServerSync({ DATA_DIR: newDir(), PORT: 'eighty' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('PORT');
    expect(res.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('refuses a second server on the same data directory', async () => {
    const dataDir = newDir();
    const first = await startServer(NO_DEMO, { dataDir, keepDataDir: true });
    try {
      const second = runServerSync({ DATA_DIR: dataDir, ADMIN_PASSWORD });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/Another EduCRM server \(pid \d+\) is using the data directory/);
      expect((await fetch(`${first.baseURL}/api/ready`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('generates the first admin password once, prints it and keeps it with mode 0600', async () => {
    const dataDir = newDir();
    const first = await startServer({ ...NO_DEMO, ADMIN_PASSWORD: '' }, { dataDir, keepDataDir: true });
    await first.stop();
    const file = path.join(dataDir, 'initial-admin-password');
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain(password);
    const second = await startServer({ ...NO_DEMO, ADMIN_PASSWORD: '' }, { dataDir, keepDataDir: true });
    try {
      expect(second.output()).not.toContain(password);
      const res = await fetch(`${second.baseURL}/api/v1/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(res.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('on SIGTERM answers a while with Connection: close and not ready, finishes requests in flight, then refuses new ones and exits', async () => {
    const server = await startServer(NO_DEMO);
    const inFlight = login(server.baseURL); // scrypt makes it take ~0.5 s
    await new Promise((r) => setTimeout(r, 100));
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    // The drain: still answering, but every answer closes its connection and readiness says no, so
    // keep-alive clients and the balancer move on before the listener closes.
    const late = await fetch(`${server.baseURL}/api/health`);
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');
    expect((await fetch(`${server.baseURL}/api/ready`)).status).toBe(503);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).code).toBe(0);
    await expect
      .poll(
        () =>
          fetch(`${server.baseURL}/api/health`).then(
            (r) => r.status,
            () => 'refused',
          ),
        { timeout: 20_000 },
      )
      .toBe('refused');
    await server.stop();
  });

  it('drains on SIGTERM to the whole `npm start` process group under load: no request fails', async () => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    // `npm start` in its own process group, as a service manager runs it (npm, start.mjs, the server).
    const group = spawn('npm', ['start'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: newDir(),
        ADMIN_PASSWORD,
        ADMIN_MFA_DEFAULT: 'off',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
    });
    let out = '';
    group.stdout?.on('data', (d) => (out += d));
    group.stderr?.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => group.once('exit', (code) => r(code)));
    try {
      await expect
        .poll(
          () =>
            fetch(`${baseURL}/api/ready`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 120_000 },
        )
        .toBe(200);
      const token = (await (await login(baseURL)).json()).data.access_token as string;
      let answered = 0;
      let answeredWhileStopping = 0;
      const failures: string[] = [];
      const droppedAtClose: string[] = [];
      let stopping = false;
      // 20 clients reading a list over and over until the server is gone.
      const clients = Array.from({ length: 20 }, async () => {
        for (;;) {
          try {
            const res = await fetch(`${baseURL}/api/v1/system/roles`, {
              headers: { authorization: `Bearer ${token}` },
            });
            await res.arrayBuffer();
            if (res.status === 200) {
              answered++;
              if (stopping) answeredWhileStopping++;
            }
            // Refused while closing (503) is what a proxy retries elsewhere; anything else is a failure.
            else if (res.status !== 503) failures.push(`HTTP ${res.status}`);
          } catch (err) {
            const code = (err as { cause?: { code?: string } }).cause?.code;
            if (!stopping) {
              failures.push(String(code ?? err));
              continue;
            }
            // Once the listener closes, a new connection is refused, or reset when the kernel had
            // queued it: what a balancer retries on another instance (nginx: proxy_next_upstream
            // error). Noted, and this client stops, as a balancer would stop sending here.
            if (code !== 'ECONNREFUSED') droppedAtClose.push(String(code ?? err));
            return;
          }
        }
      });
      await expect.poll(() => answered, { timeout: 60_000 }).toBeGreaterThan(20);
      stopping = true;
      process.kill(-(group.pid as number), 'SIGTERM');
      await Promise.all(clients);
      await exited;
      expect(out).toContain('shutting down: finishing requests in flight');
      expect(out).not.toMatch(/second SIGTERM/);
      // The copies of the signal (npm, start.mjs, the server) made one stop, which kept serving.
      expect(answeredWhileStopping).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      console.log(
        `group SIGTERM: ${answeredWhileStopping} answered while draining, ${droppedAtClose.length} connections dropped at close`,
      );
    } finally {
      if (group.exitCode === null) process.kill(-(group.pid as number), 'SIGKILL');
    }
  });

  it('survives kill -9 during writes: restarts on the same data, keeps acknowledged writes', async () => {
    const dataDir = newDir();
    const server = await startServer(NO_DEMO, { dataDir, keepDataDir: true });
    let acknowledged = 0;
    const writers = Array.from({ length: 4 }, async () => {
      for (;;) {
        try {
          const res = await login(server.baseURL);
          if (res.status === 200) acknowledged++;
        } catch {
          return;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 2500));
    server.kill('SIGKILL');
    await Promise.all(writers);
    expect(acknowledged).toBeGreaterThan(0);
    // The lock left by the killed process is reclaimed; the database opens and works.
    const again = await startServer(NO_DEMO, { dataDir, keepDataDir: true });
    expect((await login(again.baseURL)).status).toBe(200);
    await again.stop();
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login'",
    );
    await db.close();
    expect(rows[0]?.n).toBeGreaterThanOrEqual(acknowledged + 1);
  });
});
