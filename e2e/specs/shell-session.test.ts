import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { ADMIN_PASSWORD } from '../support/server';
import {
  apiLogin,
  cookieValue,
  infoStatus,
  message,
  open,
  resetBrowser,
  revoke,
  signIn,
  tokenCookies,
  useSession,
} from './shell-support';
import { chooseMenuItem } from './system-support';

const baseURL = inject('baseURL');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser({ locale: 'zh-CN' });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await resetBrowser(browser.context, browser.page, baseURL);
});

const fillLogin = async (username: string, password: string) => {
  const { page } = browser;
  await page.getByLabel('账号').fill(username);
  await page.locator('input[name="password"]').fill(password);
};

test('a deep link without a token goes to login with its path and query, and lands there after login', async () => {
  const { page, context } = browser;
  await page.goto(`${baseURL}/profile/index?x=1&y=%E4%B8%AD`);
  await page.waitForSelector('[data-testid="login-page"]');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(new URL(page.url()).search).toBe(
    `?redirect=${encodeURIComponent('/profile/index?x=1&y=%E4%B8%AD')}`,
  );
  expect(await page.title()).toBe('登录 - EduCRM 管理后台');

  await fillLogin('  admin  ', ADMIN_PASSWORD);
  const before = Math.floor(Date.now() / 1000);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(page.url()).toBe(`${baseURL}/profile/index?x=1&y=%E4%B8%AD`);
  expect(await page.title()).toBe('个人中心 - EduCRM 管理后台');

  // The three cookies of spec section 4: SameSite=Strict, expiring with the token (not HttpOnly: the
  // console reads them; not Secure over plain http).
  const cookies = await tokenCookies(context);
  expect(cookies.map((c) => c.name).sort()).toEqual([
    'Admin-Token',
    'Admin-Token-Expire',
    'Admin-Token-Refresh',
  ]);
  const expire = Number(await cookieValue(context, 'Admin-Token-Expire'));
  const refresh = Number(await cookieValue(context, 'Admin-Token-Refresh'));
  expect(expire).toBeGreaterThanOrEqual(before + 1790);
  expect(refresh).toBe(expire - 600);
  for (const c of cookies) {
    expect(c.sameSite).toBe('Strict');
    expect(c.httpOnly).toBe(false);
    expect(c.secure).toBe(false);
    expect(c.path).toBe('/');
    expect(Math.abs(c.expires - expire)).toBeLessThanOrEqual(2);
  }
  expect(await infoStatus(baseURL, (await cookieValue(context, 'Admin-Token')) ?? '')).toBe(200);
});

test('login errors are shown beside the fields and above the form', async () => {
  const { page } = browser;
  await open(page, baseURL, '/login', 'login-page');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect
    .poll(() => page.locator('.login-field__error').allInnerTexts())
    .toEqual(['请输入账号', '请输入密码']);
  expect(await page.getByLabel('账号').getAttribute('aria-invalid')).toBe('true');

  await fillLogin('ab', 'whatever-password');
  await page.getByLabel('账号').blur();
  await expect.poll(() => page.locator('.login-field__error').first().textContent()).toContain('4-16');

  await fillLogin('admin', 'wrong-password-1');
  await page.locator('input[name="password"]').press('Enter');
  const alert = page.locator('.login-error[role="alert"]');
  await alert.waitFor();
  expect(await alert.textContent()).toBe('用户名或密码错误');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await tokenCookies(browser.context)).toEqual([]);

  // Password visibility toggle and caps-lock hint.
  const password = page.locator('input[name="password"]');
  expect(await password.getAttribute('type')).toBe('password');
  await page.getByRole('button', { name: '显示密码' }).click();
  expect(await password.getAttribute('type')).toBe('text');
  // Headless Chromium has no caps-lock state to toggle: send the key event a caps-locked keyboard sends.
  const capsKey = (on: boolean) =>
    password.evaluate((input, capsOn) => {
      input.dispatchEvent(new KeyboardEvent('keyup', { key: 'A', bubbles: true, modifierCapsLock: capsOn }));
    }, on);
  await capsKey(true);
  await expect.poll(() => page.locator('.login-capslock').textContent()).toBe('大写锁定已打开');
  await capsKey(false);
  await expect.poll(() => page.locator('.login-capslock').textContent()).toBe('');
});

test('the redirect target is honoured only for a path of this origin', async () => {
  const { page } = browser;
  for (const bad of ['//evil.example.com/x', 'https://evil.example.com/', '/\\evil.example.com']) {
    await resetBrowser(browser.context, page, baseURL);
    await open(page, baseURL, `/login?redirect=${encodeURIComponent(bad)}`, 'login-page');
    await fillLogin('admin', ADMIN_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForSelector('[data-testid="dashboard-page"]');
    expect(page.url()).toBe(`${baseURL}/dashboard`);
  }
});

test('with a token, /login goes home and / goes to the dashboard', async () => {
  const { page, context } = browser;
  await signIn(context, baseURL);
  await open(page, baseURL, '/login', 'dashboard-page');
  expect(page.url()).toBe(`${baseURL}/dashboard`);
  await open(page, baseURL, '/', 'dashboard-page');
  expect(page.url()).toBe(`${baseURL}/dashboard`);
  expect(await page.title()).toBe('首页 - EduCRM 管理后台');
});

test('unknown paths go to /404 (after login when there is no token); /404 has a way home', async () => {
  const { page, context } = browser;
  await page.goto(`${baseURL}/no/such/page?q=1`);
  await page.waitForSelector('[data-testid="login-page"]');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/no/such/page?q=1');

  await signIn(context, baseURL);
  await open(page, baseURL, '/no/such/page', 'not-found-page');
  expect(new URL(page.url()).pathname).toBe('/404');
  expect(await page.title()).toBe('页面不存在 - EduCRM 管理后台');
  await page.getByRole('button', { name: '返回首页' }).click();
  await page.waitForSelector('[data-testid="dashboard-page"]');
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  // /401 is where a route that exists but is not permitted goes (no such route in the shell yet).
  await open(page, baseURL, '/401', 'unauthorized-page');
  expect(await page.title()).toBe('无权访问 - EduCRM 管理后台');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('401');
});

test('log out: server told, cookies and tabs cleared, back to login with the current full path', async () => {
  const { page, context } = browser;
  const token = await signIn(context, baseURL);
  await open(page, baseURL, '/profile/index?tab=2', 'profile-page');
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('educrm-tags:'))),
  ).toHaveLength(1);

  await page.getByRole('button', { name: /用户菜单/ }).click();
  await chooseMenuItem(page, '退出登录');
  await page.waitForSelector('[data-testid="login-page"]');
  expect(page.url()).toBe(`${baseURL}/login?redirect=${encodeURIComponent('/profile/index?tab=2')}`);
  expect(await tokenCookies(context)).toEqual([]);
  expect(await infoStatus(baseURL, token.access_token)).toBe(401);
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('educrm-tags:'))),
  ).toEqual([]);
  // Language and other preference cookies stay.
  await page.getByRole('button', { name: 'English' }).click();
  await expect.poll(() => cookieValue(context, 'language')).toBe('en');
});

test('a session refused while loading info: message, token cleared, login with redirect, no logout box', async () => {
  const { page, context } = browser;
  const token = await apiLogin(baseURL);
  await useSession(context, baseURL, token);
  await revoke(baseURL, token.access_token);
  await page.goto(`${baseURL}/profile/index?from=mail`);
  await page.waitForSelector('[data-testid="login-page"]');
  expect(page.url()).toBe(`${baseURL}/login?redirect=${encodeURIComponent('/profile/index?from=mail')}`);
  await message(page, '登录已失效，请重新登录').waitFor();
  expect(await tokenCookies(context)).toEqual([]);
  expect(await page.locator('.ant-modal', { hasText: '确认退出' }).count()).toBe(0);
});

test('a session load the server does not answer (timeout, 503) keeps the session: the reason, a reload, still signed in', async () => {
  const { page, context } = browser;
  const token = await apiLogin(baseURL);
  await useSession(context, baseURL, token);
  // A loaded server: the info call gets no answer, then a 503.
  let failure: 'abort' | 'unavailable' = 'abort';
  await page.route('**/api/v1/admin/info', (route) =>
    failure === 'abort'
      ? route.abort('timedout')
      : route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"code":503,"msg":"busy","data":null}',
        }),
  );
  try {
    for (const next of ['abort', 'unavailable'] as const) {
      failure = next;
      await page.goto(`${baseURL}/profile/index`);
      const alert = page.locator('.route-error[role="alert"]');
      await alert.waitFor();
      expect(page.url()).toBe(`${baseURL}/profile/index`);
      expect(await alert.locator('button').textContent()).toBe('重新加载页面');
      expect((await cookieValue(context, 'Admin-Token')) ?? '').toBe(token.access_token);
      expect(await page.locator('[data-testid="login-page"]').count()).toBe(0);
    }
    expect(await infoStatus(baseURL, token.access_token)).toBe(200);
  } finally {
    await page.unroute('**/api/v1/admin/info');
  }
  // The server answers again: the reload opens the page, signed in.
  await page.locator('.route-error button').click();
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(page.url()).toBe(`${baseURL}/profile/index`);
});

test('third-party login: the entry shows only when the server lists a provider', async () => {
  const { page } = browser;
  const listed = (await (await fetch(`${baseURL}/api/v1/admin/auth-providers`)).json()) as {
    data: { providers: { name: string }[] };
  };
  await open(page, baseURL, '/login', 'login-page');
  const entry = page.getByRole('button', { name: '第三方登录' });
  if (listed.data.providers.length === 0) {
    // issue #16 item 13: no provider, no entry (the page has loaded the list by the time it settles)
    await page.waitForLoadState('networkidle');
    expect(await entry.count()).toBe(0);
  } else {
    await entry.click();
    const dialog = page.getByRole('dialog', { name: '第三方登录' });
    await dialog.getByRole('button', { name: new RegExp(listed.data.providers[0]?.name ?? '') }).waitFor();
  }
});

test('/auth-redirect exchanges the code and hands the outcome to its opener (or localStorage)', async () => {
  const { page, context } = browser;
  await open(page, baseURL, '/login', 'login-page');
  await page.evaluate(() => {
    (window as unknown as { received: unknown[] }).received = [];
    window.addEventListener('message', (e) => {
      if (e.origin === location.origin) (window as unknown as { received: unknown[] }).received.push(e.data);
    });
  });
  // a code no provider issued: refused, and the refusal is shown in the popup and on the login page
  const popupOpened = context.waitForEvent('page');
  await page.evaluate(() => window.open('/auth-redirect?code=abc123&state=s1', 'oauth'));
  const popup = await popupOpened;
  await popup.getByRole('alert').waitFor();
  const refusal = (await popup.getByRole('alert').textContent()) ?? '';
  expect(refusal).toContain('企业微信登录已失效');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
    .toEqual([{ type: 'educrm-oauth', ok: false, error: refusal }]);
  await page.getByRole('alert').filter({ hasText: '企业微信登录已失效' }).waitFor();
  await popup.close();

  // No opener (the page was opened directly): the outcome goes through localStorage.
  await page.goto(`${baseURL}/auth-redirect?code=zz9&state=s2`);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('x-admin-oauth-result')))
    .toContain('"ok":false');
});
