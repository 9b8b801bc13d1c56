// `npm test`: lint, typecheck, unit, API on PGlite, API on PostgreSQL, e2e in Chromium.
// One summary line per suite, then "N passed, N failed"; exit non-zero on any failure.
// `npm test -- unit api-pglite` runs only the named suites.
import './node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT, run } from './lib.mjs';

const CI = process.env.CI === 'true' || process.env.CI === '1';
await ensureInstalled();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-test-'));
const vitest =
  (name, config, env = {}) =>
  async () => {
    const out = path.join(tmp, `${name}.json`);
    const code = await run(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        config,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
      ],
      { env: { ...process.env, ...env } },
    );
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    try {
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      passed = report.numPassedTests;
      failed = report.numFailedTests;
      skipped = report.numPendingTests + report.numTodoTests;
      // A file that fails to load counts as a failure even when no test inside it ran.
      failed += report.testResults.filter(
        (r) => r.status === 'failed' && r.assertionResults.length === 0,
      ).length;
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
    };
  };

const command = (cmd, args) => async () => {
  const code = await run(cmd, args);
  return {
    ok: code === 0,
    line: code === 0 ? 'clean' : `failed (exit ${code})`,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
  };
};

/** The PostgreSQL the suite may create databases on: DATABASE_URL, else the local server. */
const postgresAdminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const postgresReachable = async () => {
  const { default: pg } = await import(path.join(ROOT, 'node_modules/pg/lib/index.js'));
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
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

const suites = {
  lint: command('npx', ['biome', 'check', '.']),
  typecheck: command('node', ['scripts/typecheck.mjs']),
  unit: vitest('unit', 'vitest.unit.config.ts'),
  'api-pglite': vitest('api-pglite', 'apps/server/vitest.config.ts', { TEST_DATABASE_URL: '' }),
  'api-postgres': async () => {
    if (!(await postgresReachable())) {
      const line = `skipped: no PostgreSQL (${postgresAdminUrl.replace(/\/\/[^@]*@/, '//***@')} unreachable)`;
      console.error(`\n!!! ${line}${CI ? ' — this is a failure under CI' : ''} !!!\n`);
      return { ok: !CI, line, passed: 0, failed: CI ? 1 : 0 };
    }
    return vitest('api-postgres', 'apps/server/vitest.config.ts', { TEST_DATABASE_URL: postgresAdminUrl })();
  },
  e2e: async () => {
    await ensureBuilt();
    return vitest('e2e', 'e2e/vitest.config.ts')();
  },
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !(w in suites));
if (unknown.length) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Suites: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const results = [];
const started = Date.now();
for (const [name, suite] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n━━━ ${name} ━━━`);
  const t0 = Date.now();
  const result = await suite();
  results.push({ name, ...result, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
}

console.log('\n━━━ summary ━━━');
for (const r of results) console.log(`${r.ok ? '✔' : '✖'} ${r.name.padEnd(13)} ${r.line} (${r.seconds} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(results.every((r) => r.ok) ? 0 : 1);
