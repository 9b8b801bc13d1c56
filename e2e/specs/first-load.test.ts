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
