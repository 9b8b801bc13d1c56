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
