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
  // The demo writes today's "about to drop into the pool" digest for siyu1: the bell shows it unread.
  await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/^Reminders \(\d+ unread\)$/);
  await bell.click();
  const panel = page.getByTestId('notification-panel');
  await panel.waitFor();
  const reminder = panel.locator('li').filter({ hasText: 'Clients about to return to the pool' });
  await reminder.first().waitFor();
  await screenshot(page, 'notifications-panel-en');
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await panel.getByText('No reminders').waitFor();
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Reminders');
  // "All" shows the read reminders again.
  await panel.getByText('All', { exact: true }).click();
  await reminder.first().waitFor();
  expect(await panel.getByText('No reminders').count()).toBe(0);
  await page.keyboard.press('Escape');
});
