import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from '../support/browser';
import { createClientAs, drawer, modal, steady } from './client-support';
import { open } from './shell-support';
import {
  adminApi,
  chooseOption,
  clickInDialog,
  createUser,
  label,
  openConsole,
  roleIdOf,
  row,
  screenshotOnFailure,
  settle,
  signInAdmin,
  toast,
  unique,
} from './system-support';

/**
 * Enterprise WeChat in the browser against the sandbox corp (DOMAIN 9): admin creates an app and
 * copies its callback settings, tests the connection (visible range), runs a full sync and watches
 * its progress and job log, filters the contacts by tag, edits a remark, tags a contact, links it to
 * a client (then sees the relation in the client drawer), binds a member to a staff user, and that
 * user signs in with WeCom from the login page (popup -> sandbox chooser -> /auth-redirect).
 * Screenshots of every page in zh and en at 1440 and 991 px.
 */
const baseURL = inject('baseURL');
const corpId = `ww${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const appName = unique('企微应用');
let boss: BrowserSession;
let current: BrowserSession | undefined;

interface AppRow {
  id: number;
  corpId: string;
  status: string;
  version: number;
}

beforeAll(async () => {
  boss = await openConsole('zh-CN');
  await signInAdmin(boss.context, baseURL);
});
afterAll(async () => {
  await boss?.close();
});
beforeEach(() => {
  screenshotOnFailure(() => current?.page);
});

const appRow = (page: Page) => row(page, appName);
const rowAction = async (page: Page, text: string, action: string) => {
  const r = row(page, text).first();
  const inline = r.getByRole('button', { name: new RegExp(`^${action} `) });
  if (await inline.count()) await inline.first().click();
  else {
    await r.getByRole('button', { name: /^更多 / }).click();
    await page
      .locator('.ant-dropdown-menu-item')
      .filter({ visible: true })
      .filter({ hasText: action })
      .click();
  }
};

test('admin creates a sandbox app, copies its callback settings and tests the connection', async () => {
  current = boss;
  const { page } = boss;
  await open(page, baseURL, '/wecom/app-list', 'wecom-app-list-page');
  await page.getByRole('button', { name: '新建应用' }).click();
  const form = drawer(page, '新建企业微信应用');
  await form.waitFor();
  // the contract's rules beside the fields
  await clickInDialog(page, '保存');
  await form.locator('.ant-form-item-explain-error').first().waitFor();
  await form.getByLabel('名称').fill(appName);
  await form.getByLabel('企业 ID').fill(corpId);
  await form.getByLabel('AgentId').fill('1000002');
  await form.getByLabel('Secret').fill('sandbox-secret-1234');
  await clickInDialog(page, '保存');
  // the new app's settings: callback URL, Token and EncodingAESKey shown for copying
  const settings = drawer(page, appName);
  await settings.getByTestId('wecom-callback-url').waitFor();
  expect(await settings.getByTestId('wecom-callback-url').textContent()).toContain('/api/');
  expect((await settings.getByTestId('wecom-aes-key').textContent())?.trim()).toMatch(/^[A-Za-z0-9]{43}$/);
  // write-only secret: only its last 4 characters come back
  expect(await settings.textContent()).toContain('•••• 1234');
  expect(await settings.textContent()).not.toContain('sandbox-secret-1234');
  await steady(page);
  await screenshot(page, 'wecom-app-settings-zh');
  await page.keyboard.press('Escape');

  await rowAction(page, appName, '测试连接');
  const tested = drawer(page, appName);
  const result = tested.getByTestId('wecom-test-result');
  await result.waitFor();
  expect(await result.textContent()).toContain('连接成功');
  expect(await tested.getByTestId('wecom-visible-range').first().textContent()).toMatch(/\d+ 名成员/);
  await page.keyboard.press('Escape');
  await appRow(page).getByText('启用').waitFor();
});

// 立即同步 of the new app: one full sync (the night's sync never takes an app created after 02:00;
// had one of the corp been running, the request would have joined it). The job log follows that run
// until it ends and shows its final counts.
test('a full sync runs with live progress and its job log; the contacts arrive', async () => {
  current = boss;
  const { page } = boss;
  await open(page, baseURL, '/wecom/app-list', 'wecom-app-list-page');
  await appRow(page).waitFor();
  await rowAction(page, appName, '立即同步');
  await toast(page, /已加入全量同步队列|该企业的同步已在进行中/).waitFor();
  const log = drawer(page, appName);
  const runs = log.getByTestId('wecom-sync-run');
  await runs.first().waitFor();
  await expect.poll(() => runs.first().getAttribute('data-status'), { timeout: 90_000 }).toBe('SUCCESS');
  expect(await runs.count()).toBe(1);
  const run = runs.first();
  expect(await run.textContent()).toContain('外部联系人');
  expect(await run.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(2);
  // the app list's last sync follows
  await appRow(page).locator('.ant-tag').filter({ hasText: '成功' }).first().waitFor();
  await steady(page);
  await screenshot(page, 'wecom-sync-log-zh');
  await page.keyboard.press('Escape');

  await open(page, baseURL, '/wecom/contact-list', 'wecom-contact-list-page');
  await page.locator('.ant-table-row').first().waitFor();
  expect(await page.getByTestId('table-total').first().textContent()).toMatch(/\d/);
});

test('contacts: filter by tag, edit a remark, tag a contact', async () => {
  current = boss;
  const { page } = boss;
  // from the tag library: a tag with contacts opens the contact list filtered by it
  await open(page, baseURL, '/wecom/tag-list', 'wecom-tag-list-page');
  await page.getByTestId('wecom-tag-group').first().waitFor();
  const chip = page
    .getByTestId('wecom-tag-chip')
    .filter({ has: page.locator('.wecom-tag-chip__count', { hasNotText: /^0$/ }) })
    .first();
  const tagName = ((await chip.locator('button').first().textContent()) ?? '').trim();
  await chip.locator('button').first().click();
  await page.waitForURL(/\/wecom\/contact-list\?tagIds=/);
  await page.locator('.ant-table-row').first().waitFor();
  await steady(page);
  const tagCells = await page
    .locator('.ant-table-row')
    .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
  expect(tagCells.length).toBeGreaterThan(0);
  for (const text of tagCells) expect(text).toContain(tagName);
  // the search form shows the filter, and resetting it lists more
  const filtered = await page.getByTestId('table-total').first().textContent();
  await page.getByRole('button', { name: label('重置') }).click();
  await expect.poll(() => page.getByTestId('table-total').first().textContent()).not.toBe(filtered);

  // the drawer of the first contact: a remark, then a tag
  await page.locator('.ant-table-row').first().locator('.wecom-link-button').click();
  const detail = page.locator('.ant-drawer-section').filter({ visible: true });
  await detail.getByTestId('wecom-contact-drawer-name').waitFor();
  const contactName = ((await detail.getByTestId('wecom-contact-drawer-name').textContent()) ?? '').trim();
  await detail.getByRole('tab', { name: '备注' }).click();
  const remark = unique('备注');
  await detail.getByRole('textbox', { name: '备注', exact: true }).fill(remark.slice(0, 20));
  await detail.getByRole('button', { name: label('保存') }).click();
  await toast(page, '备注已保存').waitFor();
  await detail.getByRole('tab', { name: '标签' }).click();
  const editor = detail.getByTestId('wecom-tag-editor');
  await editor.locator('.ant-select').click();
  const option = page
    .locator('.ant-select-item-option:not(.ant-select-item-option-selected)')
    .filter({ visible: true })
    .first();
  await option.waitFor();
  const added = ((await option.textContent()) ?? '').trim();
  // Once the list has stopped sliding in (a click on a moving list can miss, as a user's would).
  await settle(page);
  await option.click();
  await editor.locator('.ant-select-selection-item').filter({ hasText: added }).waitFor();
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: '保存标签' }).click();
  await expect
    .poll(async () => (await row(page, remark.slice(0, 20)).first().textContent()) ?? '')
    .toContain(added);
  await steady(page);
  await screenshot(page, 'wecom-contact-drawer-zh');
  await page.keyboard.press('Escape');
  expect(contactName.length).toBeGreaterThan(0);
});

test('the tag library: a group with tags is created, a tag renamed, the group deleted after confirming', async () => {
  current = boss;
  const { page } = boss;
  const { call } = await adminApi(baseURL);
  const apps = await call<{ items: AppRow[] }>(
    'GET',
    `/v1/wecom/apps?keyword=${encodeURIComponent(appName)}`,
  );
  const groupName = unique('测试组').slice(0, 30);
  await open(page, baseURL, '/wecom/tag-list', 'wecom-tag-list-page');
  await page.getByRole('button', { name: '新建标签组' }).click();
  const form = drawer(page, '新建标签组');
  await form.waitFor();
  await chooseOption(page, form.getByLabel('企业 ID'), apps.items[0]?.corpId ?? corpId);
  await form.getByLabel('标签组名称').fill(groupName);
  const names = form.getByRole('combobox', { name: '标签' });
  await names.fill('甲标签');
  await names.press('Enter');
  await names.fill('乙标签');
  await names.press('Enter');
  await settle(page);
  await form.getByRole('button', { name: label('保存') }).click();
  await toast(page, '标签已创建').waitFor();
  const group = page.getByTestId('wecom-tag-group').filter({ hasText: groupName });
  await group.getByText('甲标签').waitFor();
  await group.getByText('乙标签').waitFor();

  await group.getByRole('button', { name: '重命名 甲标签' }).click();
  const rename = drawer(page, '重命名 甲标签');
  await rename.getByLabel('名称').fill('丙标签');
  await settle(page);
  await rename.getByRole('button', { name: label('保存') }).click();
  await group.getByText('丙标签').waitFor();
  await steady(page);
  await screenshot(page, 'wecom-tag-list-created-zh');

  // deleting asks first; cancelling keeps the group
  await group.getByRole('button', { name: `删除 ${groupName}` }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ visible: true });
  await confirm
    .locator('.ant-modal-confirm-title')
    .filter({ hasText: `删除标签组 ${groupName}？` })
    .waitFor();
  await settle(page);
  await confirm.getByRole('button', { name: label('取消') }).click();
  // The cancelled dialog leaves (its closing animation) before the next one opens.
  await expect.poll(() => page.locator('.ant-modal-confirm').filter({ visible: true }).count()).toBe(0);
  await group.waitFor();
  await group.getByRole('button', { name: `删除 ${groupName}` }).click();
  await settle(page);
  await page
    .locator('.ant-modal-confirm')
    .filter({ visible: true })
    .getByRole('button', { name: label('确定') })
    .click();
  await expect.poll(() => group.count()).toBe(0);
});

test('a contact is linked to a client; the client drawer shows the relation', async () => {
  current = boss;
  const { page } = boss;
  const client = await createClientAs(baseURL, { name: unique('企微客户') });
  await open(page, baseURL, '/wecom/contact-list?linked=false', 'wecom-contact-list-page');
  await page.locator('.ant-table-row').first().waitFor();
  await page.locator('.ant-table-row').first().locator('.wecom-link-button').click();
  const detail = page.locator('.ant-drawer-section').filter({ visible: true });
  await detail.getByTestId('wecom-contact-drawer-name').waitFor();
  const contactName = ((await detail.getByTestId('wecom-contact-drawer-name').textContent()) ?? '').trim();
  await detail.getByRole('tab', { name: '关联客户' }).click();
  const panel = detail.getByTestId('wecom-link-panel');
  await panel.getByRole('combobox').fill(client.name);
  // The list first shows the newest clients (this one among them), then the search's answer: pick
  // once the list shows what was typed, as a user does, not while it is being replaced.
  const options = page.locator('.ant-select-item-option').filter({ visible: true });
  await expect
    .poll(async () => {
      const shown = await options.count();
      return shown > 0 && shown === (await options.filter({ hasText: client.name }).count());
    })
    .toBe(true);
  await options.filter({ hasText: client.name }).click();
  await panel
    .locator('.ant-select-content, .ant-select-selection-item')
    .filter({ hasText: client.name })
    .waitFor();
  await panel.getByRole('button', { name: '关联客户' }).click();
  await expect
    .poll(() => panel.getByTestId('wecom-linked-client').textContent(), { timeout: 15_000 })
    .toBe(client.name);
  await page.keyboard.press('Escape');

  // the client's drawer: the WeCom tab lists the contact
  await open(page, baseURL, `/client/list?keyword=${encodeURIComponent(client.name)}`);
  await row(page, client.name).first().getByRole('button', { name: client.name, exact: true }).click();
  const clientDrawer = drawer(page, client.name);
  await clientDrawer.getByRole('tab', { name: '企业微信' }).click();
  await clientDrawer.getByTestId('client-wecom-tab').getByText(contactName).first().waitFor();
  await steady(page);
  await screenshot(page, 'wecom-client-drawer-zh');
  await page.keyboard.press('Escape');
});

test('a member is bound to a staff user, who then signs in with WeCom from the login page', async () => {
  current = boss;
  const { page } = boss;
  const { call } = await adminApi(baseURL);
  const username = unique('wx').slice(0, 16);
  const nickname = unique('企微登录');
  const userId = await createUser(baseURL, {
    username,
    nickname,
    roleIds: [await roleIdOf(baseURL, 'siyu')],
    password: 'Wecom-e2e-pass-2026',
  });

  // the app WeCom sign-in goes through (the first enabled customer-contact app) and a member of its corp
  const providers = await (await fetch(`${baseURL}/api/v1/admin/auth-providers`)).json();
  const url = new URL(providers.data.providers[0].authorizeUrl, baseURL);
  const signInAppId = Number((url.searchParams.get('state') ?? '').split('.')[0]);
  const signInApp = await call<AppRow>('GET', `/v1/wecom/apps/${signInAppId}`);
  const members = await call<{
    items: { id: number; userid: string; corpId: string; sysUserId: number | null }[];
  }>('GET', `/v1/wecom/members?bound=false&pageSize=100&status=1`);
  const member = members.items.find((m) => m.corpId === signInApp.corpId);
  if (!member) throw new Error(`no unbound member in ${signInApp.corpId}`);

  // bind it on the members page (department tree filter, then the row's action)
  await open(page, baseURL, `/wecom/member-list?keyword=${member.userid}`, 'wecom-member-list-page');
  await page.locator('.ant-table-row').first().waitFor();
  const memberRows = row(page, member.userid).filter({ hasText: '未绑定' });
  await memberRows
    .first()
    .getByRole('button', { name: /^绑定系统用户 / })
    .click();
  const bind = modal(page, '绑定');
  await chooseOption(page, bind.getByRole('combobox'), username, username);
  await clickInDialog(page, '确定');
  await row(page, nickname).first().waitFor();
  const bound = await call<{ items: { corpId: string; sysUserId: number | null }[] }>(
    'GET',
    `/v1/wecom/members?keyword=${member.userid}&bound=true&pageSize=100`,
  );
  // the row bound may be this userid in another corp: make sure the sign-in corp's member is the one
  if (!bound.items.some((m) => m.corpId === signInApp.corpId && m.sysUserId === userId)) {
    await call('PUT', `/v1/wecom/members/${member.id}/bind`, { sysUserId: null }).catch(() => undefined);
    const other = (
      await call<{ items: { id: number; sysUserId: number | null }[] }>(
        'GET',
        `/v1/wecom/members?keyword=${member.userid}&bound=true&pageSize=100`,
      )
    ).items.find((m) => m.sysUserId === userId);
    if (other) await call('PUT', `/v1/wecom/members/${other.id}/bind`, { sysUserId: null });
    await call('PUT', `/v1/wecom/members/${member.id}/bind`, { sysUserId: userId });
  }

  // sign in with WeCom in a fresh browser: login page -> third-party login -> sandbox chooser -> console
  const guest = await openBrowser({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  current = guest;
  try {
    const g = guest.page;
    await open(g, baseURL, '/login', 'login-page');
    const entry = g.getByRole('button', { name: '第三方登录' });
    await entry.waitFor();
    await screenshot(g, 'wecom-login-zh');
    await entry.click();
    const dialog = g.getByRole('dialog', { name: '第三方登录' });
    await dialog.getByRole('button', { name: /企业微信/ }).waitFor();
    await settle(g);
    const popupOpened = guest.context.waitForEvent('page');
    await dialog.getByRole('button', { name: /企业微信/ }).click();
    const popup = await popupOpened;
    await popup.getByRole('link', { name: new RegExp(nickname) }).click();
    await popup.waitForEvent('close', { timeout: 20_000 });
    await g.waitForURL(/\/dashboard/, { timeout: 20_000 });
    await g.getByText(nickname).first().waitFor();
    const info = await g.evaluate(async () => {
      const token = document.cookie.match(/Admin-Token=([^;]+)/)?.[1];
      const res = await fetch('/api/v1/admin/info', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      return (await res.json()) as { data: { username: string } };
    });
    expect(info.data.username).toBe(username);
    // the sandbox chooser is the demo sign-in (WECOM_DEMO_SIGNIN=1 on the suite's server)
    expect(providers.data.providers[0].demo).toBe(true);

    // a sign-in link opened in a browser that is signed in asks before replacing the session
    const token = async () => (await guest.context.cookies()).find((c) => c.name === 'Admin-Token')?.value;
    const before = await token();
    let exchanged = false;
    g.on('request', (req) => {
      if (req.url().includes('/api/v1/admin/wecom-login')) exchanged = true;
    });
    await g.goto(`${baseURL}/auth-redirect?code=crafted&state=crafted`);
    await g.getByText('此浏览器已登录').waitFor();
    await screenshot(g, 'wecom-auth-redirect-replace-zh');
    await g.getByRole('button', { name: '保留当前登录' }).click();
    await g.waitForURL(/\/dashboard/, { timeout: 20_000 });
    expect(exchanged).toBe(false);
    expect(await token()).toBe(before);
  } finally {
    await guest.close();
    current = boss;
  }
});

const wecomPages = [
  ['/wecom/app-list', 'wecom-app-list-page', 'wecom-app-list'],
  ['/wecom/member-list', 'wecom-member-list-page', 'wecom-member-list'],
  ['/wecom/contact-list', 'wecom-contact-list-page', 'wecom-contact-list'],
  ['/wecom/tag-list', 'wecom-tag-list-page', 'wecom-tag-list'],
] as const;

/** The four WeCom lists at both widths in one language (a test per language). */
const walkWecomPages = async (locale: 'zh-CN' | 'en-US') => {
  current = boss;
  const session = await openBrowser({ locale, viewport: { width: 1440, height: 900 } });
  current = session;
  try {
    await signInAdmin(session.context, baseURL);
    const lang = locale.slice(0, 2);
    for (const width of [1440, 991]) {
      await session.page.setViewportSize({ width, height: 900 });
      for (const [path, id, name] of wecomPages) {
        await open(session.page, baseURL, path, id);
        if (path === '/wecom/tag-list') await session.page.getByTestId('wecom-tag-group').first().waitFor();
        else await session.page.locator('.ant-table-row').first().waitFor();
        await steady(session.page);
        await screenshot(session.page, `${name}-${lang}-${width}`);
      }
    }
  } finally {
    await session.close();
    current = boss;
  }
};

test('the WeCom pages in zh at 1440 and 991 px', () => walkWecomPages('zh-CN'));
test('the WeCom pages in en at 1440 and 991 px', () => walkWecomPages('en-US'));
