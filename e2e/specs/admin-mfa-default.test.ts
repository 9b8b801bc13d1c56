import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';
import { logInWithPassword, MFA_LOGIN_TEXT, type MfaLoginText, totpCode } from './mfa-support';
import { type Envelope, openConsole, screenshotOnFailure } from './system-support';

/**
 * A fresh install with the product's default (ADMIN_MFA_DEFAULT unset): the admin role requires
 * two-step verification, so the first admin enrols at the first sign-in (QR code, first code,
 * recovery codes) and then lands on the dashboard; zh with the first admin, en with a second
 * admin-role account, which then signs in again with the second step.
 */
let server: RunningServer;
let browser: BrowserSession | undefined;
const PASSWORD = 'Mfa-default-pass-2026';
/** A recovery code of the first admin (its API sign-in below; the TOTP step is spent by the browser). */
let adminRecovery: string[] = [];

const TEXT = MFA_LOGIN_TEXT;
type Text = MfaLoginText;

beforeAll(async () => {
  // '' leaves ADMIN_MFA_DEFAULT unset (the harness sets it off); no demo data: a fresh install.
  server = await startServer({ ADMIN_MFA_DEFAULT: '', DEMO_DATA: '0' });
});
afterAll(async () => server?.stop());
beforeEach(() => {
  screenshotOnFailure(() => browser?.page);
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const logIn = async (page: Page, tx: Text, username: string, password: string) => {
  await logInWithPassword(page, server.baseURL, tx, username, password);
  await page.waitForSelector('[data-testid="login-mfa"]');
};

/** The enrolment step at sign-in: QR code and secret, a first code, then the recovery codes. */
const enrolAtSignIn = async (page: Page, tx: Text, shot: string) => {
  await page.waitForSelector('[data-testid="mfa-qr"] canvas, [data-testid="mfa-qr"] svg');
  await screenshot(page, shot);
  const secret = (await page.getByTestId('login-mfa-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(tx.code, { exact: true }).fill(totpCode(secret));
  await page.getByRole('button', { name: tx.verify, exact: true }).click();
  await page.waitForSelector('[data-testid="login-mfa-recovery"]');
  const recovery = await page.locator('.login-mfa__codes li').allTextContents();
  expect(recovery).toHaveLength(10);
  await page.getByRole('button', { name: tx.continue }).click();
  await page.waitForSelector('[data-testid="dashboard-page"]');
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  return recovery;
};

/** The API as the first admin: password, then one of its recovery codes. */
const adminCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const post = async <R>(url: string, payload: unknown) => {
    const res = await fetch(`${server.baseURL}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return (await res.json()) as Envelope<R>;
  };
  const first = await post<{ mfa_required?: boolean; mfa_ticket: string }>('/v1/admin/login', {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  expect(first.data.mfa_required).toBe(true);
  const done = await post<{ access_token: string }>('/v1/admin/login/mfa', {
    ticket: first.data.mfa_ticket,
    code: adminRecovery.pop(),
  });
  expect(done.code).toBe(0);
  const res = await fetch(`${server.baseURL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${done.data.access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 0) throw new Error(`${method} ${path}: ${res.status} ${json.msg}`);
  return json.data;
};

test('zh: the first admin of a fresh install enrols at the first sign-in and lands on the dashboard', async () => {
  browser = await openConsole('zh-CN');
  const tx = TEXT['zh-CN'];
  await logIn(browser.page, tx, 'admin', ADMIN_PASSWORD);
  adminRecovery = await enrolAtSignIn(browser.page, tx, 'admin-mfa-default-enrol-zh');
});

test('en: another admin enrols at sign-in; its next sign-in asks for a code', async () => {
  expect(adminRecovery.length).toBeGreaterThan(0);
  const { items } = await adminCall<{ items: { id: number; key: string; requireMfa: boolean }[] }>(
    'GET',
    '/v1/system/roles',
  );
  const admin = items.find((r) => r.key === 'admin');
  expect(admin?.requireMfa).toBe(true);
  await adminCall('POST', '/v1/system/admin-users', {
    username: 'admin_en',
    nickname: 'admin_en',
    roleIds: [admin?.id],
    password: PASSWORD,
  });

  browser = await openConsole('en-US');
  const { page, context } = browser;
  const tx = TEXT['en-US'];
  await logIn(page, tx, 'admin_en', PASSWORD);
  const recovery = await enrolAtSignIn(page, tx, 'admin-mfa-default-enrol-en');

  // Signed out, the password alone opens nothing: the code step, without a QR code this time.
  await context.clearCookies();
  await logIn(page, tx, 'admin_en', PASSWORD);
  expect(await page.locator('[data-testid="mfa-qr"]').count()).toBe(0);
  await page.getByLabel(tx.code, { exact: true }).fill(recovery[0] as string);
  await page.getByRole('button', { name: tx.verify, exact: true }).click();
  await page.waitForSelector('[data-testid="dashboard-page"]');
});
