// `--baseline <git rev>` of bench:web: that revision's console and server, built outside the
// working tree, so a change is measured against its parent in one run on the same machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCommand } from './server.mjs';

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

const sameFile = (a, b) => {
  try {
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
};

/**
 * Extracts `rev` (`git archive`) into `<tmp>/educrm-bench-baseline-<commit>`, installs its
 * dependencies and builds its console (vite) and server (apps/server/build.mjs). Dependencies:
 * when the revision's package-lock.json equals the working tree's, node_modules is copied as hard
 * links (seconds, no network); otherwise `npm install --prefer-offline` fills it from npm's cache.
 * A finished build is kept (a stamp file written last) and reused by later runs of the same
 * commit unless `fresh`; `--keep-baseline=0` removes it at the end.
 * Returns { commit, dir, dist, main, reused }.
 */
export const buildBaseline = async (rev, { fresh = false, log = console.log } = {}) => {
  const commit = git('rev-parse', '--verify', `${rev}^{commit}`);
  const short = commit.slice(0, 9);
  const dir = path.join(os.tmpdir(), `educrm-bench-baseline-${short}`);
  const stamp = path.join(dir, '.bench-baseline-built');
  const result = {
    commit,
    dir,
    dist: path.join(dir, 'apps/web/dist'),
    main: path.join(dir, 'apps/server/dist/main.js'),
  };
  if (!fresh && fs.existsSync(stamp) && fs.existsSync(result.main) && fs.existsSync(result.dist)) {
    log(`▶ Baseline ${short}: reusing the build in ${dir}`);
    return { ...result, reused: true };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const started = performance.now();
  log(`▶ Baseline ${short}: git archive into ${dir}`);
  execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${dir}"`], { cwd: ROOT });

  if (sameFile(path.join(ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'))) {
    log('▶ Baseline: same package-lock.json: node_modules copied as hard links');
    for (const ws of ['.', 'packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
      const from = path.join(ROOT, ws, 'node_modules');
      const to = path.join(dir, ws, 'node_modules');
      if (fs.existsSync(from) && fs.existsSync(path.dirname(to)))
        execFileSync('cp', ['-al', from, to], { stdio: 'inherit' });
    }
  } else {
    log('▶ Baseline: npm install --prefer-offline (its package-lock.json differs)');
    const code = await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: dir,
      timeoutMs: 900_000,
    });
    if (code !== 0) throw new Error(`npm install of the baseline failed (exit ${code})`);
  }

  log('▶ Baseline: vite build');
  let code = await runCommand(
    process.execPath,
    [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: path.join(dir, 'apps/web'), timeoutMs: 600_000 },
  );
  if (code !== 0 || !fs.existsSync(path.join(result.dist, 'index.html')))
    throw new Error(`vite build of the baseline failed (exit ${code})`);
  log('▶ Baseline: server bundle');
  code = await runCommand(process.execPath, ['build.mjs'], {
    cwd: path.join(dir, 'apps/server'),
    timeoutMs: 600_000,
  });
  if (code !== 0 || !fs.existsSync(result.main))
    throw new Error(`server build of the baseline failed (exit ${code})`);
  fs.writeFileSync(stamp, `${commit}\n`);
  log(`▶ Baseline ${short} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { ...result, reused: false };
};
