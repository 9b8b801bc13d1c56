import {
  CALL_CONTACT_MIN_SECONDS,
  FOLLOW_UP_EDIT_HOURS,
  type FollowUpCreate,
  type FollowUpListQuery,
  type FollowUpRow,
  type FollowUpSource,
  type FollowUpType,
  type FollowUpUpdate,
  maskMobile,
} from '@educrm/contract';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { adminUser, client, department, followUp } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { offsetOf, toIso } from '../../lib/list';
import { exportsFullPhone, seesFullPhone } from '../../lib/mask';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import { clientReadable, clientWritable, DAY_MS, displayName, ruleRefused, shanghaiDayStart } from './common';

const COUNT_CAP = 10_000;
const EXPORT_BATCH = 1000;
const EDIT_WINDOW_MS = FOLLOW_UP_EDIT_HOURS * 60 * 60 * 1000;

/** Decision 5: MANUAL follow-ups, and CALL ones with at least 30 s of talk, reset the recycle timer. */
export const countsAsContact = (source: FollowUpSource, talkSeconds: number | null | undefined) =>
  source === 'MANUAL' || (source === 'CALL' && (talkSeconds ?? 0) >= CALL_CONTACT_MIN_SECONDS);

const creator = alias(adminUser, 'creator_u');
const creatorDept = alias(department, 'creator_d');
const fields = {
  id: followUp.id,
  clientId: followUp.clientId,
  clientName: client.name,
  clientMobile: client.mobile,
  clientOwnerUserId: client.ownerUserId,
  type: followUp.type,
  source: followUp.source,
  content: followUp.content,
  stageBefore: followUp.stageBefore,
  stageAfter: followUp.stageAfter,
  nextFollowTime: followUp.nextFollowTime,
  picUrls: followUp.picUrls,
  fileUrls: followUp.fileUrls,
  callRecordId: followUp.callRecordId,
  talkSeconds: followUp.talkSeconds,
  countsAsContact: followUp.countsAsContact,
  createdBy: followUp.createdBy,
  creatorNickname: creator.nickname,
  creatorUsername: creator.username,
  creatorDeptId: followUp.creatorDeptId,
  creatorDeptName: creatorDept.name,
  createdAt: followUp.createdAt,
  updatedAt: followUp.updatedAt,
  version: followUp.version,
};
type Raw = {
  id: number;
  clientId: number;
  clientName: string;
  clientMobile: string | null;
  clientOwnerUserId: number | null;
  type: string;
  source: string;
  content: string;
  stageBefore: string | null;
  stageAfter: string | null;
  nextFollowTime: Date | null;
  picUrls: string[];
  fileUrls: string[];
  callRecordId: number | null;
  talkSeconds: number | null;
  countsAsContact: boolean;
  createdBy: number | null;
  creatorNickname: string | null;
  creatorUsername: string | null;
  creatorDeptId: number | null;
  creatorDeptName: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

type Filters = Omit<Partial<FollowUpListQuery>, 'page' | 'pageSize' | 'sort'>;

/**
 * Follow-ups (DOMAIN 3.4): written from a client, updating the client's follow-up fields in the
 * same transaction; editable by the author for 24 h; deletable by the client's owner or an admin.
 * Scope: the author (SELF) or the author's department; a client's own list shows all of its
 * follow-ups to whoever may read the client.
 */
export class FollowUpService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private toRow(p: Principal, r: Raw, forExport = false): FollowUpRow {
    const full = forExport ? exportsFullPhone(p, r.clientOwnerUserId) : seesFullPhone(p, r.clientOwnerUserId);
    return {
      id: r.id,
      clientId: r.clientId,
      clientName: r.clientName,
      clientMobile: r.clientMobile == null ? null : full ? r.clientMobile : maskMobile(r.clientMobile),
      type: r.type as FollowUpRow['type'],
      source: r.source as FollowUpRow['source'],
      content: r.content,
      stageBefore: r.stageBefore as FollowUpRow['stageBefore'],
      stageAfter: r.stageAfter as FollowUpRow['stageAfter'],
      nextFollowTime: toIso(r.nextFollowTime),
      picUrls: r.picUrls ?? [],
      fileUrls: r.fileUrls ?? [],
      callRecordId: r.callRecordId,
      talkSeconds: r.talkSeconds,
      countsAsContact: r.countsAsContact,
      createdBy: r.createdBy,
      creatorName: displayName(r.creatorNickname, r.creatorUsername),
      creatorDeptId: r.creatorDeptId,
      creatorDeptName: r.creatorDeptName,
      createdAt: toIso(r.createdAt) as string,
      updatedAt: toIso(r.updatedAt) as string,
      editableUntil: new Date(r.createdAt.getTime() + EDIT_WINDOW_MS).toISOString(),
      version: r.version,
    };
  }

  private select(db: DbOrTx = this.db) {
    return db
      .select(fields)
      .from(followUp)
      .innerJoin(client, eq(client.id, followUp.clientId))
      .leftJoin(creator, eq(creator.id, followUp.createdBy))
      .leftJoin(creatorDept, eq(creatorDept.id, followUp.creatorDeptId));
  }

  /** Follow-ups the caller may see: authored within the scope, or of a client the caller may read. */
  private visible(p: Principal): SQL {
    return sql`(${scopeCondition(p, { owner: followUp.createdBy, dept: followUp.creatorDeptId })}
      OR EXISTS (SELECT 1 FROM client WHERE client.id = ${followUp.clientId} AND ${clientReadable(p)}))`;
  }

  private async where(p: Principal, f: Filters): Promise<SQL> {
    const now = this.now();
    let scope = scopeCondition(p, { owner: followUp.createdBy, dept: followUp.creatorDeptId });
    if (f.clientId) {
      const [readable] = await this.db
        .select({ id: client.id })
        .from(client)
        .where(and(eq(client.id, f.clientId), clientReadable(p)));
      if (readable) scope = sql`TRUE`;
    }
    const pending = sql`NOT EXISTS (SELECT 1 FROM follow_up f2 WHERE f2.client_id = ${followUp.clientId}
      AND f2.deleted = false AND f2.created_at > ${followUp.createdAt})`;
    const dayStart = shanghaiDayStart(now);
    return and(
      sql`${followUp.deleted} = false`,
      scope,
      f.clientId ? eq(followUp.clientId, f.clientId) : undefined,
      f.from ? gte(followUp.createdAt, new Date(f.from)) : undefined,
      f.to ? lte(followUp.createdAt, new Date(f.to)) : undefined,
      f.type?.length ? inArray(followUp.type, f.type) : undefined,
      f.source?.length ? inArray(followUp.source, f.source) : undefined,
      f.createdBy?.length ? inArray(followUp.createdBy, f.createdBy) : undefined,
      f.creatorDeptId
        ? sql`${followUp.creatorDeptId} IN (SELECT id FROM department WHERE id = ${f.creatorDeptId} OR ${f.creatorDeptId}::bigint = ANY(ancestors))`
        : undefined,
      f.hasNextTime === undefined
        ? undefined
        : f.hasNextTime
          ? sql`${followUp.nextFollowTime} IS NOT NULL`
          : sql`${followUp.nextFollowTime} IS NULL`,
      f.due === 'today'
        ? sql`${followUp.nextFollowTime} >= ${dayStart} AND ${followUp.nextFollowTime} < ${new Date(dayStart.getTime() + DAY_MS)} AND ${pending}`
        : undefined,
      f.due === 'overdue' ? sql`${followUp.nextFollowTime} < ${now} AND ${pending}` : undefined,
    ) as SQL;
  }

  async list(p: Principal, q: FollowUpListQuery) {
    const where = await this.where(p, q);
    const byNext = q.sort?.replace(/^-/, '') === 'nextFollowTime';
    const desc = q.sort ? q.sort.startsWith('-') : true;
    const order = byNext
      ? [
          sql`${followUp.nextFollowTime} ${sql.raw(desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`,
          sql`${followUp.id} DESC`,
        ]
      : [
          sql`${followUp.createdAt} ${sql.raw(desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`,
          sql`${followUp.id} ${sql.raw(desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`,
        ];
    const [rows, [count]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...order)
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      queryRows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM follow_up WHERE ${where} LIMIT ${COUNT_CAP + 1}) t`,
      ),
    ]);
    const n = count?.n ?? 0;
    return {
      items: (rows as Raw[]).map((r) => this.toRow(p, r)),
      total: Math.min(n, COUNT_CAP),
      totalExact: n <= COUNT_CAP,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async get(p: Principal, id: number, db: DbOrTx = this.db): Promise<FollowUpRow> {
    const [row] = await this.select(db).where(
      and(eq(followUp.id, id), eq(followUp.deleted, false), this.visible(p)),
    );
    if (!row) throw notFound();
    return this.toRow(p, row as Raw);
  }

  async count(p: Principal, f: Filters, cap: number) {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM follow_up WHERE ${await this.where(p, f)} LIMIT ${cap}) t`,
    );
    return row?.n ?? 0;
  }

  async *batches(p: Principal, f: Filters): AsyncIterable<FollowUpRow[]> {
    const where = await this.where(p, f);
    let after: number | null = null;
    for (;;) {
      const rows = (await this.select()
        .where(after == null ? where : and(where, sql`${followUp.id} < ${after}`))
        .orderBy(sql`${followUp.id} DESC`)
        .limit(EXPORT_BATCH)) as Raw[];
      if (!rows.length) return;
      yield rows.map((r) => this.toRow(p, r, true));
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  private checkNext(next: string | null | undefined) {
    if (next && new Date(next).getTime() <= this.now().getTime()) {
      throw fieldError('nextFollowTime', 'nextFollowPast');
    }
  }

  /**
   * Writes a follow-up and, in the same transaction, the client's follow-up fields: last follow
   * time and content (which restart the no-follow recycle timer when it counts as contact), next
   * follow time, followed, the count and an optional stage change.
   */
  private async insert(
    tx: DbOrTx,
    c: { id: number; stage: string },
    v: {
      type: FollowUpType;
      source: FollowUpSource;
      content: string;
      stageAfter: string | null;
      nextFollowTime: Date | null;
      picUrls: string[];
      fileUrls: string[];
      callRecordId: number | null;
      talkSeconds: number | null;
      createdBy: number | null;
      creatorDeptId: number | null;
    },
  ): Promise<number> {
    const now = this.now();
    const counts = countsAsContact(v.source, v.talkSeconds);
    const [row] = await tx
      .insert(followUp)
      .values({
        clientId: c.id,
        type: v.type,
        source: v.source,
        content: v.content,
        stageBefore: v.stageAfter ? c.stage : null,
        stageAfter: v.stageAfter,
        nextFollowTime: v.nextFollowTime,
        picUrls: v.picUrls,
        fileUrls: v.fileUrls,
        callRecordId: v.callRecordId,
        talkSeconds: v.talkSeconds,
        countsAsContact: counts,
        creatorDeptId: v.creatorDeptId,
        createdAt: now,
        createdBy: v.createdBy,
        updatedAt: now,
        updatedBy: v.createdBy,
      })
      .returning({ id: followUp.id });
    if (!row) throw new Error('insert failed');
    await tx
      .update(client)
      .set({
        followCount: sql`${client.followCount} + 1`,
        ...(counts
          ? {
              lastFollowTime: now,
              lastFollowContent: v.content.slice(0, 500),
              followed: true,
              nextFollowTime: v.nextFollowTime,
            }
          : {}),
        ...(v.stageAfter ? { stage: v.stageAfter } : {}),
        version: sql`${client.version} + 1`,
        updatedAt: now,
      })
      .where(eq(client.id, c.id));
    return row.id;
  }

  async create(p: Principal, input: FollowUpCreate, ip: string): Promise<FollowUpRow> {
    this.checkNext(input.nextFollowTime);
    const id = await this.db.transaction(async (tx) => {
      const [c] = await tx
        .select({ id: client.id, stage: client.stage, ownerUserId: client.ownerUserId })
        .from(client)
        .where(and(eq(client.id, input.clientId), clientWritable(p)))
        .for('update');
      if (!c) {
        const [readable] = await tx
          .select({ id: client.id })
          .from(client)
          .where(and(eq(client.id, input.clientId), clientReadable(p)));
        if (readable) throw ruleRefused('followUpNotOwner');
        throw fieldError('clientId', 'notFound');
      }
      const newId = await this.insert(tx, c, {
        type: input.type,
        source: 'MANUAL',
        content: input.content,
        stageAfter: input.stageAfter,
        nextFollowTime: input.nextFollowTime ? new Date(input.nextFollowTime) : null,
        picUrls: input.picUrls,
        fileUrls: input.fileUrls,
        callRecordId: null,
        talkSeconds: null,
        createdBy: p.userId,
        creatorDeptId: p.departmentId,
      });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'followup.create',
        targetType: 'client',
        targetId: c.id,
        summary: said(
          `follow-up ${newId} (${input.type})${input.stageAfter ? `, stage ${c.stage} -> ${input.stageAfter}` : ''}`,
          {
            id: newId,
            followType: input.type,
            stageFrom: input.stageAfter ? c.stage : null,
            stage: input.stageAfter ?? null,
          },
        ),
        ip,
      });
      return newId;
    });
    return this.get(p, id);
  }

  /**
   * A follow-up arriving from an integration (a call record, an SMS, a WeCom message). It counts
   * as contact only when it is a CALL of at least 30 s (Decision 5).
   */
  async recordAutomatic(
    input: {
      clientId: number;
      source: Exclude<FollowUpSource, 'MANUAL'>;
      type: FollowUpType;
      content: string;
      talkSeconds?: number | null;
      callRecordId?: number | null;
      userId: number | null;
      deptId: number | null;
    },
    inTx?: DbOrTx,
  ): Promise<number> {
    const run = async (tx: DbOrTx) => {
      const [c] = await tx
        .select({ id: client.id, stage: client.stage })
        .from(client)
        .where(and(eq(client.id, input.clientId), eq(client.deleted, false)))
        .for('update');
      if (!c) throw notFound();
      return this.insert(tx, c, {
        type: input.type,
        source: input.source,
        content: input.content,
        stageAfter: null,
        nextFollowTime: null,
        picUrls: [],
        fileUrls: [],
        callRecordId: input.callRecordId ?? null,
        talkSeconds: input.talkSeconds ?? null,
        createdBy: input.userId,
        creatorDeptId: input.deptId,
      });
    };
    // Inside the caller's transaction when given (a call receipt writes its follow-up atomically).
    return inTx ? run(inTx) : this.db.transaction(run);
  }

  /** The client's follow-up fields from its latest remaining follow-ups (after an edit or delete). */
  private async refreshClient(tx: DbOrTx, clientId: number) {
    await tx.execute(sql`
      UPDATE client c SET
        follow_count = (SELECT count(*) FROM follow_up f WHERE f.client_id = c.id AND f.deleted = false),
        last_follow_time = lf.created_at,
        last_follow_content = coalesce(left(lf.content, 500), ''),
        next_follow_time = lf.next_follow_time,
        version = c.version + 1
      FROM (SELECT NULL::int AS dummy) d
      LEFT JOIN LATERAL (
        SELECT f.created_at, f.content, f.next_follow_time FROM follow_up f
        WHERE f.client_id = ${clientId} AND f.deleted = false AND f.counts_as_contact
        ORDER BY f.created_at DESC, f.id DESC LIMIT 1
      ) lf ON true
      WHERE c.id = ${clientId}`);
  }

  /** Edit: the author only, within 24 h of creation; MANUAL follow-ups only. */
  async update(p: Principal, id: number, input: FollowUpUpdate, ip: string): Promise<FollowUpRow> {
    this.checkNext(input.nextFollowTime);
    await this.db.transaction(async (tx) => {
      const [f] = await tx
        .select()
        .from(followUp)
        .where(and(eq(followUp.id, id), eq(followUp.deleted, false), this.visible(p)));
      if (!f) throw notFound();
      if (
        f.createdBy !== p.userId ||
        f.source !== 'MANUAL' ||
        this.now().getTime() > f.createdAt.getTime() + EDIT_WINDOW_MS
      ) {
        throw ruleRefused('followUpEditWindow', { hours: FOLLOW_UP_EDIT_HOURS });
      }
      const values: Record<string, unknown> = { updatedBy: p.userId };
      if (input.type !== undefined) values.type = input.type;
      if (input.content !== undefined) values.content = input.content;
      if (input.nextFollowTime !== undefined)
        values.nextFollowTime = input.nextFollowTime ? new Date(input.nextFollowTime) : null;
      if (input.picUrls !== undefined) values.picUrls = input.picUrls;
      if (input.fileUrls !== undefined) values.fileUrls = input.fileUrls;
      await updateVersioned(tx, followUp, id, input.version, values);
      await this.refreshClient(tx, f.clientId);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'followup.update',
        targetType: 'client',
        targetId: f.clientId,
        summary: said(`edited follow-up ${id}`, { id }),
        ip,
      });
    });
    return this.get(p, id);
  }

  /** Delete: the client's owner or an admin (yudao FOLLOW_UP_RECORD_DELETE_DENIED). */
  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const [f] = await tx
        .select({ clientId: followUp.clientId, ownerUserId: client.ownerUserId })
        .from(followUp)
        .innerJoin(client, eq(client.id, followUp.clientId))
        .where(and(eq(followUp.id, id), eq(followUp.deleted, false), this.visible(p)));
      if (!f) throw notFound();
      if (!p.isAdmin && f.ownerUserId !== p.userId) throw new AppError(403, 'followUpDeleteDenied');
      await tx
        .update(followUp)
        .set({
          deleted: true,
          version: sql`${followUp.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(followUp.id, id));
      await this.refreshClient(tx, f.clientId);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'followup.delete',
        targetType: 'client',
        targetId: f.clientId,
        summary: said(`deleted follow-up ${id}`, { id }),
        ip,
      });
    });
  }
}
