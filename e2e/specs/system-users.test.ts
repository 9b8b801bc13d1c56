import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { ALL_PAGES } from '../../packages/contract/src/access';
import { type BrowserSession, screenshot } from '../support/browser';
import { cookieValue, open } from './shell-support';
import {
  adminApi,
  chooseMenuItem,
  clickInDialog,
  createUser,
  label,
  noDialog,
  openConsole,
  quietTables,
  roleIdOf,
  row,
  screenshotOnFailure,
  settle,
  sidebarLinks,
  sidebarTexts,
  signInAdmin,
  toast,
  unique,
  visibleDialog,
} from './system-support';

const baseURL = inject('baseURL');
let admin: BrowserSession;

/** Ten failed sign-ins of one username lock it (from this address); they run in the background. */
const lockedName = unique('lock');
let failures: Promise<unknown> | undefined;
const failSignIns = () => {
  failures ??= Promise.all(
    Array.from({ length: 10 }, () =>
      fetch(`${baseURL}/api/v1/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: lockedName, password: 'not-the-password' }),
      }),
    ),
  );
};

beforeAll(async () => {
  admin = await openConsole('zh-CN');
  await signInAdmin(admin.context, baseURL);
});
afterAll(async () => {
  await admin?.close();
});
beforeEach(() => {
  screenshotOnFailure(() => admin?.page);
});

const readSecret = async () => {
  const { page } = admin;
  const value = page.getByTestId('secret-value');
  await value.waitFor();
  const secret = (await value.textContent())?.trim() ?? '';
  await clickInDialog(page, '我已复制');
  await value.waitFor({ state: 'detached' });
  await noDialog(page);
  return secret;
};

test('create a siyu user in the UI; they see only their menu; disabling them ends their open console', async () => {
  const { page } = admin;
  await open(page, baseURL, '/system/admin-list', 'admin-list-page');
  await page.getByRole('button', { name: '新增管理员' }).click();
  await settle(page);
  const drawer = visibleDialog(page);
  // A taken username: the server's field error shows beside the field.
  await drawer.getByLabel('用户名').fill('siyu1');
  await drawer.getByLabel('昵称').fill('端到端销售');
  await drawer.getByLabel('角色').click();
  await page.keyboard.type('siyu');
  await page.locator('.ant-select-item-option-active').filter({ hasText: '(siyu)' }).waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await drawer.locator('.ant-select-selection-item').filter({ hasText: '私域销售' }).waitFor();
  await drawer.getByRole('button', { name: label('保存') }).click();
  await drawer.locator('.ant-form-item-explain-error', { hasText: '用户名已被使用' }).waitFor();
  // The spec helper's rule is checked before sending.
  await drawer.getByLabel('用户名').fill('a b');
  await drawer.locator('.ant-form-item-explain-error', { hasText: '4-16' }).waitFor();
  const username = unique('e2es');
  await drawer.getByLabel('用户名').fill(username);
  await drawer.getByRole('button', { name: label('保存') }).click();
  const first = await readSecret();
  expect(first.length).toBeGreaterThanOrEqual(8);
  await row(page, username).waitFor();
  expect(await row(page, username).textContent()).toContain('私域销售');

  // Reset: a new generated password, shown once; the first one stops working.
  await row(page, username)
    .getByRole('button', { name: `重置密码 ${username}` })
    .click();
  await clickInDialog(page, '重置密码');
  const password = await readSecret();
  expect(password).not.toBe(first);
  await screenshot(page, 'system-admin-list-zh');

  // The new user signs in through the login form in a fresh browser.
  const user = await openConsole('en-US');
  try {
    await open(user.page, baseURL, '/login', 'login-page');
    await user.page.getByLabel('Username').fill(username);
    await user.page.locator('input[name="password"]').fill(password);
    await user.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await user.page.waitForSelector('[data-testid="dashboard-page"]');
    const texts = await sidebarTexts(user.page);
    expect(texts).toContain('Dashboard');
    expect(texts).toContain('Profile');
    expect(texts).not.toContain('System');
    // Exactly the permitted menu: every business page in it is one the user's permissions name.
    const token = await cookieValue(user.context, 'Admin-Token');
    const info = await fetch(`${baseURL}/api/v1/admin/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    }).then((r) => r.json() as Promise<{ data: { roles: string[]; permissions: string[] } }>);
    expect(info.data.roles).toEqual(['siyu']);
    for (const path of await sidebarLinks(user.page)) {
      const page = ALL_PAGES.find((p) => p.path === path);
      if (page) expect(info.data.permissions, path).toContain(page.code);
    }

    // The admin disables them (confirm); their sessions end.
    await row(page, username)
      .getByRole('button', { name: `更多 ${username}` })
      .click();
    await settle(page);
    await chooseMenuItem(page, '停用');
    await visibleDialog(page).getByText('已登录的会话会立即下线').waitFor();
    await clickInDialog(page, '停用');
    await toast(page, `已停用 ${username}`).waitFor();
    await noDialog(page);
    await row(page, username).locator('[data-status="DISABLED"]').waitFor();

    // Their console's next request gets the 'Confirm logout' box.
    await user.page.locator('.sidebar-container').getByRole('link', { name: 'Profile' }).click();
    const box = user.page.locator('.ant-modal').filter({ hasText: 'Confirm logout' });
    await box.waitFor();
    expect(await box.getByRole('button', { name: 're-login' }).isVisible()).toBe(true);
  } finally {
    await user.close();
  }
});

test('bulk disable answers per user: the admin cannot disable their own account', async () => {
  const { page } = admin;
  const siyu = await roleIdOf(baseURL, 'siyu');
  const username = `admin${unique('b').slice(0, 8)}`;
  await createUser(baseURL, { username, roleIds: [siyu], password: 'Bulk-user-pass-2026' });
  await open(page, baseURL, '/system/admin-list?username=admin', 'admin-list-page');
  await row(page, username).waitFor();
  expect(await page.getByLabel('用户名', { exact: true }).first().inputValue()).toBe('admin');
  await row(page, username).getByRole('checkbox').check();
  await page
    .locator('.ant-table-row')
    .filter({ has: page.getByText('超级管理员', { exact: true }) })
    .getByRole('checkbox')
    .check();
  await page.getByText('已选 2 项').waitFor();
  await page.getByRole('button', { name: '批量停用' }).click();
  await clickInDialog(page, '确定');
  const result = visibleDialog(page).filter({ hasText: '结果' });
  await result.getByText('成功 1 条，失败 1 条').waitFor();
  expect(await result.locator('.ant-table-row').textContent()).toContain('不能停用或删除自己的账号');
  await clickInDialog(page, '知道了');
  await noDialog(page);
  await row(page, username).locator('[data-status="DISABLED"]').waitFor();
  expect(await page.getByText('已选 0 项').isVisible()).toBe(true);
});

test('list state lives in the URL; column settings persist; export downloads an xlsx', async () => {
  // For the login-locks test below (no password hashing here to compete with).
  failSignIns();
  const { page } = admin;
  await open(
    page,
    baseURL,
    '/system/admin-list?status=ENABLED&sort=username&username=siyu',
    'admin-list-page',
  );
  await row(page, 'siyu1').waitFor();
  const names = await page.locator('.ant-table-row .system-user-name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) expect(n).toContain('siyu');
  expect([...names].sort()).toEqual(names);
  // Sorting by a header writes the URL; a reload shows the same list.
  await page.locator('th').filter({ hasText: '用户名' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-username');
  await page.reload();
  await page.waitForSelector('[data-testid="admin-list-page"]');
  await row(page, 'siyu1').waitFor();
  const reloaded = await page.locator('.ant-table-row .system-user-name').allTextContents();
  expect(reloaded).toEqual([...names].sort().reverse());

  // Hide a column: it stays hidden after a reload (localStorage, per user).
  await quietTables(page);
  await page.getByRole('button', { name: '列设置' }).click();
  await settle(page);
  const email = page.getByTestId('column-settings').getByRole('checkbox', { name: '邮箱' });
  await email.uncheck();
  expect(await email.isChecked()).toBe(false);
  await page.keyboard.press('Escape');
  expect(await page.locator('th').filter({ hasText: '邮箱' }).count()).toBe(0);
  await page.reload();
  await row(page, 'siyu1').waitFor();
  expect(await page.locator('th').filter({ hasText: '邮箱' }).count()).toBe(0);
  await quietTables(page);
  await page.getByRole('button', { name: '列设置' }).click();
  await settle(page);
  await page.getByTestId('column-settings').getByRole('button', { name: '恢复默认列' }).click();
  await page.keyboard.press('Escape');
  await page.locator('th').filter({ hasText: '邮箱' }).waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label('导出') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^admin-users-.*\.xlsx$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('login locks: ten failed sign-ins lock a username; the admin clears the lock', async () => {
  const { page } = admin;
  const username = lockedName;
  failSignIns();
  await failures;
  await open(page, baseURL, '/system/admin-list?tab=locks', 'login-locks');
  const locked = page.getByTestId('login-locks').locator('.ant-table-row').filter({ hasText: username });
  await locked.first().waitFor();
  await locked.first().getByRole('button', { name: '解除锁定' }).click();
  await clickInDialog(page, '解除锁定');
  await toast(page, `已解除 ${username} 的登录锁定`).waitFor();
  await expect.poll(() => locked.count()).toBe(0);
  const { call } = await adminApi(baseURL);
  const { items } = await call<{ items: { username: string }[] }>('GET', '/v1/system/login-locks');
  expect(items.some((l) => l.username === username)).toBe(false);
});
