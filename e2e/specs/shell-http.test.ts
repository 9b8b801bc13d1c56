import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { apiLogin, message, open, resetBrowser, revoke, tokenCookies, useSession } from './shell-support';

const baseURL = inject('baseURL');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser({ locale: 'en-US' });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await resetBrowser(browser.context, browser.page, baseURL);
});

/**
 * Sends requests through the console's own HTTP client (the axios instance of src/api/http.ts, with
 * all its interceptors). The shell has no business page yet that fires requests through it, so the
 * test finds the instance in the page's heap over the DevTools protocol (no seam in the app) and
 * fires them itself.
 */
const sendThroughClient = async (page: Page, requests: { method: string; url: string; data?: unknown }[]) => {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result: proto } = await cdp.send('Runtime.evaluate', { expression: 'Function.prototype' });
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.objectId ?? '' });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId ?? '',
      functionDeclaration: `function () {
        const client = this.find((f) => f && f.interceptors && f.defaults && f.defaults.baseURL === '/api');
        window.__e2eConsoleClient = client;
        return Boolean(client);
      }`,
      returnByValue: true,
    });
    if (result.value !== true) throw new Error('the console HTTP client was not found');
  } finally {
    await cdp.detach();
  }
  return page.evaluate(async (list) => {
    const client = (window as unknown as { __e2eConsoleClient: (config: unknown) => Promise<unknown> })
      .__e2eConsoleClient;
    const results = await Promise.allSettled(list.map((r) => client(r)));
    return results.map((r) =>
      r.status === 'fulfilled' ? 'ok' : `${(r.reason as Error).name}:${(r.reason as Error).message}`,
    );
  }, requests);
};

test('parallel 401s show ONE Confirm logout box; Cancel stays, re-login resets the token and reloads', async () => {
  const { page, context } = browser;
  const token = await apiLogin(baseURL);
  await useSession(context, baseURL, token);
  await open(page, baseURL, '/profile/index?x=1', 'profile-page');

  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/admin/info')) requests.push(r.headers().authorization ?? '');
  });
  await revoke(baseURL, token.access_token);
  const results = await sendThroughClient(
    page,
    Array.from({ length: 4 }, () => ({ method: 'post', url: '/v1/admin/info', data: {} })),
  );
  expect(results).toHaveLength(4);
  for (const r of results) expect(r).toMatch(/^ApiError:/);
  expect(requests).toEqual(Array(4).fill(`Bearer ${token.access_token}`));

  const box = page.getByRole('dialog', { name: 'Confirm logout' });
  await box.waitFor();
  expect(await page.getByRole('dialog').count()).toBe(1);
  expect(await box.textContent()).toContain('You have been logged out');
  expect(await box.getByRole('button').allInnerTexts()).toEqual(['Cancel', 're-login']);
  // A 401 is the box's business: no red message per request.
  expect(await page.locator('.ant-message-notice').count()).toBe(0);

  await box.getByRole('button', { name: 'Cancel' }).click();
  await box.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe('/profile/index');

  await sendThroughClient(page, [
    { method: 'post', url: '/v1/admin/info', data: {} },
    { method: 'post', url: '/v1/admin/info', data: {} },
  ]);
  await box.waitFor();
  expect(await page.getByRole('dialog').count()).toBe(1);
  await box.getByRole('button', { name: 're-login' }).click();
  await page.waitForSelector('[data-testid="login-page"]');
  expect(page.url()).toBe(`${baseURL}/login?redirect=${encodeURIComponent('/profile/index?x=1')}`);
  expect(await tokenCookies(context)).toEqual([]);
});

test("failures show the server's msg (never 'Request failed with status code'), in the UI language", async () => {
  const { page, context } = browser;
  const token = await apiLogin(baseURL);
  await useSession(context, baseURL, token);
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  const headers: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/')) headers.push(r.headers()['accept-language'] ?? '');
  });
  const results = await sendThroughClient(page, [
    { method: 'post', url: '/v1/admin/login', data: { username: 'nobody9', password: 'wrong-password-9' } },
    { method: 'get', url: '/v1/no-such-api' },
  ]);
  expect(results).toEqual(['ApiError:Wrong username or password', 'ApiError:No such API']);
  await message(page, 'Wrong username or password').waitFor();
  await message(page, 'No such API').waitFor();
  expect(await page.locator('.ant-message-notice', { hasText: 'status code' }).count()).toBe(0);
  expect(headers).toEqual(['en', 'en']);
});

test('a network error shows a red message with the error text', async () => {
  const { page, context } = browser;
  const token = await apiLogin(baseURL);
  await useSession(context, baseURL, token);
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  await context.setOffline(true);
  try {
    const [result] = await sendThroughClient(page, [{ method: 'get', url: '/ready' }]);
    expect(result).toMatch(/^ApiError:Network error/);
    await message(page, 'Network error').waitFor();
  } finally {
    await context.setOffline(false);
  }
});
