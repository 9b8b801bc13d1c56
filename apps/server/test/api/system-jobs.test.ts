import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { exportCleanupJob } from '../../src/jobs/export-cleanup';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

const BASE = '/api/v1/system/jobs';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_SECONDS: '1' });
  // main.ts registers the scheduled jobs; here one of them, the way main.ts does it.
  t.app.deps.queue.add(exportCleanupJob());
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

const lastRun = async (name: string) => {
  const res = await t.call('GET', BASE, { token: admin });
  return res.body.data.items.find((j: { name: string }) => j.name === name)?.lastRuns[0];
};

describe('/api/v1/system/jobs', () => {
  it('lists jobs with their schedule, runs one now and shows the run with its counts, audited', async () => {
    const list = await t.call('GET', BASE, { token: admin });
    expect(list.status).toBe(200);
    const names = list.body.data.items.map((j: { name: string }) => j.name);
    expect(names).toEqual(expect.arrayContaining(['export-cleanup', 'exports.build', 'clients.import']));
    expect(list.body.data.items.find((j: { name: string }) => j.name === 'export-cleanup')).toMatchObject({
      cron: '0 * * * *',
      timeZone: 'Asia/Shanghai',
      paused: false,
    });

    const run = await t.call('POST', `${BASE}/export-cleanup/run`, { token: admin });
    expect(run.status).toBe(200);
    expect(run.body.data.jobId).toMatch(/^[0-9a-f-]{36}$/);
    const until = Date.now() + 20_000;
    let last = await lastRun('export-cleanup');
    while (last?.status !== 'SUCCESS' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      last = await lastRun('export-cleanup');
    }
    expect(last).toMatchObject({ status: 'SUCCESS', trigger: 'MANUAL', counts: { deleted: 0 } });
    const audit = await queryRows<{ target_id: string }>(
      t.database.db,
      sql`SELECT target_id FROM audit_log WHERE action = 'system.job.run'`,
    );
    expect(audit.map((a) => a.target_id)).toEqual(['export-cleanup']);
  });

  it('pauses and resumes a schedule, audited; unknown and unscheduled jobs are refused', async () => {
    const pause = await t.call('PUT', `${BASE}/export-cleanup/pause`, {
      token: admin,
      body: { paused: true },
    });
    expect(pause.status).toBe(200);
    let list = await t.call('GET', BASE, { token: admin });
    expect(list.body.data.items.find((j: { name: string }) => j.name === 'export-cleanup').paused).toBe(true);
    await t.call('PUT', `${BASE}/export-cleanup/pause`, { token: admin, body: { paused: false } });
    list = await t.call('GET', BASE, { token: admin });
    expect(list.body.data.items.find((j: { name: string }) => j.name === 'export-cleanup').paused).toBe(
      false,
    );
    const actions = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE action LIKE 'system.job.%' AND action <> 'system.job.run' ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['system.job.pause', 'system.job.resume']);
    expect((await t.call('POST', `${BASE}/no-such-job/run`, { token: admin })).status).toBe(404);
    expect((await t.call('POST', `${BASE}/exports.build/run`, { token: admin })).status).toBe(400);
    const bad = await t.call('PUT', `${BASE}/export-cleanup/pause`, {
      token: admin,
      body: { paused: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses every other built-in role', async () => {
    for (const user of ['siyu1', 'chakan1', 'zhongtai1']) {
      const token = await t.login(user, DEMO_PASSWORD);
      expect((await t.call('GET', BASE, { token })).status).toBe(403);
      expect((await t.call('POST', `${BASE}/export-cleanup/run`, { token })).status).toBe(403);
      expect(
        (await t.call('PUT', `${BASE}/export-cleanup/pause`, { token, body: { paused: true } })).status,
      ).toBe(403);
    }
    expect((await t.call('GET', BASE)).status).toBe(401);
  });
});
