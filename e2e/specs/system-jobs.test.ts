import { afterAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { open } from './shell-support';
import {
  adminApi,
  openConsole,
  row,
  screenshotOnFailure,
  seriousA11yViolations,
  signInAdmin,
  toast,
} from './system-support';

const baseURL = inject('baseURL');
let browser: BrowserSession | undefined;

afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  screenshotOnFailure(() => browser?.page);
});

interface Run {
  status: string;
  trigger: string;
}
const manualRuns = async (name: string) => {
  const { call } = await adminApi(baseURL);
  const { items } = await call<{ items: { name: string; lastRuns: Run[] }[] }>('GET', '/v1/system/jobs');
  return (items.find((j) => j.name === name)?.lastRuns ?? []).filter((r) => r.trigger === 'MANUAL').length;
};

test('System > Jobs in Chinese: run the export clean-up now and see its run appear; pause and resume', async () => {
  browser = await openConsole('zh-CN');
  await signInAdmin(browser.context, baseURL);
  const { page } = browser;
  await open(page, baseURL, '/system/job-list', 'job-list-page');
  const cleanup = row(page, '清理过期导出文件');
  await cleanup.waitFor();
  expect(await cleanup.textContent()).toContain('0 * * * *');
  const before = await manualRuns('export-cleanup');

  await cleanup.getByRole('button', { name: '立即运行 清理过期导出文件' }).click();
  await toast(page, '已加入队列').waitFor();
  // The page refreshes itself while the worker takes the job: a manual run that succeeded shows up.
  const last = page.getByTestId('last-run-export-cleanup');
  await expect.poll(async () => (await last.textContent()) ?? '', { timeout: 20_000 }).toMatch(/成功.*手动/);
  expect(await manualRuns('export-cleanup')).toBe(before + 1);

  await cleanup.getByRole('button', { name: '暂停 清理过期导出文件' }).click();
  await toast(page, '已暂停').waitFor();
  await cleanup.getByText('已暂停', { exact: true }).waitFor();
  await page.mouse.move(5, 790);
  await page.waitForTimeout(300);
  await screenshot(page, 'system-job-list-zh');
  await cleanup.getByRole('button', { name: '恢复 清理过期导出文件' }).click();
  await cleanup.getByText('按计划运行', { exact: true }).waitFor();
  await page.mouse.move(5, 790);
  await page.waitForTimeout(300);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await browser.close();
  browser = undefined;
});

test('System > Jobs in English, with the last runs of a job expanded', async () => {
  browser = await openConsole('en-US');
  await signInAdmin(browser.context, baseURL);
  const { page } = browser;
  await open(page, baseURL, '/system/job-list', 'job-list-page');
  const cleanup = row(page, 'Expired export clean-up');
  await cleanup.waitFor();
  await cleanup.getByRole('button', { name: /expand row/i }).click();
  await page
    .getByRole('table', { name: 'Last runs of Expired export clean-up' })
    .getByText('Manual')
    .first()
    .waitFor();
  expect(await page.locator('th').allTextContents()).toEqual(
    expect.arrayContaining(['Job', 'Schedule', 'Last run']),
  );
  await page.mouse.move(5, 790);
  await page.waitForTimeout(300);
  await screenshot(page, 'system-job-list-en');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
