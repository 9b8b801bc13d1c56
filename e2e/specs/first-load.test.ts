import { expect, inject, test } from 'vitest';
import { openBrowser } from '../support/browser';
import { holdRequests } from '../support/hold';
import { signIn } from './shell-support';

const baseURL = inject('baseURL');

/**
 * Opening /client/list signed in: the list's first call starts from the entry script, with the
 * session call, not after the layout's and the page's code (boot.ts, api/early.ts), and the page
 * uses that answer instead of asking again.
 */
test('the client list asks for its rows before its code has loaded, once', async () => {
  const browser = await openBrowser();
  try {
    await signIn(browser.context, baseURL);
    const calls: { url: string; whilePageHeld: boolean }[] = [];
    let held = true;
    const release = await holdRequests(browser.context, /\/assets\/ClientListPage-[^/]+\.js$/);
    browser.page.on('request', (req) => {
      const url = new URL(req.url());
      if (req.method() === 'GET' && url.pathname === '/api/v1/clients')
        calls.push({ url: `${url.pathname}${url.search}`, whilePageHeld: held });
    });
    await browser.page.goto(`${baseURL}/client/list`);
    await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(1);
    expect(calls[0]).toEqual({
      url: '/api/v1/clients?page=1&pageSize=20&sort=-createdAt',
      whilePageHeld: true,
    });
    held = false;
    release();
    await browser.page.locator('[data-testid="client-list-page"]').waitFor();
    await browser.page.waitForLoadState('networkidle');
    expect(calls).toHaveLength(1);

    // With a query the page decides the call itself (its filters), as before.
    calls.length = 0;
    await browser.page.goto(`${baseURL}/client/list?page=2`);
    await browser.page.locator('[data-testid="client-list-page"]').waitFor();
    await browser.page.waitForLoadState('networkidle');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/clients?page=2&pageSize=20&sort=-createdAt']);
  } finally {
    await browser.close();
  }
});

/**
 * Signed in, index.html names the layout's chunks (vite-plugins/layout-preload.ts): they are
 * fetched while the entry script is still on its way, not after it has run. Without a session the
 * same address answers the login page, which fetches nothing of the layout.
 */
test('signed in, the layout chunks load beside the entry script; signed out, not at all', async () => {
  const browser = await openBrowser();
  try {
    const layoutRequests: string[] = [];
    browser.page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (/^\/assets\/layout-[^/]+\.(js|css)$/.test(pathname)) layoutRequests.push(pathname);
    });
    await browser.page.goto(`${baseURL}/dashboard`);
    await browser.page.locator('[data-testid="login-page"]').waitFor();
    await browser.page.waitForLoadState('networkidle');
    expect(layoutRequests).toEqual([]);

    await signIn(browser.context, baseURL);
    const release = await holdRequests(browser.context, /\/assets\/index-[^/]+\.js$/);
    await browser.page.goto(`${baseURL}/dashboard`, { waitUntil: 'commit' });
    // Both the script and the stylesheet of the layout, while the entry is held.
    await expect
      .poll(() => new Set(layoutRequests.map((p) => p.split('.').pop())).size, { timeout: 15_000 })
      .toBe(2);
    release();
    await browser.page.locator('[data-testid="dashboard-page"]').waitFor();
    await browser.page.waitForLoadState('networkidle');
    // Each once: the entry's own request for the layout found the preloaded files.
    expect(layoutRequests).toHaveLength(new Set(layoutRequests).size);
  } finally {
    await browser.close();
  }
});
