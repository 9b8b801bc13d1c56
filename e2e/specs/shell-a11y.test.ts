import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from '../support/browser';
import { open, resetBrowser, signIn } from './shell-support';

const baseURL = inject('baseURL');
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core in the page: injected as a script source (the strict CSP blocks script tags). */
const axe = async (page: Page): Promise<Violation[]> => {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
};

const serious = (violations: Violation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

describe.each(['zh-CN', 'en-US'])('in %s', (locale) => {
  let browser: BrowserSession;
  const lang = locale.slice(0, 2);
  beforeAll(async () => {
    browser = await openBrowser({ locale, viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    await resetBrowser(browser.context, browser.page, baseURL);
  });

  test('/login: no serious or critical axe violation; screenshot', async () => {
    const { page } = browser;
    await open(page, baseURL, '/login', 'login-page');
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `shell-login-${lang}`);
    expect(serious(await axe(page))).toEqual([]);
  });

  test('/dashboard and /profile/index: no serious or critical axe violation; screenshots', async () => {
    const { page, context } = browser;
    await signIn(context, baseURL);
    await open(page, baseURL, '/dashboard', 'dashboard-page');
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `shell-dashboard-${lang}`);
    expect(serious(await axe(page))).toEqual([]);
    await open(page, baseURL, '/profile/index', 'profile-page');
    await screenshot(page, `shell-profile-${lang}`);
    expect(serious(await axe(page))).toEqual([]);
  });

  test('/404: no serious or critical axe violation; screenshot', async () => {
    const { page, context } = browser;
    await signIn(context, baseURL);
    await open(page, baseURL, '/404', 'not-found-page');
    await screenshot(page, `shell-404-${lang}`);
    expect(serious(await axe(page))).toEqual([]);
  });
});

test('reduced motion: a popup opens at once beside its button, with no transition running', async () => {
  // openBrowser asks for reduced motion (the user's system setting); the console must still place
  // its popups: a running transition on a popup's position once opened them 10 screens off to the left.
  const browser = await openBrowser({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  try {
    const { page, context } = browser;
    await signIn(context, baseURL);
    await open(page, baseURL, '/dashboard', 'dashboard-page');
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    const button = page.getByRole('button', { name: /^布局大小/ });
    await button.click();
    const menu = page.locator('.ant-dropdown').filter({ visible: true });
    await menu.getByRole('menuitem', { name: '中等' }).waitFor();
    const [b, m] = [await button.boundingBox(), await menu.boundingBox()];
    expect(b && m).toBeTruthy();
    if (!b || !m) return;
    // Right under its button and inside the window.
    expect(m.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
    expect(m.y).toBeLessThan(b.y + b.height + 40);
    expect(m.x).toBeGreaterThanOrEqual(0);
    expect(m.x + m.width).toBeLessThanOrEqual(1280);
    // antd ran no motion on it (no enter/appear classes) and nothing is animating.
    expect(await menu.getAttribute('class')).not.toMatch(/-(appear|enter)/);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await screenshot(page, 'shell-reduced-motion-popup');
  } finally {
    await browser.close();
  }
});
