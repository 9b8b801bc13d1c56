// Shared helpers of the start, build and test scripts: run a command, fingerprint inputs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const run = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });

export const runOrExit = async (cmd, args, opts) => {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
};

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'artifacts', 'results']);

/** A content hash of files below the given paths (directories are walked, build output skipped). */
export const fingerprint = (paths) => {
  const hash = createHash('sha256');
  const visit = (p) => {
    const full = path.join(ROOT, p);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (!SKIP_DIRS.has(name)) visit(path.join(p, name));
      }
      return;
    }
    hash.update(p);
    hash.update(fs.readFileSync(full));
  };
  for (const p of paths) visit(p);
  return hash.digest('hex');
};

export const readStamp = (file) => {
  try {
    return fs.readFileSync(path.join(ROOT, file), 'utf8').trim();
  } catch {
    return '';
  }
};

export const writeStamp = (file, value) => {
  fs.mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
  fs.writeFileSync(path.join(ROOT, file), `${value}\n`);
};

export const WORKSPACES = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const INSTALL_INPUTS = ['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`)];
const INSTALL_STAMP = 'node_modules/.educrm-install-stamp';

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export const ensureInstalled = async () => {
  const want = fingerprint(INSTALL_INPUTS);
  if (fs.existsSync(path.join(ROOT, 'node_modules')) && readStamp(INSTALL_STAMP) === want) return false;
  // `npm install` (not `npm ci`): it follows the lockfile but tolerates optional per-platform
  // packages (Biome's) that npm 11 leaves out of the lockfile on this platform.
  console.log('▶ Installing dependencies (npm install)…');
  await runOrExit('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  writeStamp(INSTALL_STAMP, want);
  return true;
};

const BUILD_INPUTS = [
  'package-lock.json',
  'packages/contract/src',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
];
const BUILD_STAMP = 'apps/server/dist/.build-stamp';

/** Builds the console and the server bundle unless their sources are unchanged since the last build. */
export const ensureBuilt = async ({ force = false, stdio = 'inherit' } = {}) => {
  const want = fingerprint(BUILD_INPUTS);
  const built =
    fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js')) &&
    fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'));
  if (!force && built && readStamp(BUILD_STAMP) === want) return false;
  console.log('▶ Building the console (vite) and the server (esbuild)…');
  await runOrExit('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio,
  });
  await runOrExit('node', ['build.mjs'], { cwd: path.join(ROOT, 'apps/server'), stdio });
  writeStamp(BUILD_STAMP, want);
  return true;
};
