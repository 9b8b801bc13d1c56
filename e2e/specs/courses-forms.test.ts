import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { holdRequests } from '../support/hold';
import { open } from './shell-support';
import {
  adminApi,
  chooseOption,
  clickInDialog,
  noDialog,
  openConsole,
  quietTables,
  row,
  screenshotOnFailure,
  settle,
  signInAdmin,
  unique,
  visibleDialog,
} from './system-support';

/**
 * The course pages' forms (issue 10): the class form's staff pickers, a member linked to a client,
 * and the per-row answer of a student import.
 */
const baseURL = inject('baseURL');
type Api = Awaited<ReturnType<typeof adminApi>>;
let api: Api;
let admin: BrowserSession;
let current: Page | undefined;
const klass = { name: unique('表单E2E班'), code: unique('FORM-E2E-') };
let classId = 0;

beforeAll(async () => {
  api = await adminApi(baseURL);
  classId = (await api.call<{ id: number }>('POST', '/v1/course/classes', { ...klass, capacity: 10 })).id;
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

/** Types into the select labelled `label` in the dialog and picks the option containing `option`. */
const pick = (page: Page, label: string, typed: string, option: string) =>
  chooseOption(page, visibleDialog(page).getByLabel(label, { exact: true }), option, typed);

test('class form: head teacher and teachers picked by name are saved and listed', async () => {
  const { page } = admin;
  await open(
    page,
    baseURL,
    `/course/class-list?keyword=${encodeURIComponent(klass.code)}`,
    'class-list-page',
  );
  await quietTables(page);
  await row(page, klass.name).getByRole('button', { name: '编辑班级' }).click();
  await settle(page);
  await pick(page, '班主任', 'zhongtai1', 'zhongtai1');
  await pick(page, '授课老师', 'admin', '(admin)');
  await page.keyboard.press('Escape');
  await screenshot(page, 'courses-class-form-filled-zh');
  await clickInDialog(page, '确定');
  await noDialog(page);
  await quietTables(page);
  const saved = await api.call<{
    headTeacher: { username?: string; name: string } | null;
    teachers: unknown[];
  }>('GET', `/v1/course/classes/${classId}`);
  expect(saved.headTeacher?.name).toBeTruthy();
  expect(saved.teachers).toHaveLength(1);
  expect(await row(page, klass.name).textContent()).toContain(saved.headTeacher?.name ?? '?');
});

/** The options the select opened by `opener` shows, once it no longer waits for an answer. */
const shownOptions = async (page: Page, opener: ReturnType<Page['locator']>) => {
  await expect
    .poll(() => opener.evaluate((el) => el.closest('.ant-select')?.classList.contains('ant-select-loading')))
    .toBe(false);
  const listId = await opener.getAttribute('aria-controls');
  return page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) })
    .locator('.ant-select-item-option')
    .filter({ visible: true })
    .allTextContents();
};

test('class form: the product select shows what the server answered for the text typed last', async () => {
  const { page } = admin;
  await open(page, baseURL, '/course/class-list', 'class-list-page');
  await quietTables(page);
  await page.getByRole('button', { name: '新建班级' }).click();
  await settle(page);
  // By its id: the list's filter form has a product select too, which the label's `for` finds first.
  const product = visibleDialog(page).locator('input#spuId');
  // The answer for "中考" is held until the user has typed "小学" and seen its answer.
  const late = /sku-options\?keyword=%E4%B8%AD%E8%80%83/;
  const release = await holdRequests(admin.context, late);
  await product.click();
  const asked = page.waitForRequest(late);
  await product.fill('中考');
  await asked;
  await product.fill('小学');
  await expect.poll(() => shownOptions(page, product)).not.toHaveLength(0);
  for (const text of await shownOptions(page, product)) expect(text).toContain('小学');
  const answered = page.waitForResponse(late);
  release();
  await answered;
  await settle(page);
  // The late answer for the earlier text does not replace the newer one.
  for (const text of await shownOptions(page, product)) expect(text).toContain('小学');
  // A product past the first page of products is found and saved with the class.
  await product.fill('中考百日');
  await expect.poll(() => shownOptions(page, product)).toEqual(['中考百日冲刺营']);
  await chooseOption(page, product, '中考百日冲刺营');
  const name = unique('中考班E2E');
  const code = unique('ZK-E2E-');
  await visibleDialog(page).getByLabel('班级名称').fill(name);
  await visibleDialog(page).getByLabel('班级编码').fill(code);
  await screenshot(page, 'courses-class-form-product-zh');
  await clickInDialog(page, '确定');
  await noDialog(page);
  const saved = await api.call<{ items: { spuName: string | null }[] }>(
    'GET',
    `/v1/course/classes?keyword=${encodeURIComponent(code)}`,
  );
  expect(saved.items.map((c) => c.spuName)).toEqual(['中考百日冲刺营']);
});

test('student import answers per row: failures with their reason', async () => {
  const { page } = admin;
  const good = `136${String(Date.now()).slice(-8)}`;
  await open(page, baseURL, `/course/student-list?classId=${classId}`, 'student-list-page');
  await quietTables(page);
  await page.getByRole('button', { name: '批量导入' }).click();
  await settle(page);
  await visibleDialog(page).locator('textarea').fill(`${good}\n12345\n${good}`);
  await clickInDialog(page, '确定');
  const result = page.locator('.ant-modal').filter({ hasText: '成功 1 条，失败 2 条' });
  await result.waitFor();
  const rows = result.locator('.ant-table-row');
  expect(await rows.count()).toBe(3);
  // Failed rows first, each with its reason.
  expect(await rows.nth(0).textContent()).toContain('失败');
  expect(await rows.nth(1).textContent()).toContain('失败');
  expect(await rows.nth(2).textContent()).toContain('成功');
  expect((await rows.nth(0).locator('td').last().textContent())?.length).toBeGreaterThan(1);
  await screenshot(page, 'courses-student-import-result-zh');
  await result.getByRole('button', { name: /确\s?定/ }).click();
  await noDialog(page);
});

test('members: admin creates one in the page and links it to a client', async () => {
  const { page } = admin;
  const mobile = `134${String(Date.now()).slice(-8)}`;
  const clientName = unique('关联家长');
  const clientMobile = `133${String(Date.now()).slice(-8)}`;
  await api.call('POST', '/v1/clients', { name: clientName, mobile: clientMobile });
  await open(page, baseURL, '/member/list', 'member-list-page');
  await quietTables(page);
  await page.getByRole('button', { name: '新建用户' }).click();
  await settle(page);
  await visibleDialog(page).getByLabel('手机号').fill(mobile);
  await visibleDialog(page).getByLabel('昵称').fill('表单小明');
  await clickInDialog(page, '确定');
  await noDialog(page);
  await open(page, baseURL, `/member/list?keyword=${mobile}`, 'member-list-page');
  await quietTables(page);
  const m = row(page, '表单小明');
  await m.waitFor();
  await m.getByRole('button', { name: '关联客户' }).click();
  await settle(page);
  await pick(page, '关联客户', clientName, clientName);
  await clickInDialog(page, '确定');
  await noDialog(page);
  await quietTables(page);
  await row(page, '表单小明').filter({ hasText: clientName }).waitFor();
});
