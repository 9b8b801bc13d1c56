import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { logInWithPassword, MFA_LOGIN_TEXT, type MfaLoginText, totpCode } from './mfa-support';
import { open } from './shell-support';
import {
  adminApi,
  createUser,
  label,
  noDialog,
  openConsole,
  roleIdOf,
  row,
  screenshotOnFailure,
  settle,
  signInAdmin,
  signInAs,
  toast,
  unique,
  visibleDialog,
} from './system-support';

/**
 * Two-step verification in the console, in Chinese and English: an admin requires it for a role
 * (System > Roles), a member of that role enrols at sign-in (QR code, then recovery codes), an
 * admin account enrols on the profile page and then signs in with the second step.
 */
const baseURL = inject('baseURL');
let browser: BrowserSession | undefined;
const PASSWORD = 'Mfa-e2e-pass-2026';
const code = totpCode;

const TEXT = {
  'zh-CN': {
    ...MFA_LOGIN_TEXT['zh-CN'],
    edit: '编辑',
    save: '保存',
    saved: '已保存',
    requireMfa: '要求两步验证',
    enable: '开启两步验证',
    confirm: '确认开启',
    on: '两步验证已开启',
  },
  'en-US': {
    ...MFA_LOGIN_TEXT['en-US'],
    edit: 'Edit',
    save: 'Save',
    saved: 'Saved',
    requireMfa: 'Require two-step verification',
    enable: 'Turn on two-step verification',
    confirm: 'Turn on',
    on: 'Two-step verification is on',
  },
} as const;

beforeEach(() => {
  screenshotOnFailure(() => browser?.page);
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const logIn = (page: Page, tx: MfaLoginText, username: string) =>
  logInWithPassword(page, baseURL, tx, username, PASSWORD);

for (const locale of ['zh-CN', 'en-US'] as const) {
  const tx = TEXT[locale];
  const tag = locale.slice(0, 2);

  test(`${tag}: a role requires two-step verification; its member enrols at sign-in`, async () => {
    browser = await openConsole(locale);
    const { page, context } = browser;
    const { call } = await adminApi(baseURL);
    const roleName = `MFA ${tag} ${unique('r')}`;
    const roleKey = unique('mfa').toLowerCase();
    await call('POST', '/v1/system/roles', {
      key: roleKey,
      name: roleName,
      dataScope: 'SELF',
      permissions: ['client.list'],
    });
    const username = unique(`m${tag}`);
    await createUser(baseURL, { username, roleIds: [await roleIdOf(baseURL, roleKey)], password: PASSWORD });

    // System > Roles: the admin turns the requirement on.
    await signInAdmin(context, baseURL);
    await open(page, baseURL, '/system/role-list', 'role-list-page');
    await row(page, roleName)
      .getByRole('button', { name: `${tx.edit} ${roleName}` })
      .click();
    await settle(page);
    const drawer = visibleDialog(page);
    const toggle = drawer.getByRole('switch', { name: tx.requireMfa });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.scrollIntoViewIfNeeded();
    await screenshot(page, `mfa-role-switch-${tag}`);
    await drawer.getByRole('button', { name: label(tx.save) }).click();
    await toast(page, tx.saved).waitFor();
    await noDialog(page);
    const { items } = await call<{ items: { key: string; requireMfa: boolean }[] }>(
      'GET',
      '/v1/system/roles',
    );
    expect(items.find((r) => r.key === roleKey)?.requireMfa).toBe(true);

    // The member signs in: password, then the QR code to enrol and a first code.
    await context.clearCookies();
    await logIn(page, tx, username);
    await page.waitForSelector('[data-testid="login-mfa"]');
    await page.waitForSelector('[data-testid="mfa-qr"] canvas, [data-testid="mfa-qr"] svg');
    await screenshot(page, `mfa-login-setup-${tag}`);
    const secret = (await page.getByTestId('login-mfa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel(tx.code, { exact: true }).fill(code(secret));
    await page.getByRole('button', { name: tx.verify, exact: true }).click();
    await page.waitForSelector('[data-testid="login-mfa-recovery"]');
    expect(await page.locator('.login-mfa__codes li').count()).toBe(10);
    await screenshot(page, `mfa-login-recovery-${tag}`);
    await page.getByRole('button', { name: tx.continue }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  test(`${tag}: an admin account enrols on the profile page, then signs in with a recovery code`, async () => {
    browser = await openConsole(locale);
    const { page, context } = browser;
    const username = unique(`a${tag}`);
    await createUser(baseURL, { username, roleIds: [await roleIdOf(baseURL, 'admin')], password: PASSWORD });
    await signInAs(context, baseURL, username, PASSWORD);
    // zod runs jitless in the console: no `eval` probe trips the CSP (script-src 'self').
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(e.violatedDirective));
    });
    await open(page, baseURL, '/profile/index', 'profile-page');
    await page.getByRole('button', { name: label(tx.save) }).click();
    await toast(page, tx.saved).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);

    await open(page, baseURL, '/profile/index?tab=mfa', 'mfa-panel');
    await page.getByRole('button', { name: tx.enable }).click();
    await page.waitForSelector('[data-testid="mfa-qr"] canvas, [data-testid="mfa-qr"] svg');
    await screenshot(page, `mfa-profile-setup-${tag}`);
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.locator('#mfa-code').fill(code(secret));
    await page.getByRole('button', { name: label(tx.confirm) }).click();
    await page.waitForSelector('[data-testid="mfa-recovery-codes"]');
    const recovery = await page.locator('[data-testid="mfa-recovery-codes"] code').allTextContents();
    expect(recovery).toHaveLength(10);
    await page.getByText(tx.on).first().waitFor();
    await screenshot(page, `mfa-profile-on-${tag}`);

    // Signing in now takes the second step; the password alone opens nothing.
    await context.clearCookies();
    await logIn(page, tx, username);
    await page.waitForSelector('[data-testid="login-mfa"]');
    expect(await page.locator('[data-testid="mfa-qr"]').count()).toBe(0);
    await screenshot(page, `mfa-login-code-${tag}`);
    await page.getByLabel(tx.code, { exact: true }).fill(recovery[0] as string);
    await page.getByRole('button', { name: tx.verify, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
}
