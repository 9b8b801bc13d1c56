// `npm run rehearse -- [--runs 3] [--side-by-side 1] [--rev HEAD] [--no-build-loop] [--dir DIR]
// [--suites e2e,unit]`:
// the whole suite as CI runs it (`CI=true bash .ci/run`), several times on one commit, each in a
// fresh clone, with the machine loaded by a loop of `npm run build` in another clone (what the
// hardening issue asks to show green three runs in a row). `--side-by-side K` runs K suites at once
// (they load each other too). Prints a line per run with its summary and exits non-zero when any
// run failed; the clones and logs stay in DIR (default a new temp directory) for the failures'
// screenshots (`run<k>/e2e/artifacts/failed-*.png`). `--suites`: `npm test -- <suites>` instead of
// the whole suite (a flaky suite alone, or a quick try of this script).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib.mjs';
import { ensureSystemPackages } from './test-setup.mjs';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'side-by-side': { type: 'string', default: '1' },
    rev: { type: 'string', default: 'HEAD' },
    'no-build-loop': { type: 'boolean', default: false },
    dir: { type: 'string' },
    suites: { type: 'string' },
  },
});
const runs = Math.max(1, Number(flags.runs) || 3);
const sideBySide = Math.max(1, Math.min(runs, Number(flags['side-by-side']) || 1));
const dir = flags.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-rehearse-'));
fs.mkdirSync(dir, { recursive: true });

const sh = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    const log = opts.log ? fs.createWriteStream(opts.log) : null;
    for (const s of [child.stdout, child.stderr])
      s.on('data', (d) => {
        log?.write(d);
        if (!log) out += d;
      });
    child.on('exit', (code, signal) => {
      log?.end();
      resolve({ code: code ?? (signal ? 1 : 0), out });
    });
    child.on('error', () => resolve({ code: 127, out }));
  });

const rev = (await sh('git', ['rev-parse', '--short', flags.rev], { cwd: ROOT })).out.trim();
if (!rev) {
  console.error(`✖ no such revision: ${flags.rev}`);
  process.exit(2);
}
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const clock = () => new Date().toISOString().slice(11, 19);
const clone = async (name) => {
  const target = path.join(dir, name);
  fs.rmSync(target, { recursive: true, force: true });
  const cloned = await sh('git', ['clone', '--quiet', ROOT, target]);
  const checked =
    cloned.code === 0 && (await sh('git', ['checkout', '--quiet', rev], { cwd: target })).code === 0;
  if (!checked) throw new Error(`could not clone ${rev} into ${target}`);
  return target;
};
// Chromium and the fonts once, before suites side by side could race for apt-get's lock.
if (!(await ensureSystemPackages({ e2e: true, postgres: false }))) process.exit(1);
console.log(`▶ ${runs} run(s) of ${rev}, ${sideBySide} at a time, in ${dir}; load ${load()}`);

// The build loop: its own clone (installed by a lint run), `npm run build` until the runs end.
let looping = !flags['no-build-loop'];
let builds = 0;
const buildLoop = (async () => {
  if (!looping) return;
  const target = await clone('build-loop');
  await sh('npm', ['test', '--', 'lint'], { cwd: target, log: path.join(dir, 'build-loop-setup.log') });
  while (looping) {
    await sh('npm', ['run', 'build'], { cwd: target, log: path.join(dir, 'build-loop-last.log') });
    builds++;
  }
})();

const results = [];
const one = async (k) => {
  const target = await clone(`run${k}`);
  const started = Date.now();
  console.log(`  run${k} starts ${clock()} (load ${load()})`);
  const logFile = path.join(dir, `run${k}.log`);
  const [cmd, args] = flags.suites
    ? ['npm', ['test', '--', ...flags.suites.split(',')]]
    : ['bash', ['.ci/run']];
  const { code } = await sh(cmd, args, {
    cwd: target,
    env: { ...process.env, CI: 'true' },
    log: logFile,
  });
  const text = fs.readFileSync(logFile, 'utf8');
  const summary = text.slice(text.lastIndexOf('━━━ summary ━━━')).split('\n').slice(1, 9).join('\n    ');
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  results.push({ k, code });
  console.log(
    `  run${k} ${code === 0 ? 'green' : `RED (exit ${code})`} in ${minutes} min (load ${load()})\n    ${summary}`,
  );
};
const queue = Array.from({ length: runs }, (_, i) => i + 1);
await Promise.all(
  Array.from({ length: sideBySide }, async () => {
    for (let k = queue.shift(); k !== undefined; k = queue.shift()) await one(k);
  }),
);
looping = false;
await buildLoop;
const red = results.filter((r) => r.code !== 0).map((r) => `run${r.k}`);
console.log(
  `\n${red.length ? `✖ ${red.join(', ')} failed` : `✔ ${runs} green run(s) in a row`} on ${rev}` +
    `${flags['no-build-loop'] ? '' : `, ${builds} builds beside them`}; logs in ${dir}`,
);
process.exit(red.length ? 1 : 0);
