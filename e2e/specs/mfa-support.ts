import type { Page } from 'playwright-core';
import { base32Decode, totp } from '../../apps/server/src/lib/totp';
import { open } from './shell-support';

/** Helpers of the two-step verification specs (system-mfa, admin-mfa-default). */

/** The login page's words for the password and the second step, in the two languages the specs use. */
export const MFA_LOGIN_TEXT = {
  'zh-CN': {
    username: '账号',
    password: '密码',
    logIn: '登录',
    verify: '验证',
    code: '验证码',
    continue: '我已保存，继续',
  },
  'en-US': {
    username: 'Username',
    password: 'Password',
    logIn: 'Log in',
    verify: 'Verify',
    code: 'Code',
    continue: 'I have saved them, continue',
  },
} as const;
export type MfaLoginText = (typeof MFA_LOGIN_TEXT)[keyof typeof MFA_LOGIN_TEXT];

/** The authenticator app's current code for a base32 secret. */
export const totpCode = (secret: string) => totp(base32Decode(secret), new Date());

/** Fills the login form with a password and submits it (the second step, if any, follows). */
export const logInWithPassword = async (
  page: Page,
  baseURL: string,
  tx: MfaLoginText,
  username: string,
  password: string,
) => {
  await open(page, baseURL, '/login', 'login-page');
  await page.getByLabel(tx.username, { exact: true }).fill(username);
  await page.getByLabel(tx.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: tx.logIn, exact: true }).click();
};
