import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { DEMO_PASSWORD } from '../support/server';
import { open } from './shell-support';
import {
  adminApi,
  clickInDialog,
  noDialog,
  openConsole,
  quietTables,
  row,
  screenshotOnFailure,
  settle,
  signInAdmin,
  signInAs,
  tinyPng,
  unique,
  visibleDialog,
} from './system-support';

/**
 * Courses (issue 10): a paid order of a class-bound SKU puts the buyer in the class and in course
 * users; a transfer in the UI; a full refund marks the student REFUNDED and the entitlement
 * REVOKED; a scheduled live session; members (chakan sees masked numbers). Screens in zh and en.
 */
const baseURL = inject('baseURL');
let admin: BrowserSession;
let current: Page | undefined;
const mobile = `137${String(Date.now()).slice(-8)}`;
const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
const classA = { name: unique('寒假数学A班'), code: unique('E2E-A-') };
const classB = { name: unique('寒假数学B班'), code: unique('E2E-B-') };
let classAId = 0;
let classBId = 0;
let orderId = 0;
type Api = Awaited<ReturnType<typeof adminApi>>;
let api: Api;

const uploadImage = async (token: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'v.png');
  const res = await fetch(`${baseURL}/api/v1/files/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as { data: { url: string } }).data.url;
};

beforeAll(async () => {
  api = await adminApi(baseURL);
  const users = await api.call<{ items: { id: number }[] }>('GET', '/v1/system/admin-users?username=siyu1');
  const siyuId = users.items[0]?.id;
  const root = await api.call<{ id: number }>('POST', '/v1/product/categories', {
    parentId: null,
    name: unique('E2E课'),
  });
  const leaf = await api.call<{ id: number }>('POST', '/v1/product/categories', {
    parentId: root.id,
    name: unique('数学'),
  });
  const cover = await uploadImage(api.token);
  const product = await api.call<{ id: number }>('POST', '/v1/products', {
    name: unique('寒假数学营'),
    categoryId: leaf.id,
    productType: 'CAMP',
    coverUrl: cover,
    specType: 'SINGLE',
    validityMode: 'DAYS',
    validityDays: 90,
    skus: [{ skuCode: unique('E2E-WIN-'), properties: [], price: 59900, stock: null, status: 'ENABLED' }],
  });
  const mk = (c: { name: string; code: string }) =>
    api.call<{ id: number }>('POST', '/v1/course/classes', {
      ...c,
      spuId: product.id,
      capacity: 30,
      startDate: '2027-01-10',
      endDate: '2027-02-10',
      schedule: '每周二、四 19:00-20:30',
    });
  classAId = (await mk(classA)).id;
  classBId = (await mk(classB)).id;
  const full = await api.call<{ version: number; skus: { id: number; skuCode: string }[] }>(
    'GET',
    `/v1/products/${product.id}`,
  );
  const sku = full.skus[0] as { id: number; skuCode: string };
  await api.call('PUT', `/v1/products/${product.id}`, {
    name: unique('寒假数学营'),
    categoryId: leaf.id,
    productType: 'CAMP',
    coverUrl: cover,
    specType: 'SINGLE',
    validityMode: 'DAYS',
    validityDays: 90,
    skus: [
      {
        id: sku.id,
        skuCode: sku.skuCode,
        properties: [],
        price: 59900,
        stock: null,
        status: 'ENABLED',
        classId: classAId,
      },
    ],
    version: full.version,
  });
  await api.call('POST', `/v1/products/${product.id}/on-sale`);
  const client = await api.call<{ id: number }>('POST', '/v1/clients', {
    name: unique('E2E家长'),
    mobile,
    ownerUserId: siyuId,
  });
  const order = await api.call<{ id: number; version: number }>('POST', '/v1/orders', {
    idempotencyKey: unique('k'),
    clientId: client.id,
    items: [{ skuId: sku.id, qty: 1 }],
    payAmount: 59900,
  });
  orderId = order.id;
  const voucher = await uploadImage(api.token);
  await api.call('POST', `/v1/orders/${order.id}/confirm-payment`, {
    payMethod: 'BANK_TRANSFER',
    paidAt: new Date(Date.now() - 60_000).toISOString(),
    voucherUrls: [voucher],
    version: order.version,
  });
  const start = Date.now() + 2 * 86_400_000;
  await api.call('POST', '/v1/course/live-sessions', {
    title: '寒假数学 第 1 讲',
    classIds: [classAId, classBId],
    scheduledStart: new Date(start).toISOString(),
    scheduledEnd: new Date(start + 90 * 60_000).toISOString(),
  });
  admin = await openConsole('zh-CN');
  await signInAdmin(admin.context, baseURL);
  current = admin.page;
});
afterAll(async () => {
  await admin?.close();
});
beforeEach(() => {
  screenshotOnFailure(() => current);
});

test('paid order → student in class → transfer → full refund → refunded and revoked', async () => {
  const { page } = admin;
  await open(page, baseURL, `/course/student-list?classId=${classAId}`, 'student-list-page');
  await quietTables(page);
  const student = row(page, masked);
  await student.waitFor();
  expect(await student.textContent()).toContain('订单');
  expect(await student.textContent()).toContain('在读');
  await screenshot(page, 'courses-students-zh');

  // transfer to class B in the UI
  await student.getByRole('button', { name: '转班' }).click();
  await settle(page);
  const dialog = visibleDialog(page);
  await dialog.getByLabel('转入班级').click();
  await dialog.getByLabel('转入班级').fill(classB.code);
  const option = page
    .locator('.ant-select-dropdown .ant-select-item-option')
    .filter({ hasText: classB.code });
  await option.first().waitFor();
  await page.keyboard.press('Enter');
  await clickInDialog(page, '确定');
  await noDialog(page);
  await quietTables(page);
  await row(page, masked).filter({ hasText: '已转班' }).waitFor();

  await open(page, baseURL, `/course/student-list?classId=${classBId}`, 'student-list-page');
  await quietTables(page);
  await row(page, masked).filter({ hasText: '转入' }).waitFor();

  // full refund through the API, then the class student and the entitlement follow
  const detail = await api.call<{ refunds: { id: number }[] }>('POST', `/v1/orders/${orderId}/refunds`, {
    amount: 59900,
    reason: '退课',
  });
  const refundId = detail.refunds.at(-1)?.id;
  await api.call('POST', `/v1/refunds/${refundId}/approve`, {});
  await api.call('POST', `/v1/refunds/${refundId}/complete`, {});
  await page.reload();
  await page.waitForSelector('[data-testid="student-list-page"]');
  await quietTables(page);
  await row(page, masked).filter({ hasText: '已退费' }).waitFor();

  await open(page, baseURL, `/course/user-list?mobile=${mobile}`, 'course-user-list-page');
  await quietTables(page);
  await row(page, masked).filter({ hasText: '已撤销' }).waitFor();
  await row(page, masked).filter({ hasText: '订单全额退款' }).waitFor();
  await quietTables(page);
  await screenshot(page, 'courses-users-zh');
});

test('class list, live calendar and members in zh', async () => {
  const { page } = admin;
  await open(
    page,
    baseURL,
    `/course/class-list?keyword=${encodeURIComponent(classA.code)}`,
    'class-list-page',
  );
  await quietTables(page);
  await row(page, classA.name).waitFor();
  await quietTables(page);
  await screenshot(page, 'courses-classes-zh');
  // The class's sessions: among all sessions, newest first, the demo's later ones can fill page one.
  await open(page, baseURL, `/course/live-class-list?classId=${classAId}`, 'live-list-page');
  await quietTables(page);
  await row(page, '寒假数学 第 1 讲').first().waitFor();
  await screenshot(page, 'courses-live-list-zh');
  // A finished (demo) session: its attendance per member, phones masked.
  await open(page, baseURL, '/course/live-class-list?status=ENDED', 'live-list-page');
  await quietTables(page);
  await page.locator('.ant-table-row').first().getByRole('button', { name: '出勤明细' }).click();
  await settle(page);
  await visibleDialog(page).locator('.ant-table-row').first().waitFor();
  expect(await visibleDialog(page).locator('.ant-table-row').first().textContent()).toMatch(
    /\d{3}\*{4}\d{4}/,
  );
  await screenshot(page, 'courses-live-attendance-zh');
  await page.keyboard.press('Escape');
  await noDialog(page);
  await page.getByText('日历', { exact: true }).click();
  await page.locator('.live-calendar-day li').first().waitFor();
  await screenshot(page, 'courses-live-calendar-zh');
  await open(page, baseURL, `/member/list?keyword=${mobile.slice(-4)}`, 'member-list-page');
  await quietTables(page);
  const m = row(page, masked);
  await m.waitFor();
  await m.getByRole('button', { name: '详情' }).click();
  await settle(page);
  await visibleDialog(page).getByText('班级 (2)').waitFor();
  await screenshot(page, 'courses-member-drawer-zh');
});

test('chakan sees masked members and no reveal; English screens', async () => {
  const chakan = await openConsole('en-US');
  current = chakan.page;
  try {
    await signInAs(chakan.context, baseURL, 'chakan1', DEMO_PASSWORD);
    const { page } = chakan;
    await open(page, baseURL, `/member/list?keyword=${mobile.slice(-4)}`, 'member-list-page');
    await quietTables(page);
    const m = row(page, masked);
    await m.waitFor();
    expect(await page.content()).not.toContain(mobile);
    await m.getByRole('button', { name: 'Details' }).click();
    await settle(page);
    expect(await visibleDialog(page).getByRole('button', { name: 'Show number' }).count()).toBe(0);
    await screenshot(page, 'courses-member-drawer-en');
    for (const [path, id, name] of [
      [
        `/course/class-list?keyword=${encodeURIComponent(classA.code)}`,
        'class-list-page',
        'courses-classes-en',
      ],
      [`/course/student-list?classId=${classBId}`, 'student-list-page', 'courses-students-en'],
      [`/course/user-list?mobile=${mobile}`, 'course-user-list-page', 'courses-users-en'],
      ['/course/live-class-list', 'live-list-page', 'courses-live-en'],
    ] as const) {
      await open(page, baseURL, path, id);
      await page.locator('.ant-table-row').first().waitFor();
      await quietTables(page);
      await page.waitForTimeout(300);
      await screenshot(page, name);
    }
  } finally {
    await chakan.close();
    current = admin.page;
  }
});
