import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJob } from '../../src/db/schema';
import { runJobOnce } from '../../src/jobs/scheduler';
import { liveScheduleJob } from '../../src/modules/courses/jobs';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { makeLeafCategory, productBody, uploadImage } from '../support/commerce';

let t: TestApp;
let admin: string;
let spuId: number;
let classId: number;

beforeAll(async () => {
  // Anything over 5 rows is a background export: a job on the queue, rebuilt from stored filters.
  t = await createTestApp({ EXPORT_BACKGROUND_ROWS: '5', JOB_POLL_SECONDS: '1' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  const { leafId } = await makeLeafCategory(t, admin);
  const cover = await uploadImage(t, admin);
  spuId = (await t.call('POST', '/api/v1/products', { token: admin, body: productBody(leafId, cover) })).body
    .data.id;
  const cls = await t.call('POST', '/api/v1/course/classes', {
    token: admin,
    body: {
      name: '导出班',
      code: 'EXP-1',
      spuId,
      capacity: 50,
      startDate: '2027-01-10',
      endDate: '2027-02-10',
    },
  });
  classId = cls.body.data.id;
  // 12 members: 8 named 导出甲*, 4 named 其他*; 8 of them students of the class.
  const rows = Array.from({ length: 12 }, (_, i) => ({
    mobile: `1370013${String(7000 + i)}`,
    nickname: i < 8 ? `导出甲${i}` : `其他${i}`,
  }));
  const imp = await t.call('POST', '/api/v1/members/import', { token: admin, body: { rows } });
  expect(imp.body.data.succeeded).toBe(12);
  const students = await t.call('POST', '/api/v1/course/students/import', {
    token: admin,
    body: { classId, mobiles: rows.slice(0, 8).map((r) => r.mobile) },
  });
  expect(students.body.data.succeeded).toBe(8);
  for (const r of rows.slice(0, 7))
    await t.call('POST', '/api/v1/course/users', {
      token: admin,
      body: { mobile: r.mobile, spuId, reason: '导出测试' },
    });
});
afterAll(async () => t.close());

const poll = async (id: string) => {
  for (let i = 0; i < 300; i++) {
    const res = await t.call('GET', `/api/v1/exports/${id}`, { token: admin });
    if (res.body.data.status !== 'RUNNING') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
};

const sheetOf = async (url: string) => {
  const file = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0] as ExcelJS.Worksheet;
};

describe('course and member exports on the job queue', () => {
  it.each([
    ['members', `/api/v1/members/export?keyword=${encodeURIComponent('导出甲')}`, 8, '导出甲'],
    ['class-students', `/api/v1/course/students/export?classId=__CLASS__`, 8, '导出班'],
    ['course-users', `/api/v1/course/users/export?spuId=__SPU__`, 7, '导出甲'],
    ['classes', '/api/v1/course/classes/export', 6, null],
  ] as const)(
    '%s: a large export is a durable background job honouring the filters',
    async (kind, path, rows, text) => {
      if (kind === 'classes') {
        // Five more classes make six: over the background threshold.
        for (let i = 2; i <= 6; i++)
          await t.call('POST', '/api/v1/course/classes', {
            token: admin,
            body: {
              name: `导出班${i}`,
              code: `EXP-${i}`,
              spuId,
              capacity: 10,
              startDate: '2027-01-10',
              endDate: '2027-02-10',
            },
          });
      }
      const url = path.replace('__CLASS__', String(classId)).replace('__SPU__', String(spuId));
      const started = await t.call('GET', url, { token: admin });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body.data).toMatchObject({ status: 'RUNNING', total: rows });
      // Stored with its filters and the principal: any server can rebuild it (not a process-local exporter).
      const [job] = await t.database.db
        .select()
        .from(exportJob)
        .where(eq(exportJob.id, started.body.data.id));
      expect(job?.kind).toBe(kind);
      const params = job?.params as { filters?: Record<string, unknown>; principal?: unknown; lang?: string };
      expect(params.principal).toBeTruthy();
      expect(params.lang).toBe('zh');
      if (kind === 'members') expect(params.filters).toMatchObject({ keyword: '导出甲' });
      if (kind === 'class-students') expect(params.filters).toMatchObject({ classId });
      const done = await poll(started.body.data.id);
      expect(done, JSON.stringify(done)).toMatchObject({ status: 'DONE', processed: rows, error: null });
      const sheet = await sheetOf(done.downloadUrl);
      expect(sheet.rowCount).toBe(rows + 1);
      if (text) {
        const cells = (sheet.getRow(2).values as unknown[]).map(String).join('|');
        expect(cells).toContain(text);
      }
      if (kind === 'members' || kind === 'class-students' || kind === 'course-users') {
        // Phones stay masked in the file as on the list.
        const all = JSON.stringify(sheet.getSheetValues());
        expect(all).not.toMatch(/1370013700\d/);
        expect(all).toMatch(/137\*\*\*\*700\d/);
      }
    },
  );
});

describe('live attendance export (导出出勤)', () => {
  it('exports attendance per member of the filtered sessions, masked; admin only; large ones in the background', async () => {
    const hour = 3_600_000;
    const start = t.clock.now().getTime() + hour;
    const ids: number[] = [];
    for (const title of ['导出直播 1', '导出直播 2']) {
      const res = await t.call('POST', '/api/v1/course/live-sessions', {
        token: admin,
        body: {
          title,
          classIds: [classId],
          scheduledStart: new Date(start).toISOString(),
          scheduledEnd: new Date(start + hour).toISOString(),
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.data.id);
    }
    const job = liveScheduleJob('unused');
    await runJobOnce(t.database.db, job, new Date(start + 60_000));
    await runJobOnce(t.database.db, job, new Date(start + 2 * hour));
    let attended = 0;
    for (const id of ids) {
      const s = (await t.call('GET', `/api/v1/course/live-sessions/${id}`, { token: admin })).body.data;
      expect(s.status).toBe('ENDED');
      attended += s.attendeeCount;
    }
    expect(attended).toBeGreaterThan(5);
    const zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/v1/course/live-attendance/export', { token: zhongtai })).status).toBe(
      403,
    );
    const started = await t.call(
      'GET',
      `/api/v1/course/live-attendance/export?classId=${classId}&status=ENDED`,
      {
        token: admin,
      },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.data.total).toBe(attended);
    const [row] = await t.database.db.select().from(exportJob).where(eq(exportJob.id, started.body.data.id));
    expect(row?.kind).toBe('live-attendance');
    expect((row?.params as { principal?: unknown } | undefined)?.principal).toBeTruthy();
    const done = await poll(started.body.data.id);
    expect(done).toMatchObject({ status: 'DONE', processed: attended });
    const sheet = await sheetOf(done.downloadUrl);
    expect(sheet.rowCount).toBe(attended + 1);
    const all = JSON.stringify(sheet.getSheetValues());
    expect(all).toContain('导出直播 1');
    expect(all).not.toMatch(/1370013700\d/);
    // A filter matching nothing exports an empty sheet at once.
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/live-attendance/export?status=CANCELLED`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(none.statusCode).toBe(200);
  });
});
