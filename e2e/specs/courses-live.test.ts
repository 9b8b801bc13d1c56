import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { startLcicServer } from '../../apps/server/test/support/lcic-server';
import { type BrowserSession, screenshot } from '../support/browser';
import { steady } from './client-support';
import { open } from './shell-support';
import {
  adminApi,
  chooseOption,
  clickInDialog,
  label,
  noDialog,
  openConsole,
  quietTables,
  row,
  screenshotOnFailure,
  settle,
  signInAdmin,
  unique,
  visibleDialog,
} from './system-support';

/**
 * Live classroom (issue 10): a session scheduled in the UI for a class in the sandbox classroom is
 * in the list and the calendar; its teacher and watch links open the sandbox room; when it has
 * ended (the schedule job) attendance and replay show. Then Tencent LCIC against a local server
 * speaking its signed protocol: signed callbacks move the session and fill attendance and replay.
 */
const baseURL = inject('baseURL');
type Api = Awaited<ReturnType<typeof adminApi>>;
let api: Api;
let admin: BrowserSession;
let current: Page | undefined;
let lcic: Awaited<ReturnType<typeof startLcicServer>>;
const klass = { name: unique('直播E2E班'), code: unique('LIVE-E2E-') };
let classId = 0;
const mobiles = [0, 1, 2, 3, 4].map((i) => `135${String(Date.now()).slice(-7)}${i}`);
const CREDS = { secretId: 'AKIDe2elive', secretKey: 'e2e-live-secret-0123', sdkAppId: 3_520_999 };
const CALLBACK_KEY = 'e2eCallbackKey';

interface Live {
  id: number;
  title: string;
  status: string;
  roomId: string;
  watchUrl: string;
  replayStatus: string;
  replayUrl: string;
  attendeeCount: number;
  version: number;
  scheduledStart: string;
  scheduledEnd: string;
  classIds: number[];
}

const findLive = async (title: string) =>
  (
    await api.call<{ items: Live[] }>('GET', `/v1/course/live-sessions?pageSize=100&sort=-scheduledStart`)
  ).items.find((s) => s.title === title) as Live;

const providerTo = async (body: Record<string, unknown>) => {
  const cur = await api.call<{ version: number }>('GET', '/v1/course/live-provider');
  await api.call('PUT', '/v1/course/live-provider', { ...body, version: cur.version });
};

beforeAll(async () => {
  api = await adminApi(baseURL);
  classId = (await api.call<{ id: number }>('POST', '/v1/course/classes', { ...klass, capacity: 0 })).id;
  for (const m of mobiles) await api.call('POST', '/v1/course/students', { classId, mobile: m });
  lcic = await startLcicServer(CREDS);
  admin = await openConsole('zh-CN');
  await signInAdmin(admin.context, baseURL);
  current = admin.page;
});
afterAll(async () => {
  // Back to the default sandbox classroom for the other specs.
  await providerTo({ provider: 'sandbox', sdkAppId: '', secretId: '', endpoint: '' }).catch(() => undefined);
  await lcic?.close();
  await admin?.close();
});
beforeEach(() => {
  screenshotOnFailure(() => current);
});

const pickDateTime = async (page: Page, label: string, value: string) => {
  const input = visibleDialog(page).getByLabel(label);
  await input.click();
  await input.fill(value);
  await page.keyboard.press('Enter');
  await page
    .locator('.ant-picker-dropdown')
    .filter({ visible: true })
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
};

test('sandbox: schedule in the UI, list and calendar, teacher and watch links, then attendance and replay', async () => {
  const { page } = admin;
  const title = unique('沙箱直播 第 1 讲 ');
  await open(page, baseURL, '/course/live-class-list', 'live-list-page');
  await quietTables(page);
  await page.getByRole('button', { name: label('排课') }).click();
  await settle(page);
  const dialog = visibleDialog(page);
  await dialog.getByLabel('标题').fill(title);
  await chooseOption(page, dialog.getByLabel('班级'), klass.code, klass.code);
  await page.keyboard.press('Escape');
  // Tomorrow 19:00-20:30 (local time of the browser).
  const d = new Date(Date.now() + 86_400_000);
  const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  // Typed in minutes; the calendar opens above the start, clear of the end field.
  const startInput = dialog.getByLabel('开始');
  await startInput.click();
  const popup = page.locator('.ant-picker-dropdown').filter({ visible: true });
  await popup.waitFor();
  const [popupBox, endBox] = [await popup.boundingBox(), await dialog.getByLabel('结束').boundingBox()];
  expect(popupBox && endBox && popupBox.y + popupBox.height <= endBox.y).toBe(true);
  expect(await popup.locator('.ant-picker-time-panel-column').count()).toBe(2); // hours, minutes
  await screenshot(page, 'courses-live-start-picker-zh');
  await page.keyboard.press('Escape');
  await pickDateTime(page, '开始', `${ymd} 19:00`);
  // The end follows from the start and the lesson's length (90 minutes).
  await expect.poll(() => dialog.getByLabel('结束').inputValue()).toBe(`${ymd} 20:30`);
  await clickInDialog(page, '确定');
  await noDialog(page);
  await quietTables(page);
  // The class's sessions only: the demo's coming sessions may fill the first page.
  await open(page, baseURL, `/course/live-class-list?classId=${classId}`, 'live-list-page');
  await quietTables(page);
  const r = row(page, title);
  await r.waitFor();
  expect(await r.textContent()).toContain('未开始');
  expect(await r.textContent()).toContain(klass.name);
  expect(await r.textContent()).toContain(`${ymd} 19:00`);
  await screenshot(page, 'courses-live-scheduled-zh');

  // 开播: the teacher's entry opens the sandbox room in a new tab.
  const [teacherTab] = await Promise.all([
    admin.context.waitForEvent('page'),
    r.getByRole('button', { name: '开播' }).click(),
  ]);
  await teacherTab.waitForLoadState();
  expect(await teacherTab.textContent('body')).toContain('沙箱直播间');
  expect(teacherTab.url()).toContain('role=teacher');
  await teacherTab.close();

  // 复制观看链接: the share link is the sandbox room's student entry.
  await r.getByRole('button', { name: '复制观看链接' }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '已复制' }).first().waitFor();
  const session = await findLive(title);
  expect(session.watchUrl).toMatch(/^\/api\/v1\/live\/sandbox\/rooms\/sbx-[0-9a-f]{12}\?role=student$/);
  const watch = await fetch(`${baseURL}${session.watchUrl}`);
  expect(watch.status).toBe(200);
  expect(await watch.text()).toContain(session.roomId);

  // The calendar shows it on its day (once the month's sessions have loaded: dimmed until then).
  await page.getByText('日历', { exact: true }).filter({ visible: true }).click();
  await page.locator('.live-calendar .ant-picker-calendar').waitFor();
  await quietTables(page);
  const onCalendar = page.locator('.live-calendar-day li').filter({ hasText: title });
  if (!(await onCalendar.count())) {
    // Tomorrow is in next month's panel: its date (not the sessions listed under it) turns the page.
    await page.locator(`td[title="${ymd}"] .ant-picker-calendar-date-value`).first().click();
    await quietTables(page);
  }
  await onCalendar.first().waitFor();
  // a session not yet begun has no attendance to open: it is shown, not a link
  expect(await onCalendar.first().getByRole('button').count()).toBe(0);
  expect(await onCalendar.first().textContent()).toContain('19:00');
  await steady(page);
  await screenshot(page, 'courses-live-calendar-session-zh');
  await page.getByText('列表', { exact: true }).filter({ visible: true }).click();
  await row(page, title).waitFor();

  // Moved into the past (edit keeps SCHEDULED), the schedule job ends it and pulls the sandbox's
  // attendance and replay.
  const past = Date.now() - 3 * 3_600_000;
  await api.call('PUT', `/v1/course/live-sessions/${session.id}`, {
    title,
    classIds: [classId],
    teacherId: null,
    scheduledStart: new Date(past).toISOString(),
    scheduledEnd: new Date(past + 3_600_000).toISOString(),
    remark: '',
    version: session.version,
  });
  await api.call('POST', '/v1/system/jobs/live-schedule/run');
  let ended: Live | undefined;
  for (let i = 0; i < 100; i++) {
    ended = await findLive(title);
    if (ended.replayStatus === 'READY') break;
    await new Promise((res) => setTimeout(res, 200));
  }
  expect(ended).toMatchObject({ status: 'ENDED', replayStatus: 'READY' });
  expect(ended?.attendeeCount).toBeGreaterThan(0);

  await open(page, baseURL, `/course/live-class-list?classId=${classId}&status=ENDED`, 'live-list-page');
  await quietTables(page);
  const done = row(page, title);
  await done.waitFor();
  expect(await done.textContent()).toContain('已结束');
  const replay = done.getByRole('link', { name: '可回放' });
  expect(await replay.getAttribute('href')).toContain('role=replay');
  await done.getByRole('button', { name: '出勤明细' }).click();
  await settle(page);
  const rows = visibleDialog(page).locator('.ant-table-row');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(ended?.attendeeCount);
  expect(await rows.first().textContent()).toMatch(/135\*{4}\d{4}/);
  await screenshot(page, 'courses-live-sandbox-attendance-zh');
  await page.keyboard.press('Escape');
  await noDialog(page);
});

test('Tencent LCIC: signed callbacks move the session, attendance and replay show in the page', async () => {
  const { page } = admin;
  await providerTo({
    provider: 'lcic',
    sdkAppId: String(CREDS.sdkAppId),
    secretId: CREDS.secretId,
    secretKey: CREDS.secretKey,
    callbackKey: CALLBACK_KEY,
    endpoint: lcic.url,
  });
  const title = unique('LCIC 直播 ');
  const start = Date.now() + 3_600_000;
  const created = await api.call<Live>('POST', '/v1/course/live-sessions', {
    title,
    classIds: [classId],
    scheduledStart: new Date(start).toISOString(),
    scheduledEnd: new Date(start + 3_600_000).toISOString(),
  });
  expect(lcic.rooms.get(Number(created.roomId))?.Name).toBe(title);
  const expire = () => Math.floor(Date.now() / 1000) + 600;
  const callback = async (event: Record<string, unknown>, sign?: string) => {
    const exp = expire();
    return fetch(`${baseURL}/api/v1/live/callback/lcic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        SdkAppId: CREDS.sdkAppId,
        ExpireTime: exp,
        Sign: sign ?? createHash('md5').update(`${CALLBACK_KEY}${exp}`).digest('hex'),
        ...event,
      }),
    });
  };
  const ts = Math.floor(Date.now() / 1000);
  const room = Number(created.roomId);
  expect(
    (await callback({ EventType: 'RoomStart', Timestamp: ts, EventData: { RoomId: room } }, 'x')).status,
  ).toBe(401);
  expect(
    (await callback({ EventType: 'RoomStart', Timestamp: ts, EventData: { RoomId: room } })).status,
  ).toBe(200);
  await open(page, baseURL, `/course/live-class-list?classId=${classId}`, 'live-list-page');
  await quietTables(page);
  await row(page, title).filter({ hasText: '直播中' }).waitFor();

  // The room ends; the pull registers the class's students at LCIC (m<id>), then a student's quit
  // callback (by LCIC UserId) and the recording's callback arrive.
  const lcicRoom = lcic.rooms.get(room);
  if (lcicRoom) lcicRoom.Status = 2;
  await callback({ EventType: 'RoomEnd', Timestamp: ts + 3600, EventData: { RoomId: room } });
  await api.call('POST', `/v1/course/live-sessions/${created.id}/sync`);
  const students = [...lcic.users.entries()].filter(([origin]) => origin.startsWith('m'));
  expect(students).toHaveLength(mobiles.length);
  for (const [i, [, u]] of students.slice(0, 2).entries())
    await callback({
      EventType: 'MemberQuit',
      Timestamp: ts + 1800 + i,
      EventData: { RoomId: room, UserId: u.UserId, Duration: 1200 + i * 600, Reason: 0 },
    });
  await callback({
    EventType: 'RecordFinish',
    Timestamp: ts + 4000,
    EventData: { RoomId: room, RecordUrl: 'https://record.example.com/e2e.mp4', Duration: 3600 },
  });
  await page.reload();
  await page.waitForSelector('[data-testid="live-list-page"]');
  await quietTables(page);
  const r = row(page, title);
  await r.filter({ hasText: '已结束' }).waitFor();
  expect(await r.getByRole('link', { name: '可回放' }).getAttribute('href')).toBe(
    'https://record.example.com/e2e.mp4',
  );
  await r.getByRole('button', { name: '出勤明细' }).click();
  await settle(page);
  const rows = visibleDialog(page).locator('.ant-table-row');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(2);
  // Longest watch first: 30 and 20 minutes.
  expect(await rows.nth(0).locator('td').last().textContent()).toBe('30');
  expect(await rows.nth(1).locator('td').last().textContent()).toBe('20');
  await screenshot(page, 'courses-live-lcic-attendance-zh');
  await page.keyboard.press('Escape');
  await noDialog(page);
});
