import { expect, inject, test } from 'vitest';
import { openBrowser } from '../support/browser';
import { holdRequests } from '../support/hold';
import { ADMIN_PASSWORD } from '../support/server';

const baseURL = inject('baseURL');

test('/login arrives as HTML with the login page in it, in the language the console picks', async () => {
  const zh = await (
    await fetch(`${baseURL}/login`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })
  ).text();
  expect(zh).toContain('<html lang="zh-CN">');
  expect(zh).toContain('data-testid="login-page-prerendered"');
  expect(zh).toContain('登录管理后台');
  expect(zh).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/LoginPage-[^"]+\.css">/);
  expect(zh).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/LoginPage-[^"]+\.js">/);
  expect(zh).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script under the CSP
  const ja = await (await fetch(`${baseURL}/login`, { headers: { cookie: 'language=ja' } })).text();
  expect(ja).toContain('<html lang="ja">');
  // Without a session a deep link gets the same page (boot.ts rewrites the address to /login).
  const deep = await (
    await fetch(`${baseURL}/client/list?page=2`, { headers: { 'accept-language': 'en' } })
  ).text();
  expect(deep).toContain('data-testid="login-page-prerendered"');
});

test('the login page shows before any script runs', async () => {
  const browser = await openBrowser();
  try {
    await browser.context.route('**/assets/*.js', (route) => route.abort());
    await browser.page.goto(`${baseURL}/login`);
    const copy = browser.page.locator('[data-testid="login-page-prerendered"]');
    await copy.waitFor();
    const box = await copy.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.height).toBeGreaterThan(300);
    // Styled by its stylesheet (the card is centred, the submit button coloured), not raw HTML.
    const card = await browser.page.locator('.login-card').boundingBox();
    expect(card?.x).toBeGreaterThan(200);
    expect(await browser.page.locator('button[type="submit"]').isDisabled()).toBe(true);
    expect(await browser.page.locator('[data-testid="login-page"]').count()).toBe(0);
  } finally {
    await browser.close();
  }
});

test('what is typed before the scripts run is kept when the live page takes over, and signing in works', async () => {
  const browser = await openBrowser();
  try {
    const violations: string[] = [];
    browser.page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    // Hold the login page's chunk until the user has typed into the static copy.
    const release = await holdRequests(browser.context, /\/assets\/LoginPage-[^/]+\.js$/);
    await browser.page.goto(`${baseURL}/login?redirect=${encodeURIComponent('/client/list?page=1')}`);
    await browser.page.locator('[data-testid="login-page-prerendered"]').waitFor();
    await browser.page.locator('input[name="username"]').fill('admin');
    await browser.page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    release();
    await browser.page.locator('[data-testid="login-page"]').waitFor();
    expect(await browser.page.locator('[data-testid="login-page-prerendered"]').count()).toBe(0);
    expect(await browser.page.locator('#prerendered-login').count()).toBe(0);
    expect(await browser.page.locator('input[name="username"]').inputValue()).toBe('admin');
    expect(await browser.page.locator('input[name="password"]').inputValue()).toBe(ADMIN_PASSWORD);
    // The caret stays where it was (the password field).
    expect(await browser.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
      'password',
    );
    await browser.page.locator('button[type="submit"]').click();
    await browser.page.waitForURL((url) => url.pathname === '/client/list');
    expect(new URL(browser.page.url()).search).toBe('?page=1');
    expect(violations).toEqual([]);
  } finally {
    await browser.close();
  }
});
