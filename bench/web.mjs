#!/usr/bin/env node
// `npm run bench:web`: what the console costs a browser. Builds the console with Vite into a
// temporary directory, serves it with the real server (PGlite, temp DATA_DIR), then for /login and
// /dashboard (signed in through cookies) opens Debian's Chromium with a fresh profile N times and
// reports the JS+CSS bytes the page requested (raw and gzip level 9, from the files on disk),
// DOMContentLoaded and "content visible" (navigation start until the page's data-testid element is
// visible), checks that /login carries no chart, table, editor or pinyin code, prints PASS/FAIL
// against the targets and one JSON line.
import '../scripts/node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { fmtBytes, spread, verdict } from './lib/cli.mjs';
import { findHeavyCode, HEAVY_CODE } from './lib/heavy-code.mjs';
import { startBench } from './lib/run.mjs';
import { benchPassword, ensureServerBuilt, login, ROOT, runCommand, startServer } from './lib/server.mjs';

const FLAGS = {
  runs: { type: 'number', default: 7, min: 1, max: 50, help: 'cold runs per page' },
  timeout: { type: 'number', default: 20, min: 1, max: 120, help: 'seconds a run may wait for its page' },
  dist: { type: 'string', help: 'measure this existing build instead of building one' },
  locale: { type: 'string', default: 'zh-CN', help: 'browser locale (the console follows it)' },
  build: { type: 'boolean', help: 'rebuild apps/server/dist/main.js even when it exists' },
};

/** Targets (bench/README.md). kB = 1000 bytes, as Vite prints sizes. */
const TARGETS = { login: 210_000, dashboard: 370_000 };
/** Page heavy-code kinds that must not load on /login (ARCHITECTURE.md "Web rules"). */
const FORBIDDEN_ON_LOGIN = ['chart', 'table', 'editor', 'pinyin'];

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const COOKIE_NAMES = { token: 'Admin-Token', expire: 'Admin-Token-Expire', refresh: 'Admin-Token-Refresh' };

const PAGES = [
  { name: 'login', path: '/login', testId: 'login-page', signedIn: false, targetGzip: TARGETS.login },
  {
    name: 'dashboard',
    path: '/dashboard',
    testId: 'dashboard-page',
    signedIn: true,
    targetGzip: TARGETS.dashboard,
  },
];

const { flags, onCleanup, run } = startBench({
  what: 'bench:web',
  spec: FLAGS,
  watchdogSeconds: (f) => 600 + PAGES.length * (f.runs + 1) * (f.timeout + 45),
});

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/** Builds the console into a temporary directory, so a dist someone else is serving is left alone. */
const buildConsole = async () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-bench-web-'));
  onCleanup(() => fs.rmSync(outDir, { recursive: true, force: true }));
  console.log(`▶ Building the console: vite build --outDir ${outDir}`);
  const started = performance.now();
  const code = await runCommand(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(ROOT, 'apps/web'), timeoutMs: 600_000 },
  );
  if (code !== 0 || !fs.existsSync(path.join(outDir, 'index.html')))
    throw new Error(`vite build failed (exit ${code})`);
  return { outDir, buildMs: Math.round(performance.now() - started) };
};

/** Totals of the whole build: JS and CSS files under dist, raw and gzip-9. */
const distTotals = (distDir) => {
  const totals = { js: { files: 0, raw: 0, gzip: 0 }, css: { files: 0, raw: 0, gzip: 0 } };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const kind = /\.m?js$/.test(entry.name) ? 'js' : entry.name.endsWith('.css') ? 'css' : null;
        if (!kind) continue;
        const buf = fs.readFileSync(full);
        totals[kind].files++;
        totals[kind].raw += buf.length;
        totals[kind].gzip += gzipSize(buf);
      }
    }
  };
  walk(distDir);
  return totals;
};

/** Maps a same-origin URL to the file the server sent: an asset, or index.html for a page route. */
const fileFor = (distDir, url) => {
  const pathname = decodeURIComponent(new URL(url).pathname);
  if (pathname.startsWith('/api/')) return null;
  const candidate = path.resolve(distDir, `.${pathname}`);
  if (!candidate.startsWith(distDir)) return null;
  if (path.extname(pathname) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  if (!path.extname(pathname)) return path.join(distDir, 'index.html');
  return null;
};

const kindOf = (file) => {
  if (/\.m?js$/.test(file)) return 'js';
  if (file.endsWith('.css')) return 'css';
  if (file.endsWith('.html')) return 'html';
  return 'other';
};

/** Records the moment the page's marker element first has a box and is not visibility:hidden. */
const visibilityProbe = (selector) => {
  const w = window;
  w.__benchVisibleAt = null;
  const check = () => {
    if (w.__benchVisibleAt !== null) return;
    const el = document.querySelector(selector);
    if (el) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden') {
        w.__benchVisibleAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

/** One cold run: fresh Chromium profile, optional sign-in cookies, navigation, timings, responses. */
const measureRun = async ({ page: target, baseURL, password, distDir }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-bench-chromium-'));
  const timeoutMs = flags.timeout * 1000;
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
      locale: flags.locale,
      timeout: 30_000,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    // A fresh profile has an empty cache already; disabling it also stops in-run memory-cache reuse.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (target.signedIn) {
      const tokens = await login(baseURL, password);
      const cookie = (name, value) => ({ name, value: String(value), domain: '127.0.0.1', path: '/' });
      await context.addCookies([
        cookie(COOKIE_NAMES.token, tokens.access_token),
        cookie(COOKIE_NAMES.expire, tokens.access_expire),
        cookie(COOKIE_NAMES.refresh, tokens.refresh_after),
      ]);
    }
    await context.addInitScript(visibilityProbe, `[data-testid="${target.testId}"]`);

    const origin = new URL(baseURL).origin;
    const responses = [];
    const external = new Set();
    const failed = [];
    page.on('request', (req) => {
      if (new URL(req.url()).origin !== origin && !req.url().startsWith('data:')) external.add(req.url());
    });
    page.on('response', (res) => {
      if (new URL(res.url()).origin === origin) responses.push({ url: res.url(), status: res.status() });
    });
    page.on('requestfailed', (req) => failed.push(`${req.url()} (${req.failure()?.errorText ?? 'failed'})`));
    const pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    await page.goto(`${baseURL}${target.path}`, { waitUntil: 'commit', timeout: timeoutMs });
    let visibleMs = null;
    let note = null;
    try {
      await page.waitForFunction(() => typeof window.__benchVisibleAt === 'number', null, {
        timeout: timeoutMs,
        polling: 'raf',
      });
      visibleMs = await page.evaluate(() => window.__benchVisibleAt);
    } catch {
      note = `[data-testid="${target.testId}"] not found within ${flags.timeout} s`;
    }
    // Let lazy requests triggered by the first render finish (bounded) before counting bytes.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    const nav = await page
      .evaluate(() => {
        const entry = performance.getEntriesByType('navigation')[0];
        return entry ? { dcl: entry.domContentLoadedEventEnd, load: entry.loadEventEnd || null } : null;
      })
      .catch(() => null);
    const finalPath = new URL(page.url()).pathname;

    const files = new Map();
    let apiRequests = 0;
    for (const r of responses) {
      if (new URL(r.url).pathname.startsWith('/api/')) {
        apiRequests++;
        continue;
      }
      const file = fileFor(distDir, r.url);
      if (!file || files.has(file)) continue;
      const buf = fs.readFileSync(file);
      files.set(file, {
        file: path.relative(distDir, file),
        kind: kindOf(file),
        raw: buf.length,
        gzip: gzipSize(buf),
        status: r.status,
      });
    }
    return {
      visibleMs,
      dclMs: nav?.dcl ?? null,
      loadMs: nav?.load ?? null,
      finalPath,
      note,
      files: [...files.values()],
      sameOriginRequests: responses.length,
      apiRequests,
      external: [...external],
      failed,
      pageErrors,
    };
  } finally {
    await context?.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
};

const sumBy = (files, kinds, key) =>
  files.filter((f) => kinds.includes(f.kind)).reduce((s, f) => s + f[key], 0);

const main = async () => {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  await ensureServerBuilt({ force: flags.build });
  let distDir;
  let buildMs = null;
  if (flags.dist) {
    distDir = path.resolve(flags.dist);
    if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir} has no index.html`);
  } else {
    ({ outDir: distDir, buildMs } = await buildConsole());
  }
  distDir = fs.realpathSync(distDir);
  const totals = distTotals(distDir);

  const password = benchPassword();
  const server = await startServer({
    adminPassword: password,
    env: { EDUCRM_WEB_DIST: distDir },
    label: 'EduCRM server',
  });
  onCleanup(() => server.stop());

  console.log(
    `EduCRM web benchmark: build ${distDir}${buildMs === null ? '' : ` (${(buildMs / 1000).toFixed(1)} s)`}, ` +
      `server ${server.baseURL} (PGlite); ${flags.runs} cold runs per page + 1 discarded warm-up, ` +
      `locale ${flags.locale}; node ${process.version}, ${os.availableParallelism()} CPUs, load avg ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `whole build: JS ${totals.js.files} files ${fmtBytes(totals.js.raw)} raw / ${fmtBytes(totals.js.gzip)} gzip-9; ` +
      `CSS ${totals.css.files} files ${fmtBytes(totals.css.raw)} / ${fmtBytes(totals.css.gzip)}`,
  );

  const report = [];
  for (const target of PAGES) {
    // One discarded run warms the server (JIT, file cache); the measured runs are cold for the browser.
    await measureRun({ page: target, baseURL: server.baseURL, password, distDir }).catch(() => null);
    const runs = [];
    for (let i = 0; i < flags.runs; i++) {
      try {
        runs.push(await measureRun({ page: target, baseURL: server.baseURL, password, distDir }));
      } catch (err) {
        runs.push({
          visibleMs: null,
          dclMs: null,
          note: `run failed: ${err instanceof Error ? err.message : err}`,
          files: [],
        });
      }
      process.stdout.write(runs.at(-1).visibleMs === null ? 'x' : '.');
    }
    process.stdout.write('\n');

    // Bytes: the files of the first run that rendered (every run should request the same set).
    const reference = runs.find((r) => r.visibleMs !== null) ?? runs.find((r) => r.files.length) ?? runs[0];
    const files = reference.files ?? [];
    const signature = (r) =>
      (r.files ?? [])
        .map((f) => f.file)
        .sort()
        .join('|');
    const sameFiles = runs.every((r) => !r.files?.length || signature(r) === signature(reference));
    const bytes = {
      jsCssRaw: sumBy(files, ['js', 'css'], 'raw'),
      jsCssGzip: sumBy(files, ['js', 'css'], 'gzip'),
      jsRaw: sumBy(files, ['js'], 'raw'),
      jsGzip: sumBy(files, ['js'], 'gzip'),
      cssRaw: sumBy(files, ['css'], 'raw'),
      cssGzip: sumBy(files, ['css'], 'gzip'),
      htmlRaw: sumBy(files, ['html'], 'raw'),
      htmlGzip: sumBy(files, ['html'], 'gzip'),
      otherRaw: sumBy(files, ['other'], 'raw'),
      otherGzip: sumBy(files, ['other'], 'gzip'),
    };
    const heavy = files
      .filter((f) => f.kind === 'js')
      .flatMap((f) =>
        findHeavyCode(fs.readFileSync(path.join(distDir, f.file), 'utf8')).map((h) => ({
          file: f.file,
          ...h,
        })),
      );
    const rendered = runs.filter((r) => r.visibleMs !== null).length;
    const wrongPath = runs.filter((r) => r.finalPath && r.finalPath !== target.path).map((r) => r.finalPath);
    report.push({
      page: target.path,
      testId: target.testId,
      rendered,
      runs: runs.length,
      visibleMs: spread(runs.map((r) => r.visibleMs)),
      dclMs: spread(runs.map((r) => r.dclMs)),
      loadMs: spread(runs.map((r) => r.loadMs)),
      bytes,
      files: files.map(({ file, kind, raw, gzip }) => ({ file, kind, raw, gzip })),
      sameFilesEveryRun: sameFiles,
      heavy,
      targetGzip: target.targetGzip,
      finalPaths: [...new Set(wrongPath)],
      notes: [...new Set(runs.map((r) => r.note).filter(Boolean))],
      external: [...new Set(runs.flatMap((r) => r.external ?? []))],
      failedRequests: [...new Set(runs.flatMap((r) => r.failed ?? []))].slice(0, 10),
      pageErrors: [...new Set(runs.flatMap((r) => r.pageErrors ?? []))].slice(0, 10),
      sameOriginRequests: reference.sameOriginRequests ?? 0,
      apiRequests: reference.apiRequests ?? 0,
    });
  }

  // Report.
  const checks = [];
  for (const p of report) {
    const t = (s) => (s.median === null ? 'n/a' : `${s.median} ms (${s.min}..${s.max})`);
    console.log(`\n${p.page}  [data-testid="${p.testId}"] visible in ${p.rendered}/${p.runs} runs`);
    console.log(`  content visible ${t(p.visibleMs)}   DOMContentLoaded ${t(p.dclMs)}   load ${t(p.loadMs)}`);
    console.log(
      `  JS+CSS ${fmtBytes(p.bytes.jsCssRaw)} raw / ${fmtBytes(p.bytes.jsCssGzip)} gzip-9 ` +
        `(JS ${fmtBytes(p.bytes.jsGzip)}, CSS ${fmtBytes(p.bytes.cssGzip)}); ` +
        `HTML ${fmtBytes(p.bytes.htmlGzip)}, other ${fmtBytes(p.bytes.otherGzip)} gzip-9; ` +
        `${p.sameOriginRequests} same-origin responses (${p.apiRequests} API)`,
    );
    for (const f of [...p.files].sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `    ${f.kind.padEnd(5)} ${String(f.raw).padStart(9)} raw ${String(f.gzip).padStart(8)} gzip  ${f.file}`,
      );
    }
    if (!p.sameFilesEveryRun)
      console.log('  note: runs did not all request the same files; bytes are from the first rendered run');
    for (const n of p.notes) console.log(`  note: ${n}`);
    if (p.finalPaths.length) console.log(`  note: some runs ended on ${p.finalPaths.join(', ')}`);
    if (p.heavy.length) {
      for (const h of p.heavy)
        console.log(`  contains ${h.kind} code (${h.what}) in ${h.file}: ${h.evidence.join(', ')}`);
    }
    if (p.external.length) console.log(`  external requests: ${p.external.slice(0, 5).join(', ')}`);
    if (p.pageErrors.length) console.log(`  page errors: ${p.pageErrors.join(' | ')}`);
    if (p.failedRequests.length) console.log(`  failed requests: ${p.failedRequests.join(' | ')}`);

    checks.push({
      name: `${p.page} renders [data-testid="${p.testId}"] in every run`,
      value: `${p.rendered}/${p.runs}`,
      pass: p.rendered === p.runs,
    });
    checks.push({
      name: `${p.page} JS+CSS <= ${fmtBytes(p.targetGzip)} gzip-9`,
      value: `${fmtBytes(p.bytes.jsCssGzip)}${p.rendered > 0 ? '' : ' (the page never rendered)'}`,
      pass: p.rendered > 0 && p.bytes.jsCssGzip > 0 && p.bytes.jsCssGzip <= p.targetGzip,
    });
    if (p.page === '/login') {
      const bad = p.heavy.filter((h) => FORBIDDEN_ON_LOGIN.includes(h.kind));
      checks.push({
        name: `/login loads no ${FORBIDDEN_ON_LOGIN.join(', ')} code`,
        value: bad.length
          ? bad.map((h) => `${h.kind} in ${h.file}`).join('; ')
          : `none found${p.rendered > 0 ? '' : ' (the page never rendered)'}`,
        pass: p.rendered > 0 && bad.length === 0,
      });
    }
  }
  console.log(
    `\nheavy-code markers: ${HEAVY_CODE.map((h) => `${h.kind}=${h.markers.join('/')}`).join('; ')}`,
  );
  console.log('\nTargets:');
  for (const c of checks) console.log(`  ${verdict(c.pass).padEnd(4)}  ${c.name}: ${c.value}`);
  const pass = checks.every((c) => c.pass);
  console.log(`\nbench:web ${pass ? 'PASS' : 'FAIL'}`);
  console.log(
    JSON.stringify({
      bench: 'web',
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      runs: flags.runs,
      locale: flags.locale,
      buildMs,
      distTotals: totals,
      pages: report.map(({ files, ...rest }) => ({ ...rest, files })),
      checks,
      pass,
    }),
  );
  return pass;
};

run(main);
