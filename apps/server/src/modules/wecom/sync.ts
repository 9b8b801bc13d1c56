// Full sync of one corp (DOMAIN 9.5.1): departments → member ids → member details → follow users →
// contacts of the follow users in chunks of 100 with cursors → the tag library → sweep. Upserts by
// natural key mark each row with the run id; a checkpoint after every page lets a retried run resume
// where it stopped; rows not seen are swept only after a complete pass (a failed pass never deletes,
// a resource with failed items is not swept).
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  wecomApp,
  wecomDepartment,
  wecomExternalContact,
  wecomMember,
  wecomRelation,
  wecomSyncRun,
  wecomTag,
  wecomTagGroup,
} from '../../db/schema';
import { WecomApiError, type WecomClient, WecomNetworkError } from '../../providers/wecom/client';
import type { Json } from '../../providers/wecom/simulator';
import type { WecomGateway } from './gateway';
import { autoLink } from './linking';
import { weighOwnership } from './ownership';

type Run = typeof wecomSyncRun.$inferSelect;
type Counts = Record<string, { created: number; updated: number; deleted: number; failed: number }>;
type SyncError = { resource: string; api: string; errcode: number; errmsg: string; at: string };

const STAGES = ['departments', 'members', 'follow-users', 'contacts', 'tags', 'sweep', 'done'] as const;
type Stage = (typeof STAGES)[number];
/** Errors recorded per item and skipped (DOMAIN 9.3). */
const SKIPPABLE = new Set([40003, 40096, 40068, 60111, 84061, 60011]);
const MAX_ERRORS = 20;
const STALE_RUN_MS = 2 * 60_000;
const MAX_ATTEMPTS = 3;

const sec = (n: unknown) => (typeof n === 'number' && n > 0 ? new Date(n * 1000) : null);
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
const inserted = sql<boolean>`(xmax = 0)`;

export class SyncFailed extends Error {}

/** The state of one pass, written to its run row after every step. */
class Pass {
  counts: Counts;
  errors: SyncError[];
  apiCalls: number;
  checkpoint: Record<string, unknown>;
  stage: Stage;
  constructor(
    readonly db: Db,
    readonly run: Run,
    readonly now: () => Date,
  ) {
    this.counts = structuredClone(run.counts) as Counts;
    this.errors = [...(run.errors as SyncError[])];
    this.apiCalls = run.apiCalls;
    this.checkpoint = { ...run.checkpoint };
    this.stage = (STAGES as readonly string[]).includes(run.stage) ? (run.stage as Stage) : 'departments';
  }
  c(resource: string) {
    this.counts[resource] ??= { created: 0, updated: 0, deleted: 0, failed: 0 };
    return this.counts[resource];
  }
  error(resource: string, e: unknown) {
    const api = e instanceof WecomApiError ? e.api : 'network';
    const errcode = e instanceof WecomApiError ? e.errcode : -1;
    const errmsg = (e instanceof Error ? e.message : String(e)).slice(0, 200);
    this.errors = [...this.errors, { resource, api, errcode, errmsg, at: this.now().toISOString() }].slice(
      -MAX_ERRORS,
    );
  }
  async save(extra: Partial<Run> = {}) {
    await this.db
      .update(wecomSyncRun)
      .set({
        stage: this.stage,
        counts: this.counts,
        errors: this.errors,
        apiCalls: this.apiCalls,
        checkpoint: this.checkpoint,
        heartbeatAt: this.now(),
        ...extra,
      })
      .where(eq(wecomSyncRun.id, this.run.id));
  }
  async next(stage: Stage, checkpoint: Record<string, unknown> = {}) {
    this.stage = stage;
    this.checkpoint = { expected: this.checkpoint.expected ?? null, ...checkpoint };
    await this.save();
  }
}

export class WecomSync {
  constructor(
    private readonly db: Db,
    private readonly gateway: WecomGateway,
    private readonly now: () => Date,
  ) {}

  /** Queues a full sync of the app's corp; null when one is already queued or running. */
  async enqueue(
    appId: number,
    trigger: 'SCHEDULE' | 'MANUAL',
    requestedBy: number | null,
    db: DbOrTx = this.db,
  ): Promise<Run | null> {
    const [app] = await db.select().from(wecomApp).where(eq(wecomApp.id, appId));
    if (!app) return null;
    const [run] = await db
      .insert(wecomSyncRun)
      .values({ appId, corpId: app.corpId, trigger, requestedBy, status: 'QUEUED', createdAt: this.now() })
      .onConflictDoNothing()
      .returning();
    return run ?? null;
  }

  /**
   * 立即同步: queues a full sync of the app's corp, or joins the one already queued or running (the
   * night's, another admin's): one full sync per corp at a time, and the caller follows that one.
   * Null when the app does not exist.
   */
  async enqueueOrJoin(
    appId: number,
    requestedBy: number | null,
    db: DbOrTx = this.db,
  ): Promise<{ run: Run; joined: boolean } | null> {
    const [app] = await db.select({ corpId: wecomApp.corpId }).from(wecomApp).where(eq(wecomApp.id, appId));
    if (!app) return null;
    // The active run may end between the refused insert and the read: then queue again.
    for (let tries = 0; tries < 3; tries++) {
      const run = await this.enqueue(appId, 'MANUAL', requestedBy, db);
      if (run) return { run, joined: false };
      const [active] = await db
        .select()
        .from(wecomSyncRun)
        .where(
          and(
            eq(wecomSyncRun.corpId, app.corpId),
            eq(wecomSyncRun.type, 'FULL'),
            inArray(wecomSyncRun.status, ['QUEUED', 'RUNNING']),
          ),
        )
        .limit(1);
      if (active) return { run: active, joined: true };
    }
    throw new Error(`no full sync of ${app.corpId} could be queued or joined`);
  }

  /** Runs every queued run and every running one whose server stopped (heartbeat too old). */
  async processPending(): Promise<Record<string, number>> {
    const out = { runs: 0, succeeded: 0, failed: 0, retried: 0 };
    for (;;) {
      const stale = new Date(this.now().getTime() - STALE_RUN_MS);
      const [candidate] = await this.db
        .select({ id: wecomSyncRun.id })
        .from(wecomSyncRun)
        .where(
          or(
            eq(wecomSyncRun.status, 'QUEUED'),
            and(eq(wecomSyncRun.status, 'RUNNING'), lt(wecomSyncRun.heartbeatAt, stale)),
          ),
        )
        .orderBy(wecomSyncRun.id)
        .limit(1);
      if (!candidate) return out;
      const status = await this.runOnce(candidate.id);
      out.runs++;
      if (status === 'SUCCESS' || status === 'PARTIAL') out.succeeded++;
      else if (status === 'QUEUED') out.retried++;
      else if (status === 'FAILED') out.failed++;
      if (status === 'QUEUED') return out; // a retry waits for the next tick
    }
  }

  /** Claims one run (conditional update) and executes it from its checkpoint. */
  async runOnce(runId: number): Promise<string | null> {
    const now = this.now();
    const [run] = await this.db
      .update(wecomSyncRun)
      .set({
        status: 'RUNNING',
        attempts: sql`${wecomSyncRun.attempts} + 1`,
        heartbeatAt: now,
        startedAt: sql`coalesce(${wecomSyncRun.startedAt}, ${now})`,
      })
      .where(
        and(
          eq(wecomSyncRun.id, runId),
          or(
            eq(wecomSyncRun.status, 'QUEUED'),
            and(
              eq(wecomSyncRun.status, 'RUNNING'),
              lt(wecomSyncRun.heartbeatAt, new Date(now.getTime() - STALE_RUN_MS)),
            ),
          ),
        ),
      )
      .returning();
    if (!run) return null;
    const pass = new Pass(this.db, run, this.now);
    if (pass.checkpoint.expected === undefined) {
      // The progress bar's total: the relations the last complete pass saw (unknown on the first).
      const [prev] = await this.db
        .select({ counts: wecomSyncRun.counts })
        .from(wecomSyncRun)
        .where(and(eq(wecomSyncRun.corpId, run.corpId), inArray(wecomSyncRun.status, ['SUCCESS', 'PARTIAL'])))
        .orderBy(desc(wecomSyncRun.id))
        .limit(1);
      const r = prev?.counts.relations;
      pass.checkpoint = { ...pass.checkpoint, expected: r ? (r.created ?? 0) + (r.updated ?? 0) : null };
    }
    const [app] = await this.db.select().from(wecomApp).where(eq(wecomApp.id, run.appId));
    try {
      if (!app || app.deleted || app.status === 'DISABLED') throw new SyncFailed('app disabled');
      const client = this.gateway.clientFor(app, () => {
        pass.apiCalls++;
      });
      await this.execute(pass, client, app);
      const failed = Object.values(pass.counts).some((c) => c.failed > 0);
      const status = failed ? 'PARTIAL' : 'SUCCESS';
      await pass.save({ status, finishedAt: this.now() });
      return status;
    } catch (e) {
      pass.error(pass.stage, e);
      if (e instanceof WecomApiError && e.errcode === 40001 && app)
        await this.db
          .update(wecomApp)
          .set({ status: 'INVALID', lastError: e.message.slice(0, 300) })
          .where(eq(wecomApp.id, app.id));
      const retry = run.attempts < MAX_ATTEMPTS && !(e instanceof SyncFailed) && isRetryable(e);
      const status = retry ? 'QUEUED' : 'FAILED';
      await pass.save({ status, finishedAt: retry ? null : this.now() });
      return status;
    }
  }

  private async execute(pass: Pass, client: WecomClient, app: typeof wecomApp.$inferSelect) {
    const corp = app.corpId;
    const runId = pass.run.id;
    if (pass.stage === 'departments') {
      const res = await client.get('/cgi-bin/department/list');
      this.tally(
        pass,
        'departments',
        await this.upsertDepartments(corp, runId, (res.department as Json[]) ?? []),
      );
      await pass.next('members');
    }
    if (pass.stage === 'members') {
      const userids = await this.memberIds(pass, client, corp);
      const done = new Set((pass.checkpoint.members as string[] | undefined) ?? []);
      for (const userid of userids) {
        if (done.has(userid)) continue;
        try {
          const m = await client.get('/cgi-bin/user/get', { userid });
          const out = await this.upsertMember(corp, runId, m);
          this.tally(pass, 'members', out);
        } catch (e) {
          if (!(e instanceof WecomApiError) || !SKIPPABLE.has(e.errcode)) throw e;
          pass.c('members').failed++;
          pass.error('members', e);
        }
        done.add(userid);
        if (done.size % 50 === 0) {
          pass.checkpoint = { ...pass.checkpoint, members: [...done] };
          await pass.save();
        }
      }
      await pass.next('follow-users');
    }
    if (pass.stage === 'follow-users') {
      const res = await client.get('/cgi-bin/externalcontact/get_follow_user_list');
      const follow = [...new Set((res.follow_user as string[]) ?? [])].sort();
      // Members the member pass could not read still get a row (the contacts reference them).
      if (follow.length)
        await this.db
          .insert(wecomMember)
          .values(follow.map((userid) => ({ corpId: corp, userid, name: userid, seenRun: runId })))
          .onConflictDoNothing();
      await this.db
        .update(wecomMember)
        .set({ hasCustomerContact: follow.length ? inArray(wecomMember.userid, follow) : sql`false` })
        .where(eq(wecomMember.corpId, corp));
      await pass.next('contacts', { follow, chunk: 0, cursor: '' });
    }
    if (pass.stage === 'contacts') {
      const follow = (pass.checkpoint.follow as string[]) ?? [];
      const staff = new Map(
        (
          await this.db
            .select({ userid: wecomMember.userid, sysUserId: wecomMember.sysUserId })
            .from(wecomMember)
            .where(eq(wecomMember.corpId, corp))
        ).map((m) => [m.userid, m.sysUserId]),
      );
      let chunk = Number(pass.checkpoint.chunk ?? 0);
      let cursor = String(pass.checkpoint.cursor ?? '');
      for (; chunk * 100 < follow.length; chunk++, cursor = '') {
        const userids = follow.slice(chunk * 100, chunk * 100 + 100);
        do {
          const res = await client.post('/cgi-bin/externalcontact/batch/get_by_user', {
            userid_list: userids,
            cursor,
            limit: 100,
          });
          await this.upsertContacts(pass, corp, runId, (res.external_contact_list as Json[]) ?? [], staff);
          cursor = String(res.next_cursor ?? '');
          pass.checkpoint = { ...pass.checkpoint, chunk: cursor ? chunk : chunk + 1, cursor };
          await pass.save();
        } while (cursor);
      }
      await pass.next('tags');
    }
    if (pass.stage === 'tags') {
      const res = await client.post('/cgi-bin/externalcontact/get_corp_tag_list', {});
      await this.upsertTagLibrary(corp, (res.tag_group as Json[]) ?? [], runId, pass);
      await pass.next('sweep');
    }
    if (pass.stage === 'sweep') {
      pass.c('links').created += await autoLink(this.db, corp);
      await this.sweep(pass, corp);
      // New relations with linked clients: pool clients to the adding staff, conflicts to the admins.
      await weighOwnership(this.db, this.now, corp);
      await pass.next('done');
    }
  }

  /** user/list_id with the contact-sync secret when the corp has one; otherwise the follow users. */
  private async memberIds(pass: Pass, client: WecomClient, corp: string): Promise<string[]> {
    if (Array.isArray(pass.checkpoint.memberIds)) return pass.checkpoint.memberIds as string[];
    const [syncApp] = await this.db
      .select()
      .from(wecomApp)
      .where(
        and(
          eq(wecomApp.corpId, corp),
          eq(wecomApp.kind, 'CONTACT_SYNC'),
          eq(wecomApp.status, 'ENABLED'),
          eq(wecomApp.deleted, false),
        ),
      )
      .limit(1);
    const lister = syncApp
      ? this.gateway.clientFor(syncApp, () => {
          pass.apiCalls++;
        })
      : client;
    const ids = new Set<string>();
    try {
      let cursor = '';
      do {
        const res = await lister.post('/cgi-bin/user/list_id', { cursor, limit: 10000 });
        for (const du of (res.dept_user as Json[]) ?? []) ids.add(String(du.userid));
        cursor = String(res.next_cursor ?? '');
      } while (cursor);
    } catch (e) {
      // Without the contact-sync secret (48002 / 60011): the members are the follow users.
      if (!(e instanceof WecomApiError) || ![48002, 60011, 48009].includes(e.errcode)) throw e;
      pass.error('members', e);
      const res = await client.get('/cgi-bin/externalcontact/get_follow_user_list');
      for (const u of (res.follow_user as string[]) ?? []) ids.add(u);
    }
    const list = [...ids].sort();
    pass.checkpoint = { ...pass.checkpoint, memberIds: list };
    await pass.save();
    return list;
  }

  private tally(pass: Pass, resource: string, out: { inserted: boolean }[]) {
    const c = pass.c(resource);
    for (const r of out) {
      if (r.inserted) c.created++;
      else c.updated++;
    }
  }

  /** department/list rows (a callback passes runId null: the sweep mark stays). */
  async upsertDepartments(corp: string, runId: number | null, list: Json[]) {
    if (!list.length) return [];
    return this.db
      .insert(wecomDepartment)
      .values(
        list.map((d) => ({
          corpId: corp,
          deptId: Number(d.id),
          parentId: Number(d.parentid ?? 0),
          name: str(d.name, 64),
          order: Number(d.order ?? 0),
          seenRun: runId,
          syncedAt: this.now(),
        })),
      )
      .onConflictDoUpdate({
        target: [wecomDepartment.corpId, wecomDepartment.deptId],
        set: {
          parentId: sql`excluded.parent_id`,
          name: sql`excluded.name`,
          order: sql`excluded.order`,
          deleted: false,
          seenRun: runId === null ? sql`${wecomDepartment.seenRun}` : runId,
          syncedAt: sql`excluded.synced_at`,
        },
      })
      .returning({ inserted });
  }

  /** user/get → the member row (the binding to a staff user is never touched). */
  async upsertMember(corp: string, runId: number | null, m: Json) {
    const departments = Array.isArray(m.department) ? (m.department as number[]).map(Number) : [];
    return this.db
      .insert(wecomMember)
      .values({
        corpId: corp,
        userid: str(m.userid, 64),
        name: str(m.name, 64),
        departments,
        mainDepartment: m.main_department ? Number(m.main_department) : (departments[0] ?? null),
        position: str(m.position, 128),
        status: Number(m.status ?? 1),
        seenRun: runId,
        syncedAt: this.now(),
      })
      .onConflictDoUpdate({
        target: [wecomMember.corpId, wecomMember.userid],
        set: {
          name: sql`excluded.name`,
          departments: sql`excluded.departments`,
          mainDepartment: sql`excluded.main_department`,
          position: sql`excluded.position`,
          status: sql`excluded.status`,
          deleted: false,
          seenRun: runId === null ? sql`${wecomMember.seenRun}` : runId,
          syncedAt: sql`excluded.synced_at`,
        },
      })
      .returning({ inserted });
  }

  /** One page of batch/get_by_user: the contacts, then their relations with this member. */
  async upsertContacts(
    pass: Pass | null,
    corp: string,
    runId: number | null,
    list: Json[],
    staff: Map<string, number | null>,
  ) {
    if (!list.length) return;
    const now = this.now();
    const contacts = new Map<string, typeof wecomExternalContact.$inferInsert>();
    for (const item of list) {
      const c = (item.external_contact ?? {}) as Json;
      const ext = str(c.external_userid, 64);
      if (!ext) continue;
      contacts.set(ext, {
        corpId: corp,
        externalUserid: ext,
        name: str(c.name, 128),
        avatar: str(c.avatar, 512),
        type: Number(c.type ?? 1),
        gender: Number(c.gender ?? 0),
        unionid: typeof c.unionid === 'string' && c.unionid ? c.unionid.slice(0, 64) : null,
        corpName: str(c.corp_name, 128),
        corpFullName: str(c.corp_full_name, 256),
        seenRun: runId,
        syncedAt: now,
      });
    }
    const ids = await this.db
      .insert(wecomExternalContact)
      .values([...contacts.values()])
      .onConflictDoUpdate({
        target: [wecomExternalContact.corpId, wecomExternalContact.externalUserid],
        set: {
          name: sql`excluded.name`,
          avatar: sql`excluded.avatar`,
          type: sql`excluded.type`,
          gender: sql`excluded.gender`,
          unionid: sql`excluded.unionid`,
          corpName: sql`excluded.corp_name`,
          corpFullName: sql`excluded.corp_full_name`,
          deleted: false,
          seenRun: runId === null ? sql`${wecomExternalContact.seenRun}` : runId,
          syncedAt: sql`excluded.synced_at`,
        },
      })
      .returning({ id: wecomExternalContact.id, ext: wecomExternalContact.externalUserid, inserted });
    if (pass) this.tally(pass, 'contacts', ids);
    const idOf = new Map(ids.map((r) => [r.ext, r.id]));
    const relations = new Map<string, typeof wecomRelation.$inferInsert>();
    for (const item of list) {
      const c = (item.external_contact ?? {}) as Json;
      const followList = item.follow_info ? [item.follow_info as Json] : ((item.follow_user as Json[]) ?? []);
      const ext = str(c.external_userid, 64);
      const contactId = idOf.get(ext);
      if (!contactId) continue;
      for (const f of followList) {
        const userid = str(f.userid, 64);
        const tagIds = Array.isArray(f.tag_id)
          ? (f.tag_id as string[])
          : Array.isArray(f.tags)
            ? (f.tags as Json[]).map((t) => String(t.tag_id))
            : [];
        relations.set(`${ext}|${userid}`, {
          corpId: corp,
          externalUserid: ext,
          userid,
          contactId,
          staffUserId: staff.get(userid) ?? null,
          remark: str(f.remark, 128),
          description: str(f.description, 512),
          addTime: sec(f.createtime),
          addWay: Number(f.add_way ?? 0),
          state: str(f.state, 64),
          operUserid: str(f.oper_userid, 64),
          remarkMobiles: Array.isArray(f.remark_mobiles) ? (f.remark_mobiles as string[]).slice(0, 5) : [],
          tagIds: tagIds.map(String),
          status: 'NORMAL',
          seenRun: runId,
          syncedAt: now,
        });
      }
    }
    if (!relations.size) return;
    const out = await this.db
      .insert(wecomRelation)
      .values([...relations.values()])
      .onConflictDoUpdate({
        target: [wecomRelation.corpId, wecomRelation.externalUserid, wecomRelation.userid],
        set: {
          contactId: sql`excluded.contact_id`,
          staffUserId: sql`excluded.staff_user_id`,
          remark: sql`excluded.remark`,
          description: sql`excluded.description`,
          addTime: sql`excluded.add_time`,
          addWay: sql`excluded.add_way`,
          state: sql`excluded.state`,
          operUserid: sql`excluded.oper_userid`,
          remarkMobiles: sql`excluded.remark_mobiles`,
          tagIds: sql`excluded.tag_ids`,
          status: sql`CASE WHEN ${wecomRelation.status} = 'TRANSFERRING' THEN ${wecomRelation.status} ELSE 'NORMAL' END`,
          // A relation that ended and came back is a new relation: weighed again (DOMAIN 9.5.5).
          ownerCheckedClientId: sql`CASE WHEN ${wecomRelation.deleted} THEN NULL ELSE ${wecomRelation.ownerCheckedClientId} END`,
          deleted: false,
          seenRun: runId === null ? sql`${wecomRelation.seenRun}` : runId,
          syncedAt: sql`excluded.synced_at`,
        },
      })
      .returning({ inserted });
    if (pass) this.tally(pass, 'relations', out);
  }

  /** get_corp_tag_list → groups and tags (created_by_us is ours and kept). */
  async upsertTagLibrary(corp: string, groups: Json[], runId: number | null, pass: Pass | null) {
    const now = this.now();
    for (const g of groups) {
      const groupId = str(g.group_id, 64);
      if (!groupId) continue;
      await this.db
        .insert(wecomTagGroup)
        .values({
          corpId: corp,
          groupId,
          name: str(g.group_name, 64),
          order: Number(g.order ?? 0),
          createTime: sec(g.create_time),
          seenRun: runId,
          syncedAt: now,
        })
        .onConflictDoUpdate({
          target: [wecomTagGroup.corpId, wecomTagGroup.groupId],
          set: {
            name: sql`excluded.name`,
            order: sql`excluded.order`,
            createTime: sql`excluded.create_time`,
            deleted: Boolean(g.deleted),
            seenRun: runId === null ? sql`${wecomTagGroup.seenRun}` : runId,
            syncedAt: now,
          },
        });
      const tags = ((g.tag as Json[]) ?? []).filter((t) => t.id);
      if (!tags.length) continue;
      const out = await this.db
        .insert(wecomTag)
        .values(
          tags.map((t) => ({
            corpId: corp,
            tagId: str(t.id, 64),
            groupId,
            name: str(t.name, 64),
            order: Number(t.order ?? 0),
            createTime: sec(t.create_time),
            deleted: Boolean(t.deleted),
            seenRun: runId,
            syncedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [wecomTag.corpId, wecomTag.tagId],
          set: {
            groupId: sql`excluded.group_id`,
            name: sql`excluded.name`,
            order: sql`excluded.order`,
            createTime: sql`excluded.create_time`,
            deleted: sql`excluded.deleted`,
            seenRun: runId === null ? sql`${wecomTag.seenRun}` : runId,
            syncedAt: now,
          },
        })
        .returning({ inserted });
      if (pass) this.tally(pass, 'tags', out);
    }
  }

  /** Soft-deletes what this complete pass did not see (and nothing touched since it started). */
  private async sweep(pass: Pass, corp: string) {
    const runId = pass.run.id;
    const startedAt = pass.run.startedAt ?? this.now();
    const unseen = (t: { corpId: never; deleted: never; seenRun: never; syncedAt: never }): SQL =>
      sql`${t.corpId} = ${corp} AND ${t.deleted} = false AND (${t.seenRun} IS NULL OR ${t.seenRun} <> ${runId}) AND ${t.syncedAt} < ${startedAt}`;
    const tables = [
      ['departments', wecomDepartment],
      ['members', wecomMember],
      ['relations', wecomRelation],
      ['contacts', wecomExternalContact],
      ['tags', wecomTag],
      ['tags', wecomTagGroup],
    ] as const;
    for (const [resource, table] of tables) {
      if (pass.c(resource).failed > 0) continue;
      if (resource === 'contacts' && pass.c('relations').failed > 0) continue;
      const out = await this.db
        .update(table)
        .set({ deleted: true } as never)
        .where(unseen(table as never))
        .returning({ id: table.id });
      pass.c(resource).deleted += out.length;
    }
    // Members' customer counts from the live relations.
    await this.db.execute(sql`
      UPDATE wecom_member m SET customer_count = coalesce(x.n, 0)
      FROM (SELECT mm.id, (SELECT count(*)::int FROM wecom_relation r
                           WHERE r.corp_id = mm.corp_id AND r.userid = mm.userid AND r.deleted = false) AS n
            FROM wecom_member mm WHERE mm.corp_id = ${corp}) x
      WHERE m.id = x.id AND m.customer_count IS DISTINCT FROM coalesce(x.n, 0)`);
  }
}

const isRetryable = (e: unknown) =>
  e instanceof WecomNetworkError ||
  (e instanceof WecomApiError && [-1, 45009, 45033, 40014, 42001, 6000].includes(e.errcode)) ||
  !(e instanceof WecomApiError);
