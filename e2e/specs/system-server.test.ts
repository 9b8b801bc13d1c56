import { afterAll, beforeEach, expect, inject, test } from 'vitest';
import type { BrowserSession } from '../support/browser';
import { screenshot } from '../support/browser';
import { open } from './shell-support';
import {
  motionDone,
  openConsole,
  screenshotOnFailure,
  seriousA11yViolations,
  signInAdmin,
} from './system-support';

/** System > Server in zh and en: version, uptime, database, memory, readiness checks, recent errors. */
const baseURL = inject('baseURL');
let browser: BrowserSession;

beforeEach(() => {
  screenshotOnFailure(() => browser?.page);
});
afterAll(async () => {
  await browser?.close();
});

for (const [locale, lang, texts] of [
  [
    'zh-CN',
    'zh',
    {
      menu: '服务器',
      checks: '就绪检查',
      ok: '正常',
      db: '内置数据库（PGlite）',
      errors: '本次启动以来没有错误',
    },
  ],
  [
    'en-US',
    'en',
    {
      menu: 'Server',
      checks: 'Readiness checks',
      ok: 'OK',
      db: 'Embedded (PGlite)',
      errors: 'No errors since this start',
    },
  ],
] as const) {
  test(`the server page in ${lang}: figures, checks and errors shown, no serious axe violation`, async () => {
    await browser?.close();
    browser = await openConsole(locale);
    await signInAdmin(browser.context, baseURL);
    const { page } = browser;
    await open(page, baseURL, '/dashboard', 'dashboard-page');
    await page
      .locator('.sidebar-container')
      .getByText(lang === 'zh' ? '系统管理' : 'System', { exact: true })
      .click();
    // the sub-menu opens with a height transition: its links move until it ends
    await motionDone(page);
    await page.locator('.sidebar-container').getByRole('link', { name: texts.menu, exact: true }).click();
    const root = page.getByTestId('server-page');
    await root.getByText(texts.db).first().waitFor();
    expect(page.url()).toBe(`${baseURL}/system/server`);
    // The version, Node and two passing checks (database, migrations).
    await expect.poll(() => root.getByText(/^v\d+\.\d+\.\d+$/).count()).toBe(1);
    await expect
      .poll(() => root.locator('.ant-badge-status', { hasText: texts.ok }).count())
      .toBeGreaterThanOrEqual(2);
    await root.getByText(texts.checks).waitFor();
    // Recent errors: the shared server has none, or lists them; either way the table is there.
    const errors = await root.locator('.ant-table-row').count();
    expect(errors).toBeGreaterThanOrEqual(2);
    if (errors === 2) await root.getByText(texts.errors).waitFor();
    await expect.poll(() => root.locator('.ant-spin-spinning, .ant-spin-blur').count()).toBe(0);
    await root.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
    );
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `system-server-${lang}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}
