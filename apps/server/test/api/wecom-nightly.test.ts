import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { wecomApp, wecomSyncRun } from '../../src/db/schema';
import { WecomWorker } from '../../src/modules/wecom/jobs';
import { WecomSync } from '../../src/modules/wecom/sync';
import { openTestDatabase } from '../support/app';
import { insertApp, testGateway } from '../support/wecom';

// 2026-11-21 02:00 in Asia/Shanghai is 2026-11-20 18:00 UTC.
const at = (iso: string) => new Date(iso);
const NIGHT_OPENS = at('2026-11-20T18:00:00Z');

/**
 * The nightly full sync (DOMAIN 9.5.1) is the night's: the every-minute tick queues it once per
 * corp during 02:00-02:59, only for apps that existed when the hour began and corps with no full
 * sync since; 立即同步 during a running sync joins it.
 */
describe('WeCom nightly full sync and joining a running sync', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let clock = NIGHT_OPENS;
  let sync: WecomSync;
  let worker: WecomWorker;

  const app = async (corpId: string, createdAt: Date) => {
    const { app } = await insertApp(database, { corpId, secret: 'nightly-secret-0123456789' });
    await database.db.update(wecomApp).set({ createdAt }).where(eq(wecomApp.id, app.id));
    return app.id;
  };
  const runsOf = (corpId: string) =>
    database.db.select().from(wecomSyncRun).where(eq(wecomSyncRun.corpId, corpId)).orderBy(wecomSyncRun.id);
  const tick = (iso: string) => {
    clock = at(iso);
    return worker.tick(database.db, clock);
  };
  const finish = (corpId: string) =>
    database.db
      .update(wecomSyncRun)
      .set({ status: 'SUCCESS', finishedAt: clock })
      .where(eq(wecomSyncRun.corpId, corpId));

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    sync = new WecomSync(database.db, testGateway(database, 'http://127.0.0.1:9'), () => clock);
    // The runs are only queued here: nothing executes them.
    sync.processPending = async () => ({ runs: 0, succeeded: 0, failed: 0, retried: 0 });
    worker = new WecomWorker(sync);
  });
  afterAll(async () => {
    await drop();
  });

  it('queues one full sync per corp in the nightly hour, for apps that existed when it began', async () => {
    const old = 'wwnightlyold0001';
    const fresh = 'wwnightlynew0001';
    const synced = 'wwnightlyman0001';
    await app(old, at('2026-11-01T00:00:00Z'));
    const syncedApp = await app(synced, at('2026-11-01T00:00:00Z'));
    // created during the nightly hour (02:10): not the night's, its first sync is the admin's
    await app(fresh, at('2026-11-20T18:10:00Z'));
    // a manual full sync of this corp since 02:00 is tonight's
    clock = at('2026-11-20T18:05:00Z');
    const manual = await sync.enqueueOrJoin(syncedApp, 1);
    expect(manual?.joined).toBe(false);
    await finish(synced);

    expect(await tick('2026-11-20T17:59:00Z')).toEqual({ queued: 0 }); // 01:59
    expect(await tick('2026-11-20T18:30:00Z')).toEqual({ queued: 1 }); // 02:30
    expect((await runsOf(old)).map((r) => [r.trigger, r.status])).toEqual([['SCHEDULE', 'QUEUED']]);
    expect(await runsOf(fresh)).toHaveLength(0);
    expect(await runsOf(synced)).toHaveLength(1);
    // the next minutes of the hour queue nothing more, also once the night's run has ended
    await finish(old);
    expect(await tick('2026-11-20T18:31:00Z')).toEqual({ queued: 0 });
    expect(await tick('2026-11-20T18:59:00Z')).toEqual({ queued: 0 });
    expect(await tick('2026-11-20T19:00:00Z')).toEqual({ queued: 0 }); // 03:00
    expect(await runsOf(old)).toHaveLength(1);
    expect(await runsOf(fresh)).toHaveLength(0);

    // the next night every app is the night's
    expect(await tick('2026-11-21T18:00:00Z')).toEqual({ queued: 3 });
    expect(await runsOf(fresh)).toHaveLength(1);
  });

  it('立即同步 while a sync of the corp is queued or running joins it; once it ended, queues a new one', async () => {
    const corp = 'wwnightlyjoin001';
    const appId = await app(corp, at('2026-11-01T00:00:00Z'));
    expect(await tick('2026-11-22T18:01:00Z')).toEqual({ queued: 1 });
    const [night] = await runsOf(corp);
    expect(night?.trigger).toBe('SCHEDULE');
    const joined = await sync.enqueueOrJoin(appId, 1);
    expect(joined).toMatchObject({ joined: true, run: { id: night?.id, trigger: 'SCHEDULE' } });
    await database.db.update(wecomSyncRun).set({ status: 'RUNNING' }).where(eq(wecomSyncRun.corpId, corp));
    expect((await sync.enqueueOrJoin(appId, 1))?.run.id).toBe(night?.id);
    await finish(corp);
    const queued = await sync.enqueueOrJoin(appId, 1);
    expect(queued).toMatchObject({ joined: false, run: { trigger: 'MANUAL', status: 'QUEUED' } });
    expect(queued?.run.id).not.toBe(night?.id);
    expect(await sync.enqueueOrJoin(999_999, 1)).toBeNull();
  });
});
