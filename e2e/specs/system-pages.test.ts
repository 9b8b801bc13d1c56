import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import type { BrowserSession } from '../support/browser';
import { screenshot } from '../support/browser';
import { cookieValue, message, open } from './shell-support';
import {
  adminApi,
  chooseMenuItem,
  openConsole,
  screenshotOnFailure,
  seriousA11yViolations,
  signInAdmin,
} from './system-support';

const baseURL = inject('baseURL');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openConsole('en-US');
  await signInAdmin(browser.context, baseURL);
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  screenshotOnFailure(() => browser?.page);
});

const PAGES = [
  { menu: 'Admin users', testId: 'admin-list-page', name: 'admin-list', ready: '.ant-table-row' },
  { menu: 'Departments', testId: 'dept-list-page', name: 'dept-list', ready: '.ant-table-row' },
  { menu: 'Roles', testId: 'role-list-page', name: 'role-list', ready: '.ant-table-row' },
  { menu: 'Audit log', testId: 'audit-log-page', name: 'audit-log', ready: '.ant-table-row' },
  { menu: 'Profile', testId: 'profile-page', name: 'profile', ready: 'form' },
];

test('every system page and the profile in English: data shown, no serious axe violation, screenshots', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  await page.locator('.sidebar-container').getByText('System', { exact: true }).click();
  for (const p of PAGES) {
    await page.locator('.sidebar-container').getByRole('link', { name: p.menu, exact: true }).click();
    const root = page.getByTestId(p.testId);
    // Loaded, not blank: a table row (or the profile form) is there.
    await root.locator(p.ready).first().waitFor();
    expect(await page.title()).toBe(`${p.menu === 'Profile' ? 'Profile' : p.menu} - EduCRM 管理后台`);
    // Not mid-refresh: a loading table is dimmed, and fades back in.
    await expect.poll(() => root.locator('.ant-spin-spinning, .ant-spin-blur').count()).toBe(0);
    await root.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
    );
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `system-${p.name}-en`);
    expect(await seriousA11yViolations(page), p.name).toEqual([]);
  }
});

test('switching the language in the navbar translates the pages, in this browser only', async () => {
  const { page, context } = browser;
  const { call } = await adminApi(baseURL);
  const accountLanguage = (await call<{ lang: string | null }>('GET', '/v1/profile')).lang;
  await open(page, baseURL, '/system/role-list', 'role-list-page');
  await page.getByRole('button', { name: /^Language/ }).click();
  await chooseMenuItem(page, '中文');
  await message(page, '切换语言成功').waitFor();
  expect(await cookieValue(context, 'language')).toBe('zh');
  expect(await page.title()).toBe('角色 - EduCRM 管理后台');
  const sidebar = (await page.locator('.sidebar-container').textContent()) ?? '';
  for (const title of ['系统管理', '管理员用户', '部门', '角色', '操作日志'])
    expect(sidebar).toContain(title);
  await page.getByTestId('role-list-page').getByText('私域销售').waitFor();
  expect(await page.locator('th').allTextContents()).toContain('数据范围');
  await screenshot(page, 'system-role-list-zh');
  // The choice is this browser's (its cookie, spec section 4): the account's language is untouched.
  expect((await call<{ lang: string | null }>('GET', '/v1/profile')).lang).toBe(accountLanguage);
});
