import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from '../support/browser';
import { open } from './shell-support';
import { quietTables, screenshotOnFailure, settle, signInAdmin } from './system-support';

/**
 * /order/list as a sales manager reads it (issue 45, item 5): at 1440 and 991 px, in four
 * languages, the figures read first are on screen without sideways scrolling, no amount is cut and
 * none sits under the sticky actions; secondary columns come from the column settings, which
 * remember the choice.
 */
const baseURL = inject('baseURL');
let session: BrowserSession | undefined;
beforeEach(() => {
  screenshotOnFailure(() => session?.page);
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** The table's layout: its scroll box, each header's box, cells whose text overflows. */
const layout = (page: Page) =>
  page.locator('.resource-table').evaluate((root) => {
    const box = root.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
    const actions = root.querySelector('th.resource-table__actions')?.getBoundingClientRect();
    const headers = Array.from(root.querySelectorAll('thead th'))
      .filter((th) => !th.classList.contains('resource-table__actions') && (th.textContent ?? '').trim())
      .map((th) => {
        const r = th.getBoundingClientRect();
        return { text: (th.textContent ?? '').trim(), left: r.left, right: r.right };
      });
    const cut = Array.from(root.querySelectorAll('tbody .order-money, thead th .ant-table-column-title'))
      .filter((el) => (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1)
      .map((el) => el.textContent ?? '');
    // An amount whose box is not wholly inside its cell is cut by the cell.
    for (const money of Array.from(root.querySelectorAll('tbody .order-money'))) {
      const cell = money.closest('td')?.getBoundingClientRect();
      const r = money.getBoundingClientRect();
      if (cell && (r.left < cell.left - 0.5 || r.right > cell.right + 0.5)) cut.push(money.textContent ?? '');
    }
    return {
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
      actionsLeft: actions?.left ?? Number.POSITIVE_INFINITY,
      headers,
      cut,
    };
  });

const FIRST: Record<string, { wide: string[]; narrow: string[] }> = {
  'zh-CN': {
    wide: ['订单号', '买家', '商品', '应付/实付', '净收入', '订单状态', '业绩归属', '支付时间'],
    narrow: ['订单号', '买家', '应付/实付', '净收入', '订单状态', '业绩归属', '支付时间'],
  },
  'en-US': {
    wide: ['Order no.', 'Buyer', 'Products', 'Due / paid', 'Net', 'Status', 'Credited to', 'Paid at'],
    narrow: ['Order no.', 'Buyer', 'Due / paid', 'Net', 'Status', 'Credited to', 'Paid at'],
  },
  'es-ES': { wide: [], narrow: [] },
  'ja-JP': { wide: [], narrow: [] },
};

test('order list: the first figures fit at 1440 and 991 px in four languages, nothing cut or covered', async () => {
  for (const locale of Object.keys(FIRST)) {
    session = await openBrowser({ locale, viewport: { width: 1440, height: 900 } });
    await signInAdmin(session.context, baseURL);
    const { page } = session;
    await open(page, baseURL, '/order/list', 'order-list-page');
    await page.locator('.resource-table .ant-table-row').first().waitFor();
    for (const width of [1440, 991]) {
      await page.setViewportSize({ width, height: 900 });
      await quietTables(page);
      await settle(page);
      const l = await layout(page);
      const where = `${locale} ${width}`;
      expect(l.scrollWidth, where).toBeLessThanOrEqual(l.clientWidth);
      expect(l.cut, where).toEqual([]);
      for (const h of l.headers)
        expect(h.right, `${where} ${h.text}`).toBeLessThanOrEqual(l.actionsLeft + 0.5);
      const expected = FIRST[locale]?.[width === 1440 ? 'wide' : 'narrow'] ?? [];
      if (expected.length)
        expect(
          l.headers.map((h) => h.text.replace(/\s+/g, ' ')),
          where,
        ).toEqual(expected);
      else expect(l.headers.length, where).toBe(width === 1440 ? 8 : 7);
      await screenshot(page, `order-list-columns-${locale}-${width}`);
    }
    await session.close();
    session = undefined;
  }
});

test('order list: a secondary column shown in the column settings stays shown after a reload', async () => {
  session = await openBrowser({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  await signInAdmin(session.context, baseURL);
  const { page } = session;
  await open(page, baseURL, '/order/list', 'order-list-page');
  await page.locator('.resource-table .ant-table-row').first().waitFor();
  const headers = () => page.locator('.resource-table thead th').allTextContents();
  expect(await headers()).not.toContain('已退款');
  await page.getByRole('button', { name: '列设置' }).click();
  await page.getByTestId('column-settings').getByRole('checkbox', { name: '已退款' }).check();
  await expect.poll(headers).toContain('已退款');
  await page.reload();
  await page.locator('.resource-table .ant-table-row').first().waitFor();
  await expect.poll(headers).toContain('已退款');
  await page.keyboard.press('Escape');
  await screenshot(page, 'order-list-columns-refund-shown-zh');
});
