import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from '../support/browser';
import { open, resetBrowser, signIn } from './shell-support';

const baseURL = inject('baseURL');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await resetBrowser(browser.context, browser.page, baseURL);
  await signIn(browser.context, baseURL, 'siyu1');
});

test('the reminder bell opens its panel on demand; marking all read empties the unread list', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  const bell = page.getByTestId('notification-bell');
  await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/^Reminders/);
  await bell.click();
  const panel = page.getByTestId('notification-panel');
  await panel.waitFor();
  await screenshot(page, 'notifications-panel-en');
  const readAll = panel.getByRole('button', { name: 'Mark all read' });
  if (await readAll.isEnabled()) await readAll.click();
  await panel.getByText('No reminders').waitFor();
  expect(await bell.getAttribute('aria-label')).toBe('Reminders');
  // "All" shows read reminders too (or the same empty state when there never were any).
  await panel.getByText('All', { exact: true }).click();
  await expect
    .poll(
      async () =>
        (await panel.locator('li').count()) > 0 || (await panel.getByText('No reminders').isVisible()),
    )
    .toBe(true);
  await page.keyboard.press('Escape');
});
