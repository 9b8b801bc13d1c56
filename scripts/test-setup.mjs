// What `npm test` sets up by itself on a fresh machine: Debian's Chromium and CJK fonts for e2e,
// and a PostgreSQL for api-postgres (the local one when it answers, else a throw-away cluster of
// Debian's postgresql binaries on a temporary directory and a free port).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FONT_FILE = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
/** The PostgreSQL tried before a throw-away one is started (overridable to test that path). */
export const LOCAL_POSTGRES_URL =
  process.env.EDUCRM_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export const redact = (url) => url.replace(/\/\/[^@]*@/, '//***@');

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const hasFont = () => {
  if (fs.existsSync(FONT_FILE)) return true;
  const list = spawnSync('fc-list', [], { encoding: 'utf8' });
  return list.status === 0 && /WenQuanYi Micro Hei/i.test(list.stdout);
};

/** The directory of the newest installed Debian PostgreSQL server binaries, or ''. */
export const postgresBinDir = () => {
  const base = '/usr/lib/postgresql';
  let versions = [];
  try {
    versions = fs.readdirSync(base).filter((v) => /^\d+$/.test(v));
  } catch {
    return '';
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(base, v, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return '';
};

export const postgresReachable = async (url) => {
  const { default: pg } = await import(path.join(ROOT, 'node_modules/pg/lib/index.js'));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

const runLoud = (cmd, args, env) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(127));
  });

/**
 * Installs the Debian packages the wanted suites need and are missing: with apt-get when running
 * as root (one `apt-get update` first), otherwise prints the exact command and returns false.
 */
export const ensureSystemPackages = async ({ e2e, postgres }) => {
  const missing = [];
  if (e2e && !fs.existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (e2e && !hasFont()) missing.push('fonts-wqy-microhei');
  if (postgres && !postgresBinDir()) missing.push('postgresql');
  if (!missing.length) return true;
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot() || !hasApt) {
    console.error(`\n✖ npm test needs ${missing.join(', ')} (Debian packages), which are missing.`);
    if (hasApt) console.error(`  Run:  sudo apt-get update && sudo ${install.join(' ')}`);
    else console.error(`  Install them with your system's package manager (Debian: ${install.join(' ')}).`);
    console.error('  then run npm test again.\n');
    return false;
  }
  console.log(`▶ Installing ${missing.join(', ')} with apt-get…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const wait = ['-o', 'DPkg::Lock::Timeout=600']; // another apt-get (a second npm test) finishes first
  if ((await runLoud('apt-get', [...wait, 'update', '-qq'], env)) !== 0) {
    console.error('✖ apt-get update failed');
    return false;
  }
  if ((await runLoud('apt-get', [...wait, ...install.slice(1), '-qq'], env)) !== 0) {
    console.error(`✖ ${install.join(' ')} failed`);
    return false;
  }
  return true;
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * Starts a throw-away PostgreSQL cluster (Debian's initdb + pg_ctl) on a temporary directory and a
 * free loopback port, trust auth, fsync off. Returns { url, stop() }; stop() removes everything.
 * As root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
export const startThrowawayPostgres = async () => {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const t0 = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-pg-'));
  const data = path.join(dir, 'data');
  let asUser = [];
  if (isRoot()) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('running as root and there is no `postgres` user to run PostgreSQL');
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    fs.chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
    asUser = ['runuser', '-u', 'postgres', '--'];
  }
  const exec = (tool, args) => {
    const argv = [...asUser, path.join(bin, tool), ...args];
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) {
      const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
      throw new Error(`${tool} failed: ${(r.stderr || r.stdout || '').trim()}\n${log.slice(-2000)}`);
    }
  };
  const stop = () => {
    try {
      exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c synchronous_commit=off',
    ].join(' ');
    exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`▶ Throw-away PostgreSQL (${bin}) on 127.0.0.1:${port}, started in ${seconds} s`);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (e) {
    stop();
    throw e;
  }
};
