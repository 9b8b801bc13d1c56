import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, exportJob } from '../../src/db/schema';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Anything over 5 rows is a background export: the job the queue runs.
  t = await createTestApp({ EXPORT_BACKGROUND_ROWS: '5', JOB_POLL_SECONDS: '1' });
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

const poll = async (id: string) => {
  for (let i = 0; i < 200; i++) {
    const res = await t.call('GET', `/api/v1/exports/${id}`, { token: admin });
    if (res.body.data.status !== 'RUNNING') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
};

describe('background exports on the job queue', () => {
  it('runs a large export as a queue job, rebuilt from its stored filters, and serves the file', async () => {
    const started = await t.call('GET', '/api/v1/system/admin-users/export', { token: admin });
    expect(started.status).toBe(202);
    const users = await t.database.db.select({ id: adminUser.id }).from(adminUser);
    expect(started.body.data).toMatchObject({ status: 'RUNNING', total: users.length });
    const done = await poll(started.body.data.id);
    expect(done).toMatchObject({ status: 'DONE', processed: users.length, error: null });
    const file = await t.app.inject({
      method: 'GET',
      url: done.downloadUrl,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(users.length + 1);
    // The job ran through the queue and recorded its run.
    const jobs = await t.call('GET', '/api/v1/system/jobs', { token: admin });
    const build = jobs.body.data.items.find((j: { name: string }) => j.name === 'exports.build');
    expect(build.lastRuns[0]).toMatchObject({
      status: 'SUCCESS',
      trigger: 'QUEUED',
      counts: { rows: users.length },
    });
  });

  it('ends an export no attempt is left for as FAILED with its progress, never RUNNING forever', async () => {
    // What a server killed on the last attempt leaves behind: the row, and no job to finish it.
    const [me] = await t.database.db
      .select({ id: adminUser.id })
      .from(adminUser)
      .where(eq(adminUser.username, 'admin'));
    const id = randomUUID();
    await t.database.db
      .insert(exportJob)
      .values({ id, userId: me?.id as number, kind: 'admin-users', total: 100, processed: 40 });
    const res = await t.call('GET', `/api/v1/exports/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'FAILED', processed: 40, downloadUrl: null });
    expect(res.body.data.error).toMatch(/interrupted/);
  });
});
