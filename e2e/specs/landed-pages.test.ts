import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import esAreas from '../../apps/web/src/i18n/areas/all.es';
import jaAreas from '../../apps/web/src/i18n/areas/all.ja';
import esCore from '../../apps/web/src/i18n/es';
import jaCore from '../../apps/web/src/i18n/ja';
import { SERVER_MESSAGES } from '../../packages/contract/src/messages';
import { type BrowserSession, screenshot } from '../support/browser';
import { checkPage } from '../tour/checks';
import { createClientAs, staffId, steady } from './client-support';
import { signIn } from './shell-support';
import {
  type AdminApi,
  addOpenCallerNumber,
  adminApi,
  chooseMenuItem,
  chooseOption,
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

test.each(LANGUAGES)('every row action of the list pages can be clicked in %s', async (lang) => {
  const { page } = admin;
  await setLanguage(page, lang);
  for (const path of LISTS) {
    await page.goto(`${baseURL}${path}`);
    await page.locator('.resource-table .ant-table-row .row-actions button').first().waitFor();
    await quietTables(page);
    expect({ lang, path, problems: await unclickableActions(page) }).toEqual({ lang, path, problems: [] });
    if (path === '/order/list' || path === '/product/list')
      await screenshot(page, `landed-${path.slice(1).replace('/', '-')}-${lang}-1440`);
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
      // Playwright's innerText (the text a user sees), not the DOM property the lint rule means.
      // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
      expect(await adminRow.innerText()).toContain(expected[lang].admin);
      // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
      expect(await adminRow.innerText()).toContain(expected[lang].description);
      // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
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
      // The dashboard names the roles too, not their keys ("admin / siyu", item 13).
      await page.goto(`${baseURL}/dashboard`);
      await page.locator('.dashboard-role').first().waitFor();
      expect(await page.locator('.dashboard-role').allTextContents()).toEqual([expected[lang].admin]);
    }
  } finally {
    await setLanguage(page, 'zh');
  }
});

/** A product of two SKUs, both with stock 0 (not unlimited), not on sale; answers its name. */
const noStockProduct = async () => {
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

  return name;
};

test('a product whose SKUs all have stock 0 asks before it goes on sale and is listed as such', async () => {
  const { page } = admin;
  const name = await noStockProduct();
  await page.goto(`${baseURL}/product/list?keyword=${encodeURIComponent(name)}`);
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await row.waitFor();
  const putOnSale = async () => {
    await row.getByRole('button', { name: `更多 ${name}` }).click();
    await chooseMenuItem(page, '上架');
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
  await settle(page);

  // A client who bought (stage 已成交, deal status on): the tag shows once in the drawer's head.
  const { items } = await api.call<{ items: { id: number; name: string; mobile: string }[] }>(
    'GET',
    '/v1/clients?dealStatus=true&stage=DEAL&pageSize=1',
  );
  const buyer = items[0];
  if (!buyer) throw new Error('no deal client in the demo data');
  await page.goto(
    `${baseURL}/client/list?keyword=${encodeURIComponent(buyer.name)}&dealStatus=true&stage=DEAL`,
  );
  const buyerRow = page.locator('.ant-table-row').filter({ hasText: buyer.name }).first();
  await buyerRow.waitFor();
  await buyerRow.getByRole('button', { name: buyer.name, exact: true }).first().click();
  const head = page.locator('.client-drawer').filter({ visible: true }).getByTestId('client-summary');
  await head.waitFor();
  expect(await head.locator('.client-drawer__title .ant-tag', { hasText: '已成交' }).count()).toBe(1);
  await page.keyboard.press('Escape');
  await settle(page);
});

test("a language chosen in one browser stays in that browser (spec section 4: cookie, else the browser's)", async () => {
  const username = unique('lang');
  const password = 'Lang-pref-2026!';
  await createUser(baseURL, { username, roleIds: [await roleIdOf(baseURL, 'siyu')], password });
  const first = await openConsole('zh-CN');
  const second = await openConsole('es-ES');
  failurePage = () => second.page;
  try {
    // English chosen in the navbar of one browser, and saved on the profile there.
    await signInAs(first.context, baseURL, username, password);
    await first.page.goto(`${baseURL}/profile/index`);
    await first.page.getByTestId('profile-page').waitFor();
    await chooseOption(first.page, first.page.getByLabel('偏好语言'), 'English');
    await first.page.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect.poll(() => first.page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Another browser of the same user, asking for Spanish with no language cookie: Spanish.
    await signInAs(second.context, baseURL, username, password);
    await second.page.goto(`${baseURL}/dashboard`);
    await second.page.getByTestId('dashboard-page').waitFor();
    await expect.poll(() => second.page.evaluate(() => document.documentElement.lang)).toBe('es');
    await screenshot(second.page, 'landed-language-per-browser-es');

    // The first browser reloads in its own choice (its cookie).
    await first.page.reload();
    await first.page.getByTestId('profile-page').waitFor();
    await expect.poll(() => first.page.evaluate(() => document.documentElement.lang)).toBe('en');
  } finally {
    await first.close();
    await second.close();
  }
});

/**
 * A paid order nobody has asked a refund of yet, so all it paid is refundable. `refundStatus=NONE`
 * alone is not enough: it says no refund has been paid out, while an earlier spec may have left a
 * full refund applied for (nothing left to refund: the drawer's refund button is disabled).
 */
const paidOrderWithoutRefunds = async (api: AdminApi) => {
  const { items } = await api.call<{ items: { id: number; orderNo: string }[] }>(
    'GET',
    '/v1/orders?status=PAID&refundStatus=NONE&pageSize=20',
  );
  for (const item of items) {
    const detail = await api.call<{ refunds: unknown[] }>('GET', `/v1/orders/${item.id}`);
    if (detail.refunds.length === 0) return item;
  }
  throw new Error('no paid order without refunds');
};

// ---- The dialogs and drawers the tour does not open, in es and ja at 991 px ----------------------

type Tree = { [key: string]: string | Tree };
const MESSAGES: Record<'es' | 'ja', Tree[]> = {
  es: [esCore, esAreas as unknown as Tree],
  ja: [jaCore, jaAreas as unknown as Tree],
};
/** The console's message for `key` in `lang` (core or area messages), `{{x}}` filled from `params`. */
const msg = (lang: 'es' | 'ja', key: string, params: Record<string, string> = {}) => {
  for (const tree of MESSAGES[lang]) {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string')
      return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => params[k] ?? '');
  }
  throw new Error(`no message ${key} in ${lang}`);
};

/**
 * Texts of the open dialog (the last visible modal or drawer) that lie on top of each other (a
 * counter over a help text) or pass the dialog's edges (cut off by the window or the panel).
 */
const dialogLayoutProblems = (page: Page) =>
  page.evaluate(() => {
    const dialogs = Array.from(
      document.querySelectorAll<HTMLElement>('.ant-modal-container, .ant-drawer-content-wrapper'),
    ).filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
    // The one on top: a modal over a drawer, the last opened of stacked drawers.
    const topOf = (el: HTMLElement) =>
      Number(getComputedStyle(el.closest('.ant-modal-wrap, .ant-drawer') ?? el).zIndex) || 0;
    const dialog = dialogs.sort((a, b) => topOf(a) - topOf(b)).at(-1);
    if (!dialog) return ['no dialog'];
    const box = dialog.getBoundingClientRect();
    const problems: string[] = [];
    if (box.left < -1 || box.right > window.innerWidth + 1)
      problems.push(
        `dialog ${Math.round(box.left)}..${Math.round(box.right)} outside 0..${window.innerWidth}`,
      );
    const texts: { text: string; rects: DOMRect[] }[] = [];
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('[aria-hidden="true"], .ant-select-selection-search')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // Only what the user can see: the part inside a scrolling or clipping ancestor's box (a tab
      // strip hides the tabs past its edge behind its "more" menu on purpose).
      let clip = box;
      let clipped = false;
      for (let el: HTMLElement | null = parent; el && el !== dialog; el = el.parentElement) {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        // A scrolling body hides what is above or below it; only a hidden overflow hides sideways
        // (a sideways scroll is a defect this check reports).
        const y = style.overflowY !== 'visible';
        const x = style.overflowX === 'hidden' || style.overflowX === 'clip';
        if (x) clipped = true;
        if (x || y) {
          const left = x ? Math.max(clip.left, r.left) : clip.left;
          const right = x ? Math.min(clip.right, r.right) : clip.right;
          const top = y ? Math.max(clip.top, r.top) : clip.top;
          const bottom = y ? Math.min(clip.bottom, r.bottom) : clip.bottom;
          clip = new DOMRect(left, top, right - left, bottom - top);
        }
      }
      const rects = Array.from(range.getClientRects()).filter(
        (r) =>
          r.width > 1 &&
          r.height > 1 &&
          r.bottom > clip.top &&
          r.top < clip.bottom &&
          r.right > clip.left &&
          r.left < clip.right,
      );
      if (!rects.length) continue;
      for (const r of rects)
        if (!clipped && (r.right > box.right + 1 || r.left < box.left - 1))
          problems.push(`passes the dialog's edge: ${text.slice(0, 40)}`);
      texts.push({ text, rects });
    }
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i];
        const b = texts[j];
        if (!a || !b) continue;
        const overlap = a.rects.some((r) =>
          b.rects.some(
            (s) =>
              Math.min(r.right, s.right) - Math.max(r.left, s.left) > 2 &&
              Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 2,
          ),
        );
        if (overlap) problems.push(`"${a.text.slice(0, 30)}" overlaps "${b.text.slice(0, 30)}"`);
      }
    return [...new Set(problems)];
  });

/** What the dialog walk opens, made once for both languages. */
let dialogData:
  | Promise<{ client: { name: string; mobile: string }; pending: string; paid: string; product: string }>
  | undefined;
const makeDialogData = async () => {
  const api = await adminApi(baseURL);
  // Outbound calls need a caller number open to every caller.
  await addOpenCallerNumber(api, '0109');
  const client = await createClientAs(baseURL, {
    name: unique('对话框客户'),
    ownerUserId: await staffId(baseURL, 'admin'),
  });
  const firstOrder = async (status: string) => {
    const { items } = await api.call<{ items: { orderNo: string }[] }>(
      'GET',
      `/v1/orders?status=${status}&refundStatus=NONE&pageSize=1`,
    );
    const orderNo = items[0]?.orderNo;
    if (!orderNo) throw new Error(`no ${status} order`);
    return orderNo;
  };
  const pending = await firstOrder('PENDING');
  const paid = (await paidOrderWithoutRefunds(api)).orderNo;
  const product = await noStockProduct();
  return { client, pending, paid, product };
};

test.each(['es', 'ja'] as const)(
  'the main dialogs and drawers in %s at 991 px: nothing cut, overlapping or untranslated',
  async (lang) => {
    const { page } = admin;
    dialogData ??= makeDialogData();
    const { client, pending, paid, product } = await dialogData;

    const findings: Record<string, string[]> = {};
    /** The tour's checks on the whole page with the dialog open, its layout, and a picture. */
    const look = async (lang: 'es' | 'ja', name: string) => {
      await settle(page);
      await steady(page);
      const { keys, chinese, english, cut, overflow } = await checkPage(page, lang);
      const layout = await dialogLayoutProblems(page);
      const all = [...keys, ...chinese, ...english, ...cut, ...overflow, ...layout];
      if (all.length) findings[`${lang} ${name}`] = all;
      await screenshot(page, `landed-dialog-${name}-${lang}-991`);
    };
    const closeTop = async () => {
      await page.keyboard.press('Escape');
      await settle(page);
    };

    await page.setViewportSize({ width: 991, height: 800 });
    try {
      await setLanguage(page, lang);
      // The client drawer, its call panel and SMS dialog.
      await page.goto(`${baseURL}/client/list?keyword=${client.mobile}`);
      const clientRow = page.locator('.ant-table-row').filter({ hasText: client.name });
      await clientRow.waitFor();
      await quietTables(page);
      await clientRow.getByRole('button', { name: client.name, exact: true }).first().click();
      const clientDrawer = page.locator('.client-drawer').filter({ visible: true });
      await clientDrawer.getByTestId('client-summary').waitFor();
      await look(lang, 'client-drawer');
      await clientDrawer.getByTestId('client-call').click();
      await page.getByTestId('call-panel-state').waitFor();
      await page.getByTestId('call-ended').waitFor({ timeout: 20_000 });
      await look(lang, 'call-panel');
      await closeTop();
      await clientDrawer.getByTestId('client-sms').click();
      await page.getByTestId('sms-preview').or(page.locator('.ant-modal .ant-select')).first().waitFor();
      await look(lang, 'sms-send');
      await closeTop();
      await closeTop();

      // Release to the pool, with a reason typed (the counter beside the help text).
      await clientRow.getByRole('button', { name: `${msg(lang, 'table.more')} ${client.name}` }).click();
      await chooseMenuItem(page, msg(lang, 'client.action.release'));
      const release = visibleDialog(page).last();
      await release.locator('textarea').fill('Motivo de prueba: sin interés');
      await look(lang, 'release');
      await release.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
      await settle(page);

      // Payment confirmation (with the voucher's error shown) and the refund form (an amount too high).
      for (const [orderNo, action] of [
        [pending, 'order.action.confirmPayment'],
        [paid, 'order.action.applyRefund'],
      ] as const) {
        await page.goto(`${baseURL}/order/list?orderNo=${orderNo}`);
        const orderRow = page.locator('.ant-table-row').filter({ hasText: orderNo });
        await orderRow.waitFor();
        await orderRow.getByRole('button', { name: orderNo, exact: true }).first().click();
        const detail = page.getByTestId('order-detail');
        await detail.waitFor();
        await steady(page);
        // A pending order has paid nothing: its amount is due (issue 16, item 3), in the list and the drawer.
        const amounts = (await detail.getByTestId('order-amounts').textContent()) ?? '';
        const due = msg(lang, 'order.field.dueAmount');
        const paidLabel = msg(lang, 'order.field.payAmount');
        expect({ orderNo, due: amounts.includes(due), paid: amounts.includes(paidLabel) }).toEqual({
          orderNo,
          due: orderNo === pending,
          paid: orderNo !== pending,
        });
        expect(await orderRow.locator('.order-due').count()).toBe(orderNo === pending ? 1 : 0);
        await detail.getByRole('button', { name: msg(lang, action) }).click();
        await settle(page);
        const form = visibleDialog(page).last();
        if (action === 'order.action.applyRefund') {
          await page.getByTestId('refund-refundable').waitFor();
          await form.locator('input.ant-input-number-input').first().fill('9999999');
          await form.locator('input.ant-input-number-input').first().blur();
          await form.locator('.ant-form-item-explain-error').first().waitFor();
          await look(lang, 'refund-apply');
          // A "partial" amount equal to all that is left is confirmed as a full refund (item 1).
          const left = (await form.locator('.order-refundable__main dd').textContent()) ?? '';
          await form
            .locator('input.ant-input-number-input')
            .first()
            .fill(left.replace(/[^\d.]/g, ''));
          await form.locator('textarea').first().fill('Prueba');
          await form.locator('.ant-drawer-footer button.ant-btn-primary').click();
          const confirmFull = page.locator('.ant-modal-confirm').filter({ visible: true });
          await confirmFull.getByRole('button', { name: msg(lang, 'order.refund.fullConfirmOk') }).waitFor();
          await look(lang, 'refund-full-confirm');
          await confirmFull.locator('.ant-modal-confirm-btns .ant-btn:not(.ant-btn-primary)').click();
          await settle(page);
        } else {
          await form.locator('.ant-drawer-footer button.ant-btn-primary').click();
          // Not a bare "required": the voucher's error says an image of it is wanted (item 4).
          await form
            .locator('.ant-form-item-explain-error')
            .filter({ hasText: SERVER_MESSAGES[lang].voucherRequired })
            .waitFor();
          await look(lang, 'confirm-payment');
        }
        await closeTop();
        await closeTop();
      }

      // The on-sale checklist of a product with nothing in stock.
      await page.goto(`${baseURL}/product/list?keyword=${encodeURIComponent(product)}`);
      const productRow = page.locator('.ant-table-row').filter({ hasText: product });
      await productRow.waitFor();
      await quietTables(page);
      await productRow.getByRole('button', { name: `${msg(lang, 'table.more')} ${product}` }).click();
      await chooseMenuItem(page, msg(lang, 'product.list.onSale'));
      await settle(page);
      await visibleDialog(page).last().locator('.ant-btn-primary').click();
      await page.getByTestId('no-stock-skus').waitFor();
      await look(lang, 'on-sale-checklist');
      await visibleDialog(page)
        .last()
        .locator('.ant-modal-confirm-btns .ant-btn:not(.ant-btn-primary)')
        .click();
      await page.getByTestId('no-stock-skus').waitFor({ state: 'detached' });

      // The user form.
      await page.goto(`${baseURL}/system/admin-list`);
      await page.locator('.resource-table .ant-table-row').first().waitFor();
      await page.getByRole('button', { name: msg(lang, 'system.user.create') }).click();
      await visibleDialog(page).last().locator('.ant-form').waitFor();
      await look(lang, 'user-form');
      await closeTop();
      expect(findings).toEqual({});
    } finally {
      await page.setViewportSize({ width: 1366, height: 800 });
      await setLanguage(page, 'zh');
    }
  },
  300_000,
);

test('the client list export in es and ja: headers in the language, times as date cells in Shanghai time', async () => {
  const { page } = admin;
  const client = await createClientAs(baseURL, {
    name: unique('导出客户'),
    ownerUserId: await staffId(baseURL, 'admin'),
  });
  const api = await adminApi(baseURL);
  const created = await api.call<{ createdAt: string }>('GET', `/v1/clients/${client.id}`);
  const expected = {
    es: { name: 'Nombre', createdAt: 'Creado' },
    ja: { name: '氏名', createdAt: '作成日時' },
  } as const;
  try {
    for (const lang of ['es', 'ja'] as const) {
      await setLanguage(page, lang);
      await page.goto(`${baseURL}/client/list?keyword=${client.mobile}`);
      await page.locator('.ant-table-row').filter({ hasText: client.name }).waitFor();
      await quietTables(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: new RegExp(`${msg(lang, 'table.export')}$`) }).click();
      const file = await download;
      // The file is named by the business day (Shanghai), not the UTC one.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
      expect(file.suggestedFilename()).toBe(`clients-${today}.xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await file.path());
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const headers = (sheet.getRow(1).values as unknown[]).filter((v): v is string => typeof v === 'string');
      expect(headers).toContain(expected[lang].name);
      expect(headers).toContain(expected[lang].createdAt);
      if (lang === 'es') expect(headers.filter((h) => /\p{Script=Han}/u.test(h))).toEqual([]);
      expect(headers.filter((h) => /^[a-z]+[A-Z._]/.test(h))).toEqual([]);
      expect(sheet.rowCount).toBe(2);
      const cell = sheet.getRow(2).getCell(headers.indexOf(expected[lang].createdAt) + 1);
      expect(cell.type).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt).toMatch(/^yyyy-mm-dd hh:mm/);
      // The cell shows the Shanghai wall-clock time (UTC+8) of the creation.
      expect((cell.value as Date).getTime()).toBe(Date.parse(created.createdAt) + 8 * 3600_000);
    }
  } finally {
    await setLanguage(page, 'zh');
  }
});

test('the follow-up presets: 全部 stays chosen after 今日待跟进 with other list parameters in the URL', async () => {
  const { page } = admin;
  await setLanguage(page, 'zh');
  await page.goto(`${baseURL}/client/follow-record-list?pageSize=50&page=1`);
  await page.locator('.ant-table-row').first().waitFor();
  const presets = page.getByTestId('follow-up-presets');
  await presets.getByText('今日待跟进').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('due')).toBe('today');
  await expect.poll(() => presets.getByRole('radio', { name: '今日待跟进' }).isChecked()).toBe(true);
  await quietTables(page);
  await presets.getByText('全部', { exact: true }).click();
  await expect.poll(() => presets.getByRole('radio', { name: '全部' }).isChecked()).toBe(true);
  await expect.poll(() => new URL(page.url()).searchParams.get('due')).toBeNull();
  await quietTables(page);
  // Still chosen once the list has answered, and the other parameters are kept.
  expect(await presets.getByRole('radio', { name: '全部' }).isChecked()).toBe(true);
  expect(new URL(page.url()).searchParams.get('pageSize')).toBe('50');
});

test('refund decisions say what happened, with the amount (zh)', async () => {
  const { page } = admin;
  const api = await adminApi(baseURL);
  // A paid order with no refund yet; a refund of ¥1.00 applied through the API, twice.
  const order = await paidOrderWithoutRefunds(api);
  const apply = () => api.call('POST', `/v1/orders/${order.id}/refunds`, { amount: 100, reason: '端到端' });
  await setLanguage(page, 'zh');
  await apply();
  await page.goto(`${baseURL}/order/list?orderNo=${order.orderNo}`);
  await page.getByRole('button', { name: order.orderNo, exact: true }).first().click();
  const refunds = page.getByTestId('order-detail').getByTestId('order-refunds');
  const applied = refunds.locator('.ant-table-row').filter({ hasText: '申请中' });
  const decide = async (button: RegExp, ok: RegExp) => {
    await applied.getByRole('button', { name: button }).click();
    await settle(page);
    await visibleDialog(page).last().getByRole('button', { name: ok }).click();
  };
  await decide(/^拒绝/, /拒\s?绝/);
  await toast(page, '已拒绝退款申请 ¥1.00').waitFor();
  await applied.waitFor({ state: 'detached' });
  await apply();
  await page.reload();
  await page.getByRole('button', { name: order.orderNo, exact: true }).first().click();
  await decide(/^同意/, /同\s?意/);
  await toast(page, '已同意退款 ¥1.00').waitFor();
  const approved = refunds.locator('.ant-table-row').filter({ hasText: '已同意' });
  await approved.getByRole('button', { name: /^确认已退款/ }).click();
  await settle(page);
  await page
    .locator('.ant-modal-confirm')
    .filter({ visible: true })
    .getByRole('button', { name: '确认已退款' })
    .click();
  await toast(page, '已确认退款 ¥1.00').waitFor();
  await screenshot(page, 'landed-refund-done-zh');
});

test('cells beneath the fixed actions column: a shadow marks them and scrolling shows them whole; no "no data" under the spinner', async () => {
  const { page } = admin;
  await setLanguage(page, 'zh');
  await page.setViewportSize({ width: 1440, height: 900 });
  try {
    await page.goto(`${baseURL}/product/list`);
    await page.locator('.resource-table .ant-table-row').first().waitFor();
    await quietTables(page);
    const seen = await page.evaluate(async () => {
      // The shown page's table (the tabs keep other pages' tables, hidden, in the document).
      const table = Array.from(document.querySelectorAll<HTMLElement>('.resource-table .ant-table')).find(
        (el) => el.checkVisibility(),
      );
      const scroller = table?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      const fixed = table?.querySelector<HTMLElement>('.ant-table-tbody td.resource-table__actions');
      if (!table || !scroller || !fixed)
        return { error: `table ${!!table}, scroller ${!!scroller}, fixed cell ${!!fixed}` };
      const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
      const shadow = getComputedStyle(fixed).boxShadow;
      // Scrolled to the end, the last data column lies whole beside the fixed column.
      scroller.scrollLeft = scroller.scrollWidth;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const headers = Array.from(table.querySelectorAll<HTMLElement>('.ant-table-thead th'));
      const index = headers.findIndex((th) => th.textContent?.trim() === '更新时间');
      const cell = table.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')[0]?.children[
        index
      ];
      const text = cell?.querySelector('span') ?? cell;
      const right = text?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
      return { scrolls, shadow, whole: right <= fixed.getBoundingClientRect().left + 1 };
    });
    expect(seen).toMatchObject({ whole: true });
    if (seen.scrolls) expect(seen.shadow).not.toBe('none');
    await screenshot(page, 'landed-product-list-scrolled-zh-1440');

    // While the first answer is on its way: the spinner, and no "no data" beneath it.
    await page.route(/\/api\/v1\/products\?/, async (route) => {
      await new Promise((r) => setTimeout(r, 2_000));
      await route.continue().catch(() => undefined);
    });
    try {
      await page.goto(`${baseURL}/product/list?keyword=zz-no-such-product`);
      await page.locator('.resource-table .ant-spin-spinning').first().waitFor();
      expect(await page.locator('.resource-table .ant-empty').filter({ visible: true }).count()).toBe(0);
      await screenshot(page, 'landed-product-list-loading-zh-1440');
    } finally {
      await page.unroute(/\/api\/v1\/products\?/);
    }
    await page.locator('.resource-table .ant-empty').filter({ visible: true }).waitFor();
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
});

test("siyu's dashboard and the pool's quota label their client counts so the difference is plain", async () => {
  const sales = await openConsole('zh-CN');
  failurePage = () => sales.page;
  try {
    const { page, context } = sales;
    await signIn(context, baseURL, 'siyu1');
    await page.goto(`${baseURL}/dashboard`);
    const mine = page.locator('[data-group="mine"] [data-testid="dashboard-stat"]').first();
    await mine.waitFor();
    // "我的客户（含已成交）": every client siyu owns, deals included.
    expect(await mine.locator('.dashboard-stat__label').textContent()).toBe('我的客户（含已成交）');
    const all = Number((await mine.locator('.dashboard-stat__value').textContent())?.replace(/\D/g, ''));
    await page.goto(`${baseURL}/client/public-list`);
    const owned = page.getByTestId('quota-owned');
    await owned.waitFor();
    // The pool counts against the limit without the deals, says so, and names the whole count too.
    expect(await owned.locator('.pool-quota__label').textContent()).toBe('计入上限的客户（不含已成交）');
    expect(await owned.locator('.pool-quota__note').textContent()).toBe(`含已成交共 ${all} 个`);
    await screenshot(page, 'landed-pool-quota-siyu-zh');
  } finally {
    await sales.close();
  }
});
