import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { cookieValue, infoStatus, open } from './shell-support';
import {
  canLogIn,
  chooseOption,
  clickInDialog,
  createUser,
  label,
  noDialog,
  openConsole,
  roleIdOf,
  screenshotOnFailure,
  signInAs,
  tinyPng,
  toast,
  unique,
  visibleDialog,
} from './system-support';

const baseURL = inject('baseURL');
let browser: BrowserSession;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-profile-'));

beforeAll(async () => {
  browser = await openConsole('zh-CN');
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  screenshotOnFailure(() => browser?.page);
});

test('profile: nickname, avatar, password (other sessions end), own sessions, preferred language', async () => {
  const { page, context } = browser;
  const username = unique('e2ep');
  const password = 'Profile-pass-2026';
  const newPassword = 'Profile-pass-2027!';
  await createUser(baseURL, { username, roleIds: [await roleIdOf(baseURL, 'siyu')], password });
  await signInAs(context, baseURL, username, password);
  // Another device of the same user.
  const other = (await await fetch(`${baseURL}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'E2E other device' },
    body: JSON.stringify({ username, password }),
  }).then((r) => r.json())) as { data: { access_token: string } };

  await open(page, baseURL, '/profile/index', 'profile-page');
  const nickname = page.getByLabel('昵称');
  await expect.poll(() => nickname.inputValue()).toBe(username);

  // Nickname: saved, and the navbar follows.
  await nickname.fill('端到端昵称');
  await page.getByRole('button', { name: label('保存') }).click();
  await toast(page, '已保存').waitFor();
  await expect.poll(() => page.locator('.avatar-button__name').textContent()).toBe('端到端昵称');

  // Unsaved changes: leaving the page (not kept alive) or closing its tab asks first.
  await nickname.fill('没保存的昵称');
  await page.locator('.sidebar-container').getByRole('link', { name: '首页' }).click();
  const ask = visibleDialog(page).filter({ hasText: '放弃未保存的修改？' });
  await clickInDialog(page, '继续编辑');
  await ask.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe('/profile/index');
  await noDialog(page);
  await page.locator('.tags-view__item[data-path="/profile/index"]').getByRole('button').click();
  await clickInDialog(page, '继续编辑');
  await ask.waitFor({ state: 'hidden' });
  await noDialog(page);
  expect(await nickname.inputValue()).toBe('没保存的昵称');
  await page.getByRole('button', { name: '撤销修改' }).click();
  expect(await nickname.inputValue()).toBe('端到端昵称');

  // Avatar: the wrong kind of file is refused here; a PNG uploads and shows.
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await toast(page, '只能使用 PNG、JPEG 或 WebP 图片').waitFor();
  const png = path.join(tmp, 'avatar.png');
  fs.writeFileSync(png, tinyPng());
  await input.setInputFiles(png);
  await toast(page, '图片已上传').waitFor();
  const avatar = page.locator('.profile-head img');
  await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/v1\/files\/[\w-]+$/);
  const src = (await avatar.getAttribute('src')) ?? '';
  expect((await fetch(`${baseURL}${src}`)).headers.get('content-type')).toBe('image/png');
  await expect.poll(() => page.locator('.avatar-button img').getAttribute('src')).toBe(src);

  // Own sessions: this one is marked and cannot be signed out here.
  await page.getByRole('tab', { name: '登录会话' }).click();
  const sessions = page.locator('.ant-table-row').filter({ visible: true });
  await expect.poll(() => sessions.count()).toBe(2);
  await sessions.filter({ hasText: '当前会话' }).waitFor();
  expect(await sessions.filter({ hasText: '当前会话' }).getByRole('button').count()).toBe(0);
  await screenshot(page, 'system-profile-sessions-zh');

  // Password: confirm must match; the server refuses the username; success ends the other session.
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByLabel('当前密码').fill(password);
  await page.getByLabel('新密码', { exact: true }).fill(username);
  await page.getByLabel('确认新密码').fill(`${username}x`);
  await page.getByRole('button', { name: '修改密码' }).last().click();
  await page.getByText('两次输入的新密码不一致').waitFor();
  await page.getByLabel('确认新密码').fill(username);
  await page.getByRole('button', { name: '修改密码' }).last().click();
  await page.locator('.ant-form-item-explain-error', { hasText: '密码不能与用户名相同' }).waitFor();
  await page.getByLabel('新密码', { exact: true }).fill(newPassword);
  await page.getByLabel('确认新密码').fill(newPassword);
  await page.getByRole('button', { name: '修改密码' }).last().click();
  await toast(page, '其他 1 个会话已下线').waitFor();
  expect(await infoStatus(baseURL, other.data.access_token)).toBe(401);
  expect(await canLogIn(baseURL, username, newPassword)).toBe(true);

  // Preferred language: saving it switches the console and sets the cookie.
  await page.getByRole('tab', { name: '基本资料' }).click();
  await screenshot(page, 'system-profile-zh');
  await chooseOption(page, page.getByLabel('偏好语言'), 'English');
  await page.getByRole('button', { name: label('保存') }).click();
  await expect.poll(() => page.title()).toBe('Profile - EduCRM 管理后台');
  expect(await cookieValue(context, 'language')).toBe('en');
  await page.getByRole('tab', { name: 'Account' }).waitFor();
  await screenshot(page, 'system-profile-en');
  expect(await visibleDialog(page).count()).toBe(0);
});
