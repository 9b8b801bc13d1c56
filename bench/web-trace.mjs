// Traces cold signed-in loads of one page: every same-origin request's start, send, first byte and
// end (Resource Timing, ms from navigation) and when the page's marker became visible, to see what
// a first load waits for (bench/README.md, bench:web). Not a benchmark: no targets, no baseline.
//
//   node bench/web-trace.mjs <dist dir> <path> <marker selector> [runs=2]
//   e.g. node bench/web-trace.mjs apps/web/dist /client/list '[data-testid="client-list-page"] .ant-table-row'
//
// Starts the built server (apps/server/dist/main.js or BENCH_SERVER_MAIN) on PGlite with the demo
// clients, signs in as admin through the API and sets the session cookies, like bench:web. Run it
// under `flock /tmp/educrm-heavy.lock`.
import '../scripts/node-runtime.mjs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { openColdPage } from './lib/cold-page.mjs';
import { ensureServerBuilt, startServer } from './lib/server.mjs';

const [dist, pagePath, selector, runs = '2'] = process.argv.slice(2);
if (!dist || !pagePath || !selector) {
  console.error('usage: node bench/web-trace.mjs <dist dir> <path> <marker selector> [runs]');
  process.exit(2);
}
await ensureServerBuilt();
const password = `Trace-${randomBytes(9).toString('base64url')}1!`;
const server = await startServer({
  adminPassword: password,
  env: { EDUCRM_WEB_DIST: path.resolve(dist), DEMO_DATA: '1', DEMO_COMMERCE: '0' },
});
try {
  for (let i = 0; i < Number(runs); i++) {
    const { context, page, close } = await openColdPage(server, password, selector, 'trace');
    try {
      // When the page's code called XMLHttpRequest.send / fetch and added each modulepreload link
      // (Resource Timing's start is when the network stack took the request, not when it was made).
      await context.addInitScript(() => {
        const marks = [];
        window.__traceMarks = marks;
        const open = XMLHttpRequest.prototype.open;
        XMLHttpRequest.prototype.open = function (method, url, ...rest) {
          this.__traceUrl = String(url);
          return open.call(this, method, url, ...rest);
        };
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (...args) {
          marks.push({ at: performance.now(), what: `xhr.send ${this.__traceUrl}` });
          return send.apply(this, args);
        };
        new MutationObserver((records) => {
          for (const r of records)
            for (const n of r.addedNodes)
              if (n.nodeName === 'LINK' && n.rel === 'modulepreload')
                marks.push({ at: performance.now(), what: `modulepreload ${n.getAttribute('href')}` });
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(server.baseURL + pagePath, { waitUntil: 'commit' });
      await page.waitForFunction(() => typeof window.__visibleAt === 'number', null, {
        timeout: 30_000,
        polling: 'raf',
      });
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
      const r = await page.evaluate(() => ({
        visible: window.__visibleAt,
        marks: [
          ...(window.__traceMarks ?? []),
          ...performance.getEntriesByType('mark').map((m) => ({ at: m.startTime, what: `mark ${m.name}` })),
        ].sort((a, b) => a.at - b.at),
        nav: performance.getEntriesByType('navigation')[0].toJSON(),
        resources: performance.getEntriesByType('resource').map((e) => ({
          url: e.name.replace(location.origin, ''),
          start: e.startTime,
          sent: e.requestStart,
          firstByte: e.responseStart,
          end: e.responseEnd,
          bytes: e.encodedBodySize,
        })),
      }));
      const ms = (v) => String(Math.round(v)).padStart(5);
      console.log(
        `run ${i + 1}: visible ${Math.round(r.visible)} ms, ${r.resources.length} requests after the HTML, DOMContentLoaded ${Math.round(r.nav.domContentLoadedEventEnd)} ms (load ${os.loadavg()[0].toFixed(1)})`,
      );
      console.log('  start  sent first   end   bytes url');
      for (const x of r.resources.sort((a, b) => a.start - b.start))
        console.log(
          `  ${ms(x.start)} ${ms(x.sent)} ${ms(x.firstByte)} ${ms(x.end)} ${String(x.bytes).padStart(7)} ${x.url}`,
        );
      const links = r.marks.filter((m) => m.what.startsWith('modulepreload'));
      if (links.length > 0)
        console.log(
          `  modulepreload links added: ${links.length}, first at ${ms(links[0].at)} ms (${links[0].what.slice(14)}), last at ${ms(links[links.length - 1].at)} ms`,
        );
      for (const m of r.marks.filter((x) => !x.what.startsWith('modulepreload')))
        console.log(`  ${ms(m.at)} ${m.what}`);
    } finally {
      await close();
    }
  }
} finally {
  await server.stop();
}
