// Starts the built EduCRM server (apps/server/dist/main.js) for a benchmark: free loopback port,
// its own temporary DATA_DIR, known admin password, quiet logs. PGlite unless a DATABASE_URL is given.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '../../scripts/server-args.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The server bundle. BENCH_SERVER_MAIN points at another build (e.g. one made with esbuild into
 * apps/server/.scratch/ while someone else serves apps/server/dist); it is then never rebuilt.
 */
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(ROOT, 'apps/server/dist/main.js');
export const ADMIN_USERNAME = 'admin';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the exit code of a command (inherits stdio), rejects after `timeoutMs`. */
export const runCommand = (cmd, args, { cwd = ROOT, timeoutMs = 300_000, env = process.env } = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: 'inherit' });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
  });

/** Builds apps/server/dist/main.js with the server's own build script when it is missing (or when forced). */
export const ensureServerBuilt = async ({ force = false } = {}) => {
  if (process.env.BENCH_SERVER_MAIN) {
    if (!fs.existsSync(SERVER_MAIN)) throw new Error(`BENCH_SERVER_MAIN ${SERVER_MAIN} does not exist`);
    return false;
  }
  if (!force && fs.existsSync(SERVER_MAIN)) return false;
  console.log('▶ Building the server (node apps/server/build.mjs)…');
  const code = await runCommand(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'apps/server') });
  if (code !== 0 || !fs.existsSync(SERVER_MAIN)) throw new Error(`server build failed (exit ${code})`);
  return true;
};

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status), or null when gone. */
export const readRss = (pid) => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
};

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** A process's parent and CPU seconds (user + system) so far, from /proc/<pid>/stat, or null when gone. */
export const readProcStat = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at field 3: ppid is field 4,
    // utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
  } catch {
    return null;
  }
};

/** CPU seconds (user + system) a process has used so far, or null when gone. */
export const readCpuSeconds = (pid) => readProcStat(pid)?.cpuSeconds ?? null;

/**
 * Samples a process's RSS every `intervalMs`. `mark(name)` starts a named phase; the report gives
 * the peak overall and, per phase (a phase runs until the next mark), the peak RSS and the CPU the
 * process used as a share of one core.
 */
export const rssSampler = (pid, intervalMs = 200, firstPhase = 'start') => {
  let peak = 0;
  let samples = 0;
  let phase = firstPhase;
  let phaseStart = { at: performance.now(), cpu: readCpuSeconds(pid) ?? 0 };
  const phases = {};
  const cpu = {};
  const sample = () => {
    const rss = readRss(pid);
    if (rss === null) return;
    samples++;
    peak = Math.max(peak, rss);
    phases[phase] = Math.max(phases[phase] ?? 0, rss);
  };
  const closePhase = () => {
    const now = { at: performance.now(), cpu: readCpuSeconds(pid) };
    if (now.cpu !== null && now.at > phaseStart.at) {
      cpu[phase] = Math.round(((now.cpu - phaseStart.cpu) / ((now.at - phaseStart.at) / 1000)) * 100);
      phaseStart = now;
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  let stopped;
  return {
    mark(name) {
      sample();
      closePhase();
      phase = name;
      sample();
    },
    stop() {
      if (!stopped) {
        sample();
        closePhase();
        clearInterval(timer);
        stopped = { peakBytes: peak, samples, phases: { ...phases }, cpuPercentOfOneCore: { ...cpu } };
      }
      return stopped;
    },
  };
};

/**
 * Starts the server (`main`: another build's bundle, run in `cwd`) and waits for GET /api/ready. Returns { baseURL, pid, database, stop(), output() }.
 * `onSpawn(pid)` is called as soon as the process exists (to sample its memory from the start).
 * `stop()` sends SIGTERM, waits up to 15 s for a graceful exit, then SIGKILL, and removes the data dir.
 */
export const startServer = async ({
  databaseUrl,
  adminPassword,
  env = {},
  readyTimeoutMs = 90_000,
  label = 'server',
  onSpawn,
  main = SERVER_MAIN,
  cwd = ROOT,
} = {}) => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-bench-'));
  const childEnv = { ...process.env };
  delete childEnv.DEMO_DATA;
  delete childEnv.DEMO_PASSWORD;
  delete childEnv.ADMIN_USERNAME;
  Object.assign(childEnv, {
    DATABASE_URL: databaseUrl ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME,
    ADMIN_PASSWORD: adminPassword,
    // The benchmarks sign in as admin with the password alone (no TOTP second step).
    ADMIN_MFA_DEFAULT: 'off',
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ...env,
  });
  let out = '';
  const keep = (chunk) => {
    out += chunk;
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  // The flags `npm start` gives the server (scripts/server-args.mjs).
  const child = spawn(process.execPath, [...serverNodeArgs(childEnv), main], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onSpawn?.(child.pid);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      let timer;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await Promise.race([exited, sleep(5_000)]);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  let database = 'unknown';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`${label} exited before it was ready:\n${out.trim()}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) {
        const body = await res.json().catch(() => ({}));
        database = body?.data?.database ?? database;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} was not ready after ${readyTimeoutMs / 1000} s:\n${out.trim()}`);
    }
    await sleep(200);
  }
  return { baseURL, pid: child.pid, database, dataDir, stop, output: () => out };
};

/** POST /api/v1/admin/login; returns the envelope's data (access_token, access_expire, refresh_after). */
export const login = async (baseURL, password, username = ADMIN_USERNAME) => {
  const res = await fetch(`${baseURL}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.code !== 0 || typeof body?.data?.access_token !== 'string') {
    throw new Error(`login failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  }
  return body.data;
};

/** A password that satisfies the server's rule (8-128 characters), fresh per run. */
export const benchPassword = () => `Bench-${randomBytes(9).toString('base64url')}`;
