// `npm run tour`: the console tour (issue 16). Builds when the sources changed, then visits every
// menu page as admin in zh, en, es and ja at 1440 and 991 px with the built server and demo data.
// Screenshots: e2e/artifacts/tour/<lang>-<width>/<route>.png; summary: e2e/artifacts/tour/summary.md.
// Exits non-zero when any page has a finding. Not part of `npm test`.
// Narrow a run with TOUR_LANGS=en,ja TOUR_WIDTHS=991 TOUR_PAGES=/order/list,/system/server.
import './node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT, run } from './lib.mjs';
import { ensureSystemPackages } from './test-setup.mjs';

await ensureInstalled();
// Debian's Chromium and CJK fonts, as `npm test -- e2e` installs them on a fresh machine.
if (!(await ensureSystemPackages({ e2e: true, postgres: false }))) process.exit(1);
await ensureBuilt();
const code = await run('npx', ['vitest', 'run', '--config', 'e2e/vitest.tour.config.ts']);
const summary = path.join(ROOT, 'e2e/artifacts/tour/summary.md');
if (fs.existsSync(summary)) {
  const text = fs.readFileSync(summary, 'utf8');
  // The table and the totals; the findings stay in the file.
  console.log(`\n${text.split('\n## Findings')[0]}`);
  console.log(`Findings and screenshots: ${path.relative(ROOT, path.dirname(summary))}/`);
}
process.exit(code);
