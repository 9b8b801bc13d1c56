import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/server';

/** Helpers of the console-shell specs (shell-*.test.ts). */

export const COOKIE_NAMES = ['Admin-Token', 'Admin-Token-Expire', 'Admin-Token-Refresh'] as const;

export interface TokenResult {
  access_token: string;
  access_expire: number;
  refresh_after: number;
}

export const PASSWORDS: Record<string, string> = {
  admin: ADMIN_PASSWORD,
  siyu1: DEMO_PASSWORD,
  chakan1: DEMO_PASSWORD,
  zhongtai1: DEMO_PASSWORD,
};

/** Signs in through the API (for tests that are not about the login form). */
export const apiLogin = async (baseURL: string, username = 'admin'): Promise<TokenResult> => {
  const res = await fetch(`${baseURL}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORDS[username] }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: TokenResult };
  if (body.code !== 0) throw new Error(`login ${username} failed: ${body.msg}`);
  return body.data;
};

/** Puts a session into the browser exactly as the console stores it after its own login. */
export const useSession = async (context: BrowserContext, baseURL: string, token: TokenResult) => {
  const values = [token.access_token, String(token.access_expire), String(token.refresh_after)];
  await context.addCookies(
    COOKIE_NAMES.map((name, i) => ({
      name,
      value: values[i] ?? '',
      url: baseURL,
      expires: token.access_expire,
      sameSite: 'Strict' as const,
    })),
  );
};

export const signIn = async (context: BrowserContext, baseURL: string, username = 'admin') => {
  const token = await apiLogin(baseURL, username);
  await useSession(context, baseURL, token);
  return token;
};

/** Revokes a session on the server (as another device or an admin would). */
export const revoke = async (baseURL: string, token: string) => {
  const res = await fetch(`${baseURL}/api/v1/admin/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`logout failed: ${res.status}`);
};

/** POST /admin/info with a token: the server's view of whether it is alive. */
export const infoStatus = async (baseURL: string, token: string) =>
  (
    await fetch(`${baseURL}/api/v1/admin/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    })
  ).status;

export const tokenCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => (COOKIE_NAMES as readonly string[]).includes(c.name));

export const cookieValue = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((c) => c.name === name)?.value;

/** Opens a page of the console and waits for the page root to be there. */
export const open = async (page: Page, baseURL: string, path: string, testId?: string) => {
  await page.goto(`${baseURL}${path}`);
  if (testId) await page.waitForSelector(`[data-testid="${testId}"]`);
};

/** The antd message currently shown with this text. */
export const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

/** The tag of a path in the tags bar. */
export const tag = (page: Page, path: string) => page.locator(`.tags-view__item[data-path="${path}"]`);

/** Fresh state between tests of one browser: no cookies, no storage. */
export const resetBrowser = async (context: BrowserContext, page: Page, baseURL: string) => {
  await context.clearCookies();
  await page.goto(`${baseURL}/404-reset-${Date.now()}.txt`).catch(() => undefined);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
};
