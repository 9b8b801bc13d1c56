// `npm test`: lint, typecheck, unit, API on PGlite, API on PostgreSQL, e2e in Chromium, process specs.
// One summary line per suite, then "N passed, N failed"; exit non-zero on any failure.
// `npm test -- unit api-pglite` runs only the named suites. Suites run in two lanes side by side
// (LANES below); while both lanes run, each suite's output is kept in a file and printed whole
// when the suite ends.
import './node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT, run } from './lib.mjs';
import {
  ensureSystemPackages,
  LOCAL_POSTGRES_URL,
  postgresReachable,
  redact,
  startThrowawayPostgres,
} from './test-setup.mjs';

await ensureInstalled();

// `npm test -- unit api-pglite` runs the named suites; arguments naming test files (a path or
// `x.test.ts`) are handed to vitest as filters, e.g. `npm test -- api-postgres orders.test.ts`.
const args = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const isFileFilter = (a) => a.includes('/') || a.includes('.test.');
const fileFilters = args.filter(isFileFilter);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-test-'));
const COUNTS_REPORTER = path.join(ROOT, 'scripts/vitest-counts.mjs');
const vitest =
  (name, config, env = {}) =>
  async (io) => {
    const out = path.join(tmp, `${name}.json`);
    const code = await run(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        config,
        '--reporter=default',
        `--reporter=${COUNTS_REPORTER}`,
        ...fileFilters,
      ],
      { env: { ...process.env, ...env, EDUCRM_VITEST_COUNTS: out }, ...io },
    );
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    let failures = [];
    try {
      // Tests that could not run because their file failed (a hook, a browser launch, an import)
      // are counted as failed by the reporter, not as skipped.
      ({ passed, failed, skipped, failures = [] } = JSON.parse(fs.readFileSync(out, 'utf8')));
    } catch {
      failed = Math.max(failed, 1);
    }
    if (code !== 0 && failed === 0) failed = 1;
    if (passed === 0 && failed === 0) return { ok: false, line: 'no test ran', passed, failed: 1 };
    return {
      ok: code === 0,
      line: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
      passed,
      failed,
      failures,
    };
  };

const command = (cmd, args) => async (io) => {
  const code = await run(cmd, args, io);
  return {
    ok: code === 0,
    line: code === 0 ? 'clean' : `failed (exit ${code})`,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
  };
};

/**
 * The PostgreSQL the suite creates its databases on: DATABASE_URL when set (it must answer), else
 * the local server when it answers, else a throw-away cluster started for the suite. Never skipped.
 */
const explicitPostgres = process.env.DATABASE_URL?.trim() || '';
let throwaway;
const postgresPlan = async () => {
  if (explicitPostgres)
    return { url: explicitPostgres, reachable: await postgresReachable(explicitPostgres) };
  if (await postgresReachable(LOCAL_POSTGRES_URL)) return { url: LOCAL_POSTGRES_URL, reachable: true };
  return { url: '', reachable: false };
};
const stopThrowaway = () => {
  throwaway?.stop();
  throwaway = undefined;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopThrowaway();
    process.exit(130);
  });
}

// One build for both suites that run the built server (they run in different lanes).
let building;
const built = (io) => {
  building ??= ensureBuilt(io);
  return building;
};

const suites = {
  lint: command('npx', ['biome', 'check', '.']),
  typecheck: command('node', ['scripts/typecheck.mjs']),
  unit: vitest('unit', 'vitest.unit.config.ts'),
  'api-pglite': vitest('api-pglite', 'apps/server/vitest.config.ts', { TEST_DATABASE_URL: '' }),
  'api-postgres': async (io) => {
    const plan = await postgresPlan();
    if (explicitPostgres && !plan.reachable) {
      const line = `failed: DATABASE_URL (${redact(explicitPostgres)}) unreachable`;
      console.error(`\n✖ ${line}`);
      return { ok: false, line, passed: 0, failed: 1 };
    }
    let url = plan.url;
    if (!plan.reachable) {
      console.log(`▶ No PostgreSQL answers at ${redact(LOCAL_POSTGRES_URL)}: starting a throw-away cluster.`);
      try {
        throwaway = await startThrowawayPostgres();
      } catch (e) {
        console.error(`\n✖ could not start a throw-away PostgreSQL: ${e.message}`);
        return {
          ok: false,
          line: 'failed: no PostgreSQL (throw-away cluster did not start)',
          passed: 0,
          failed: 1,
        };
      }
      url = throwaway.url;
    }
    try {
      return await vitest('api-postgres', 'apps/server/vitest.config.ts', { TEST_DATABASE_URL: url })(io);
    } finally {
      stopThrowaway();
    }
  },
  e2e: async (io) => {
    await built(io);
    return vitest('e2e', 'e2e/vitest.config.ts')(io);
  },
  process: async (io) => {
    await built(io);
    return vitest('process', 'e2e/vitest.process.config.ts')(io);
  },
};

const wanted = args.filter((a) => !isFileFilter(a));
const unknown = wanted.filter((w) => !(w in suites));
if (unknown.length) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Suites: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const wants = (name) => !wanted.length || wanted.includes(name);

// A fresh machine: Chromium and CJK fonts for e2e, PostgreSQL binaries when no PostgreSQL answers.
const needsPostgresBinaries = wants('api-postgres') && !explicitPostgres && !(await postgresPlan()).reachable;
if (!(await ensureSystemPackages({ e2e: wants('e2e'), postgres: needsPostgresBinaries }))) process.exit(1);

/**
 * Two lanes side by side (two cores): the checks, both API suites and the browserless process specs
 * one after the other in the first, the Chromium specs (the longest) in the second.
 */
const LANES = [['lint', 'typecheck', 'unit', 'api-pglite', 'api-postgres', 'process'], ['e2e']];
const lanes = LANES.map((lane) => lane.filter(wants)).filter((lane) => lane.length);
const side = lanes.length > 1;

const results = {};
const started = Date.now();
const runSuite = async (name) => {
  const t0 = Date.now();
  let result;
  if (side) {
    // Beside another lane: the suite's output goes to a file, printed whole when the suite ends.
    const log = path.join(tmp, `${name}.log`);
    const fd = fs.openSync(log, 'w');
    console.log(`▶ ${name} started (its output: ${log})`);
    try {
      result = await suites[name]({ stdio: ['ignore', fd, fd] });
    } finally {
      fs.closeSync(fd);
    }
    console.log(`\n━━━ ${name} ━━━`);
    process.stdout.write(fs.readFileSync(log));
  } else {
    console.log(`\n━━━ ${name} ━━━`);
    result = await suites[name]({ stdio: 'inherit' });
  }
  results[name] = { name, ...result, seconds: ((Date.now() - t0) / 1000).toFixed(1) };
};
await Promise.all(
  lanes.map(async (lane) => {
    for (const name of lane) await runSuite(name);
  }),
);

console.log('\n━━━ summary ━━━');
// In the suites' order, whichever lane finished first.
const ordered = Object.keys(suites)
  .filter((name) => results[name])
  .map((name) => results[name]);
for (const r of ordered) {
  console.log(`${r.ok ? '✔' : '✖'} ${r.name.padEnd(13)} ${r.line} (${r.seconds} s)`);
  for (const f of r.failures ?? []) console.log(`    ✖ ${f}`);
}
const passed = ordered.reduce((n, r) => n + r.passed, 0);
const failed = ordered.reduce((n, r) => n + r.failed, 0);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(ordered.every((r) => r.ok) ? 0 : 1);
