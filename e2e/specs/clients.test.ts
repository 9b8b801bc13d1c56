import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import {
  type CreatedClient,
  createClientAs,
  csvFile,
  drawer,
  modal,
  staffId,
  steady,
  uniqueMobile,
} from './client-support';
import { open, signIn } from './shell-support';
import {
  chooseMenuItem,
  chooseOption,
  clickInDialog,
  label,
  openConsole,
  row,
  screenshotOnFailure,
  seriousA11yViolations,
  signInAdmin,
  toast,
  unique,
} from './system-support';

/**
 * Client management in the browser (DOMAIN 3): create with the duplicate look-up, the drawer with
 * a follow-up in its timeline, release with a reason, import with a per-outcome summary, what a
 * read-only role sees, and screenshots of every client page in zh and en.
 */
const baseURL = inject('baseURL');
let sales: BrowserSession;
let current: BrowserSession | undefined;
/** A client of siyu2 (王芳): its mobile is someone else's for siyu1. */
let theirs: CreatedClient;

beforeAll(async () => {
  theirs = await createClientAs(baseURL, {
    name: unique('他人客户'),
    ownerUserId: await staffId(baseURL, 'siyu2'),
  });
  sales = await openConsole('zh-CN');
  await signIn(sales.context, baseURL, 'siyu1');
});
afterAll(async () => {
  await sales?.close();
});
beforeEach(() => {
  current = sales;
  screenshotOnFailure(() => current?.page);
});

test('siyu creates a client (a taken mobile shows its owner), follows up from the drawer, releases it with a reason', async () => {
  const { page } = sales;
  await open(page, baseURL, '/client/my-list', 'client-my-list-page');
  await page.getByRole('button', { name: '新增客户' }).click();
  const form = drawer(page, '新增客户');
  await form.getByLabel('手机号').fill(theirs.mobile);
  await form.getByLabel('客户姓名').click(); // blur: the look-up runs
  await form.locator('.ant-form-item-explain-error', { hasText: '该手机号已由【王芳】跟进' }).waitFor();
  await steady(page);
  await screenshot(page, 'client-form-duplicate-zh');
  // Saving anyway is refused by the server with the same answer.
  await form.getByRole('button', { name: label('保存') }).click();
  await form.locator('.ant-form-item-explain-error', { hasText: '该手机号已由【王芳】跟进' }).waitFor();

  const name = unique('端到端客户');
  const mobile = uniqueMobile();
  await form.getByLabel('手机号').fill(`+86 ${mobile}`);
  await form.getByLabel('客户姓名').fill(name);
  await form.getByText('该手机号可以使用').waitFor();
  await form.getByRole('button', { name: label('保存') }).click();
  await toast(page, '客户已创建').waitFor();
  await row(page, name).waitFor();
  expect(await row(page, name).textContent()).toContain(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);

  // The drawer: summary and a follow-up written from it, then seen in the timeline.
  await row(page, name).getByRole('button', { name, exact: true }).click();
  const detail = drawer(page, name);
  await detail.getByTestId('client-summary').waitFor();
  await detail.getByRole('button', { name: '写跟进' }).first().click();
  const followUp = drawer(page, `写跟进：${name}`);
  await followUp.getByLabel('跟进内容').fill('端到端：首次电话沟通，家长关心课时安排');
  await chooseOption(page, followUp.getByLabel('阶段变为'), '已沟通');
  await followUp.getByRole('button', { name: label('保存') }).click();
  await toast(page, '跟进已保存').waitFor();
  await detail.getByRole('tab', { name: '时间线' }).click();
  const timeline = detail.getByTestId('client-timeline');
  await timeline.getByText('端到端：首次电话沟通，家长关心课时安排').waitFor();
  expect(await timeline.textContent()).toContain('跟进（打电话）');
  expect(await timeline.textContent()).toContain('创建客户');
  await steady(page);
  await screenshot(page, 'client-drawer-timeline-zh');
  await detail.getByRole('tab', { name: '跟进' }).click();
  await detail.getByTestId('follow-up-item').first().waitFor();
  await steady(page);
  await screenshot(page, 'client-drawer-zh');
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });

  // Release from My clients: the reason is required; the client then leaves the list.
  await row(page, name)
    .getByRole('button', { name: `更多 ${name}` })
    .click();
  await chooseMenuItem(page, '放入公海');
  const release = modal(page, `将 ${name} 放入公海`);
  await clickInDialog(page, '确定');
  await release.getByText('请填写原因').waitFor();
  await release.getByLabel('原因').fill('家长暂无需求，放回公海');
  await clickInDialog(page, '确定');
  await toast(page, `已将「${name}」放入公海`).waitFor();
  await row(page, name).waitFor({ state: 'detached' });
});

test('siyu imports a csv of good and bad rows, reads the per-outcome counts, tags the new clients in bulk', async () => {
  const { page } = sales;
  await open(page, baseURL, '/client/my-list', 'client-my-list-page');
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = modal(page, '导入客户');
  const first = unique('导入甲');
  const second = unique('导入乙');
  await dialog.locator('input[type=file]').setInputFiles(
    csvFile('名单.csv', [
      ['姓名', '手机号'],
      [first, uniqueMobile()],
      [second, uniqueMobile()],
      ['坏号码', '12345'],
      ['他人的', theirs.mobile],
    ]),
  );
  await dialog.getByText('名单.csv').waitFor();
  await dialog.getByRole('button', { name: '开始导入' }).click();
  const summary = dialog.getByTestId('import-summary');
  await summary.waitFor({ timeout: 20_000 });
  const count = async (outcome: string) =>
    (await summary.locator(`[data-outcome="${outcome}"] .client-import__count-value`).textContent())?.trim();
  expect(await count('CREATED')).toBe('2');
  expect(await count('INVALID')).toBe('1');
  expect(await count('DUPLICATE_OTHER')).toBe('1');
  expect(await count('DUPLICATE_POOL')).toBe('0');
  await dialog.getByText('导入完成：新增 2 个客户，2 行未导入。').waitFor();
  await steady(page);
  await screenshot(page, 'client-import-result-zh');
  await dialog.getByRole('button', { name: '下载结果文件' }).waitFor();
  await dialog
    .locator('.ant-modal-footer')
    .getByRole('button', { name: label('关闭') })
    .click();

  // The new clients are in My clients: tag both at once; the result is answered per client.
  await row(page, first).waitFor();
  await page.getByRole('checkbox', { name: first }).check();
  await page.getByRole('checkbox', { name: second }).check();
  await page.getByRole('button', { name: '批量打标签' }).click();
  const tagging = modal(page, '给 2 个客户打标签');
  await chooseOption(page, tagging.getByLabel('添加标签'), '高意向');
  await tagging.locator('.ant-select-selection-item').filter({ hasText: '高意向' }).waitFor();
  await tagging.locator('.ant-modal-title').click(); // closes the (multiple) select's list
  await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
  await tagging.getByRole('button', { name: label('确定') }).click();
  const result = modal(page, '批量打标签：结果');
  await result.getByText('成功 2 条，失败 0 条').waitFor();
  await result.getByRole('button', { name: '知道了' }).click();
  await expect.poll(() => row(page, first).textContent()).toContain('高意向');
  expect(await row(page, second).textContent()).toContain('高意向');
  await page.evaluate(() => window.scrollTo(0, 0));
  await steady(page);
  await screenshot(page, 'client-my-list-zh');
});

test('chakan sees masked phones and no reveal, create, import or export', async () => {
  const viewer = await openConsole('en-US');
  current = viewer;
  try {
    const { page } = viewer;
    await signIn(viewer.context, baseURL, 'chakan1');
    await open(page, baseURL, '/client/list', 'client-list-page');
    await page.locator('.ant-table-row').first().waitFor();
    const phones = await page.locator('.ant-table-row .client-phone').allTextContents();
    const shown = phones.map((p) => p.trim()).filter((p) => /\d/.test(p));
    expect(shown.length).toBeGreaterThan(0);
    for (const p of shown) expect(p).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(await page.getByRole('button', { name: /Show full number/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Export/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New client' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
    // The drawer too: masked, read-only.
    const first = page.locator('.ant-table-row').first();
    await first.locator('.client-name-link').click();
    const detail = page.locator('.ant-drawer-section').filter({ visible: true });
    await detail.getByTestId('client-summary').waitFor();
    expect(await detail.getByTestId('client-summary').textContent()).toMatch(/\d{3}\*{4}\d{4}/);
    expect(await detail.getByRole('button', { name: /Show full number|Follow up|Edit/ }).count()).toBe(0);
    await steady(page);
    await screenshot(page, 'client-drawer-chakan-en');
  } finally {
    await viewer.close();
  }
});

test('screenshots in English: the list, the duplicate message, a drawer, an import result (admin)', async () => {
  const admin = await openConsole('en-US');
  current = admin;
  try {
    const { page } = admin;
    await signInAdmin(admin.context, baseURL);
    await open(page, baseURL, '/client/list', 'client-list-page');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /Export/ }).waitFor();
    await steady(page);
    await screenshot(page, 'client-list-en');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The duplicate message in English.
    await page.getByRole('button', { name: 'New client' }).click();
    const form = drawer(page, 'New client');
    await form.getByLabel('Mobile').fill(theirs.mobile);
    await form.getByLabel('Client name').click();
    await form
      .locator('.ant-form-item-explain-error', { hasText: 'This mobile is already followed by 【王芳】' })
      .waitFor();
    // An admin sees the client in scope: "open it" opens its drawer.
    await form.getByRole('button', { name: 'Open that client' }).click();
    const detail = drawer(page, theirs.name);
    await detail.getByTestId('client-summary').waitFor();
    expect(await detail.getByTestId('client-summary').textContent()).toContain('王芳');
    await detail.getByRole('tab', { name: 'Timeline' }).click();
    await detail.getByTestId('client-timeline').getByText('Created').first().waitFor();
    await steady(page);
    await screenshot(page, 'client-drawer-en');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New client' }).click();
    const again = drawer(page, 'New client');
    await again.getByLabel('Mobile').fill(theirs.mobile);
    await again.getByLabel('Client name').click();
    await again.locator('.ant-form-item-explain-error', { hasText: '王芳' }).waitFor();
    await steady(page);
    await screenshot(page, 'client-form-duplicate-en');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard' }).click();
    await again.waitFor({ state: 'hidden' });

    // Import into the pool (admin), result in English.
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = modal(page, 'Import clients');
    await dialog.getByRole('radio', { name: 'The pool' }).check();
    await dialog.locator('input[type=file]').setInputFiles(
      csvFile('list.csv', [
        ['Name', 'Mobile'],
        [unique('Pool A'), uniqueMobile()],
        ['Bad', '000'],
      ]),
    );
    await dialog.getByRole('button', { name: 'Start import' }).click();
    await dialog.getByTestId('import-summary').waitFor({ timeout: 20_000 });
    await steady(page);
    await screenshot(page, 'client-import-result-en');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  } finally {
    await admin.close();
  }
});

test('screenshots in English: my clients, a client with history, follow-ups (admin)', async () => {
  const admin = await openConsole('en-US');
  current = admin;
  try {
    const { page } = admin;
    await signInAdmin(admin.context, baseURL);
    await open(page, baseURL, '/client/my-list', 'client-my-list-page');
    await steady(page);
    await screenshot(page, 'client-my-list-en');

    // A client with history: its profile and merged timeline.
    await open(page, baseURL, '/client/list?sort=-lastFollowTime', 'client-list-page');
    await page.locator('.ant-table-row').first().locator('.client-name-link').click();
    const busy = page.locator('.ant-drawer-section').filter({ visible: true });
    await busy.getByTestId('client-summary').waitFor();
    await steady(page);
    await screenshot(page, 'client-drawer-profile-en');
    await busy.getByRole('tab', { name: 'Timeline' }).click();
    await busy.locator('.client-timeline__entry').nth(1).waitFor();
    await steady(page);
    await screenshot(page, 'client-drawer-timeline-en');
    await page.keyboard.press('Escape');
    await busy.waitFor({ state: 'hidden' });

    await open(page, baseURL, '/client/follow-record-list?due=overdue', 'follow-record-list-page');
    await page.locator('.ant-table-row').first().waitFor();
    await steady(page);
    await screenshot(page, 'client-follow-record-list-en');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('follow-up-presets').getByText('All', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('follow-up-presets').getByRole('radio', { name: 'All' }).isChecked())
      .toBe(true);
    await page.locator('.ant-table-row').first().waitFor();
  } finally {
    await admin.close();
  }
});

test('screenshots in Chinese: All clients and follow-ups (siyu)', async () => {
  const { page } = sales;
  await open(page, baseURL, '/client/list', 'client-list-page');
  await page.locator('.ant-table-row').first().waitFor();
  await steady(page);
  await screenshot(page, 'client-list-zh');
  await open(page, baseURL, '/client/follow-record-list', 'follow-record-list-page');
  await page.locator('.ant-table-row').first().waitFor();
  // The "due today" preset is a link like any filter.
  await page.getByTestId('follow-up-presets').getByText('今日待跟进').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('due')).toBe('today');
  const presets = page.getByTestId('follow-up-presets');
  await expect.poll(() => presets.getByRole('radio', { name: '今日待跟进' }).isChecked()).toBe(true);
  // And back to 全部: it stays chosen and the filter leaves the URL.
  await presets.getByText('全部', { exact: true }).click();
  await expect.poll(() => presets.getByRole('radio', { name: '全部' }).isChecked()).toBe(true);
  await expect.poll(() => new URL(page.url()).searchParams.get('due')).toBeNull();
  await page.locator('.ant-table-row').first().waitFor();
  await steady(page);
  await screenshot(page, 'client-follow-record-list-zh');
});
