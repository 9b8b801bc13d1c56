import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { steady } from '../specs/client-support';
import { sidebarLinks, signInAdmin } from '../specs/system-support';
import { ARTIFACTS, type BrowserSession, openBrowser } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';
import { checkPage, type PageFindings } from './checks';

/**
 * The console tour (issue 16, `npm run tour`; not part of `npm test`): the built server with demo
 * data, signed in as admin, every menu page of the route table (read from the sidebar the route
 * table draws, plus the profile and the product form) in zh, en, es and ja at 1440x900 and
 * 991x800. Each page waits for its data, leaves e2e/artifacts/tour/<lang>-<width>/<route>.png and
 * is checked (./checks.ts, console errors, CSP violations, loading). The summary goes to
 * e2e/artifacts/tour/summary.md (scripts/tour.mjs prints it); any finding fails the run.
 */

const LANGUAGES = (process.env.TOUR_LANGS ?? 'zh,en,es,ja').split(',');
const WIDTHS = (process.env.TOUR_WIDTHS ?? '1440,991').split(',').map(Number);
/** Language and width pairs: TOUR_SETS=zh-1440,en-991 (else every language at every width). */
const SETS: [string, number][] = process.env.TOUR_SETS
  ? process.env.TOUR_SETS.split(',').map((s) => {
      const [lang = 'zh', width = '1440'] = s.split('-');
      return [lang, Number(width)];
    })
  : LANGUAGES.flatMap((lang) => WIDTHS.map((width): [string, number] => [lang, width]));
const HEIGHT: Record<number, number> = { 1440: 900, 991: 800 };
/** Routable pages the sidebar leaves out on purpose (hidden forms) that the tour still looks at. */
const EXTRA_PAGES = ['/profile/index', '/product/add'];
const ONLY = process.env.TOUR_PAGES?.split(',');
const OUT = path.join(ARTIFACTS, 'tour');

interface Visit extends PageFindings {
  lang: string;
  width: number;
  route: string;
  console: string[];
  csp: string[];
  load: string[];
  /** From the navigation to the data shown (the page root filled, quiet network, no spinner). */
  ms: number;
}
const CHECKS = ['load', 'console', 'csp', 'overflow', 'keys', 'chinese', 'english', 'cut'] as const;

let server: RunningServer;
let browser: BrowserSession;
const visits: Visit[] = [];

beforeAll(async () => {
  fs.rmSync(OUT, { recursive: true, force: true });
  server = await startServer();
  browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
  await browser.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __tourCsp: string[] }).__tourCsp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  await signInAdmin(browser.context, server.baseURL);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'summary.md'), summary());
  fs.writeFileSync(path.join(OUT, 'findings.json'), JSON.stringify(visits, null, 2));
});

const slug = (route: string) => route.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'root';

/** The menu: the sidebar's links as admin sees them (the route table, filtered by permission). */
const menuPages = async (page: Page) => {
  await page.goto(`${server.baseURL}/dashboard`);
  await page.locator('.sidebar-container a[href]').first().waitFor();
  const links = await sidebarLinks(page);
  const pages = [...new Set([...links, ...EXTRA_PAGES])].filter((p) => p.startsWith('/'));
  // The whole menu is there (the sidebar drew it) before TOUR_PAGES narrows it.
  expect(pages.length).toBeGreaterThan(10);
  if (!ONLY) return pages;
  const unknown = ONLY.filter((p) => !pages.includes(p));
  if (unknown.length)
    throw new Error(`TOUR_PAGES not in the menu: ${unknown.join(', ')} (menu: ${pages.join(', ')})`);
  return pages.filter((p) => ONLY.includes(p));
};

/** Waits for the page and its data: the page root, quiet network, no spinner, no animation. */
const waitForData = async (page: Page): Promise<string[]> => {
  const problems: string[] = [];
  try {
    await page.waitForFunction(
      () => {
        const main = document.querySelector('#main-content');
        return !!main && (main.textContent ?? '').trim().length > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
  } catch {
    problems.push('page content did not appear in 15 s');
  }
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  try {
    await steady(page);
  } catch {
    problems.push('still loading after 10 s');
  }
  // The mobile sidebar closes after the first paint; let it finish before the picture.
  await page
    .waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    )
    .catch(() => undefined);
  return problems;
};

const visit = async (page: Page, lang: string, width: number, route: string): Promise<Visit> => {
  const errors: string[] = [];
  const csp: string[] = [];
  const onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (/Content.Security.Policy/i.test(text)) csp.push(text.slice(0, 200));
    else errors.push(text.slice(0, 200));
  };
  const onPageError = (err: Error) => errors.push(`uncaught: ${err.message.slice(0, 200)}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    const start = Date.now();
    await page.goto(`${server.baseURL}${route}`);
    const load = await waitForData(page);
    const ms = Date.now() - start;
    // An error message the page showed while loading (a request that failed or timed out).
    load.push(
      ...(await page
        .locator('.ant-message-error, .ant-notification-notice-icon-error')
        .evaluateAll((els) =>
          els.map(
            (el) =>
              `error shown: ${(el.closest('.ant-message-notice, .ant-notification-notice') ?? el).textContent?.trim().slice(0, 120)}`,
          ),
        )),
    );
    if (new URL(page.url()).pathname !== route) load.push(`landed on ${new URL(page.url()).pathname}`);
    // Signed out while the run goes on (a refresh lost or refused): the 401 box over the page.
    if (await page.locator('.logout-box__title').filter({ visible: true }).count())
      load.push('signed out: the logout box is shown');
    const findings = await checkPage(page, lang);
    csp.push(...(await page.evaluate(() => (window as unknown as { __tourCsp?: string[] }).__tourCsp ?? [])));
    const dir = path.join(OUT, `${lang}-${width}`);
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${slug(route)}.png`) });
    return { lang, width, route, console: errors, csp: [...new Set(csp)], load, ms, ...findings };
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
};

const failed = (v: Visit) => CHECKS.some((c) => v[c].length > 0);

const loadavg = () => {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
};

const summary = () => {
  const lines = [
    '# Console tour',
    '',
    `${visits.length} page visits, ${visits.filter(failed).length} with findings.`,
    '',
    `Load average when written: ${loadavg()} (the ms column depends on it).`,
    '',
    `| lang | width | route | ms | ${CHECKS.join(' | ')} |`,
    `|---|---|---|---:|${CHECKS.map(() => '---').join('|')}|`,
  ];
  for (const v of visits)
    lines.push(
      `| ${v.lang} | ${v.width} | ${v.route} | ${v.ms} | ${CHECKS.map((c) => (v[c].length ? `✖ ${v[c].length}` : '✔')).join(' | ')} |`,
    );
  const totals = CHECKS.map((c) => `${c} ${visits.filter((v) => v[c].length).length}`).join(', ');
  lines.push('', `Pages failing each check: ${totals}.`, '', '## Findings', '');
  for (const v of visits.filter(failed)) {
    lines.push(`### ${v.lang} ${v.width} ${v.route}`);
    for (const c of CHECKS) for (const f of v[c]) lines.push(`- ${c}: ${f.replace(/\s+/g, ' ')}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
};

test('every menu page in every language at 1440 and 991 px', async () => {
  const { page, context } = browser;
  const pages = await menuPages(page);
  for (const [lang, width] of SETS) {
    await context.addCookies([{ name: 'language', value: lang, url: server.baseURL }]);
    await page.setViewportSize({ width, height: HEIGHT[width] ?? 800 });
    for (const route of pages) {
      const v = await visit(page, lang, width, route).catch(
        (e: Error): Visit => ({
          lang,
          width,
          route,
          console: [],
          csp: [],
          load: [`visit failed: ${e.message.split('\n')[0]}`],
          ms: 0,
          overflow: [],
          keys: [],
          chinese: [],
          english: [],
          cut: [],
        }),
      );
      visits.push(v);
      const bad = CHECKS.filter((c) => v[c].length);
      console.log(`${lang} ${width} ${route} ${v.ms} ms ${bad.length ? `✖ ${bad.join(', ')}` : '✔'}`);
    }
  }
  expect(visits.filter(failed).map((v) => `${v.lang} ${v.width} ${v.route}`)).toEqual([]);
}, 3_600_000);
