#!/usr/bin/env node
// `npm run bench:web`: what the console costs a browser. Builds the console with Vite into a
// temporary directory, serves it with the real server (PGlite, temp DATA_DIR, demo clients), then
// opens Debian's Chromium with a fresh profile N times per page: /login, a deep link without a
// session, /dashboard and /client/list signed in (through cookies), on an unthrottled and a
// throttled network (10 Mbit/s, 40 ms RTT). Reports the bytes on the wire (as received,
// compressed), the JS+CSS requested (raw and gzip level 9, from the files on disk), DOMContentLoaded,
// "content visible" and, signed in, "usable" (the page takes a click on its sidebar entry); `--cache
// warm` measures a second load with the browser's cache filled by the first. Checks that /login
// and the deep link carry no chart, table, editor or pinyin code. `--baseline <git rev>` builds that
// revision too and interleaves its runs with this build's, printing the ratios per page
// (`--baseline-dist` with `--baseline-env`: the same build with another server setting). PASS/FAIL
// against the targets and one JSON line.
import '../scripts/node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildBaseline } from './lib/baseline.mjs';
import { cpuSpent, readBrowserCpu } from './lib/browser-cpu.mjs';
import { fmtBytes, spread, verdict } from './lib/cli.mjs';
import { findHeavyCode, HEAVY_CODE } from './lib/heavy-code.mjs';
import { startBench } from './lib/run.mjs';
import {
  benchPassword,
  ensureServerBuilt,
  login,
  ROOT,
  readCpuSeconds,
  runCommand,
  startServer,
} from './lib/server.mjs';

const FLAGS = {
  runs: { type: 'number', default: 7, min: 1, max: 50, help: 'cold runs per page, profile and build' },
  timeout: { type: 'number', default: 30, min: 1, max: 120, help: 'seconds a run may wait for its page' },
  dist: { type: 'string', help: 'measure this existing build instead of building one' },
  baseline: { type: 'string', help: 'git revision to build and measure too, interleaved (ratios per page)' },
  'baseline-dist': {
    type: 'string',
    help: "an existing build to measure as the baseline instead (served by this tree's server)",
  },
  'fresh-baseline': { type: 'boolean', help: 'rebuild the baseline even when a finished build of it exists' },
  'keep-baseline': {
    type: 'boolean',
    default: true,
    help: 'keep the baseline build in the temp dir for the next run (--keep-baseline=0 removes it)',
  },
  env: { type: 'string', help: "KEY=VAL[,KEY=VAL...] for this build's server (e.g. JOB_POLL_SECONDS=5)" },
  'baseline-env': {
    type: 'string',
    help: "KEY=VAL[,KEY=VAL...] for the baseline's server: with --baseline-dist the same build, another setting",
  },
  profile: { type: 'string', default: 'both', help: 'network: fast, throttled or both' },
  cache: {
    type: 'string',
    default: 'cold',
    help: 'browser cache: cold (empty, disabled), warm (the page loaded once before) or both',
  },
  only: { type: 'string', help: 'comma-separated page names (login,deep-link,dashboard,client-list)' },
  locale: { type: 'string', default: 'zh-CN', help: 'browser locale (the console follows it)' },
  build: { type: 'boolean', help: 'rebuild apps/server/dist/main.js even when it exists' },
};

const KB = 1000;
/** Page heavy-code kinds that must not load before sign-in (ARCHITECTURE.md "Web rules"). */
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

/**
 * The pages and their targets (bench/README.md). kB = 1000 bytes, as Vite prints sizes.
 * `visible` is the element whose first paint counts as "content visible"; `ratio` the most the
 * median may be of the baseline's (unthrottled; every page with a ratio target must reach
 * THROTTLED_RATIO on the throttled network).
 */
/**
 * A signed-in page is usable when a click on its own sidebar entry is taken by the console: the
 * sidebar's link handler (src/router/linkClicks.ts) prevents the browser's navigation and navigates
 * in the app (to the same path: a replace, nothing changes on screen). A page that is painted but
 * not yet live ignores the click.
 */
const SIDEBAR_PROBE = (path) => `nav.sidebar-scroll a[href="${path}"]`;
const LOGIN_VISIBLE = '[data-testid="login-page"], [data-testid="login-page-prerendered"]';
const DEEP_LINK = '/client/list?page=2&pageSize=50&keyword=%E5%BC%A0';
const PAGES = [
  {
    name: 'login',
    path: '/login',
    // The build's static copy of the login page (login.<lang>.html) counts as visible; `live` is
    // when the scripted page, which can submit, has replaced it (reported beside).
    visible: LOGIN_VISIBLE,
    live: '[data-testid="login-page"]',
    signedIn: false,
    endsOn: '/login',
    maxGzip: 210 * KB,
    maxWire: 180 * KB,
    noHeavy: true,
    ratio: 0.6,
  },
  {
    name: 'deep-link',
    path: DEEP_LINK,
    visible: LOGIN_VISIBLE,
    live: '[data-testid="login-page"]',
    signedIn: false,
    endsOn: `/login?redirect=${encodeURIComponent(DEEP_LINK)}`,
    maxGzip: 210 * KB,
    maxWire: 180 * KB,
    noHeavy: true,
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    visible: '[data-testid="dashboard-page"]',
    probe: SIDEBAR_PROBE('/dashboard'),
    signedIn: true,
    endsOn: '/dashboard',
    maxGzip: 370 * KB,
    maxWire: 380 * KB,
    ratio: 0.6,
  },
  {
    name: 'client-list',
    path: '/client/list',
    // The list's first row: the page with its data, not only its frame.
    visible: '[data-testid="client-list-page"] .ant-table-row',
    probe: SIDEBAR_PROBE('/client/list'),
    signedIn: true,
    endsOn: '/client/list',
    ratio: 0.7,
  },
];
const THROTTLED_RATIO = 0.5;
/** Chromium's network emulation: a branch office reaching a hosted console. */
const PROFILES = {
  fast: null,
  throttled: { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 },
};

const { flags, onCleanup, run } = startBench({
  what: 'bench:web',
  spec: FLAGS,
  watchdogSeconds: (f) => 1800 + PAGES.length * 2 * 2 * (f.runs + 1) * (f.timeout + 15),
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

/**
 * Records the moment the page's marker element first has a box and is not visibility:hidden, and
 * (`live`) the moment the scripted page has replaced the build's static copy (login).
 */
const visibilityProbe = ({ visible, live, probe }) => {
  const w = window;
  w.__benchVisibleAt = null;
  w.__benchLiveAt = null;
  w.__benchUsableAt = null;
  // The probe's click must never leave the page: after the console's handlers (React listens on
  // its root, below window), whatever was not taken is cancelled here.
  let probing = false;
  let taken = false;
  window.addEventListener('click', (e) => {
    if (!probing) return;
    taken = e.defaultPrevented;
    e.preventDefault();
  });
  /** Clicks the page's sidebar entry once: true when the console took the click. */
  const responds = () => {
    const el = document.querySelector(probe);
    if (!el) return false;
    probing = true;
    taken = false;
    try {
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    } finally {
      probing = false;
    }
    return taken;
  };
  const shown = (selector) => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const check = () => {
    if (w.__benchVisibleAt === null && shown(visible)) w.__benchVisibleAt = performance.now();
    if (live && w.__benchLiveAt === null && shown(live)) w.__benchLiveAt = performance.now();
    // Usable: the content is visible and the page answers a click (probed once per frame).
    if (probe && w.__benchUsableAt === null && w.__benchVisibleAt !== null && responds())
      w.__benchUsableAt = performance.now();
    if (
      w.__benchVisibleAt === null ||
      (live && w.__benchLiveAt === null) ||
      (probe && w.__benchUsableAt === null)
    )
      requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

/**
 * One run: fresh Chromium profile, optional sign-in cookies, network profile, navigation. Cold: the
 * HTTP cache disabled. Warm: the page loaded once in the same profile first (cache enabled), then
 * measured from a second navigation.
 */
const measureRun = async ({ target, build, password, throttle, warm = false }) => {
  const { baseURL } = build.server;
  const distDir = build.dist;
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
    await cdp.send('Network.enable');
    if (!warm) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) await cdp.send('Network.emulateNetworkConditions', throttle);
    const origin = new URL(baseURL).origin;
    // Bytes on the wire: encodedDataLength of every finished same-origin request (headers + body
    // as received, i.e. compressed when the server compressed).
    const cdpUrls = new Map();
    const wire = { assets: 0, api: 0, compressed: 0, uncompressed: 0 };
    cdp.on('Network.responseReceived', (e) => cdpUrls.set(e.requestId, e.response));
    cdp.on('Network.loadingFinished', (e) => {
      const res = cdpUrls.get(e.requestId);
      if (!res?.url.startsWith(origin)) return;
      const isApi = new URL(res.url).pathname.startsWith('/api/');
      wire[isApi ? 'api' : 'assets'] += e.encodedDataLength;
      const encoded = Object.entries(res.headers ?? {}).some(
        ([k, v]) => k.toLowerCase() === 'content-encoding' && v && v !== 'identity',
      );
      if (!isApi) wire[encoded ? 'compressed' : 'uncompressed']++;
    });
    if (target.signedIn) {
      const tokens = await login(baseURL, password);
      const cookie = (name, value) => ({ name, value: String(value), domain: '127.0.0.1', path: '/' });
      await context.addCookies([
        cookie(COOKIE_NAMES.token, tokens.access_token),
        cookie(COOKIE_NAMES.expire, tokens.access_expire),
        cookie(COOKIE_NAMES.refresh, tokens.refresh_after),
      ]);
    }
    await context.addInitScript(visibilityProbe, {
      visible: target.visible,
      live: target.live ?? null,
      probe: target.probe ?? null,
    });

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
    if (warm) {
      // The load that fills the cache (and V8's code cache), not measured.
      await page.goto(`${baseURL}${target.path}`, { waitUntil: 'load', timeout: timeoutMs });
      await page
        .waitForFunction(() => typeof window.__benchVisibleAt === 'number', null, { timeout: timeoutMs })
        .catch(() => {});
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
      await page.goto('about:blank');
      Object.assign(wire, { assets: 0, api: 0, compressed: 0, uncompressed: 0 });
      responses.length = 0;
      failed.length = 0;
      pageErrors.length = 0;
    }

    const cpuBefore = readCpuSeconds(build.server.pid);
    const browserCpuBefore = readBrowserCpu(profile);
    await page.goto(`${baseURL}${target.path}`, { waitUntil: 'commit', timeout: timeoutMs });
    let visibleMs = null;
    let browserCpu = null;
    let note = null;
    try {
      await page.waitForFunction(() => typeof window.__benchVisibleAt === 'number', null, {
        timeout: timeoutMs,
        polling: 'raf',
      });
      visibleMs = await page.evaluate(() => window.__benchVisibleAt);
      browserCpu = cpuSpent(browserCpuBefore, readBrowserCpu(profile));
    } catch {
      note = `${target.visible} not visible within ${flags.timeout} s`;
    }
    let liveMs = null;
    if (target.live && visibleMs !== null) {
      liveMs = await page
        .waitForFunction(() => typeof window.__benchLiveAt === 'number', null, {
          timeout: timeoutMs,
          polling: 'raf',
        })
        .then(() => page.evaluate(() => window.__benchLiveAt))
        .catch(() => null);
      if (liveMs === null) note = `${target.live} not shown within ${flags.timeout} s`;
    }
    let usableMs = null;
    if (target.probe && visibleMs !== null) {
      usableMs = await page
        .waitForFunction(() => typeof window.__benchUsableAt === 'number', null, {
          timeout: timeoutMs,
          polling: 'raf',
        })
        .then(() => page.evaluate(() => window.__benchUsableAt))
        .catch(() => null);
      if (usableMs === null) note = `${target.probe} did not answer a click within ${flags.timeout} s`;
    }
    // Let lazy requests triggered by the first render finish (bounded) before counting bytes.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    const cpuAfter = readCpuSeconds(build.server.pid);
    const nav = await page
      .evaluate(() => {
        const entry = performance.getEntriesByType('navigation')[0];
        return entry ? { dcl: entry.domContentLoadedEventEnd, load: entry.loadEventEnd || null } : null;
      })
      .catch(() => null);
    const finalUrl = new URL(page.url());
    const finalPath = `${finalUrl.pathname}${finalUrl.search}`;

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
      liveMs,
      usableMs,
      dclMs: nav?.dcl ?? null,
      loadMs: nav?.load ?? null,
      finalPath,
      note,
      wire,
      serverCpuMs: cpuBefore === null || cpuAfter === null ? null : Math.round((cpuAfter - cpuBefore) * 1000),
      browserCpu,
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

/** The figures of one page on one build and network profile, from its runs. */
const summarise = (target, runs, distDir) => {
  const reference = runs.find((r) => r.visibleMs !== null) ?? runs.find((r) => r.files?.length) ?? runs[0];
  const files = reference.files ?? [];
  const signature = (r) =>
    (r.files ?? [])
      .map((f) => f.file)
      .sort()
      .join('|');
  const bytes = {
    jsCssRaw: sumBy(files, ['js', 'css'], 'raw'),
    jsCssGzip: sumBy(files, ['js', 'css'], 'gzip'),
    jsGzip: sumBy(files, ['js'], 'gzip'),
    cssGzip: sumBy(files, ['css'], 'gzip'),
    htmlGzip: sumBy(files, ['html'], 'gzip'),
    otherGzip: sumBy(files, ['other'], 'gzip'),
  };
  const heavy = files
    .filter((f) => f.kind === 'js')
    .flatMap((f) =>
      findHeavyCode(fs.readFileSync(path.join(distDir, f.file), 'utf8')).map((h) => ({ file: f.file, ...h })),
    );
  const rendered = runs.filter((r) => r.visibleMs !== null).length;
  const wireTotals = runs.filter((r) => r.wire).map((r) => r.wire.assets + r.wire.api);
  return {
    rendered,
    runs: runs.length,
    visibleMs: spread(runs.map((r) => r.visibleMs)),
    liveMs: spread(runs.map((r) => r.liveMs)),
    usableMs: spread(runs.map((r) => r.usableMs)),
    dclMs: spread(runs.map((r) => r.dclMs)),
    loadMs: spread(runs.map((r) => r.loadMs)),
    serverCpuMs: spread(runs.map((r) => r.serverCpuMs)),
    // Chromium's CPU from navigation to content visible: the page's renderer, and the rest
    // (browser process, GPU, network service). On two cores a load is bound by it.
    browserCpuMs: {
      renderer: spread(runs.map((r) => r.browserCpu?.renderer ?? null)),
      other: spread(runs.map((r) => r.browserCpu?.other ?? null)),
    },
    wire: {
      total: spread(wireTotals).median,
      assets: spread(runs.map((r) => r.wire?.assets)).median,
      api: spread(runs.map((r) => r.wire?.api)).median,
      compressedFiles: reference.wire?.compressed ?? 0,
      uncompressedFiles: reference.wire?.uncompressed ?? 0,
    },
    bytes,
    files: files.map(({ file, kind, raw, gzip }) => ({ file, kind, raw, gzip })),
    fileCount: files.length,
    sameFilesEveryRun: runs.every((r) => !r.files?.length || signature(r) === signature(reference)),
    heavy,
    wrongEnd: [...new Set(runs.map((r) => r.finalPath).filter((p) => p && p !== target.endsOn))],
    notes: [...new Set(runs.map((r) => r.note).filter(Boolean))],
    external: [...new Set(runs.flatMap((r) => r.external ?? []))],
    failedRequests: [...new Set(runs.flatMap((r) => r.failed ?? []))].slice(0, 10),
    pageErrors: [...new Set(runs.flatMap((r) => r.pageErrors ?? []))].slice(0, 10),
    sameOriginRequests: reference.sameOriginRequests ?? 0,
    apiRequests: reference.apiRequests ?? 0,
  };
};

const ms = (s) => (s.median === null ? 'n/a' : `${s.median} ms (${s.min}..${s.max})`);
const ratioOf = (a, b) => (a === null || b === null || !b ? null : Math.round((a / b) * 100) / 100);

/** An existing build named on the command line (--dist, --baseline-dist): its real path. */
const existingBuild = (dir) => {
  const resolved = path.resolve(dir);
  if (!fs.existsSync(path.join(resolved, 'index.html'))) throw new Error(`${resolved} has no index.html`);
  return fs.realpathSync(resolved);
};

/** `KEY=VAL,KEY2=VAL2` (--env, --baseline-env) as an object. */
const parseEnv = (text, flag) =>
  Object.fromEntries(
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new Error(`--${flag} wants KEY=VAL[,KEY=VAL...], got ${pair}`);
        return [pair.slice(0, at).trim(), pair.slice(at + 1)];
      }),
  );

/** Builds (or takes) this tree's console and, with --baseline, the baseline's; starts a server each. */
const prepareBuilds = async () => {
  await ensureServerBuilt({ force: flags.build });
  let dist;
  let buildMs = null;
  if (flags.dist) {
    dist = existingBuild(flags.dist);
  } else {
    ({ outDir: dist, buildMs } = await buildConsole());
  }
  const builds = [
    {
      name: 'current',
      label: 'this tree',
      dist: fs.realpathSync(dist),
      buildMs,
      env: parseEnv(flags.env, 'env'),
    },
  ];
  if (flags['baseline-dist']) {
    const base = existingBuild(flags['baseline-dist']);
    builds.push({ name: 'baseline', label: `baseline ${base}`, dist: base, buildMs: null });
  } else if (flags.baseline) {
    const base = await buildBaseline(flags.baseline, { fresh: flags['fresh-baseline'] });
    if (!flags['keep-baseline']) onCleanup(() => fs.rmSync(base.dir, { recursive: true, force: true }));
    builds.push({
      name: 'baseline',
      label: `baseline ${base.commit.slice(0, 9)}`,
      commit: base.commit,
      dist: fs.realpathSync(base.dist),
      main: base.main,
      cwd: base.dir,
      buildMs: null,
    });
  }
  const baselineEnv = parseEnv(flags['baseline-env'], 'baseline-env');
  if (builds[1]) builds[1].env = baselineEnv;
  for (const build of builds) {
    const extra = Object.entries(build.env ?? {}).map(([k, v]) => `${k}=${v}`);
    if (extra.length) build.label += ` (${extra.join(' ')})`;
  }
  const password = benchPassword();
  for (const build of builds) {
    build.totals = distTotals(build.dist);
    build.server = await startServer({
      adminPassword: password,
      // Demo clients (not the order catalogue) so the list page has rows to show.
      env: {
        EDUCRM_WEB_DIST: build.dist,
        DEMO_DATA: '1',
        DEMO_COMMERCE: '0',
        DEMO_PASSWORD: benchPassword(),
        ...build.env,
      },
      label: `EduCRM server (${build.label})`,
      ...(build.main ? { main: build.main, cwd: build.cwd } : {}),
    });
    onCleanup(() => build.server.stop());
  }
  return { builds, password };
};

const main = async () => {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  const profiles = flags.profile === 'both' ? ['fast', 'throttled'] : [flags.profile];
  if (!profiles.every((p) => p in PROFILES)) throw new Error(`--profile must be fast, throttled or both`);
  const caches = flags.cache === 'both' ? ['cold', 'warm'] : [flags.cache];
  if (!caches.every((c) => c === 'cold' || c === 'warm'))
    throw new Error('--cache must be cold, warm or both');
  const only = flags.only ? flags.only.split(',').map((s) => s.trim()) : null;
  const pages = PAGES.filter((p) => !only || only.includes(p.name));
  if (pages.length === 0) throw new Error(`--only matches no page (${PAGES.map((p) => p.name).join(', ')})`);

  const { builds, password } = await prepareBuilds();
  console.log(
    `EduCRM web benchmark: ${builds.map((b) => `${b.label} ${b.dist} at ${b.server.baseURL}`).join('; ')}; ` +
      `${flags.runs} runs per page, profile, cache (${caches.join(', ')}) and build (+1 discarded warm-up), interleaved; ` +
      `locale ${flags.locale}; node ${process.version}, ${os.availableParallelism()} CPUs, load avg ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  for (const b of builds) {
    const t = b.totals;
    console.log(
      `${b.label}: whole build JS ${t.js.files} files ${fmtBytes(t.js.raw)} raw / ${fmtBytes(t.js.gzip)} gzip-9; ` +
        `CSS ${t.css.files} files ${fmtBytes(t.css.raw)} / ${fmtBytes(t.css.gzip)}`,
    );
  }

  const results = [];
  for (const target of pages) {
    for (const profile of profiles) {
      for (const cache of caches) {
        const throttle = PROFILES[profile];
        const warm = cache === 'warm';
        const runs = Object.fromEntries(builds.map((b) => [b.name, []]));
        // One discarded run per build warms its server (JIT, file cache); the measured runs start
        // with a fresh browser profile and alternate which build goes first.
        for (const build of builds)
          await measureRun({ target, build, password, throttle, warm }).catch(() => null);
        process.stdout.write(`${target.name.padEnd(12)} ${profile.padEnd(9)} ${cache.padEnd(4)} `);
        for (let i = 0; i < flags.runs; i++) {
          const order = i % 2 ? [...builds].reverse() : builds;
          for (const build of order) {
            let r;
            try {
              r = await measureRun({ target, build, password, throttle, warm });
            } catch (err) {
              r = {
                visibleMs: null,
                note: `run failed: ${err instanceof Error ? err.message : err}`,
                files: [],
              };
            }
            runs[build.name].push(r);
            process.stdout.write(r.visibleMs === null ? 'x' : build.name === 'current' ? '.' : ',');
          }
        }
        process.stdout.write('\n');
        for (const build of builds)
          results.push({
            page: target.name,
            path: target.path,
            profile,
            cache,
            build: build.name,
            ...summarise(target, runs[build.name], build.dist),
          });
      }
    }
  }

  // Report.
  const find = (page, profile, build, cache = caches[0]) =>
    results.find((r) => r.page === page && r.profile === profile && r.build === build && r.cache === cache);
  for (const r of results) {
    const b = builds.find((x) => x.name === r.build);
    console.log(
      `\n${r.path}  [${r.profile}, ${r.cache}, ${b.label}]  visible in ${r.rendered}/${r.runs} runs`,
    );
    console.log(
      `  content visible ${ms(r.visibleMs)}${r.liveMs?.median != null ? `   scripted page ${ms(r.liveMs)}` : ''}` +
        `${r.usableMs?.median != null ? `   usable ${ms(r.usableMs)}` : ''}   DOMContentLoaded ${ms(r.dclMs)}   load ${ms(r.loadMs)}`,
    );
    console.log(
      `  on the wire ${fmtBytes(r.wire.total ?? 0)} (files ${fmtBytes(r.wire.assets ?? 0)}, API ${fmtBytes(r.wire.api ?? 0)}; ` +
        `${r.wire.compressedFiles} files compressed, ${r.wire.uncompressedFiles} not); ` +
        `JS+CSS ${fmtBytes(r.bytes.jsCssRaw)} raw / ${fmtBytes(r.bytes.jsCssGzip)} gzip-9 in ${r.fileCount} files; ` +
        `${r.sameOriginRequests} same-origin responses (${r.apiRequests} API); server CPU ${ms(r.serverCpuMs)} per load`,
    );
    console.log(
      `  browser CPU to content visible: renderer ${ms(r.browserCpuMs.renderer)}, browser process, GPU and network ${ms(r.browserCpuMs.other)}`,
    );
    if (r.profile === 'fast' && r.cache === caches[0] && r.build === 'current') {
      for (const f of [...r.files].sort((a, c) => c.gzip - a.gzip).slice(0, 40))
        console.log(
          `    ${f.kind.padEnd(5)} ${String(f.raw).padStart(9)} raw ${String(f.gzip).padStart(8)} gzip  ${f.file}`,
        );
    }
    if (!r.sameFilesEveryRun) console.log('  note: runs did not all request the same files');
    for (const n of r.notes) console.log(`  note: ${n}`);
    if (r.wrongEnd.length) console.log(`  note: some runs ended on ${r.wrongEnd.join(', ')}`);
    for (const h of r.heavy)
      console.log(`  contains ${h.kind} code (${h.what}) in ${h.file}: ${h.evidence.join(', ')}`);
    if (r.external.length) console.log(`  external requests: ${r.external.slice(0, 5).join(', ')}`);
    if (r.pageErrors.length) console.log(`  page errors: ${r.pageErrors.join(' | ')}`);
    if (r.failedRequests.length) console.log(`  failed requests: ${r.failedRequests.join(' | ')}`);
  }

  const ratios = [];
  if (builds.length > 1) {
    console.log('\nRatios this tree / baseline (medians of content visible; bytes on the wire):');
    console.log(
      `  ${'page'.padEnd(12)} ${'profile'.padEnd(9)} ${'visible'.padEnd(26)} ${'wire'.padEnd(24)} ratio`,
    );
    for (const target of pages)
      for (const profile of profiles)
        for (const cache of caches) {
          const cur = find(target.name, profile, 'current', cache);
          const base = find(target.name, profile, 'baseline', cache);
          const visible = ratioOf(cur.visibleMs.median, base.visibleMs.median);
          const wire = ratioOf(cur.wire.total, base.wire.total);
          const renderer = ratioOf(cur.browserCpuMs.renderer.median, base.browserCpuMs.renderer.median);
          // The scripted login page against the baseline's (which has no static copy): for the record.
          const live = target.live ? ratioOf(cur.liveMs.median, base.liveMs.median) : null;
          const usable = target.probe ? ratioOf(cur.usableMs.median, base.usableMs.median) : null;
          const serverCpu = ratioOf(cur.serverCpuMs.median, base.serverCpuMs.median);
          ratios.push({
            page: target.name,
            profile,
            cache,
            visible,
            wire,
            live,
            usable,
            renderer,
            serverCpu,
          });
          console.log(
            `  ${target.name.padEnd(12)} ${profile.padEnd(9)} ${cache.padEnd(4)} ${`${cur.visibleMs.median} / ${base.visibleMs.median} ms`.padEnd(26)} ` +
              `${`${fmtBytes(cur.wire.total ?? 0)} / ${fmtBytes(base.wire.total ?? 0)}`.padEnd(24)} ` +
              `${visible ?? 'n/a'}x visible, ${wire ?? 'n/a'}x wire, ${renderer ?? 'n/a'}x renderer CPU` +
              (live === null
                ? ''
                : `, scripted page ${cur.liveMs.median} / ${base.liveMs.median} ms ${live}x`) +
              (target.probe
                ? `, usable ${cur.usableMs.median} / ${base.usableMs.median} ms ${usable ?? 'n/a'}x`
                : '') +
              `, server CPU ${cur.serverCpuMs.median} / ${base.serverCpuMs.median} ms ${serverCpu ?? 'n/a'}x`,
          );
        }
  }

  const checks = [];
  for (const target of pages)
    for (const profile of profiles) {
      const r = find(target.name, profile, 'current');
      const tag = `${target.name} (${profile})`;
      checks.push({
        name: `${tag} shows ${target.visible} in every run and ends on ${target.endsOn}`,
        value: `${r.rendered}/${r.runs}${r.wrongEnd.length ? `, ended on ${r.wrongEnd.join(' ')}` : ''}`,
        pass: r.rendered === r.runs && r.wrongEnd.length === 0,
      });
      if (profile !== profiles[0]) continue;
      if (target.maxGzip)
        checks.push({
          name: `${target.name} JS+CSS <= ${fmtBytes(target.maxGzip)} gzip-9`,
          value: fmtBytes(r.bytes.jsCssGzip),
          pass: r.rendered > 0 && r.bytes.jsCssGzip > 0 && r.bytes.jsCssGzip <= target.maxGzip,
        });
      if (target.maxWire)
        checks.push({
          name: `${target.name} on the wire <= ${fmtBytes(target.maxWire)}`,
          value: fmtBytes(r.wire.total ?? 0),
          pass: r.rendered > 0 && (r.wire.total ?? Infinity) <= target.maxWire,
        });
      if (target.noHeavy) {
        const bad = r.heavy.filter((h) => FORBIDDEN_ON_LOGIN.includes(h.kind));
        checks.push({
          name: `${target.name} loads no ${FORBIDDEN_ON_LOGIN.join(', ')} code`,
          value: bad.length ? bad.map((h) => `${h.kind} in ${h.file}`).join('; ') : 'none found',
          pass: r.rendered > 0 && bad.length === 0,
        });
      }
    }
  for (const x of ratios.filter((r) => r.cache === caches[0])) {
    const target = pages.find((p) => p.name === x.page);
    const max = x.profile === 'throttled' ? (target.ratio ? THROTTLED_RATIO : null) : target.ratio;
    if (!max) continue;
    checks.push({
      name: `${x.page} (${x.profile}) visible <= ${max}x baseline`,
      value: `${x.visible ?? 'n/a'}x`,
      pass: x.visible !== null && x.visible <= max,
    });
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
      loadavg: os.loadavg(),
      runs: flags.runs,
      locale: flags.locale,
      builds: builds.map((b) => ({
        name: b.name,
        label: b.label,
        commit: b.commit,
        buildMs: b.buildMs,
        totals: b.totals,
      })),
      results,
      ratios,
      checks,
      pass,
    }),
  );
  return pass;
};

run(main);
