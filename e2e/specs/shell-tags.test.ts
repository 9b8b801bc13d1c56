import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { open, resetBrowser, signIn, tag } from './shell-support';
import { settle } from './system-support';

const baseURL = inject('baseURL');
let browser: BrowserSession;

beforeAll(async () => {
  // A short window, so the dashboard scrolls.
  browser = await openBrowser({ locale: 'en-US', viewport: { width: 1280, height: 300 }, motion: true });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await resetBrowser(browser.context, browser.page, baseURL);
  await signIn(browser.context, baseURL);
});

const tabs = () =>
  browser.page
    .locator('.tags-view__item')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));
const filter = () => browser.page.getByLabel('Filter your areas');
/** Opens a tab's context menu (one right-click, as a user would). */
const contextMenu = async (path: string) => {
  const menu = browser.page.locator('.ant-dropdown-menu').filter({ visible: true });
  await tag(browser.page, path).click({ button: 'right' });
  await menu.waitFor();
  // Once it has stopped moving, as a user clicks it: in this 300 px window the menu is aligned
  // (and may flip) while it zooms in, and a click aimed mid-way landed on the navbar's avatar.
  await settle(browser.page);
  return menu;
};
const closeMenu = async () => {
  await browser.page.keyboard.press('Escape');
  await browser.page.locator('.ant-dropdown-menu').filter({ visible: true }).waitFor({ state: 'detached' });
};
const clickSidebar = (name: string) =>
  browser.page.locator('.sidebar-container').getByRole('link', { name, exact: true }).click();

test('a tab per visited page, the affix tab first without Close; query-only changes update the tab', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  expect(await tabs()).toEqual(['/dashboard']);
  await clickSidebar('Profile');
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(await tabs()).toEqual(['/dashboard', '/profile/index']);
  await page.goto(`${baseURL}/profile/index?a=1`);
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(await tabs()).toEqual(['/dashboard', '/profile/index']);
  expect(await tag(page, '/profile/index').locator('a').getAttribute('href')).toBe('/profile/index?a=1');
  expect(await tag(page, '/dashboard').locator('a').textContent()).toBe('Dashboard');

  expect(await tag(page, '/dashboard').getByRole('button').count()).toBe(0);
  const menu = await contextMenu('/dashboard');
  // The popup may be attached a frame before its items are laid out: poll instead of reading once.
  await expect
    .poll(() => menu.getByRole('menuitem').allInnerTexts())
    .toEqual(['Refresh', 'Close Others', 'Close All']);
  await closeMenu();
  const profileMenu = await contextMenu('/profile/index');
  await expect
    .poll(() => profileMenu.getByRole('menuitem').allInnerTexts())
    .toEqual(['Refresh', 'Close', 'Close Others', 'Close All']);
  await closeMenu();

  // Tabs survive a reload of the browser tab (same user).
  await page.reload();
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(await tabs()).toEqual(['/dashboard', '/profile/index']);
});

test('closing the active tab goes to the last remaining tab', async () => {
  const { page } = browser;
  await open(page, baseURL, '/profile/index', 'profile-page');
  expect(await tabs()).toEqual(['/dashboard', '/profile/index']);
  await tag(page, '/profile/index').getByRole('button', { name: 'Close Profile' }).click();
  await page.waitForSelector('[data-testid="dashboard-page"]');
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(await tabs()).toEqual(['/dashboard']);
});

test('Close All on a non-affix page leaves you on the last affix tab, not on an untagged page', async () => {
  const { page } = browser;
  await open(page, baseURL, '/profile/index', 'profile-page');
  const menu = await contextMenu('/dashboard');
  await menu.getByRole('menuitem', { name: 'Close All' }).click();
  await page.waitForSelector('[data-testid="dashboard-page"]');
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(await tabs()).toEqual(['/dashboard']);
});

test('keep-alive: a typed value and the scroll position survive switching tabs; Refresh remounts', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  // Scroll once the page is as the user sees it: the figures above the shortcuts arrive after the
  // page shows (the browser's scroll anchoring then moves a position taken earlier by their height),
  // and the filter applies to the list in a deferred render.
  await page.locator('.dashboard-figures[aria-busy="true"]').waitFor({ state: 'detached' });
  await filter().fill('prof');
  const shortcuts = page.locator('.dashboard-shortcut');
  await expect
    .poll(async () => {
      const labels = await shortcuts.allTextContents();
      return labels.length > 0 && labels.every((l) => l.toLowerCase().includes('prof'));
    })
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(50);

  await clickSidebar('Profile');
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The kept page is still in the DOM, hidden.
  expect(await page.locator('[data-testid="dashboard-page"]').isHidden()).toBe(true);

  await tag(page, '/dashboard').locator('a').click();
  await page.locator('[data-testid="dashboard-page"]').waitFor({ state: 'visible' });
  expect(await filter().inputValue()).toBe('prof');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Refresh goes through /redirect/dashboard and mounts the page afresh.
  await page.evaluate(() => window.scrollTo(0, 0));
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  const menu = await contextMenu('/dashboard');
  await menu.getByRole('menuitem', { name: 'Refresh' }).click();
  await expect.poll(() => filter().inputValue()).toBe('');
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(seen).toContain('/redirect/dashboard');
});

test('a noCache page (profile) is not kept alive', async () => {
  const { page } = browser;
  await open(page, baseURL, '/profile/index', 'profile-page');
  await clickSidebar('Dashboard');
  await page.waitForSelector('[data-testid="dashboard-page"]');
  expect(await page.locator('[data-testid="profile-page"]').count()).toBe(0);
});
