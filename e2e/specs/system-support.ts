import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from '../support/browser';
import { ADMIN_PASSWORD } from '../support/server';
import { apiLogin, type TokenResult, useSession } from './shell-support';

/** Helpers of the system-management specs (system-*.test.ts). */

/** A fresh browser (own profile) with the viewport the system specs and their screenshots use. */
export const openConsole = (locale: string): Promise<BrowserSession> =>
  openBrowser({ locale, viewport: { width: 1366, height: 800 } });

let uniqueCount = 0;
/**
 * A name no earlier run of the shared server used (usernames: 4-16 letters, digits, _ or -). It
 * ends in a digit: a suffix of letters only ("zezvrae") reads as an English word to the zh and ja
 * pages' English check (strayLatinWords), which leaves codes (a chunk with a digit) alone.
 */
export const unique = (prefix: string) => {
  uniqueCount = (uniqueCount + 1) % 10;
  return `${prefix}${Date.now().toString(36).slice(-6)}${uniqueCount}`;
};

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export type AdminApi = {
  token: string;
  session: TokenResult;
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
};
const adminApis = new Map<string, Promise<AdminApi>>();

/**
 * Calls the API as admin (test setup that is not what the test is about). One sign-in per server
 * and spec file: each sign-in costs a deliberately slow password hash.
 */
export const adminApi = (baseURL: string): Promise<AdminApi> => {
  const cached = adminApis.get(baseURL);
  if (cached) return cached;
  const created = (async (): Promise<AdminApi> => {
    const session = await apiLogin(baseURL, 'admin');
    const token = session.access_token;
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseURL}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as Envelope<T>;
      if (json.code !== 0)
        throw new Error(`${method} ${path}: ${res.status} ${json.msg} ${JSON.stringify(json.data)}`);
      return json.data;
    };
    return { token, session, call };
  })();
  adminApis.set(baseURL, created);
  created.catch(() => adminApis.delete(baseURL));
  return created;
};

/** Puts the admin's (shared) API session into a browser: one sign-in per spec file. */
/** A caller number open to every caller at any hour of the run (the sandbox provider is the default). */
export const addOpenCallerNumber = async (api: AdminApi, prefix: string) =>
  api.call('POST', '/v1/call/numbers', {
    number: `${prefix}${String(Date.now()).slice(-7)}`,
    numberType: 'LANDLINE',
    city: '北京',
    callWindowStart: '00:00',
    callWindowEnd: '23:59',
    dailyLimit: 500,
    concurrency: 5,
  });

export const signInAdmin = async (context: BrowserContext, baseURL: string) => {
  const { session } = await adminApi(baseURL);
  await useSession(context, baseURL, session);
};

export interface RoleRow {
  id: number;
  key: string;
  name: string;
  permissions: string[];
}

export const roleIdOf = async (baseURL: string, key: string) => {
  const { call } = await adminApi(baseURL);
  const { items } = await call<{ items: RoleRow[] }>('GET', '/v1/system/roles');
  const role = items.find((r) => r.key === key);
  if (!role) throw new Error(`no role ${key}`);
  return role.id;
};

/** Creates an admin user with a known password through the API; answers its id. */
export const createUser = async (
  baseURL: string,
  opts: { username: string; nickname?: string; roleIds: number[]; password: string },
) => {
  const { call } = await adminApi(baseURL);
  const { user } = await call<{ user: { id: number } }>('POST', '/v1/system/admin-users', {
    username: opts.username,
    nickname: opts.nickname ?? opts.username,
    roleIds: opts.roleIds,
    password: opts.password,
  });
  return user.id;
};

/** Signs in through the API with a password and puts the session into the browser's cookies. */
export const signInAs = async (
  context: BrowserContext,
  baseURL: string,
  username: string,
  password: string,
): Promise<TokenResult> => {
  const res = await fetch(`${baseURL}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as Envelope<TokenResult>;
  if (body.code !== 0) throw new Error(`login ${username} failed: ${body.msg}`);
  await useSession(context, baseURL, body.data);
  return body.data;
};

/** Whether a username/password pair signs in (without touching any browser). */
export const canLogIn = async (baseURL: string, username: string, password: string) => {
  const res = await fetch(`${baseURL}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as Envelope<unknown>).code === 0;
};

export { ADMIN_PASSWORD };

/** The texts of the sidebar's entries (links and submenu titles), in order. */
export const sidebarTexts = (page: Page) =>
  page
    .locator('.sidebar-container')
    .locator('a, .ant-menu-submenu-title')
    .evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()).filter(Boolean));

/** The hrefs of the sidebar's links (submenus opened first, so that every link is in the DOM). */
export const sidebarLinks = async (page: Page) => {
  // Each sub-menu opened once it is seen closed, and open before the next click: on a loaded
  // machine "the first closed one" was still the one just clicked, and a second click closed it.
  const submenus = page.locator('.sidebar-container .ant-menu-submenu');
  const open = page.locator('.ant-menu-submenu-open');
  for (let i = 0, n = await submenus.count(); i < n; i++) {
    const submenu = submenus.nth(i);
    if (await submenu.and(open).count()) continue;
    await submenu.locator(':scope > .ant-menu-submenu-title').click();
    await submenu.and(open).waitFor();
  }
  // A sub-menu renders its links after it opens: on a loaded machine the last one clicked had none
  // yet, and the tour left that group's pages out.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.sidebar-container .ant-menu-submenu')).every(
      (s) => s.classList.contains('ant-menu-submenu-open') && s.querySelector('a[href]'),
    ),
  );
  return page
    .locator('.sidebar-container a[href]')
    .evaluateAll((els) => els.map((el) => new URL((el as HTMLAnchorElement).href).pathname));
};

/** The visible dialog or drawer (antd keeps closed ones in the DOM). */
export const visibleDialog = (page: Page) =>
  page.locator('.ant-modal, .ant-drawer-section').filter({ visible: true });

/** The table row whose text contains `text`. */
export const row = (page: Page, text: string) =>
  page.locator('.ant-table-row').filter({ visible: true }).filter({ hasText: text });

/**
 * Opens a select by clicking `opener` once the dialogs have stopped moving (a click on a drawer still
 * sliding in lands where the field no longer is), types `typed` into its search when given, and picks
 * the visible option containing `text`; a failure names the options that were shown.
 */
export const chooseOption = async (page: Page, opener: Locator, text: string, typed?: string) => {
  await settle(page);
  await opener.click();
  if (typed !== undefined) {
    await opener.fill(typed);
    // A select that searches on the server shows its spinner until the options answer the typed
    // text: before that the list may still be the previous answer, about to be replaced.
    await expect
      .poll(() =>
        opener.evaluate((el) => el.closest('.ant-select')?.classList.contains('ant-select-loading')),
      )
      .toBe(false);
  }
  // This select's own list when the opener names it (another select's may still be closing with
  // the same words in it), and only once it has finished sliding in: an option clicked while the
  // list still moves can miss it, as a user's click would.
  const listId = await opener.getAttribute('aria-controls').catch(() => null);
  const options = (
    listId ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) }) : page
  )
    .locator('.ant-select-item-option')
    .filter({ visible: true });
  const option = options.filter({ hasText: text }).first();
  try {
    // As long as a click waits for its target: options loaded from the server come late on a busy machine.
    await option.waitFor({ timeout: 30_000 });
  } catch (e) {
    const shown = await options.allTextContents();
    throw new Error(`no option "${text}" among [${shown.join(' | ')}]`, { cause: e });
  }
  await settle(page);
  await option.click();
};

/** Waits for a success or error message with this text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first();

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations of the page (injected as a script source: strict CSP). */
export const seriousA11yViolations = async (page: Page) => {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
};

/** A valid 2x2 PNG (RGBA), made here so the test needs no fixture file. */
export const tinyPng = (): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  // Two rows, each: filter byte 0, then two RGBA pixels.
  const raw = Buffer.from([0, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 255, 0, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * A button name as antd renders it: two CJK characters alone get a space between them ("保 存"),
 * and an icon adds its own name in front ("download 导出"); such names match either way.
 */
export const label = (name: string): RegExp | string => {
  const chars = [...name];
  if (chars.length === 2 && chars.every((c) => /\p{Script=Han}/u.test(c)))
    return new RegExp(`(^|\\s)${chars[0]}\\s?${chars[1]}$`);
  return name;
};

/** Waits until no dialog or drawer is on screen (a closing one still catches clicks on its mask). */
export const noDialog = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(
        document.querySelectorAll('.ant-modal, .ant-drawer-section, .ant-modal-mask, .ant-drawer-mask'),
      ).every((el) => !(el as HTMLElement).checkVisibility()),
    undefined,
    { timeout: 10_000 },
  );

/** Keeps a screenshot of the page when a test fails (e2e/artifacts/failed-<test>.png). */
export const screenshotOnFailure = (page: () => Page | undefined) =>
  onTestFailed(async ({ task }) => {
    const current = page();
    if (current) await screenshot(current, `failed-${task.name.slice(0, 60)}`).catch(() => undefined);
  });

/**
 * Waits for dialogs, drawers, popovers and dropdowns to stop moving (zooming or sliding in): a click
 * during the motion may press on the button and release beside it. A motion is under way from the
 * frame its element gets the motion's classes (`ant-zoom-appear-prepare`, `-start`, `-active`;
 * rc-motion removes them when it ends), before its CSS animation exists: on a loaded machine a
 * dialog seen between the two (no animation running yet) started zooming under the click.
 */
/** What is still moving on the page (settle): with `none`, whether nothing is. */
const moving = ({ none }: { none: boolean }): boolean | string[] => {
  const MOTION = /-(appear|enter|leave)(-(prepare|start|active))?$/;
  const layers = Array.from(
    document.querySelectorAll(
      '.ant-modal, .ant-drawer-content-wrapper, .ant-modal-mask, .ant-drawer-mask, .ant-popover, .ant-dropdown, .ant-select-dropdown',
    ),
  );
  // These layers' own motions only: some inner ones never end (a button's loading icon leaving).
  const inMotion = layers
    .filter((el) => el.getClientRects().length > 0 && Array.from(el.classList).some((c) => MOTION.test(c)))
    .map((el) => el.className);
  const running = layers
    .flatMap((el) => el.getAnimations())
    .filter((a) => a.playState === 'running')
    .map((a) => `animation ${(a as CSSAnimation).animationName ?? a.id}`);
  const all = [...inMotion, ...running];
  return none ? all.length === 0 : all;
};
export const settle = async (page: Page) => {
  try {
    await page.waitForFunction(moving, { none: true }, { timeout: 10_000, polling: 50 });
  } catch (e) {
    const still = await page.evaluate(moving, { none: false }).catch(() => []);
    throw new Error(`still moving after 10 s: ${JSON.stringify(still)}`, { cause: e });
  }
};

/** Clicks `target` once it is there and nothing on the page moves (settle). */
const clickOnceStill = async (page: Page, target: Locator) => {
  await target.waitFor();
  await settle(page);
  await target.click();
};

/**
 * Clicks an item of the dropdown menu on screen once the menu has stopped zooming in: a click aimed
 * at an item of a menu still in motion landed beside it (on a loaded machine, 共有プールに戻す's click
 * left the menu open with ロック under the pointer).
 */
export const chooseMenuItem = (page: Page, name: string, exact = false) =>
  clickOnceStill(page, page.getByRole('menuitem', { name, exact }));

/** Clicks a button of the dialog or drawer on screen once it has stopped moving. */
export const clickInDialog = (page: Page, name: string | RegExp) =>
  clickOnceStill(
    page,
    visibleDialog(page).getByRole('button', { name: typeof name === 'string' ? label(name) : name }),
  );

/** Waits until no table on the page is loading (a loading table is dimmed and its rows may change). */
export const quietTables = async (page: Page) => {
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-spin-spinning, .ant-spin-blur').length === 0,
    undefined,
    {
      timeout: 10_000,
    },
  );
};

/** Waits until no CSS transition or animation runs (a sidebar collapsing, a sub-menu opening). */
export const motionDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 10_000,
  });
