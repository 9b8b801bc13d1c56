import http from 'node:http';
import { expect, inject, test } from 'vitest';
import { openBrowser } from '../support/browser';

const baseURL = inject('baseURL');

test('the console is served with history fallback and a strict CSP', async () => {
  const res = await fetch(`${baseURL}/some/deep/page`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect((await fetch(`${baseURL}/assets/missing.js`)).status).toBe(404);
  const api404 = await fetch(`${baseURL}/api/v1/nothing-here`);
  expect(api404.status).toBe(404);
  expect(await api404.json()).toMatchObject({ code: 404 });
});

test('the console loads in Chromium without CSP violations', async () => {
  const browser = await openBrowser();
  try {
    const violations: string[] = [];
    browser.page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await browser.page.goto(`${baseURL}/login`);
    await browser.page.waitForLoadState('networkidle');
    expect(await browser.page.title()).toContain('EduCRM');
    expect(violations).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('files go compressed (br, gzip) by Accept-Encoding; assets immutable, index.html revalidated', async () => {
  const page = await fetch(`${baseURL}/client/list?page=2`, { headers: { 'accept-encoding': 'br' } });
  expect(page.headers.get('content-encoding')).toBe('br');
  expect(page.headers.get('vary')).toMatch(/accept-encoding/i);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const etag = page.headers.get('etag') ?? '';
  expect(etag).not.toBe('');
  const html = await page.text(); // fetch decodes br
  // A browser revalidating sends If-None-Match alone (fetch() would add Cache-Control: no-cache).
  const revalidated = await new Promise<number | undefined>((resolve, reject) =>
    http
      .get(`${baseURL}/dashboard`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', reject),
  );
  expect(revalidated).toBe(304);
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  for (const encoding of ['br', 'gzip']) {
    const res = await fetch(`${baseURL}${entry}`, { headers: { 'accept-encoding': encoding } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('import');
  }
});

test('a deep link without a session loads only the login page: no layout, no page chunk', async () => {
  const browser = await openBrowser();
  try {
    const scripts: string[] = [];
    browser.page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/assets/')) scripts.push(new URL(req.url()).pathname);
    });
    await browser.page.goto(`${baseURL}/client/list?page=2&keyword=${encodeURIComponent('张')}`);
    await browser.page.waitForSelector('[data-testid="login-page"]');
    await browser.page.waitForLoadState('networkidle');
    expect(new URL(browser.page.url()).searchParams.get('redirect')).toBe(
      `/client/list?page=2&keyword=${encodeURIComponent('张')}`,
    );
    expect(scripts.some((s) => /\/LoginPage-/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/(Layout|ClientList|ResourceTable|table)-/.test(s))).toEqual([]);
  } finally {
    await browser.close();
  }
});
