import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { createClientAs } from './client-support';
import {
  adminApi,
  openConsole,
  quietTables,
  screenshotOnFailure,
  settle,
  signInAdmin,
  unique,
} from './system-support';

/**
 * Issue 16 items 11 and 17: audit rows are read in the viewer's language (action, target type and a
 * summary built from the row's values; a long one ellipsised with the whole text on hover), and a
 * list page reloaded soon takes its lookups (dictionary options, tags, staff) from the browser's
 * cache: the list is its one data call.
 */
const baseURL = inject('baseURL');
let admin: BrowserSession;
beforeEach(() => screenshotOnFailure(() => admin?.page));
beforeAll(async () => {
  admin = await openConsole('zh-CN');
  await signInAdmin(admin.context, baseURL);
});
afterAll(async () => admin?.close());

const setLanguage = (page: Page, lang: string) =>
  page.context().addCookies([{ name: 'language', value: lang, url: baseURL }]);

const EXPECTED = {
  zh: { action: '放入公海', target: '客户', summary: (id: number) => `将客户 #${id} 放入公海，原因：` },
  en: {
    action: 'Released to the pool',
    target: 'Client',
    summary: (id: number) => `Released client #${id} to the pool. Reason: `,
  },
  es: {
    action: null,
    target: null,
    summary: (id: number) => `Devolvió el cliente #${id} a la bolsa. Motivo: `,
  },
  ja: { action: null, target: null, summary: (id: number) => `顧客 #${id} を共有プールに戻す。理由：` },
} as const;

test('the audit log and the client drawer render audit rows in zh, en, es and ja', async () => {
  const { page } = admin;
  const client = await createClientAs(baseURL, { name: unique('E2E审计语言') });
  const api = await adminApi(baseURL);
  const reason = `家长说暂时不需要，下学期再联系；${'这是一段很长的放回原因，用来检查摘要的省略号和悬停时的完整文字。'.repeat(3)}`;
  await api.call('POST', `/v1/clients/${client.id}/release`, { reason });
  try {
    for (const lang of ['zh', 'en', 'es', 'ja'] as const) {
      await setLanguage(page, lang);
      await page.goto(`${baseURL}/system/audit-log?action=client.release&targetId=${client.id}`);
      const row = page.locator('.resource-table .ant-table-row').first();
      await row.waitFor();
      await quietTables(page);
      const text = (await row.textContent()) ?? '';
      const want = EXPECTED[lang];
      if (want.action) expect(text).toContain(want.action);
      if (want.target) expect(text).toContain(want.target);
      // Never the stored English sentence, never the raw code as the label.
      expect(text).not.toContain('released client');
      const summary = row.getByTestId('audit-summary');
      const shown = (await summary.textContent()) ?? '';
      expect(shown.startsWith(want.summary(client.id))).toBe(true);
      // Long: cut with an ellipsis on one line, the whole text on hover.
      expect(await summary.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await summary.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
      if (lang === 'zh' || lang === 'en') {
        await summary.hover();
        const tip = page.locator('.ant-tooltip').filter({ visible: true });
        await tip.first().waitFor();
        expect(await tip.first().textContent()).toContain(reason.slice(-20));
        await screenshot(page, `audit-log-${lang}-1440`);
        // Away from the summary, onto the empty page below the table (no tooltip there).
        await page.mouse.move(700, 780);
        await page.waitForTimeout(400);
        await page.setViewportSize({ width: 991, height: 800 });
        await quietTables(page);
        await screenshot(page, `audit-log-${lang}-991`);
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    }
    // The client drawer's audit tab, in zh.
    await setLanguage(page, 'zh');
    await page.goto(`${baseURL}/client/public-list?keyword=${client.mobile}`);
    const row = page.locator('.ant-table-row').filter({ hasText: client.name });
    await row.waitFor();
    await row.getByRole('button', { name: client.name }).first().click();
    const drawer = page.locator('.client-drawer').filter({ visible: true });
    await drawer.getByTestId('client-summary').waitFor();
    await drawer.getByRole('tab', { name: '操作日志' }).click();
    const entry = drawer.locator('[data-kind="AUDIT"]').filter({ hasText: '放入公海' });
    await entry.waitFor();
    expect(await entry.getByTestId('audit-summary').textContent()).toContain(`将客户 #${client.id} 放入公海`);
    await settle(page);
    await screenshot(page, 'audit-client-drawer-zh');
    await page.keyboard.press('Escape');
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
    await setLanguage(page, 'zh');
  }
});

/** The API calls of the page so far: path, bytes over the network (0: the browser's cache) and time. */
const apiCalls = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/api/'))
      .map((e) => ({
        path: new URL(e.name).pathname,
        network: e.transferSize > 0,
        ms: Math.round(e.duration),
      })),
  );
// The pool quota is revalidated on every load (a 304 when unchanged), so it is not among them.
const LOOKUP = /\/api\/v1\/(dict\/options|client-tags|clients\/staff-options)$/;

test('a list page reloaded soon makes one data call: its lookups come from the browser cache', async () => {
  const { page } = admin;
  for (const path of ['/client/list', '/client/public-list']) {
    await page.goto(`${baseURL}${path}`);
    await page.locator('.resource-table .ant-table-row').first().waitFor();
    await quietTables(page);
    const first = await apiCalls(page);
    const firstLookups = first.filter((c) => LOOKUP.test(c.path));
    expect(firstLookups.length, `${path}: lookups on the first load`).toBeGreaterThan(0);

    await page.reload();
    await page.locator('.resource-table .ant-table-row').first().waitFor();
    await quietTables(page);
    const again = await apiCalls(page);
    const lookups = again.filter((c) => LOOKUP.test(c.path));
    // Every lookup of the reloaded page was answered by the browser's cache (no bytes over the network).
    expect(
      lookups.filter((c) => c.network),
      `${path}: lookups that went to the server`,
    ).toEqual([]);
    const data = again.filter(
      (c) => c.network && /\/api\/v1\/clients(\/pool)?$|\/api\/v1\/clients\/mine$/.test(c.path),
    );
    expect(data.length, `${path}: the list itself is fetched`).toBe(1);
    console.log(`[lookups] ${path} first load: ${JSON.stringify(first)}; reload: ${JSON.stringify(again)}`);
  }
});
