#!/usr/bin/env node
// `npm run bench:backup`: an online PGlite backup while staff work. Starts the built server with the
// demo data, keeps a reader (the client list) and a writer (sign-ins: a session and an audit row)
// busy, measures their answers for a while without a backup and then while `npm run backup` runs,
// and reports the longest wait against the database's size, and the server's memory before, at
// the peak and after. Target (issue 43): the longest wait <= 1 s per 100 MB of data directory;
// memory back within 100 MB of before. Flags: --quiet-seconds (10), --settle-seconds (10).
import '../scripts/node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags, usage } from './lib/cli.mjs';
import {
  benchPassword,
  ensureServerBuilt,
  login,
  ROOT,
  readRss,
  rssSampler,
  startServer,
} from './lib/server.mjs';

const SPEC = {
  'quiet-seconds': { type: 'number', default: 10, min: 1, max: 600, help: 'traffic without a backup first' },
  'settle-seconds': {
    type: 'number',
    default: 10,
    min: 0,
    max: 600,
    help: 'wait after the backup before the memory reading',
  },
};
const flags = parseFlags(process.argv.slice(2), SPEC);
if (flags.help) {
  console.log(usage('npm run bench:backup -- [flags]', SPEC));
  process.exit(0);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dirBytes = (dir) => {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += dirBytes(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
};
const mb = (bytes) => Math.round(bytes / 1048576);

await ensureServerBuilt();
const password = benchPassword();
const server = await startServer({
  adminPassword: password,
  env: { DEMO_DATA: '1' },
  label: 'backup bench',
  readyTimeoutMs: 600_000,
});
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-backup-bench-'));
try {
  const { access_token: token } = await login(server.baseURL, password);
  /** Each loop records its answers' times (ms) into the current phase's list. */
  const times = { quiet: [], backup: [] };
  let phase = 'quiet';
  let stop = false;
  const loop = async (request) => {
    while (!stop) {
      const t0 = performance.now();
      await request().catch(() => undefined);
      times[phase].push(performance.now() - t0);
    }
  };
  const reader = () =>
    fetch(`${server.baseURL}/api/v1/clients?pageSize=20`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.arrayBuffer());
  const writer = () =>
    fetch(`${server.baseURL}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    }).then((r) => r.arrayBuffer());
  const loops = [loop(reader), loop(writer)];

  await sleep(flags['quiet-seconds'] * 1000);
  const sizeBytes = dirBytes(path.join(server.dataDir));
  const rssBefore = readRss(server.pid);
  const memory = rssSampler(server.pid, 100, 'backup');
  phase = 'backup';
  const t0 = performance.now();
  const backup = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'apps/server/dist/cli.js'), 'backup', '--out', path.join(outDir, 'b.tar.gz')],
      {
        env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => resolve({ code, out }));
  });
  const backupSeconds = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(loops);
  if (backup.code !== 0) throw new Error(`backup failed:\n${backup.out}`);
  memory.mark('after');
  await sleep(flags['settle-seconds'] * 1000);
  const rssAfter = readRss(server.pid);
  const { phases } = memory.stop();

  const longest = (list) => Math.round(Math.max(0, ...list));
  const median = (list) => Math.round([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
  const waitMs = longest(times.backup);
  const perHundredMb = waitMs / 1000 / (sizeBytes / 104857600);
  const memoryBack = (rssAfter ?? 0) - (rssBefore ?? 0) <= 100 * 1048576;
  console.log('\nOnline PGlite backup under a reader and a writer');
  console.log(
    `data directory ${mb(sizeBytes)} MB, backup ${backupSeconds.toFixed(1)} s (${backup.out.includes('taken by the running server') ? 'by the running server' : 'offline'})`,
  );
  console.log(
    `answers without a backup: ${times.quiet.length}, median ${median(times.quiet)} ms, longest ${longest(times.quiet)} ms`,
  );
  console.log(
    `answers during the backup: ${times.backup.length}, median ${median(times.backup)} ms, longest ${waitMs} ms`,
  );
  console.log(
    `longest wait per 100 MB: ${perHundredMb.toFixed(2)} s (target <= 1 s): ${perHundredMb <= 1 ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `server memory: before ${mb(rssBefore ?? 0)} MB, peak during ${mb(phases.backup ?? 0)} MB, ${flags['settle-seconds']} s after ${mb(rssAfter ?? 0)} MB (target: back within 100 MB): ${memoryBack ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = perHundredMb <= 1 && memoryBack ? 0 : 1;
} finally {
  await server.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
}
