import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import type { BrowserSession } from '../support/browser';
import { openBrowser } from '../support/browser';
import { checkPage } from '../tour/checks';
import { steady } from './client-support';
import { screenshotOnFailure, signInAdmin } from './system-support';

/**
 * A slice of the console tour (`npm run tour`, e2e/tour) in the normal suite: a few pages in
 * Spanish (the longest labels) at 991 px, with the tour's checks: no horizontal overflow, no i18n
 * key or Chinese chrome on screen, no cut button, tag, header or label, no console error.
 */
const baseURL = inject('baseURL');
const PAGES = [
  '/order/list',
  '/client/list',
  '/system/admin-list',
  '/call/sms-template-list',
  '/system/audit-log',
];

let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 991, height: 800 }, locale: 'es' });
  await browser.context.addCookies([{ name: 'language', value: 'es', url: baseURL }]);
  await signInAdmin(browser.context, baseURL);
});
afterAll(async () => browser?.close());
beforeEach(() => {
  screenshotOnFailure(() => browser?.page);
});

test('es at 991 px: no overflow, no untranslated text, no cut label, no console error', async () => {
  const { page } = browser;
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  for (const path of PAGES) {
    await page.goto(`${baseURL}${path}`);
    await page.locator('#main-content .ant-table-row, #main-content .ant-empty').first().waitFor();
    await steady(page);
    const findings = await checkPage(page, 'es');
    expect({ path, ...findings, errors }).toEqual({
      path,
      overflow: [],
      keys: [],
      chinese: [],
      cut: [],
      errors: [],
    });
  }
});
