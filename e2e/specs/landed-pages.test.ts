import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { createClientAs, staffId } from './client-support';
import {
  adminApi,
  createUser,
  openConsole,
  quietTables,
  roleIdOf,
  screenshotOnFailure,
  settle,
  signInAdmin,
  signInAs,
  tinyPng,
  toast,
  unique,
  visibleDialog,
} from './system-support';

/**
 * The landed pages as a user finds them (issue 16): every row action can be clicked in every
 * language, settings and language stay in the navbar at 991 px, a product with nothing in stock
 * asks before it goes on sale, and the client drawer's audit tab and owner log tell the truth.
 */

const baseURL = inject('baseURL');
let admin: BrowserSession;
/** The page a failing test leaves a picture of (the admin's, or another user's in that test). */
let failurePage: () => Page | undefined = () => admin?.page;
beforeEach(() => {
  failurePage = () => admin?.page;
  screenshotOnFailure(() => failurePage());
});

const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
/** List pages with a row-actions column, and a text their first row always has. */
const LISTS = [
  '/order/list',
  '/product/list',
  '/order/platform-list',
  '/system/admin-list',
  '/system/role-list',
];

const setLanguage = async (page: Page, lang: string) => {
  await page.context().addCookies([{ name: 'language', value: lang, url: baseURL }]);
};

/**
 * Each action button of the first row, scrolled into view, is what a click at its centre hits: not
 * cut by the fixed column, not under another cell, not under a floating button.
 */
const unclickableActions = (page: Page) =>
  page.evaluate(() => {
    const row = document.querySelector('.resource-table .ant-table-tbody tr.ant-table-row');
    if (!row) return ['no row'];
    const buttons = Array.from(row.querySelectorAll<HTMLElement>('.row-actions button'));
    if (!buttons.length) return ['no actions'];
    const bad: string[] = [];
    for (const button of buttons) {
      button.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const text = button.textContent?.trim() ?? '';
      if (!hit || !button.contains(hit)) bad.push(`${text}: hits ${hit?.className ?? 'nothing'}`);
      // The label is shown whole (no button narrower than its text).
      if (button.scrollWidth > button.clientWidth + 1) bad.push(`${text}: cut`);
    }
    return bad;
  });

beforeAll(async () => {
  admin = await openConsole('zh-CN');
  await signInAdmin(admin.context, baseURL);
});
afterAll(async () => admin?.close());

test('every row action of the list pages can be clicked in zh, en, es and ja', async () => {
  const { page } = admin;
  for (const lang of LANGUAGES) {
    await setLanguage(page, lang);
    for (const path of LISTS) {
      await page.goto(`${baseURL}${path}`);
      await page.locator('.resource-table .ant-table-row .row-actions button').first().waitFor();
      await quietTables(page);
      expect({ lang, path, problems: await unclickableActions(page) }).toEqual({ lang, path, problems: [] });
      if (path === '/order/list' || path === '/product/list')
        await screenshot(page, `landed-${path.slice(1).replace('/', '-')}-${lang}-1440`);
    }
  }
});

test('at 991 px the language and settings stay in the navbar, and the order actions stay clickable', async () => {
  const { page } = admin;
  await page.setViewportSize({ width: 991, height: 800 });
  try {
    for (const lang of ['zh', 'en'] as const) {
      await setLanguage(page, lang);
      await page.goto(`${baseURL}/order/list`);
      await page.locator('.resource-table .ant-table-row .row-actions button').first().waitFor();
      await quietTables(page);
      const navbar = page.locator('.navbar');
      expect(
        await navbar.locator(`button[aria-label^="${lang === 'zh' ? '语言' : 'Language'}"]`).count(),
      ).toBe(1);
      expect(await navbar.locator('.settings-handle').count()).toBe(1);
      // Nothing floats over the page's right edge.
      expect(await page.locator('body > .settings-handle, .app-wrapper > .settings-handle').count()).toBe(0);
      expect(await unclickableActions(page)).toEqual([]);
      await screenshot(page, `landed-order-list-${lang}-991`);
      await page.goto(`${baseURL}/dashboard`);
      await page.locator('.dashboard-stat__value').first().waitFor();
      // Money figures stay inside their tiles.
      const spills = await page.evaluate(
        () =>
          Array.from(document.querySelectorAll<HTMLElement>('.dashboard-stat')).filter(
            (el) => el.scrollWidth > el.clientWidth + 1,
          ).length,
      );
      expect(spills).toBe(0);
      // The sidebar has finished closing before the picture.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      );
      await screenshot(page, `landed-dashboard-${lang}-991`);
    }
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
    await setLanguage(page, 'zh');
  }
});

/**
 * Table headers split inside a word: a header with more lines than words (spaces, '/' and '・'
 * separate words). A Chinese or Japanese title used to break after any character once the table
 * was wider than its panel ("共有プールまで" one character a line).
 */
const headersSplitInWords = (page: Page) =>
  page.evaluate(() => {
    const bad: string[] = [];
    for (const th of Array.from(document.querySelectorAll<HTMLElement>('.ant-table-thead > tr > th'))) {
      const text = (th.textContent ?? '').trim();
      if (!text || th.getBoundingClientRect().width === 0) continue;
      const tops = new Set<number>();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects()))
          if (rect.width > 0) tops.add(Math.round(rect.top / 4));
      }
      const words = text.split(/[\s/・]+/).filter(Boolean).length;
      if (tops.size > words) bad.push(`${text}: ${tops.size} lines`);
    }
    return bad;
  });

/** Search fields side by side whose controls do not line up (a label on two lines pushed one down). */
const misalignedControls = (page: Page) =>
  page.evaluate(() => {
    const fields = Array.from(
      document.querySelectorAll<HTMLElement>('.resource-table__fields > .resource-table__field'),
    ).filter((f) => f.getBoundingClientRect().width > 0);
    const bad: string[] = [];
    for (let i = 1; i < fields.length; i++) {
      const [a, b] = [fields[i - 1], fields[i]] as [HTMLElement, HTMLElement];
      if (b.getBoundingClientRect().left <= a.getBoundingClientRect().left) continue; // next line
      const top = (f: HTMLElement) =>
        f.querySelector<HTMLElement>('.ant-form-item-control')?.getBoundingClientRect().top ?? 0;
      if (Math.abs(top(a) - top(b)) > 1) bad.push(`${b.textContent?.slice(0, 40)}: ${top(b) - top(a)} px`);
    }
    return bad;
  });

test('table headers break between words in zh and ja; search controls line up when a label wraps (es 991)', async () => {
  const { page } = admin;
  try {
    for (const lang of ['ja', 'zh'] as const) {
      await setLanguage(page, lang);
      for (const path of ['/client/list', '/call/number-list', '/system/admin-list']) {
        await page.goto(`${baseURL}${path}`);
        await page.locator('.resource-table .ant-table-row').first().waitFor();
        await quietTables(page);
        expect({ lang, path, split: await headersSplitInWords(page) }).toEqual({ lang, path, split: [] });
      }
    }
    await screenshot(page, 'landed-admin-list-zh-1366');
    await setLanguage(page, 'es');
    await page.setViewportSize({ width: 991, height: 800 });
    for (const path of ['/system/admin-list', '/client/list']) {
      await page.goto(`${baseURL}${path}`);
      await page.locator('.resource-table .ant-table-row').first().waitFor();
      await quietTables(page);
      expect({ path, misaligned: await misalignedControls(page) }).toEqual({ path, misaligned: [] });
    }
    await page.goto(`${baseURL}/system/admin-list`);
    await page.locator('.resource-table .ant-table-row').first().waitFor();
    await quietTables(page);
    await screenshot(page, 'landed-admin-list-es-991');
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
    await setLanguage(page, 'zh');
  }
});

test("built-in roles read in the viewer's language on the role list, the admin list and the profile (es, ja)", async () => {
  const { page } = admin;
  const expected = {
    es: { admin: 'Administrador', description: 'Todos los permisos' },
    ja: { admin: '管理者', description: 'すべての権限' },
  } as const;
  try {
    for (const lang of ['es', 'ja'] as const) {
      await setLanguage(page, lang);
      await page.goto(`${baseURL}/system/role-list`);
      const adminRow = page.locator('.resource-table .ant-table-row', {
        has: page.locator('code', { hasText: /^admin$/ }),
      });
      await adminRow.waitFor();
      expect(await adminRow.innerText()).toContain(expected[lang].admin);
      expect(await adminRow.innerText()).toContain(expected[lang].description);
      const roleTable = await page.locator('.resource-table').innerText();
      expect({ lang, chinese: roleTable.match(/管理员|私域销售|中台运营|全部权限/g) }).toEqual({
        lang,
        chinese: null,
      });
      await screenshot(page, `landed-role-list-${lang}-1366`);
      await page.goto(`${baseURL}/system/admin-list`);
      await page.locator('.resource-table .ant-table-row').first().waitFor();
      // The roles column's tags (the first admin's nickname 超级管理员 is data, not a role name).
      const roleTags = (await page.locator('.resource-table .ant-table-row .ant-tag').allTextContents()).join(
        ' ',
      );
      expect({ lang, chinese: roleTags.match(/管理员|私域销售|中台运营/g) }).toEqual({
        lang,
        chinese: null,
      });
      await page.goto(`${baseURL}/profile`);
      await page.getByText(expected[lang].admin, { exact: true }).first().waitFor();
    }
  } finally {
    await setLanguage(page, 'zh');
  }
});

test('a product whose SKUs all have stock 0 asks before it goes on sale and is listed as such', async () => {
  const { page } = admin;
  const api = await adminApi(baseURL);
  const root = await api.call<{ id: number }>('POST', '/v1/product/categories', {
    parentId: null,
    name: unique('E2E库存'),
  });
  const leaf = await api.call<{ id: number }>('POST', '/v1/product/categories', {
    parentId: root.id,
    name: unique('空'),
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'cover.png');
  const upload = await fetch(`${baseURL}/api/v1/files/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  const cover = ((await upload.json()) as { data: { url: string } }).data.url;
  const name = unique('E2E无库存课');
  await api.call('POST', '/v1/products', {
    name,
    categoryId: leaf.id,
    productType: 'CAMP',
    coverUrl: cover,
    specType: 'MULTI',
    detailHtml: '<p>x</p>',
    skus: [
      {
        skuCode: unique('NS-A-'),
        properties: [{ name: '班型', value: '周末班' }],
        price: 9900,
        stock: 0,
        status: 'ENABLED',
      },
      {
        skuCode: unique('NS-B-'),
        properties: [{ name: '班型', value: '暑假班' }],
        price: 9900,
        stock: 0,
        status: 'ENABLED',
      },
    ],
  });

  await page.goto(`${baseURL}/product/list?keyword=${encodeURIComponent(name)}`);
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await row.waitFor();
  const putOnSale = async () => {
    await row.getByRole('button', { name: `更多 ${name}` }).click();
    await page.getByRole('menuitem', { name: '上架' }).click();
    await settle(page);
    await visibleDialog(page)
      .last()
      .getByRole('button', { name: /上\s?架/ })
      .click();
    await page.getByTestId('no-stock-skus').waitFor();
  };
  await putOnSale();
  expect(await page.getByTestId('no-stock-skus').textContent()).toMatch(/周末班[\s\S]*暑假班/);
  await screenshot(page, 'landed-product-no-stock-zh');
  await visibleDialog(page)
    .last()
    .getByRole('button', { name: /取\s?消/ })
    .click();
  await page.getByTestId('no-stock-skus').waitFor({ state: 'detached' });
  await quietTables(page);
  expect(await row.locator('[data-status]').first().getAttribute('data-status')).not.toBe('ON');

  await putOnSale();
  await visibleDialog(page).last().getByRole('button', { name: '仍要上架' }).click();
  await toast(page, `「${name}」已上架`).waitFor();
  await page.goto(`${baseURL}/product/list?nothingSellable=true&keyword=${encodeURIComponent(name)}`);
  await row.getByText('在售但无库存').waitFor();
});

test('the client drawer shows the deal once, the whole audit trail and a created row not from the pool', async () => {
  const { page } = admin;
  const client = await createClientAs(baseURL, { name: unique('E2E审计') });
  const api = await adminApi(baseURL);
  await api.call('POST', `/v1/clients/${client.id}/transfer`, {
    userId: await staffId(baseURL, 'siyu1'),
    reason: '交给销售跟进',
  });
  await page.goto(`${baseURL}/client/list?keyword=${client.mobile}`);
  const row = page.locator('.ant-table-row').filter({ hasText: client.name });
  await row.waitFor();
  await row.getByRole('button', { name: client.name }).first().click();
  const drawer = page.locator('.client-drawer').filter({ visible: true });
  await drawer.getByTestId('client-summary').waitFor();
  await drawer.getByRole('tab', { name: '操作日志' }).click();
  // The audit tab lists creation and the transfer (the merged timeline shows them as owner changes).
  await drawer.getByText('转移客户').first().waitFor();
  await drawer.getByText('新增客户').first().waitFor();
  expect(await drawer.locator('[data-kind="AUDIT"]').count()).toBe(2);
  await drawer.getByRole('tab', { name: '负责人变更' }).click();
  const created = drawer.locator('.ant-table-row').last();
  await created.waitFor();
  expect(await created.locator('td').nth(2).textContent()).toBe('-');
  await screenshot(page, 'landed-client-drawer-owners-zh');
  await page.keyboard.press('Escape');
});

test('the preferred language of the profile wins over the browser at the next sign-in', async () => {
  const username = unique('lang');
  const password = 'Lang-pref-2026!';
  await createUser(baseURL, { username, roleIds: [await roleIdOf(baseURL, 'siyu')], password });
  const user = await openConsole('zh-CN');
  failurePage = () => user.page;
  try {
    const { page, context } = user;
    await signInAs(context, baseURL, username, password);
    await page.goto(`${baseURL}/profile/index`);
    await page.getByTestId('profile-page').waitFor();
    await page.getByLabel('偏好语言').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'English' }).click();
    await page.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');

    // A new sign-in in a browser asking for Chinese (no language cookie): English, from the account.
    await context.clearCookies();
    await signInAs(context, baseURL, username, password);
    await page.goto(`${baseURL}/dashboard`);
    await page.getByTestId('dashboard-page').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await screenshot(page, 'landed-preferred-language-en');

    // "Follow this browser" drops the preference: the next sign-in is in the browser's Chinese.
    await page.goto(`${baseURL}/profile/index`);
    await page.getByTestId('profile-page').waitFor();
    await page.getByLabel('Preferred language').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Follow this browser' }).click();
    await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
    await screenshot(page, 'landed-profile-follow-browser-en');
    const saved = page.waitForResponse((r) => r.url().includes('/profile') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await context.clearCookies();
    await signInAs(context, baseURL, username, password);
    await page.goto(`${baseURL}/dashboard`);
    await page.getByTestId('dashboard-page').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^zh/);
  } finally {
    await user.close();
  }
});
