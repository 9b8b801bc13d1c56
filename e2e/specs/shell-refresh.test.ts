import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';
import { apiLogin, cookieValue, infoStatus, useSession } from './shell-support';

/** Tokens live 40 s and may be refreshed during their last 30 s: refresh_after = login + 10 s. */
let server: RunningServer;
let active: BrowserSession;
let idle: BrowserSession;

beforeAll(async () => {
  [server, active, idle] = await Promise.all([
    // Token lifetimes are the point, not data: no demo to seed.
    startServer({ ACCESS_TOKEN_TTL_SECONDS: '40', REFRESH_WINDOW_SECONDS: '30', DEMO_DATA: '0' }),
    openBrowser({ locale: 'en-US' }),
    openBrowser({ locale: 'en-US' }),
  ]);
});
afterAll(async () => {
  await Promise.all([active?.close(), idle?.close()]);
  await server?.stop();
});

/** Keyboard and pointer use, as a working user produces. */
const workOn = async (page: Page, until: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  let x = 300;
  while (Date.now() < deadline) {
    x = x === 300 ? 420 : 300;
    await page.mouse.move(x, 400);
    if (await until()) return true;
    await page.waitForTimeout(500);
  }
  return false;
};

test('while the user is active the token is refreshed in its window, once across tabs; an idle tab is left alone', async () => {
  const baseURL = server.baseURL;
  const [activeToken, idleToken] = await Promise.all([apiLogin(baseURL), apiLogin(baseURL)]);
  expect(activeToken.refresh_after).toBe(activeToken.access_expire - 30);
  await useSession(active.context, baseURL, activeToken);
  await useSession(idle.context, baseURL, idleToken);

  // Two tabs of the active user share the cookies; count refresh calls across both.
  const second = await active.context.newPage();
  /** When each refresh call was made (epoch seconds). */
  const refreshCalls: number[] = [];
  for (const p of [active.page, second]) {
    p.on('request', (r) => {
      if (r.url().endsWith('/api/v1/admin/refresh-token')) refreshCalls.push(Date.now() / 1000);
    });
  }
  await Promise.all([
    active.page.goto(`${baseURL}/dashboard`),
    second.goto(`${baseURL}/profile/index`),
    idle.page.goto(`${baseURL}/dashboard`),
  ]);
  await active.page.waitForSelector('[data-testid="dashboard-page"]');
  await second.waitForSelector('[data-testid="profile-page"]');
  await idle.page.waitForSelector('[data-testid="dashboard-page"]');
  // Opening pages refreshes nothing before the window (on a loaded machine the window may have
  // opened by the time three pages have loaded).
  expect(refreshCalls.filter((t) => t < activeToken.refresh_after)).toEqual([]);

  // Both tabs are in use; the refresh window opens 10 s after login.
  const replaced = async () =>
    (await cookieValue(active.context, 'Admin-Token')) !== activeToken.access_token;
  const working = Promise.all([workOn(active.page, replaced, 25_000), workOn(second, replaced, 25_000)]);
  const [done] = await working;
  expect(done).toBe(true);
  const now = Math.floor(Date.now() / 1000);
  expect(now).toBeGreaterThanOrEqual(activeToken.refresh_after);

  // All three cookies replaced; the new token works and expires later.
  const newToken = (await cookieValue(active.context, 'Admin-Token')) ?? '';
  const newExpire = Number(await cookieValue(active.context, 'Admin-Token-Expire'));
  const newRefresh = Number(await cookieValue(active.context, 'Admin-Token-Refresh'));
  expect(newExpire).toBeGreaterThan(activeToken.access_expire);
  expect(newRefresh).toBe(newExpire - 30);
  const cookie = (await active.context.cookies()).find((c) => c.name === 'Admin-Token');
  expect(Math.abs((cookie?.expires ?? 0) - newExpire)).toBeLessThanOrEqual(2);
  expect(await infoStatus(baseURL, newToken)).toBe(200);

  // Keep working a little: the other tab found the fresh cookie and did not refresh again.
  await Promise.all([workOn(active.page, async () => false, 3000), workOn(second, async () => false, 3000)]);
  expect(refreshCalls).toHaveLength(1);

  // The idle user's token was not touched.
  expect(await cookieValue(idle.context, 'Admin-Token')).toBe(idleToken.access_token);
}, 60_000);

test('a refresh answered late (a loaded server, 6 s) still replaces the token, and the session outlives the grace', async () => {
  const baseURL = server.baseURL;
  const slow = await openBrowser({ locale: 'en-US' });
  try {
    const token = await apiLogin(baseURL);
    await useSession(slow.context, baseURL, token);
    // The server rotates the token at once; its answer reaches the page 6 s later (more than the
    // 5 s other calls wait: a client that gave up kept the refreshed-away token, which the server
    // refuses 30 s later and treats as a replay at the next refresh, ending the session).
    await slow.context.route('**/api/v1/admin/refresh-token', async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 6000));
      await route.fulfill({ response });
    });
    const waitMs = token.refresh_after * 1000 - Date.now() + 500;
    if (waitMs > 0) await slow.page.waitForTimeout(waitMs);
    // Opening a page in the window refreshes before its calls.
    await slow.page.goto(`${baseURL}/profile/index`);
    await slow.page.waitForSelector('[data-testid="profile-page"]');
    const replaced = await slow.page
      .waitForFunction(
        (old) => !document.cookie.split('; ').includes(`Admin-Token=${old}`),
        token.access_token,
        { timeout: 15_000 },
      )
      .then(() => true)
      .catch(() => false);
    expect(replaced).toBe(true);
    const fresh = (await cookieValue(slow.context, 'Admin-Token')) ?? '';
    expect(fresh).not.toBe(token.access_token);
    expect(await infoStatus(baseURL, fresh)).toBe(200);
  } finally {
    await slow.close();
  }
}, 60_000);
