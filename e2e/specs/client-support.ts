import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/server';
import { adminApi, type Envelope } from './system-support';

/** Helpers of the client specs (clients*.test.ts). */

let counter = 0;
/** A mainland mobile no earlier call (this run or an earlier one) used: 19 + the clock + a counter. */
export const uniqueMobile = () => {
  counter = (counter + 1) % 100;
  const n = (Date.now() % 10_000_000) * 100 + counter;
  return `19${String(n).padStart(9, '0')}`;
};

/** The id of a staff member by username (admin's staff options). */
export const staffId = async (baseURL: string, username: string) => {
  const { call } = await adminApi(baseURL);
  const { items } = await call<{ items: { id: number; username: string }[] }>(
    'GET',
    `/v1/clients/staff-options?keyword=${encodeURIComponent(username)}`,
  );
  const found = items.find((s) => s.username === username);
  if (!found) throw new Error(`no staff ${username}`);
  return found.id;
};

export interface CreatedClient {
  id: number;
  name: string;
  mobile: string;
}

/** Creates a client through the admin API (owned by `ownerUserId`, or the pool with null). */
export const createClientAs = async (
  baseURL: string,
  body: { name: string; mobile?: string; ownerUserId?: number | null },
): Promise<CreatedClient> => {
  const { call } = await adminApi(baseURL);
  const mobile = body.mobile ?? uniqueMobile();
  const created = await call<{ id: number; name: string }>('POST', '/v1/clients', { ...body, mobile });
  return { id: created.id, name: created.name, mobile };
};

/** Signs a demo user in through the API (demo password) and answers the token. */
export const demoToken = async (baseURL: string, username: string) => {
  const res = await fetch(`${baseURL}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as Envelope<{ access_token: string }>;
  if (body.code !== 0) throw new Error(`login ${username}: ${body.msg}`);
  return body.data.access_token;
};

/** The visible drawer whose title contains `title` (several drawers may be stacked). */
export const drawer = (page: Page, title: string | RegExp) =>
  page
    .locator('.ant-drawer-section')
    .filter({ visible: true })
    .filter({
      has: page.locator('.ant-drawer-title', { hasText: title }),
    });

/** The visible modal whose title contains `title`. */
export const modal = (page: Page, title: string | RegExp) =>
  page
    .locator('.ant-modal')
    .filter({ visible: true })
    .filter({
      has: page.locator('.ant-modal-title', { hasText: title }),
    });

/** A csv file for the import dialog's file input. */
export const csvFile = (name: string, rows: string[][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`, 'utf8'),
});

/** Waits for fonts, for tables and drawers to stop loading and for finite animations to end. */
export const steady = async (page: Page) => {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(
    () =>
      document.querySelectorAll(
        // loading tables and drawers; a segmented control's thumb while it slides
        '.ant-spin-spinning, .ant-spin-blur, .ant-skeleton-active, .ant-segmented-thumb',
      ).length === 0,
    undefined,
    { timeout: 10_000 },
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
};
