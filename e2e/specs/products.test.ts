import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { DEMO_PASSWORD } from '../support/server';
import { open } from './shell-support';
import {
  adminApi,
  chooseOption,
  clickInDialog,
  label,
  noDialog,
  openConsole,
  quietTables,
  row,
  screenshotOnFailure,
  seriousA11yViolations,
  settle,
  signInAdmin,
  signInAs,
  tinyPng,
  toast,
  unique,
  visibleDialog,
} from './system-support';

/**
 * Products (issue 6): categories, the stepped product form with the multi-spec generator, copy,
 * on sale, inline SKU stock, and what zhongtai (product operations) sees.
 */
const baseURL = inject('baseURL');
let admin: BrowserSession;
let current: Page | undefined;

const root = unique('根类');
const leaf = unique('叶类');
const name = unique('端到端思维课');
const copyName = `${name}（副本）`;

beforeAll(async () => {
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

/** Types into the product list's name filter and searches. */
const searchList = async (page: Page, text: string) => {
  await page.getByRole('textbox', { name: '商品名称 / ID' }).fill(text);
  await page.getByRole('button', { name: label('查询') }).click();
  await quietTables(page);
};

/** The step of the product form on screen (the form keeps all steps mounted). */
const step = (page: Page, key: string) => page.locator(`section[data-step="${key}"]`);

test('admin: category pair, a multi-spec product, its copy on sale, SKU stock inline', async () => {
  const { page } = admin;

  // ---- categories: a root and a leaf under it
  await open(page, baseURL, '/product/category', 'category-page');
  await page.getByRole('button', { name: '新增分类' }).first().click();
  await settle(page);
  await visibleDialog(page).getByLabel('分类名称').fill(root);
  await clickInDialog(page, '保存');
  await toast(page, '分类已新增').waitFor();
  await noDialog(page);
  await page.locator('.product-cat-node', { hasText: root }).waitFor();
  await quietTables(page);
  await page.getByRole('button', { name: `新增子分类 ${root}` }).click();
  await settle(page);
  const childDrawer = visibleDialog(page);
  await childDrawer.getByText(`在「${root}」下新增子分类`).waitFor();
  await childDrawer.getByLabel('分类名称').fill(leaf);
  await clickInDialog(page, '保存');
  await noDialog(page);
  const leafNode = page.locator('.product-cat-node', { hasText: leaf });
  await leafNode.waitFor();
  expect(await leafNode.textContent()).toContain('0 个商品');
  await screenshot(page, 'product-category-zh');

  // ---- the stepped form: basics
  await open(page, baseURL, '/product/add', 'product-form-add');
  const basics = step(page, 'basics');
  await basics.getByLabel('商品名称').fill(name);
  await basics.getByLabel('商品分类').click();
  await page.keyboard.type(leaf);
  await page.locator('.ant-select-tree-title', { hasText: leaf }).click();
  await chooseOption(page, basics.getByLabel('商品类型'), '录播课');
  await basics.getByLabel('卖点简介').fill('每周两次直播互动，配套练习册');
  await basics
    .locator('.image-upload input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: tinyPng() });
  await toast(page, '图片已上传').waitFor();
  await basics.locator('.image-upload img').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('.product-form__head').scrollIntoViewIfNeeded();
  await screenshot(page, 'product-form-basics-zh');

  // ---- specs and prices: two specs -> a 2 x 1 matrix, prices by batch fill then one by hand
  await page.getByRole('button', { name: '下一步' }).click();
  const specs = step(page, 'specs');
  await specs.getByText('多规格', { exact: true }).click();
  await specs.getByRole('button', { name: /^(plus )?添加规格$/ }).click();
  await specs.getByRole('textbox', { name: '规格名 1' }).fill('版本');
  await specs.getByRole('textbox', { name: '规格名 1' }).press('Enter');
  const values1 = specs.getByRole('textbox', { name: '为「版本」添加规格值' });
  await values1.fill('基础');
  await values1.press('Enter');
  await values1.fill('进阶');
  await values1.press('Enter');
  await specs.getByRole('button', { name: /^(plus )?添加规格$/ }).click();
  await specs.getByRole('textbox', { name: '规格名 2' }).fill('时长');
  await specs.getByRole('textbox', { name: '规格名 2' }).press('Enter');
  const values2 = specs.getByRole('textbox', { name: '为「时长」添加规格值' });
  await values2.fill('一年');
  await values2.press('Enter');
  const matrixRows = specs.locator('[data-testid="sku-matrix"] .ant-table-row');
  await expect.poll(() => matrixRows.count()).toBe(2);
  await specs.getByRole('spinbutton', { name: '批量设置 售价' }).fill('99');
  await specs.getByRole('button', { name: '应用到全部 SKU' }).click();
  await specs.getByRole('spinbutton', { name: '售价 进阶 / 一年' }).fill('199.5');
  expect(await specs.getByRole('spinbutton', { name: '售价 基础 / 一年' }).inputValue()).toBe('99.00');
  // Adding a value keeps the prices already entered.
  await values1.fill('旗舰');
  await values1.press('Enter');
  await expect.poll(() => matrixRows.count()).toBe(3);
  expect(await specs.getByRole('spinbutton', { name: '售价 进阶 / 一年' }).inputValue()).toBe('199.50');
  expect(await specs.getByRole('spinbutton', { name: '售价 旗舰 / 一年' }).inputValue()).toBe('');
  // ...and removing it again drops its row.
  await specs.getByRole('button', { name: '删除「版本」的规格值「旗舰」' }).click();
  await expect.poll(() => matrixRows.count()).toBe(2);
  await screenshot(page, 'product-form-specs-zh');

  // ---- details, delivery, channels
  await page.getByRole('button', { name: '下一步' }).click();
  const editor = step(page, 'details').getByRole('textbox', { name: '商品详情' });
  await editor.click();
  await page.keyboard.type('课程大纲：思维训练 12 讲');
  await screenshot(page, 'product-form-details-zh');
  await page.getByRole('button', { name: '下一步' }).click();
  await step(page, 'delivery').getByText('购买后有效天数', { exact: true }).click();
  await step(page, 'delivery').getByRole('spinbutton', { name: '有效天数' }).fill('365');
  // Each SKU's class row is named by its specs, and its picker asks for a class.
  const classRows = step(page, 'delivery').getByTestId('delivery-classes');
  expect(await classRows.locator('.delivery-classes__sku').allTextContents()).toEqual([
    '基础 / 一年',
    '进阶 / 一年',
  ]);
  expect(await classRows.textContent()).toContain('选择班级');
  await screenshot(page, 'product-form-delivery-zh');
  await page.getByRole('button', { name: '下一步' }).click();
  await step(page, 'channels').getByText('导入或同步订单时').waitFor();
  await screenshot(page, 'product-form-channels-zh');

  await page.getByRole('button', { name: '保存为草稿' }).click();
  await toast(page, `商品「${name}」已保存为草稿`).waitFor();
  await page.waitForSelector('[data-testid="product-list-page"]');
  // The list opens at the drafts, where the new draft is.
  await page.locator('.ant-tabs-tab-active [data-testid="product-tab-DRAFT"]').waitFor();
  await searchList(page, name);
  const created = row(page, name);
  await created.waitFor();
  expect(await created.textContent()).toContain('¥99.00 ~ ¥199.50');
  expect(await created.locator('[data-status]').getAttribute('data-status')).toBe('DRAFT');

  // ---- copy: the form opens prefilled as "<name>（副本）", saved and put on sale at once
  await created.getByRole('button', { name: `复制 ${name}` }).click();
  await page.waitForSelector('[data-testid="product-form-copy"]');
  await page.getByText(`这是「${name}」的副本`).waitFor();
  expect(await step(page, 'basics').getByLabel('商品名称').inputValue()).toBe(copyName);
  await page.getByRole('button', { name: '保存并上架' }).click();
  // A copy starts with no stock: going on sale names the SKUs with none and asks first.
  await page.getByTestId('no-stock-skus').waitFor();
  expect(await page.getByTestId('no-stock-skus').locator('li').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: '仍要上架' }).click();
  await toast(page, `商品「${copyName}」已保存并上架`).waitFor();
  await page.waitForSelector('[data-testid="product-list-page"]');
  await page.getByTestId('product-tab-ON').click();
  await page.locator('.ant-tabs-tab-active [data-testid="product-tab-ON"]').waitFor();
  await quietTables(page);
  await searchList(page, name);
  const copied = row(page, copyName);
  await copied.waitFor();
  expect(await copied.locator('[data-status]').getAttribute('data-status')).toBe('ON');
  expect(await row(page, name).count()).toBe(1); // the draft original is not on sale
  await screenshot(page, 'product-list-zh');

  // ---- SKU list: stock edited inline
  await copied.getByRole('button', { name: `SKU ${copyName}` }).click();
  await page.waitForSelector('[data-testid="sku-list-page"]');
  await page.getByTestId('sku-product-name').filter({ hasText: copyName }).waitFor();
  const stock = page.locator('[data-testid^="sku-stock-"]').first();
  await stock.getByRole('button').click();
  const input = page.getByRole('spinbutton', { name: /^修改 .+ 的库存$/ });
  await input.fill('50');
  await input.press('Enter');
  await toast(page, /SKU .+ 已保存/).waitFor();
  await expect
    .poll(async () => (await page.locator('[data-testid^="sku-stock-"]').first().textContent())?.trim())
    .toBe('50');
  await screenshot(page, 'product-sku-list-zh');

  // ---- bulk: both products move to a second leaf; the result dialog answers per product
  const { call } = await adminApi(baseURL);
  const { items: categories } = await call<{ items: { id: number; name: string }[] }>(
    'GET',
    '/v1/product/categories',
  );
  const leaf2 = unique('叶类二');
  await call('POST', '/v1/product/categories', {
    parentId: categories.find((c) => c.name === root)?.id,
    name: leaf2,
  });
  await open(page, baseURL, '/product/list', 'product-list-page');
  await searchList(page, name);
  await row(page, copyName).waitFor();
  await page.getByRole('checkbox', { name: name, exact: true }).check();
  await page.getByRole('checkbox', { name: copyName, exact: true }).check();
  await page.getByRole('button', { name: '修改分类' }).click();
  await settle(page);
  await visibleDialog(page).getByText('为选中的 2 个商品选择新分类').waitFor();
  await visibleDialog(page).getByLabel('新分类').click();
  await page.keyboard.type(leaf2);
  await page.locator('.ant-select-tree-title', { hasText: leaf2 }).click();
  await clickInDialog(page, '确定');
  await visibleDialog(page).getByText('成功 2 条，失败 0 条').waitFor();
  await clickInDialog(page, '知道了');
  await noDialog(page);
  await quietTables(page);
  expect(await row(page, copyName).textContent()).toContain(leaf2);
  expect(await row(page, name).filter({ hasNotText: '副本' }).textContent()).toContain(leaf2);
});

test('the category picker shows a match whose categories arrive after the search was typed', async () => {
  const { page } = admin;
  // The categories answer late (a slow network, a refetch after a category was added): the leaf
  // typed before they arrive must show, opened under its root, once they do.
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/product\/categories(\?|$)/, async (route) => {
    if (route.request().method() === 'GET') await arrived;
    await route.continue();
  });
  try {
    await open(page, baseURL, '/product/add', 'product-form-add');
    const basics = step(page, 'basics');
    await basics.getByLabel('商品分类').click();
    await page.keyboard.type(leaf);
    release();
    await page.locator('.ant-select-tree-title', { hasText: leaf }).click();
    const field = basics.locator('.ant-form-item').filter({ has: page.getByLabel('商品分类') });
    await expect
      .poll(() => field.locator('.ant-select-content, .ant-select-selection-item').first().textContent())
      .toContain(leaf);
  } finally {
    release();
    await page.unroute(/\/api\/v1\/product\/categories(\?|$)/);
  }
});

test('admin screens in English: list, categories, every form step, SKUs', async () => {
  const en = await openConsole('en-US');
  current = en.page;
  try {
    await signInAdmin(en.context, baseURL);
    const { page } = en;
    await open(page, baseURL, '/product/list', 'product-list-page');
    await quietTables(page);
    await screenshot(page, 'product-list-en');
    // antd's own hidden measure row of a horizontally scrolled table is not ours to fix.
    const violations = await seriousA11yViolations(page);
    expect(violations.filter((v) => !v.nodes.every((n) => n.includes('ant-table-measure-row')))).toEqual([]);
    await open(page, baseURL, '/product/category', 'category-page');
    // Reorder from the keyboard's side: the second leaf moves above the first.
    const leaves = page.locator('.product-cat-node', { hasText: '叶类' });
    await leaves.first().waitFor();
    const second = (await leaves.nth(1).locator('.product-cat-node__name').textContent()) ?? '';
    await page.getByRole('button', { name: `Move up ${second}` }).click();
    await toast(page, 'Category order saved').waitFor();
    await expect.poll(() => leaves.first().locator('.product-cat-node__name').textContent()).toBe(second);
    await screenshot(page, 'product-category-en');
    await open(page, baseURL, '/product/add', 'product-form-add');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    // Nothing filled in: the required fields say so on the first step.
    await step(page, 'basics').locator('.ant-form-item-explain-error').first().waitFor();
    await screenshot(page, 'product-form-basics-en');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // "Next" does not move past a step with missing fields: the category says so beside it.
    await page.getByRole('button', { name: 'Next' }).click();
    const basics = step(page, 'basics');
    const category = basics.locator('.ant-form-item').filter({ has: page.getByLabel('Category') });
    await category.locator('.ant-form-item-explain-error').waitFor();
    expect(await step(page, 'basics').getAttribute('aria-hidden')).toBe('false');
    await screenshot(page, 'product-form-next-blocked-en');
    await basics.getByLabel('Product name').fill(unique('Draft'));
    await basics.getByLabel('Category').click();
    await page.keyboard.type(leaf);
    await page.locator('.ant-select-tree-title', { hasText: leaf }).click();
    await chooseOption(page, basics.getByLabel('Product type'), 'Recorded course');
    for (const key of ['specs', 'details', 'delivery', 'channels']) {
      await page.getByRole('button', { name: 'Next' }).click();
      if (key === 'details') {
        // (the specs step needed its price before "Next" moved on)
        await step(page, 'specs').locator('.ant-form-item-explain-error').first().waitFor();
        // (the single SKU's first field is its price: "Price (¥)")
        await step(page, 'specs').getByTestId('single-sku').getByRole('spinbutton').first().fill('10');
        await page.getByRole('button', { name: 'Next' }).click();
      }
      await step(page, key).waitFor();
      await page.waitForTimeout(300); // button colours animate
      await screenshot(page, `product-form-${key}-en`);
    }
    // Leaving with changes asks first.
    await step(page, 'channels').getByRole('button', { name: 'Add platform product ID' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await settle(page);
    await clickInDialog(page, 'Discard');
    await page.waitForSelector('[data-testid="product-list-page"]');
    // Edit: "save and put on sale" of a product without a cover saves it, then shows the refusal
    // at the basics step, beside the cover.
    const { call } = await adminApi(baseURL);
    const { items: categories } = await call<{ items: { id: number; name: string }[] }>(
      'GET',
      '/v1/product/categories',
    );
    const leafId = categories.find((c) => c.name === leaf)?.id;
    const bare = await call<{ id: number }>('POST', '/v1/products', {
      name: unique('No cover '),
      categoryId: leafId,
      productType: 'MATERIAL',
      specType: 'SINGLE',
      skus: [{ skuCode: unique('E2E-'), properties: [], price: 1990, stock: 5, status: 'ENABLED' }],
    });
    await open(page, baseURL, `/product/edit/${bare.id}`, 'product-form-edit');
    await step(page, 'basics').getByLabel('Selling points').fill('Worksheets for every lesson');
    await page.locator('.product-form__head').scrollIntoViewIfNeeded();
    await screenshot(page, 'product-form-edit-en');
    await page.getByRole('button', { name: 'Save and put on sale' }).click();
    await page.getByTestId('on-sale-issue').filter({ hasText: 'needs a cover image' }).waitFor();
    await step(page, 'basics')
      .locator('.ant-form-item-explain-error', { hasText: 'needs a cover image' })
      .waitFor();
    await screenshot(page, 'product-form-on-sale-refused-en');
    const saved = await call<{ status: string; intro: string }>('GET', `/v1/products/${bare.id}`);
    expect(saved).toMatchObject({ status: 'DRAFT', intro: 'Worksheets for every lesson' });

    await open(page, baseURL, '/product/sku-list', 'sku-list-page');
    await page.getByText('Choose a product to see and adjust its SKUs.').waitFor();
    await chooseOption(page, page.getByRole('combobox', { name: 'Choose a product' }), copyName, copyName);
    await page.getByTestId('sku-product-name').filter({ hasText: copyName }).waitFor();
    await quietTables(page);
    await screenshot(page, 'product-sku-list-en');
  } finally {
    current = admin.page;
    await en.close();
  }
});

test('zhongtai sees the list and SKUs without add, edit or copy', async () => {
  const ops = await openConsole('zh-CN');
  current = ops.page;
  try {
    await signInAs(ops.context, baseURL, 'zhongtai1', DEMO_PASSWORD);
    const { page } = ops;
    await open(page, baseURL, '/product/list', 'product-list-page');
    await searchList(page, name);
    const copied = row(page, copyName);
    await copied.waitFor();
    expect(await page.getByRole('button', { name: '新增商品' }).count()).toBe(0);
    expect(await copied.getByRole('button', { name: `编辑 ${copyName}` }).count()).toBe(0);
    expect(await copied.getByRole('button', { name: `复制 ${copyName}` }).count()).toBe(0);
    await copied.getByRole('button', { name: `下架 ${copyName}` }).waitFor();
    await copied.getByRole('button', { name: `SKU ${copyName}` }).waitFor();
    await screenshot(page, 'product-list-zhongtai-zh');
    // The add page is admin-only: the route answers 401.
    await page.goto(`${baseURL}/product/add`);
    await page.waitForURL(/\/401$/);
  } finally {
    current = admin.page;
    await ops.close();
  }
});
