import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { open } from './shell-support';
import {
  adminApi,
  clickInDialog,
  createUser,
  label,
  noDialog,
  openConsole,
  row,
  screenshotOnFailure,
  settle,
  sidebarLinks,
  signInAdmin,
  signInAs,
  toast,
  unique,
  visibleDialog,
} from './system-support';

const baseURL = inject('baseURL');
let admin: BrowserSession;

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

test("unchecking a page of a custom role takes it out of its users' menu at their next info call", async () => {
  const { call } = await adminApi(baseURL);
  const key = unique('r');
  const name = `端到端角色${key}`;
  const { id } = await call<{ id: number }>('POST', '/v1/system/roles', {
    key,
    name,
    dataScope: 'SELF',
    permissions: ['system.dept-list', 'system.audit-log'],
  });
  const username = unique('e2er');
  const password = 'Role-user-pass-2026';
  await createUser(baseURL, { username, roleIds: [id], password });

  const user = await openConsole('en-US');
  try {
    await signInAs(user.context, baseURL, username, password);
    await open(user.page, baseURL, '/dashboard', 'dashboard-page');
    const before = await sidebarLinks(user.page);
    expect(before).toContain('/system/dept-list');
    expect(before).toContain('/system/audit-log');
    expect(before).not.toContain('/system/admin-list');

    const { page } = admin;
    await open(page, baseURL, '/system/role-list', 'role-list-page');
    await row(page, name)
      .getByRole('button', { name: `编辑 ${name}` })
      .click();
    await settle(page);
    const drawer = visibleDialog(page);
    const deptNode = drawer.locator('.ant-tree-treenode').filter({ hasText: 'system.dept-list' });
    expect(await deptNode.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await deptNode.locator('.ant-tree-checkbox').click();
    expect(await deptNode.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await drawer.getByRole('button', { name: label('保存') }).click();
    await toast(page, '已保存').waitFor();
    await noDialog(page);
    const { items } = await call<{ items: { id: number; permissions: string[] }[] }>(
      'GET',
      '/v1/system/roles',
    );
    expect(items.find((r) => r.id === id)?.permissions).toEqual(['system.audit-log']);

    // The user's next info call (a reload) builds the menu without the page.
    await user.page.reload();
    await user.page.waitForSelector('[data-testid="dashboard-page"]');
    const after = await sidebarLinks(user.page);
    expect(after).not.toContain('/system/dept-list');
    expect(after).toContain('/system/audit-log');
    await user.page.goto(`${baseURL}/system/dept-list`);
    await user.page.waitForSelector('[data-testid="unauthorized-page"]');
  } finally {
    await user.close();
  }
});

test('the admin role shows every permission checked and locked; a built-in key cannot change', async () => {
  const { page } = admin;
  await open(page, baseURL, '/system/role-list', 'role-list-page');
  await row(page, 'admin').first().waitFor();
  await page
    .locator('.ant-table-row')
    .filter({ has: page.locator('code', { hasText: /^admin$/ }) })
    .getByRole('button', { name: /^编辑/ })
    .click();
  await settle(page);
  const drawer = visibleDialog(page);
  await drawer.getByTestId('permission-tree').waitFor();
  expect(await drawer.getByLabel('角色标识').isDisabled()).toBe(true);
  await drawer.getByText('管理员角色始终拥有全部权限').waitFor();
  const boxes = drawer.locator('.ant-tree-checkbox');
  const total = await boxes.count();
  expect(total).toBeGreaterThan(10);
  expect(await drawer.locator('.ant-tree-checkbox-checked').count()).toBe(total);
  expect(await drawer.locator('.ant-tree-checkbox-disabled').count()).toBe(total);
  await drawer.getByRole('button', { name: '全部展开' }).click();
  await drawer.locator('.ant-tree-treenode').filter({ hasText: 'auth.lock.clear' }).waitFor();
  await screenshot(page, 'system-role-drawer-zh');
  await clickInDialog(page, '取消');
  await drawer.waitFor({ state: 'hidden' });
  // Built-in roles offer no delete; the server refuses it anyway.
  expect(await row(page, 'siyu').getByRole('button', { name: /^删除/ }).count()).toBe(0);
});
