import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { open } from './shell-support';
import {
  adminApi,
  chooseOption,
  clickInDialog,
  label,
  noDialog,
  openConsole,
  row,
  screenshotOnFailure,
  settle,
  signInAdmin,
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

interface Dept {
  id: number;
  parentId: number | null;
  name: string;
}
const departments = async () => {
  const { call } = await adminApi(baseURL);
  return (await call<{ items: Dept[] }>('GET', '/v1/system/departments')).items;
};

test('add a child department, move it, delete it; deleting a department in use is refused with the reason', async () => {
  const { page } = admin;
  await open(page, baseURL, '/system/dept-list', 'dept-list-page');
  const name = `端到端部门${unique('')}`;

  // Add a child of 销售二组: the parent is chosen already.
  await row(page, '销售二组').getByRole('button', { name: '新增下级 销售二组' }).click();
  await settle(page);
  const drawer = visibleDialog(page);
  expect(
    await drawer.locator('.ant-select-content, .ant-select-selection-item').first().textContent(),
  ).toContain('销售二组');
  await drawer.getByRole('button', { name: label('保存') }).click();
  await drawer.locator('.ant-form-item-explain-error', { hasText: '必填' }).waitFor();
  await drawer.getByLabel('部门名称').fill(name);
  await drawer.getByRole('button', { name: label('保存') }).click();
  await toast(page, '部门已创建').waitFor();
  await noDialog(page);
  await row(page, name).waitFor();
  const all = await departments();
  const created = all.find((d) => d.name === name);
  expect(all.find((d) => d.id === created?.parentId)?.name).toBe('销售二组');
  await screenshot(page, 'system-dept-list-zh');

  // Refused deletes show the server's reason in a dialog that stays until read.
  await row(page, '私域销售中心').getByRole('button', { name: '删除 私域销售中心' }).click();
  await clickInDialog(page, '删除');
  const refused = visibleDialog(page).filter({ hasText: '部门未删除' });
  await refused.getByText('该部门下还有子部门').waitFor();
  await clickInDialog(page, '知道了');
  await noDialog(page);
  await row(page, '销售一组').getByRole('button', { name: '删除 销售一组' }).click();
  await clickInDialog(page, '删除');
  await visibleDialog(page)
    .filter({ hasText: '部门未删除' })
    .getByText(/该部门下还有 \d+ 名用户/)
    .waitFor();
  await clickInDialog(page, '知道了');
  await noDialog(page);

  // Move the new department under 产品运营中心 (it cannot go under itself: disabled option).
  await row(page, name)
    .getByRole('button', { name: `移动 ${name}` })
    .click();
  await settle(page);
  const move = visibleDialog(page);
  await move.getByLabel('新的上级部门').click();
  const option = (text: string) =>
    page.locator('.ant-select-tree-treenode').filter({ visible: true }).filter({ hasText: text });
  expect(await option(name).getAttribute('class')).toContain('ant-select-tree-treenode-disabled');
  await option('产品运营中心').locator('.ant-select-tree-node-content-wrapper').click();
  // What a user checks before confirming: the select shows the new parent.
  await expect
    .poll(() => move.locator('.ant-select-content, .ant-select-selection-item').first().textContent())
    .toContain('产品运营中心');
  await clickInDialog(page, '移动');
  await toast(page, '部门已移动').waitFor();
  await noDialog(page);
  await expect
    .poll(async () => {
      const rows = await departments();
      const moved = rows.find((d) => d.name === name);
      return rows.find((d) => d.id === moved?.parentId)?.name;
    })
    .toBe('产品运营中心');

  // Someone else changes it while the drawer is open: 409 with a reload action, then saving works.
  await row(page, name)
    .getByRole('button', { name: `编辑 ${name}` })
    .click();
  await settle(page);
  const edit = visibleDialog(page);
  await edit.getByLabel('部门名称').fill(`${name}甲`);
  // Closing with unsaved changes asks first.
  await clickInDialog(page, '取消');
  const discard = visibleDialog(page).filter({ hasText: '放弃未保存的修改？' });
  await clickInDialog(page, '继续编辑');
  await discard.waitFor({ state: 'hidden' });
  const { call } = await adminApi(baseURL);
  const current = (await departments()).find((d) => d.name === name) as Dept & { version: number };
  await call('PUT', `/v1/system/departments/${current.id}`, {
    name: `${name}乙`,
    leaderUserId: null,
    sort: 0,
    status: 'ENABLED',
    version: current.version,
  });
  await edit.getByRole('button', { name: label('保存') }).click();
  await edit.getByText('该记录已被他人修改').waitFor();
  await edit.getByRole('button', { name: '重新加载' }).click();
  await expect.poll(() => edit.getByLabel('部门名称').inputValue()).toBe(`${name}乙`);
  await edit.getByLabel('部门名称').fill(name);
  await edit.getByRole('button', { name: label('保存') }).click();
  await toast(page, '已保存').waitFor();
  await noDialog(page);
  await expect.poll(async () => (await departments()).some((d) => d.name === name)).toBe(true);

  // An empty department deletes.
  await row(page, name)
    .getByRole('button', { name: `删除 ${name}` })
    .click();
  await clickInDialog(page, '删除');
  await toast(page, '已删除').waitFor();
  await expect.poll(() => row(page, name).count()).toBe(0);
});

test('the audit log shows what was just done, filtered by action in the URL; export downloads an xlsx', async () => {
  const { call } = await adminApi(baseURL);
  const name = `审计部门${unique('')}`;
  const { id } = await call<{ id: number }>('POST', '/v1/system/departments', { parentId: null, name });
  await call('DELETE', `/v1/system/departments/${id}`);

  const { page } = admin;
  await open(page, baseURL, '/system/audit-log', 'audit-log-page');
  // Choose the action in the search form (options come from the log itself).
  await chooseOption(
    page,
    page.getByLabel('操作', { exact: true }),
    'system.dept.create',
    'system.dept.create',
  );
  await page.getByRole('button', { name: label('查询') }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('system.dept.create');
  // Every row matches the filter (once the filtered page has replaced the unfiltered one).
  const rows = page.locator('.ant-table-row');
  await expect
    .poll(async () => (await rows.allTextContents()).every((text) => text.includes('system.dept.create')))
    .toBe(true);
  const text = (await rows.filter({ hasText: name }).textContent()) ?? '';
  expect(text).toContain('新增部门');
  expect(text).toContain('admin');
  expect(text).toContain(`#${id}`);
  await screenshot(page, 'system-audit-log-filtered-zh');

  // A shared link shows the same list: the delete, by its target id.
  await open(page, baseURL, `/system/audit-log?targetType=department&targetId=${id}`, 'audit-log-page');
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
  expect(await page.locator('.ant-table-row').first().textContent()).toContain('删除部门');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label('导出') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.xlsx$/);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
});
