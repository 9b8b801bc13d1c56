import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { type BrowserSession, screenshot } from '../support/browser';
import { open } from './shell-support';
import { adminApi, openConsole, quietTables, settle, signInAdmin, visibleDialog } from './system-support';

/**
 * The timetable (docs/teaching.md) with demo data: a weekly series of a class with students is
 * scheduled this week, a lesson's roll call is taken on a 991 px tablet view with "all present", and
 * the students' hour balances move. Screens in Chinese at 1440 and 991 px: list, week, form, roll
 * call, the member drawer's hours.
 */
const baseURL = inject('baseURL');
let classId = 0;
let spuId = 0;
let members: number[] = [];

type Api = Awaited<ReturnType<typeof adminApi>>;
const balanceOf = async (api: Api, memberId: number) =>
  (
    await api.call<{ items: { spuId: number; balance: number }[] }>(
      'GET',
      `/v1/teaching/hours/balances?memberId=${memberId}`,
    )
  ).items.find((b) => b.spuId === spuId)?.balance ?? 0;

/** Monday of this week, Asia/Shanghai. */
const mondayShanghai = () => {
  const now = new Date(Date.now() + 8 * 3600_000);
  const back = (now.getUTCDay() + 6) % 7;
  return new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
};
const plusDays = (day: string, n: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const api = await adminApi(baseURL);
  // A small class of a demo course (demo classes hold hundreds of students).
  const classes = await api.call<{ items: { spuId: number | null }[] }>(
    'GET',
    '/v1/course/classes?pageSize=20',
  );
  spuId = classes.items.find((c) => c.spuId != null)?.spuId ?? 0;
  expect(spuId).toBeGreaterThan(0);
  const cls = await api.call<{ id: number }>('POST', '/v1/course/classes', {
    name: '三年级数学 周末小班',
    code: `E2E-TT-${Date.now() % 100000}`,
    spuId,
    capacity: 12,
  });
  classId = cls.id;
  for (const mobile of ['13700002001', '13700002002', '13700002003', '13700002004'])
    await api.call('POST', '/v1/course/students', { classId, mobile });
  const students = await api.call<{ items: { memberId: number }[] }>(
    'GET',
    `/v1/course/students?classId=${classId}&pageSize=100`,
  );
  members = students.items.map((s) => s.memberId);
  expect(members).toHaveLength(4);
  for (const memberId of members)
    await api.call('POST', '/v1/teaching/hours/grant', {
      memberId,
      spuId,
      kind: 'GIFT',
      hours: 10,
      reason: 'e2e 开课赠送',
    });
  const room = await api.call<{ id: number }>('POST', '/v1/teaching/rooms', {
    name: `E2E-${Date.now() % 100000}`,
  });
  const monday = mondayShanghai();
  await api.call('POST', '/v1/teaching/lessons/series', {
    classId,
    fromDate: monday,
    toDate: plusDays(monday, 6),
    weekdays: [1, 3, 5],
    startTime: '19:00',
    endTime: '20:30',
    roomId: room.id,
    hours: 2,
    topic: '单元复习',
  });
});

let session: BrowserSession | undefined;
afterAll(async () => session?.close());

const noSidewaysScroll = async (page: Page) => {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the document scrolls sideways').toBeLessThanOrEqual(client + 1);
};

test('a weekly series is rolled call on a 991 px tablet; balances move', async () => {
  const api = await adminApi(baseURL);
  session = await openConsole('zh-CN');
  await signInAdmin(session.context, baseURL);
  const { page } = session;
  const before = await Promise.all(members.map((m) => balanceOf(api, m)));
  for (const width of [1440, 991]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, baseURL, `/course/timetable?classId=${classId}`, 'timetable-page');
    await page.locator('.ant-table-row').first().waitFor();
    await quietTables(page);
    await noSidewaysScroll(page);
    await screenshot(page, `teaching-${width}-list`);
    await page.getByText('新建课节', { exact: true }).click();
    await settle(page);
    await visibleDialog(page).locator('form').waitFor();
    await screenshot(page, `teaching-${width}-form`);
    await page.keyboard.press('Escape');
    await settle(page);
    await page.getByText('周视图', { exact: true }).click();
    await page.locator('.week-view__lesson').first().waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, `teaching-${width}-week`);
  }
  // 991 px: the first lesson's roll call, everyone present with one tap.
  await page.locator('.week-view__lesson').first().click();
  await page.getByTestId('roll-call-list').locator('li').first().waitFor();
  await screenshot(page, 'teaching-991-roll-call');
  await page.getByTestId('roll-call-all-present').click();
  await page.getByTestId('roll-call-list').locator('.ant-radio-button-wrapper-checked').first().waitFor();
  await settle(page);
  await screenshot(page, 'teaching-991-roll-call-done');
  const after = await Promise.all(members.map((m) => balanceOf(api, m)));
  expect(after).toEqual(before.map((b) => b - 2));
  // The member drawer's hours at 1440.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
  const member = await api.call<{ nickname: string }>('GET', `/v1/members/${members[0]}`);
  await open(
    page,
    baseURL,
    `/member/list?keyword=${encodeURIComponent(member.nickname)}`,
    'member-list-page',
  );
  await page.locator('.ant-table-row').first().waitFor();
  await page
    .locator('.ant-table-row')
    .first()
    .getByRole('button', { name: /详\s?情/ })
    .click();
  await settle(page);
  await visibleDialog(page).locator('.ant-tabs').waitFor();
  await page.getByRole('tab', { name: '课时' }).click();
  await page.getByTestId('member-hours').locator('.ant-table-row').first().waitFor();
  await screenshot(page, 'teaching-1440-member-hours');
});
