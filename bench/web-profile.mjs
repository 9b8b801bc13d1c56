// CPU profile of cold signed-in loads of one page until its marker is visible: self time per
// script file and per function (Chromium's sampling profiler), and with CALLERS=<names> the call
// chains of those functions (a forced layout shows as the self time of the script that read a
// size). To find what a first load spends its main thread on (bench/README.md, #17 round 9).
// Not a benchmark: no targets, no baseline; a loaded machine inflates every figure alike.
//
//   node bench/web-profile.mjs <dist dir> <path> <marker selector> [runs=3]
//   e.g. CALLERS=j node bench/web-profile.mjs apps/web/dist /dashboard '[data-testid="dashboard-page"]'
//
// Starts the built server on PGlite with the demo clients and signs in as admin, like web-trace.mjs.
import '../scripts/node-runtime.mjs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { openColdPage } from './lib/cold-page.mjs';
import { ensureServerBuilt, startServer } from './lib/server.mjs';

const [dist, pagePath, selector, runsArg = '3'] = process.argv.slice(2);
if (!dist || !pagePath || !selector) {
  console.error('usage: node bench/web-profile.mjs <dist dir> <path> <marker selector> [runs]');
  process.exit(2);
}
const runs = Number(runsArg);
const wanted = new Set(process.env.CALLERS?.split(',').filter(Boolean) ?? []);
const file = (url) => url.replace(/^.*\//, '') || '(native)';
const frame = (f) => `${f.functionName || '(anon)'} ${file(f.url)}:${f.lineNumber}:${f.columnNumber}`;
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);

await ensureServerBuilt();
const password = `Profile-${randomBytes(9).toString('base64url')}1!`;
const server = await startServer({
  adminPassword: password,
  env: { EDUCRM_WEB_DIST: path.resolve(dist), DEMO_DATA: '1', DEMO_COMMERCE: '0' },
});
const byFile = new Map();
const byFunction = new Map();
const callers = new Map();
let busy = 0;
try {
  for (let i = 0; i < runs; i++) {
    const { page, cdp, close } = await openColdPage(server, password, selector, 'profile');
    try {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(server.baseURL + pagePath, { waitUntil: 'commit' });
      await page.waitForFunction(() => typeof window.__visibleAt === 'number', null, {
        timeout: 30_000,
        polling: 'raf',
      });
      const { profile } = await cdp.send('Profiler.stop');
      const visible = await page.evaluate(() => window.__visibleAt);
      const self = new Map();
      for (const [k, id] of profile.samples.entries()) add(self, id, profile.timeDeltas[k] / 1000);
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
      for (const n of profile.nodes) {
        const ms = self.get(n.id) ?? 0;
        if (!ms) continue;
        add(byFile, file(n.callFrame.url), ms);
        add(byFunction, frame(n.callFrame), ms);
        if (!['(idle)', '(program)'].includes(n.callFrame.functionName)) busy += ms;
        if (wanted.has(n.callFrame.functionName)) {
          const chain = [];
          for (let p = parent.get(n.id); p && chain.length < 6; p = parent.get(p.id))
            chain.push(frame(p.callFrame));
          add(callers, `${n.callFrame.functionName} <- ${chain.join(' <- ')}`, ms);
        }
      }
      console.log(`run ${i + 1}: visible ${Math.round(visible)} ms (load ${os.loadavg()[0].toFixed(1)})`);
    } finally {
      await close();
    }
  }
} finally {
  await server.stop();
}
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${(ms / runs).toFixed(1).padStart(8)} ms  ${k}`)
    .join('\n');
console.log(`main thread busy per run (not idle, not "program"): ${(busy / runs).toFixed(0)} ms`);
console.log(`self time per file, per run:\n${top(byFile, 15)}`);
console.log(`self time per function, per run:\n${top(byFunction, 30)}`);
if (wanted.size) console.log(`callers of ${[...wanted].join(', ')}, per run:\n${top(callers, 20)}`);
