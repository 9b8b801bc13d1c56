import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import {
  wecomDepartment,
  wecomExternalContact,
  wecomMember,
  wecomRelation,
  wecomSyncRun,
  wecomTag,
} from '../../src/db/schema';
import { toRunRow } from '../../src/modules/wecom/apps.service';
import { WecomSync } from '../../src/modules/wecom/sync';
import { openTestDatabase } from '../support/app';
import { insertApp, testGateway, VirtualClock } from '../support/wecom';
import { LocalWecomServer } from '../support/wecom-server';

const CORP = 'wwsynctest000001';
const SECRET = 'sync-test-secret-0123456789';
const BATCH = '/cgi-bin/externalcontact/batch/get_by_user';

describe('WeCom full sync against the local WeCom server (10,000 contacts, injected faults)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let server: LocalWecomServer;
  let sync: WecomSync;
  let appId: number;
  // Virtual time starts on a minute: a 45009 pauses to the next minute window, and started at a
  // random second the pause fell under the test's "more than a second" once in ~60 runs.
  const clock = new VirtualClock(Math.floor(Date.now() / 60_000) * 60_000);

  const live = async (table: typeof wecomRelation | typeof wecomExternalContact) => {
    const [row] = await database.db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.corpId, CORP), eq(table.deleted, false)));
    return row?.n ?? 0;
  };
  const runRow = async (id: number) =>
    (await database.db.select().from(wecomSyncRun).where(eq(wecomSyncRun.id, id)))[0];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    server = await new LocalWecomServer({
      corpId: CORP,
      secret: SECRET,
      members: 150,
      contacts: 10_000,
    }).start();
    appId = (await insertApp(database, { corpId: CORP, secret: SECRET })).app.id;
    sync = new WecomSync(database.db, testGateway(database, server.url, clock), () => new Date());
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await drop();
  });

  it('a first pass with 45009, -1 and a token expiring mid-sync completes with every row', async () => {
    server.inject({ path: BATCH, errcode: 45009, times: 1, after: 20 });
    server.inject({ path: BATCH, errcode: -1, times: 2, after: 40 });
    server.inject({ path: BATCH, errcode: 0, times: 1, after: 60, expireTokens: true });
    const tokensBefore = server.sim.tokenIssues;
    const run = await sync.enqueue(appId, 'MANUAL', null);
    expect(run).not.toBeNull();
    // a second request while one is queued is refused (one active full sync per corp)
    expect(await sync.enqueue(appId, 'MANUAL', null)).toBeNull();
    const t0 = clock.t;
    const out = await sync.processPending();
    expect(out).toMatchObject({ runs: 1, succeeded: 1 });
    const row = await runRow(run?.id as number);
    expect(row?.status).toBe('SUCCESS');
    expect(row?.stage).toBe('done');
    const relations = server.sim.relationCount();
    expect(row?.counts.contacts?.created).toBe(10_000);
    expect(row?.counts.relations?.created).toBe(relations);
    expect(row?.counts.members?.created).toBe(150);
    expect(row?.counts.departments?.created).toBe(server.sim.departments.length);
    expect(row?.counts.tags?.created).toBe(server.sim.groups.reduce((n, g) => n + g.tag.length, 0));
    expect(await live(wecomExternalContact)).toBe(10_000);
    expect(await live(wecomRelation)).toBe(relations);
    // the token expired once mid-sync: fetched again exactly once
    expect(server.sim.tokenIssues - tokensBefore).toBe(2);
    // 45009 paused the API to the next minute window; -1 backed off twice
    expect(clock.slept.some((ms) => ms > 1000 && ms <= 60_000)).toBe(true);
    expect(clock.slept).toContain(250);
    expect(clock.slept).toContain(500);
    expect(row?.apiCalls).toBe(server.calls() - 0);
    // the token bucket kept batch/get_by_user at <= 20 per second (virtual time of the budget)
    const batchCalls = server.calls(BATCH);
    expect(batchCalls).toBeGreaterThan(100);
    expect(clock.t - t0).toBeGreaterThanOrEqual(((batchCalls - 20) / 20) * 1000);
    // staff with customer contact are flagged, customer counts filled in
    const [flagged] = await database.db
      .select({ n: count() })
      .from(wecomMember)
      .where(and(eq(wecomMember.corpId, CORP), eq(wecomMember.hasCustomerContact, true)));
    expect(flagged?.n).toBe(server.sim.followUsers.length);
    const [m] = await database.db
      .select()
      .from(wecomMember)
      .where(and(eq(wecomMember.corpId, CORP), eq(wecomMember.userid, server.sim.followUsers[0] as string)));
    expect(m?.customerCount).toBeGreaterThan(0);
  }, 180_000);

  it('a pass that fails halfway deletes nothing; its retry resumes from the checkpoint and sweeps', async () => {
    // WeCom side: 30 relations end, 5 contacts disappear entirely, one tag is deleted.
    const ends = [...server.sim.follows.entries()].slice(0, 30);
    for (const [ext, fs] of ends) server.sim.removeFollow(ext, (fs[0] as { userid: string }).userid);
    const endedRelations = ends.length;
    const liveBefore = await live(wecomRelation);
    const contactsBefore = await live(wecomExternalContact);
    const goneContacts = ends.filter(([ext]) => (server.sim.follows.get(ext) ?? []).length === 0).length;

    // HTTP 502 from the 31st page on, more than the client's retries: the pass fails mid-contacts.
    server.inject({ path: BATCH, errcode: 0, http: 502, times: 4, after: 30 });
    const run = await sync.enqueue(appId, 'MANUAL', null);
    const batchBefore = server.calls(BATCH);
    const out = await sync.processPending();
    expect(out.retried).toBe(1);
    let row = await runRow(run?.id as number);
    expect(row?.status).toBe('QUEUED');
    expect(row?.stage).toBe('contacts');
    expect(row?.errors.at(-1)).toMatchObject({ resource: 'contacts', api: 'network' });
    expect(Number(row?.checkpoint.chunk ?? 0) * 100 + 1).toBeGreaterThan(0);
    // nothing was deleted by the failed pass
    expect(await live(wecomRelation)).toBe(liveBefore);
    expect(await live(wecomExternalContact)).toBe(contactsBefore);
    const firstAttemptPages = server.calls(BATCH) - batchBefore;

    // the retry (another tick of the job) resumes where it stopped
    const batchMid = server.calls(BATCH);
    expect((await sync.processPending()).succeeded).toBe(1);
    row = await runRow(run?.id as number);
    expect(row?.status).toBe('SUCCESS');
    expect(row?.attempts).toBe(2);
    const fullPages = Math.ceil(server.sim.relationCount() / 100);
    expect(server.calls(BATCH) - batchMid).toBeLessThan(fullPages);
    expect(firstAttemptPages).toBeGreaterThanOrEqual(30);
    expect(row?.counts.relations?.deleted).toBe(endedRelations);
    expect(row?.counts.contacts?.deleted).toBe(goneContacts);
    expect(await live(wecomRelation)).toBe(liveBefore - endedRelations);
    expect(await live(wecomExternalContact)).toBe(contactsBefore - goneContacts);
    expect(row?.counts.contacts?.created).toBe(0);
  }, 180_000);

  it('a pass that keeps failing ends FAILED after three attempts and still deletes nothing', async () => {
    const [ext, fs] = [...server.sim.follows.entries()].find(([, f]) => f.length > 0) ?? ['', []];
    server.sim.removeFollow(ext, fs[0]?.userid ?? '');
    const liveBefore = await live(wecomRelation);
    server.inject({ path: '/cgi-bin/externalcontact/get_corp_tag_list', errcode: -1, times: 100 });
    const run = await sync.enqueue(appId, 'SCHEDULE', null);
    for (let i = 0; i < 3; i++) await sync.processPending();
    const row = await runRow(run?.id as number);
    expect(row?.status).toBe('FAILED');
    expect(row?.attempts).toBe(3);
    expect(row?.errors.at(-1)).toMatchObject({ resource: 'tags', errcode: -1 });
    expect(await live(wecomRelation)).toBe(liveBefore);
    server.faults.length = 0;
  }, 180_000);

  it('tags, departments and deleted tags follow WeCom; a run with nothing new changes nothing', async () => {
    const group = server.sim.groups[0];
    const tag = group?.tag[0];
    if (tag) tag.deleted = true;
    const run = await sync.enqueue(appId, 'MANUAL', null);
    await sync.processPending();
    const row = await runRow(run?.id as number);
    expect(row?.status).toBe('SUCCESS');
    expect(row?.counts.contacts?.created).toBe(0);
    // the progress bar: done out of what the last complete pass saw
    const progress = toRunRow(row as NonNullable<typeof row>).progress;
    // (the last complete pass, the second test, saw one relation that ended before the third)
    expect(progress).toEqual({ done: server.sim.relationCount(), total: server.sim.relationCount() + 1 });
    const [t] = await database.db
      .select()
      .from(wecomTag)
      .where(eq(wecomTag.tagId, tag?.id as string));
    expect(t?.deleted).toBe(true);
    const [d] = await database.db
      .select({ n: count() })
      .from(wecomDepartment)
      .where(eq(wecomDepartment.deleted, false));
    expect(d?.n).toBe(server.sim.departments.length);
    expect(await live(wecomRelation)).toBe(server.sim.relationCount());
  }, 180_000);
});
