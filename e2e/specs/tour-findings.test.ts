import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { strayLatinWords } from '../../apps/web/src/i18n/latin';
import { type BrowserSession, screenshot } from '../support/browser';
import { checkPage } from '../tour/checks';
import {
  adminApi,
  createUser,
  type Envelope,
  motionDone,
  openConsole,
  quietTables,
  roleIdOf,
  screenshotOnFailure,
  signInAdmin,
  tinyPng,
  unique,
} from './system-support';

/**
 * What the second console tour found (issue 16, `npm run tour`), kept from coming back: the tour's
 * own checks (e2e/tour/checks.ts) on the pages it flagged, in zh, en, es and ja at 1440 and 991 px.
 * - the job list named jobs by their codes (call-number-health, data.stats-nightly, ...);
 * - the audit log showed the demo orders' summaries in English whatever the language
 *   ("payment confirmed (BANK_TRANSFER) ¥1680.00"): the rows had no structured params;
 * - the sidebar cut "Enterprise WeChat" to "Enterprise WeC…" (en; es "WeChat empresarial");
 * - the order list's "Source platform" header ran under its neighbour (a fixed-width column).
 * And what its check of English left in zh and ja found (third tour):
 * - the server page's queue check read "running, 12 jobs" and its host "vm (pid 18899)";
 * - the job list's last runs counted in English ("· queued 0");
 * - the channel list's codes (LIVE_DOUYIN) and the audit log's actor (a user name) were shown as
 *   chrome text, not as a code or as data;
 * - the audit log's sign-in, wrong-password, profile and export rows kept an English sentence
 *   ("wrong password", "export of 12 rows"): every writer now stores a structured summary, which the
 *   console renders per action in the viewer's language (the log is checked without an action filter).
 */

const baseURL = inject('baseURL');
let admin: BrowserSession;
beforeEach(() => screenshotOnFailure(() => admin?.page));
beforeAll(async () => {
  admin = await openConsole('zh-CN');
  await signInAdmin(admin.context, baseURL);
});
afterAll(async () => admin?.close());

const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
const WIDTHS = [1440, 991] as const;
const ROWS = '.resource-table .ant-table-row';
/** The pages and what shows their data. */
const PAGES: Record<string, string> = {
  '/system/job-list': ROWS,
  '/system/audit-log': ROWS,
  '/order/list': ROWS,
  '/order/channel-list': ROWS,
  '/system/server': '[data-testid="server-page"] .ant-table-row',
  // The gallery's "+ Add picture" passed its square in en (issue 16, item 6).
  '/product/add': '.product-gallery__add .ant-btn',
};

const open = async (page: Page, lang: string, path: string) => {
  await page.context().addCookies([{ name: 'language', value: lang, url: baseURL }]);
  await page.goto(`${baseURL}${path}`);
  await page
    .locator(PAGES[path.split('?')[0] ?? ''] ?? ROWS)
    .first()
    .waitFor();
  await quietTables(page);
  // at 991 px the sidebar collapses after load: its labels are cut while it slides
  await motionDone(page);
};

/** Calls the API without a browser (as the given user's token, or signed out); answers the envelope. */
const api = async (method: string, path: string, body: FormData | object, token?: string) => {
  const form = body instanceof FormData;
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? {} : { 'content-type': 'application/json' }),
    },
    body: form ? body : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<Record<string, unknown>>;
};

test('the audit log in zh shows no English summary after a sign-in, a wrong password, profile changes and an export', async () => {
  // What every session writes (issue 16, item 11): these rows kept an English sentence.
  const username = unique('aud');
  const password = 'Audit-pass-2026';
  await createUser(baseURL, { username, roleIds: [await roleIdOf(baseURL, 'siyu')], password });
  expect((await api('POST', '/v1/admin/login', { username, password: 'not-the-password' })).code).not.toBe(0);
  const login = await api('POST', '/v1/admin/login', { username, password });
  expect(login.code).toBe(0);
  const token = String(login.data.access_token);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'me.png');
  expect((await api('POST', '/v1/profile/avatar', form, token)).code).toBe(0);
  const changed = await api(
    'PUT',
    '/v1/profile/password',
    { currentPassword: password, newPassword: `${password}-2` },
    token,
  );
  expect(changed.code).toBe(0);
  const { token: adminToken } = await adminApi(baseURL);
  const exported = await fetch(`${baseURL}/api/v1/system/audit-log/export`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(exported.ok).toBe(true);

  const { page } = admin;
  await page.setViewportSize({ width: 1440, height: 900 });
  try {
    const seen: string[] = [];
    for (const path of ['/system/audit-log', '/system/audit-log?page=2']) {
      await open(page, 'zh', path);
      const rows = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.resource-table .ant-table-tbody tr.ant-table-row')).map(
          (tr) => {
            const cell = tr.querySelector('[data-testid="audit-summary"]');
            // The wording, without the row's own values (a Latin user name is data, not English).
            const wording = cell?.cloneNode(true) as Element | undefined;
            for (const value of Array.from(wording?.querySelectorAll('[data-user-content]') ?? []))
              value.remove();
            return {
              action: tr.querySelector('code')?.textContent ?? '',
              summary: cell?.textContent ?? '',
              wording: wording?.textContent ?? '',
            };
          },
        ),
      );
      expect(rows.length).toBeGreaterThan(0);
      const english = rows.filter((r) => strayLatinWords(r.wording).length > 0);
      expect({ path, english }).toEqual({ path, english: [] });
      seen.push(...rows.map((r) => `${r.action} ${r.summary}`));
      if (path === '/system/audit-log') await screenshot(page, 'tour-audit-log-zh-unfiltered');
    }
    // The rows just written are among them, in Chinese.
    for (const expected of [
      /^auth\.login\.failed 密码错误$/,
      /^auth\.login 登录成功（密码）$/,
      /^profile\.avatar 上传了头像（image\/png，\d+ 字节）$/,
      /^profile\.password 修改了自己的密码，结束了其他 \d+ 个会话$/,
      /^export\.start 导出(超过)? \d+ 行/,
    ])
      expect(
        seen.some((line) => expected.test(line)),
        String(expected),
      ).toBe(true);
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
}, 120_000);

/**
 * The languages each flagged page is checked in here, at both widths: the ones its finding was
 * about (the jobs' and the demo orders' names in every language have tests of their own below).
 * Every page in all four languages at both widths is the tour's walk (`npm run tour`).
 */
const FLAGGED_IN: Record<string, readonly (typeof LANGUAGES)[number][]> = {
  '/system/job-list': ['zh'],
  '/system/audit-log': ['zh', 'ja'],
  // "Source platform" ran under its neighbour (en); the sidebar cut "WeChat empresarial" (es).
  '/order/list': ['en', 'es'],
  '/order/channel-list': ['ja'],
  '/system/server': ['zh', 'ja'],
  '/product/add': ['en'],
};

test('the tour finds no key-like, untranslated, mixed-language or cut text on the pages it flagged', async () => {
  const { page } = admin;
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 991 ? 800 : 900 });
      for (const [path, languages] of Object.entries(FLAGGED_IN))
        for (const lang of languages) {
          await open(page, lang, path);
          if (path === '/system/audit-log') await screenshot(page, `tour-audit-log-${lang}-${width}`);
          const { keys, chinese, english, cut } = await checkPage(page, lang);
          expect({ lang, width, path, keys, chinese, english, cut }).toEqual({
            lang,
            width,
            path,
            keys: [],
            chinese: [],
            english: [],
            cut: [],
          });
        }
    }
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
}, 600_000);

test('every scheduled and queued job has a name in each language', async () => {
  const { page } = admin;
  for (const lang of LANGUAGES) {
    await open(page, lang, '/system/job-list?pageSize=100');
    // The name cell: the job's label, then its code underneath (code.system-cell-sub).
    const names = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.resource-table .ant-table-tbody tr.ant-table-row')).map((tr) => {
        const codeEl = tr.querySelector('code.system-cell-sub');
        const code = codeEl?.textContent?.trim() ?? '';
        const label = (codeEl?.parentElement?.textContent ?? '').replace(code, '').trim();
        return { code, label };
      }),
    );
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect({ lang, untranslated: names.filter((n) => !n.code || n.label === n.code) }).toEqual({
      lang,
      untranslated: [],
    });
  }
}, 120_000);

test("the demo orders' audit summaries are in the viewer's language", async () => {
  const { page } = admin;
  // The template of each language, with the payment method's label (not its code) and the amount.
  const expected = {
    zh: /^确认收款（.+）¥[\d,]+\.\d\d$/,
    en: /^Payment confirmed \(.+\) ¥[\d,]+\.\d\d$/,
    es: /^Pago confirmado \(.+\) ¥[\d,]+\.\d\d$/,
    ja: /^入金を確認（.+）¥[\d,]+\.\d\d$/,
  };
  const code = /[(（](WECHAT|ALIPAY|BANK_TRANSFER|CASH|PLATFORM|OTHER)[)）]/;
  for (const lang of LANGUAGES) {
    await open(page, lang, '/system/audit-log?action=order.confirm-payment');
    const summaries = await page.getByTestId('audit-summary').allTextContents();
    expect(summaries.length).toBeGreaterThan(0);
    const other = summaries.filter((s) => !expected[lang].test(s) || code.test(s));
    expect({ lang, other }).toEqual({ lang, other: [] });
    if (lang === 'zh' || lang === 'en') await screenshot(page, `tour-audit-payment-${lang}`);
  }
}, 120_000);

test('a page opened with the sidebar collapsed shows no menu flyout over it', async () => {
  const { page } = admin;
  await page.setViewportSize({ width: 1440, height: 900 });
  try {
    // Collapsed at desktop width (the tour found it after its 991 px pass, which closes the sidebar).
    await page.context().addCookies([{ name: 'sidebarStatus', value: '0', url: baseURL }]);
    await open(page, 'en', '/order/list');
    expect(await page.locator('.sidebar-container .ant-menu-inline-collapsed').count()).toBe(1);
    expect(await page.locator('.ant-menu-submenu-popup').filter({ visible: true }).count()).toBe(0);
    await screenshot(page, 'tour-sidebar-collapsed-en-1440');
  } finally {
    await page.context().addCookies([{ name: 'sidebarStatus', value: '1', url: baseURL }]);
    await page.setViewportSize({ width: 1366, height: 800 });
  }
});
