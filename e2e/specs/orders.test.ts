import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { open, signIn } from './shell-support';
import {
  adminApi,
  clickInDialog,
  noDialog,
  openConsole,
  quietTables,
  screenshotOnFailure,
  settle,
  signInAdmin,
  tinyPng,
  toast,
  unique,
  visibleDialog,
} from './system-support';

/**
 * Issue 6 in the browser: an admin creates an order for a client, confirms its offline payment with
 * a voucher, refunds a part (apply, approve, pay back) and then the rest (the order closes); the
 * client's Orders tab lists it; chakan sees masked phones and no export; the dashboard shows
 * figures for admin and sales. Screenshots of every order page in zh and en.
 */

const baseURL = inject('baseURL');
let admin: BrowserSession;
const productName = unique('E2E思维课');
const clientName = unique('E2E家长');
const mobile = `139${String(Date.now()).slice(-8)}`;
let orderNo = '';

/** Uploads an image through the API (product cover). */
const uploadImage = async (token: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${baseURL}/api/v1/files/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { url: string } };
  if (body.code !== 0) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.url;
};

/** The product on sale and the client (owned by siyu1) the UI flow needs, made through the API. */
beforeAll(async () => {
  const api = await adminApi(baseURL);
  const users = await api.call<{ items: { id: number }[] }>('GET', '/v1/system/admin-users?username=siyu1');
  const siyuId = users.items[0]?.id;
  const root = await api.call<{ id: number }>('POST', '/v1/product/categories', {
    parentId: null,
    name: unique('E2E课程'),
  });
  const leaf = await api.call<{ id: number }>('POST', '/v1/product/categories', {
    parentId: root.id,
    name: unique('小学'),
  });
  const cover = await uploadImage(api.token);
  const product = await api.call<{ id: number }>('POST', '/v1/products', {
    name: productName,
    categoryId: leaf.id,
    productType: 'CAMP',
    coverUrl: cover,
    specType: 'MULTI',
    detailHtml: '<p>每周三次直播</p>',
    skus: [
      {
        skuCode: unique('E2E-G3-'),
        properties: [{ name: '年级', value: '三年级' }],
        price: 99900,
        stock: null,
        status: 'ENABLED',
      },
      {
        skuCode: unique('E2E-G4-'),
        properties: [{ name: '年级', value: '四年级' }],
        price: 129900,
        stock: 5,
        status: 'ENABLED',
      },
    ],
  });
  await api.call('POST', `/v1/products/${product.id}/on-sale`);
  await api.call('POST', '/v1/clients', { name: clientName, mobile, ownerUserId: siyuId });
  admin = await openConsole('zh-CN');
  await signInAdmin(admin.context, baseURL);
});
afterAll(async () => {
  await admin?.close();
});
beforeEach(() => {
  screenshotOnFailure(() => admin?.page);
});

/** Picks the option containing `text` of the select labelled `label` in the open drawer. */
/**
 * Types into a search select and chooses the option that shows both the typed text and `option`,
 * with the keyboard: the option list re-renders as search results arrive, so a mouse click can land
 * on a node that is being replaced.
 */
const pick = async (page: Page, label: string, typed: string, option: string | RegExp) => {
  const input = visibleDialog(page).last().getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typed);
  const matches = (text: string) =>
    text.includes(typed) && (typeof option === 'string' ? text.includes(option) : option.test(text));
  const options = page.locator('.ant-select-dropdown .ant-select-item-option').filter({ visible: true });
  await options.filter({ hasText: typed }).filter({ hasText: option }).first().waitFor();
  for (let step = 0; step < 30; step++) {
    const active = page
      .locator('.ant-select-dropdown .ant-select-item-option-active')
      .filter({ visible: true })
      .first();
    const text = (await active.textContent({ timeout: 1_000 }).catch(() => null)) ?? '';
    if (matches(text)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option "${String(option)}" for "${typed}" in ${label}`);
};

const detail = (page: Page) => page.getByTestId('order-detail');
const refundRow = (page: Page, status: string) =>
  detail(page).getByTestId('order-refunds').locator('.ant-table-row').filter({ hasText: status });

/** Approves and pays back the refund that waits in the drawer; checks the statuses on the way. */
const approveAndComplete = async (page: Page) => {
  const applied = refundRow(page, '申请中');
  await applied.getByRole('button', { name: /^同意/ }).click();
  await settle(page);
  await page
    .locator('.ant-modal')
    .filter({ visible: true })
    .getByRole('button', { name: /同\s?意/ })
    .click();
  await refundRow(page, '已同意').waitFor();
  await refundRow(page, '已同意')
    .getByRole('button', { name: /^确认已退款/ })
    .click();
  await settle(page);
  await page
    .locator('.ant-modal-confirm')
    .filter({ visible: true })
    .getByRole('button', { name: '确认已退款' })
    .click();
  // The confirm box goes away once the refund is recorded (the order drawer stays open).
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-modal-confirm')).every(
      (el) => !(el as HTMLElement).checkVisibility(),
    ),
  );
};

test('admin: create an order, confirm its payment, refund a part and then the rest', async () => {
  const { page } = admin;
  await open(page, baseURL, '/order/list', 'order-list-page');
  await quietTables(page);
  await screenshot(page, 'orders-list-zh');

  // ---- create: client, two lines, a discount; the totals follow live
  await page.getByRole('button', { name: /新建订单/ }).click();
  await settle(page);
  await pick(page, '客户', clientName, clientName);
  await pick(page, '商品规格 1', productName, '三年级');
  await visibleDialog(page).getByLabel('数量 1').fill('2');
  await visibleDialog(page)
    .getByRole('button', { name: /添加商品/ })
    .click();
  await pick(page, '商品规格 2', productName, '四年级');
  await visibleDialog(page).getByLabel('优惠金额（元）').fill('100');
  await visibleDialog(page).getByLabel('调整金额（元）').fill('-0.5');
  const pay = page.getByTestId('order-pay');
  // 999 × 2 + 1299 − 100 − 0.50
  await expect.poll(() => pay.textContent()).toBe('¥3,196.50');
  // No select dropdown left open over the form.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-select-dropdown')).every(
      (el) => !(el as HTMLElement).checkVisibility(),
    ),
  );
  await screenshot(page, 'orders-create-zh');
  await clickInDialog(page, '创建订单');
  const created = toast(page, /订单 SO\d+ 已创建/);
  await created.waitFor();
  orderNo = /SO\d+/.exec((await created.textContent()) ?? '')?.[0] ?? '';
  expect(orderNo).not.toBe('');

  // ---- the new order opens in its drawer: pending, confirm the payment with a voucher
  await detail(page).waitFor();
  await expect
    .poll(() => detail(page).locator('[data-status]').first().getAttribute('data-status'))
    .toBe('PENDING');
  await detail(page)
    .getByRole('button', { name: /确认收款/ })
    .click();
  await settle(page);
  // Without a voucher the form refuses beside the field.
  await clickInDialog(page, /确认收款 ¥3,196.50/);
  await visibleDialog(page).last().locator('.ant-form-item-explain-error').first().waitFor();
  await visibleDialog(page).last().locator('input[type=file]').setInputFiles({
    name: 'voucher.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await visibleDialog(page).last().locator('.order-vouchers__list img').waitFor();
  await clickInDialog(page, /确认收款 ¥3,196.50/);
  await toast(page, '已确认收款').waitFor();
  await expect
    .poll(() => detail(page).locator('[data-status]').first().getAttribute('data-status'))
    .toBe('PAID');
  await expect.poll(() => page.getByTestId('order-refundable').textContent()).toContain('¥3,196.50');
  await screenshot(page, 'orders-drawer-paid-zh');

  // ---- partial refund: apply (never above the refundable), approve, pay back
  await detail(page)
    .getByRole('button', { name: /申请退款/ })
    .click();
  await settle(page);
  await expect.poll(() => page.getByTestId('refund-refundable').textContent()).toContain('¥3,196.50');
  // Above the refundable amount: an error beside the field, and the typed amount is kept (never lowered).
  const amount = visibleDialog(page).last().getByLabel('退款金额（元）');
  await amount.fill('7000');
  await amount.blur();
  await visibleDialog(page).last().getByText('不能超过可退金额 ¥3,196.50').waitFor();
  expect(Number((await amount.inputValue()).replace(/,/g, ''))).toBe(7000);
  await amount.fill('300');
  await visibleDialog(page).last().getByLabel('退款原因').fill('课程时间冲突');
  await clickInDialog(page, '提交退款申请');
  await toast(page, '已提交部分退款申请 ¥300.00').waitFor();
  await approveAndComplete(page);
  await toast(page, '已确认退款 ¥300.00').waitFor();
  await refundRow(page, '已退款').waitFor();
  await expect.poll(() => page.getByTestId('order-refundable').textContent()).toContain('¥2,896.50');
  await detail(page).locator('[data-status="PARTIAL"]').waitFor();

  // ---- full refund of the rest closes the order
  // What a user sees before clicking: the order is partly refunded and the button is enabled.
  const applyRefund = detail(page).getByRole('button', { name: /申请退款/ });
  await expect.poll(() => applyRefund.isEnabled()).toBe(true);
  await applyRefund.click();
  const fullOption = visibleDialog(page).last().getByText('全额退款', { exact: true });
  await fullOption.waitFor();
  await settle(page);
  await fullOption.click();
  await visibleDialog(page)
    .last()
    .getByText(/退还全部可退金额 ¥2,896.50/)
    .waitFor();
  await visibleDialog(page).last().getByLabel('退款原因').fill('学员退学');
  await clickInDialog(page, '提交退款申请');
  await toast(page, /已提交全额退款申请 ¥2,896.50/).waitFor();
  await approveAndComplete(page);
  await detail(page).locator('[data-status="CLOSED"]').waitFor();
  await detail(page).locator('[data-status="FULL"]').waitFor();
  expect(await detail(page).locator('.order-timeline').textContent()).toContain('退款完成');
  await detail(page).getByTestId('order-refunds').scrollIntoViewIfNeeded();
  await screenshot(page, 'orders-drawer-refunds-zh');
  await page.keyboard.press('Escape');
  await noDialog(page);

  // The list shows it closed with its net of zero.
  const row = page
    .locator('.ant-table-row')
    .filter({ has: page.getByRole('button', { name: orderNo, exact: true }) });
  await page.getByRole('button', { name: '刷新' }).first().click();
  await quietTables(page);
  await expect.poll(() => row.locator('[data-status]').first().getAttribute('data-status')).toBe('CLOSED');
});

test("the client's Orders tab lists the order and opens it", async () => {
  const { page } = admin;
  await open(page, baseURL, `/client/list?keyword=${encodeURIComponent(clientName)}`, undefined);
  const clientRow = page.locator('.ant-table-row').filter({ hasText: clientName }).first();
  await clientRow.waitFor();
  await clientRow.getByRole('button', { name: clientName }).first().click();
  await settle(page);
  // The tab by its key (the client drawer names it in its own messages).
  await page.locator('.ant-drawer .ant-tabs-tab[data-node-key="orders"]').click();
  const tab = page.getByTestId('client-orders');
  const link = tab.getByRole('button', { name: orderNo, exact: true });
  await link.waitFor();
  await screenshot(page, 'orders-client-tab-zh');
  await link.click();
  await detail(page).waitFor();
  await detail(page).locator('[data-status="CLOSED"]').waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
});

test('a pay-time filter shows its totals, the figures a data-centre card drilling into it counts', async () => {
  const { page } = admin;
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10); // today in Shanghai
  await open(page, baseURL, `/order/list?payFrom=${day}&payTo=${day}`, 'order-list-page');
  const totals = page.getByTestId('order-totals');
  await expect.poll(() => totals.textContent(), { timeout: 20_000 }).toMatch(/支付订单 \d+ 笔/);
  // The API's totals of the same filter (the day's Shanghai bounds, as the list sends them).
  const { call } = await adminApi(baseURL);
  const from = new Date(`${day}T00:00:00+08:00`);
  const to = new Date(from.getTime() + 86_400_000 - 1);
  const answer = await call<{ paidCount: number; clients: number }>(
    'GET',
    `/v1/orders/totals?payFrom=${encodeURIComponent(from.toISOString())}&payTo=${encodeURIComponent(to.toISOString())}`,
  );
  expect(answer.paidCount).toBeGreaterThan(0); // this spec's order was paid today
  expect(await totals.textContent()).toContain(`支付订单 ${answer.paidCount} 笔`);
  expect(await totals.textContent()).toContain(`成交客户 ${answer.clients} 人`);
  await screenshot(page, 'orders-list-totals-zh');
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.reload();
  await expect
    .poll(() => totals.textContent(), { timeout: 20_000 })
    .toContain(`${answer.paidCount} paid orders`);
  await screenshot(page, 'orders-list-totals-en');
  await page.context().addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
  // Without a pay-time range the list is every order ever: no totals line.
  await open(page, baseURL, '/order/list', 'order-list-page');
  await page.locator('.resource-table .ant-table-row').first().waitFor();
  expect(await page.getByTestId('order-totals').count()).toBe(0);
});

test('deal history and the dashboard for admin; screenshots in en', async () => {
  const { page } = admin;
  await open(page, baseURL, `/product/order-list`, 'deal-list-page');
  await quietTables(page);
  const deal = page
    .locator('.ant-table-row')
    .filter({ has: page.getByRole('button', { name: orderNo, exact: true }) });
  await expect.poll(() => deal.count()).toBe(2);
  await screenshot(page, 'orders-deals-zh');

  await open(page, baseURL, '/dashboard', 'dashboard-figures');
  const today = page.locator('[data-group="today"]');
  await today.waitFor();
  const stats = await today.getByTestId('dashboard-stat').allTextContents();
  expect(stats).toHaveLength(3);
  expect(stats[0]).toMatch(/收款¥[\d,]+\.\d\d/);
  expect(stats[0]).not.toContain('¥0.00');
  expect(stats[1]).not.toContain('¥0.00');
  // The figure links are in the theme's link style, not the browser's underlined blue.
  const link = page.locator('.dashboard-figure-link').first();
  expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
  expect(await link.evaluate((a) => getComputedStyle(a).color)).not.toBe('rgb(0, 0, 238)');
  await screenshot(page, 'orders-dashboard-admin-zh');

  // The same pages in English.
  await admin.context.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await open(page, baseURL, '/dashboard', 'dashboard-figures');
  await page.locator('[data-group="today"]').waitFor();
  await screenshot(page, 'orders-dashboard-admin-en');
  await open(page, baseURL, '/order/list', 'order-list-page');
  await quietTables(page);
  await screenshot(page, 'orders-list-en');
  await page.getByRole('button', { name: orderNo, exact: true }).click();
  await detail(page).waitFor();
  await detail(page).getByTestId('order-refunds').scrollIntoViewIfNeeded();
  await screenshot(page, 'orders-drawer-refunds-en');
  await page.keyboard.press('Escape');
  await noDialog(page);
  await page.getByRole('button', { name: /New order/ }).click();
  await settle(page);
  await screenshot(page, 'orders-create-en');
  await page.keyboard.press('Escape');
  await open(page, baseURL, '/product/order-list', 'deal-list-page');
  await quietTables(page);
  await screenshot(page, 'orders-deals-en');
  await admin.context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
});

/** Each of these users in their own browser, the dashboard in zh and en first (one test per user). */
const asUser = async (user: 'chakan1' | 'siyu1' | 'zhongtai1') => {
  const session = await openConsole('zh-CN');
  try {
    await signIn(session.context, baseURL, user);
    const { page } = session;
    for (const lang of ['zh', 'en'] as const) {
      await session.context.addCookies([{ name: 'language', value: lang, url: baseURL }]);
      await open(page, baseURL, '/dashboard', 'dashboard-page');
      if (user === 'siyu1') {
        const mine = page.locator('[data-group="mine"]');
        await mine.waitFor();
        const stats = mine.getByTestId('dashboard-stat');
        expect(await stats.count()).toBe(3);
        // The client made for this spec is one of theirs.
        expect(Number((await stats.first().textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
        expect(await page.locator('[data-group="today"]').count()).toBe(0);
      } else if (user === 'chakan1') {
        await page.locator('[data-group="month"]').waitFor();
      } else {
        await page.locator('[data-group="products"]').waitFor();
        expect(await page.locator('[data-group="today"]').count()).toBe(0);
      }
      await screenshot(page, `orders-dashboard-${user}-${lang}`);
    }
    if (user === 'siyu1') {
      // Sales staff order for their own clients; the order waits for an admin to confirm payment.
      await session.context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      await open(page, baseURL, '/order/list', 'order-list-page');
      await page.getByRole('button', { name: /新建订单/ }).click();
      await settle(page);
      await visibleDialog(page)
        .getByText(/只能为您负责的客户下单/)
        .waitFor();
      await pick(page, '客户', clientName, clientName);
      await pick(page, '商品规格 1', productName, '三年级');
      await expect.poll(() => page.getByTestId('order-pay').textContent()).toBe('¥999.00');
      await screenshot(page, 'orders-create-siyu-zh');
      await clickInDialog(page, '创建订单');
      await toast(page, /订单 SO\d+ 已创建/).waitFor();
      await detail(page).locator('[data-status="PENDING"]').waitFor();
      await detail(page)
        .getByText(/由管理员确认收款/)
        .waitFor();
      expect(
        await detail(page)
          .getByRole('button', { name: /确认收款/ })
          .count(),
      ).toBe(0);
      expect(
        await detail(page)
          .getByRole('button', { name: /取消订单/ })
          .count(),
      ).toBe(1);
    }
    if (user === 'chakan1') {
      await session.context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      await open(page, baseURL, `/order/list?orderNo=${orderNo}`, 'order-list-page');
      const row = page.locator('.ant-table-row').filter({ hasText: orderNo });
      await row.waitFor();
      expect(await row.locator('.order-mobile').textContent()).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(await page.getByRole('button', { name: /导出/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /新建订单/ }).count()).toBe(0);
      await screenshot(page, 'orders-list-chakan-zh');
    }
  } finally {
    await session.close();
  }
};

test('chakan sees the dashboard, masked phones and no export', () => asUser('chakan1'));
test('sales see their own figures and order for their own clients, pending an admin', () => asUser('siyu1'));
test('product ops see their own figures', () => asUser('zhongtai1'));
