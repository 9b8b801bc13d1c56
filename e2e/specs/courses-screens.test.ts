import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { open } from './shell-support';
import { adminApi, openConsole, quietTables, settle, signInAdmin, visibleDialog } from './system-support';

/**
 * Screens of every course and member page (issue 10) in Chinese and English at 1440 and 991 px,
 * with demo data: the lists, the class form, the live calendar and the member drawer. Each page
 * must show rows, keep its toolbar on screen and not scroll the document sideways.
 */
const baseURL = inject('baseURL');
let classId = 0;

beforeAll(async () => {
  const api = await adminApi(baseURL);
  const classes = await api.call<{ items: { id: number; studentCount: number }[] }>(
    'GET',
    '/v1/course/classes?sort=-studentCount&pageSize=1',
  );
  classId = classes.items[0]?.id ?? 0;
  expect(classId).toBeGreaterThan(0);
});

const noSidewaysScroll = async (page: Page) => {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the document scrolls sideways').toBeLessThanOrEqual(client + 1);
};

const rowsShown = async (page: Page) => {
  await page.locator('.ant-table-row').first().waitFor();
  await quietTables(page);
  await page.waitForTimeout(200);
};

const shoot = async (session: BrowserSession, lang: string) => {
  const { page } = session;
  for (const width of [1440, 991]) {
    await page.setViewportSize({ width, height: 900 });
    const name = (n: string) => `courses-screen-${lang}-${width}-${n}`;
    for (const [path, testId, n] of [
      ['/course/class-list', 'class-list-page', 'classes'],
      [`/course/student-list?classId=${classId}`, 'student-list-page', 'students'],
      ['/course/user-list', 'course-user-list-page', 'users'],
      ['/course/live-class-list', 'live-list-page', 'live'],
      ['/member/list', 'member-list-page', 'members'],
    ] as const) {
      await open(page, baseURL, path, testId);
      await rowsShown(page);
      await noSidewaysScroll(page);
      await screenshot(page, name(n));
    }
    // The class form with its pickers.
    await open(page, baseURL, '/course/class-list', 'class-list-page');
    await rowsShown(page);
    await page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: lang === 'zh' ? /编\s?辑/ : 'Edit' })
      .click();
    await settle(page);
    await visibleDialog(page).locator('form').waitFor();
    await screenshot(page, name('class-form'));
    await page.keyboard.press('Escape');
    // The live calendar.
    await open(page, baseURL, '/course/live-class-list', 'live-list-page');
    await page.getByText(lang === 'zh' ? '日历' : 'Calendar', { exact: true }).click();
    await page.locator('.ant-picker-calendar').waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, name('live-calendar'));
    // The member drawer of a paying member.
    await open(page, baseURL, '/member/list?hasPaid=true', 'member-list-page');
    await rowsShown(page);
    await page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: lang === 'zh' ? /详\s?情/ : 'Details' })
      .click();
    await settle(page);
    await visibleDialog(page).locator('.ant-tabs').waitFor();
    await screenshot(page, name('member-drawer'));
  }
};

let zh: BrowserSession | undefined;
let en: BrowserSession | undefined;
afterAll(async () => {
  await zh?.close();
  await en?.close();
});

test('course and member pages in Chinese at 1440 and 991 px', async () => {
  zh = await openConsole('zh-CN');
  await signInAdmin(zh.context, baseURL);
  await shoot(zh, 'zh');
});

test('course and member pages in English at 1440 and 991 px', async () => {
  en = await openConsole('en-US');
  await signInAdmin(en.context, baseURL);
  await shoot(en, 'en');
});
