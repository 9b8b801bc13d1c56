import {
  academicYearOf,
  CLIENT_LIST_MAX_OFFSET,
  type ClientCreate,
  type ClientListQuery,
  type ClientListRow,
  type ClientRow,
  type ClientUpdate,
  type DuplicateResult,
  formatMessage,
  isCnMobile,
  type Language,
  maskMobile,
  normalizeMobile,
  type OwnerLogRow,
  type PoolConfig,
  type PoolListQuery,
  parseSort,
  type StaffOption,
  type TimelineItem,
} from '@educrm/contract';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import {
  adminUser,
  client,
  clientOwnerLog,
  clientTag,
  department,
  grade,
  orderChannel,
  salesOrder,
  sourcePlatform,
} from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { exportsFullPhone, seesFullPhone } from '../../lib/mask';
import { inIdOrder, queryNamed, queryPrepared } from '../../lib/named-query';
import { PlannerEstimates } from '../../lib/planner-estimate';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import { markDirty } from '../data-centre/dirty';
import {
  clientReadable,
  clientScope,
  clientWritable,
  DAY_MS,
  displayName,
  loadTargetUser,
  lockUserOwnership,
  type PoolConfigCache,
  recycleAtOf,
  recyclePredicate,
  selfTarget,
  shanghaiDayStart,
  shanghaiWeekStart,
  sqlArray,
  stateConflict,
  type TargetUser,
} from './common';
import { checkOwnerLimit } from './limits';
import { keywordCondition } from './search';

/** Pager totals: a count stops at this many rows (totalExact false beyond). */
export const COUNT_CAP = 10_000;
/**
 * Counted only when the planner expects at most this many rows; above it the planner's estimate
 * is the total (totalExact false). Counting 5-10k scattered matches costs 10-45 ms of heap visits
 * per page view; the estimate of a gram in pg_stats' most common elements is within ~10%.
 */
export const COUNT_WHEN_ESTIMATED_AT_MOST = 1000;
/** The same for a name / mobile keyword: its matches are scattered, so each one costs a heap visit. */
export const COUNT_KEYWORD_WHEN_ESTIMATED_AT_MOST = 200;
/** Below this many clients in all, every total is counted (cheap at that size). */
export const ALWAYS_COUNT_BELOW_ROWS = 50_000;
/**
 * A keyword the planner expects to match at most this many clients is read through its index
 * first (the name-gram GIN bitmap, then a top-N sort) instead of walking the created_at btree and
 * filtering. The planner's own crossover sits near 1,000-1,500 rows, but with created_at correlated
 * to the heap it prices the walk too low: at a million clients a gram of ~1,200 clients makes the
 * walk visit ~20,000 rows (8,300 buffers) against 1,200 rows (1,950 buffers) for the bitmap, 2.5-4x
 * the time; the two meet near 3,000 matches (bench/README.md, bench:clients).
 */
export const KEYWORD_INDEX_FIRST_AT_MOST = 2500;
const EXPORT_BATCH = 1000;

const owner = alias(adminUser, 'owner_u');
/** What any list order (ORDERS) reads: the columns a fenced keyword match set carries. */
const SORT_COLUMNS = sql.raw(
  'client.id, client.created_at, client.last_follow_time, client.next_follow_time, client.total_paid, client.pool_time',
);

/**
 * A client row with its display names, as one constant SQL text: only WHERE, ORDER BY and LIMIT
 * vary per request. Names come from scalar subqueries rather than joins (seven joined relations
 * cost ~4 ms of planning per list request; subqueries plan in microseconds and run for the page's
 * rows only), and a constant text spares the per-request cost of building a 50-column select.
 */
const ROW_COLUMNS = sql.raw(`client.id, client.name, client.mobile, client.wechat_id, client.student_name,
  client.gender, client.grade_id, (SELECT g.name FROM grade g WHERE g.id = client.grade_id) AS grade_name,
  client.grade_year, client.subjects, client.region_code, client.source_platform_id,
  (SELECT sp.name FROM source_platform sp WHERE sp.id = client.source_platform_id) AS source_platform_name,
  client.channel_id, (SELECT oc.name FROM order_channel oc WHERE oc.id = client.channel_id) AS channel_name,
  client.level, client.stage, client.owner_user_id,
  (SELECT coalesce(nullif(u.nickname, ''), u.username) FROM admin_user u WHERE u.id = client.owner_user_id) AS owner_name,
  client.owner_dept_id, (SELECT d.name FROM department d WHERE d.id = client.owner_dept_id) AS owner_dept_name,
  client.owner_time, client.first_owner_user_id, client.pool_reason, client.pool_time, client.pre_owner_user_id,
  (SELECT coalesce(nullif(u.nickname, ''), u.username) FROM admin_user u WHERE u.id = client.pre_owner_user_id) AS pre_owner_name,
  client.lock_status, client.followed, client.follow_count, client.last_follow_time, client.last_follow_content,
  client.next_follow_time, client.deal_status, client.first_paid_at, client.last_paid_at, client.total_paid,
  client.total_refund, client.member_user_id, client.wecom_external_userid, client.do_not_call, client.sms_opt_out,
  client.remark, client.deleted, client.created_at, client.updated_at, client.version,
  CASE WHEN cardinality(client.tag_ids) > 0 THEN
    (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color))
     FROM client_tag t WHERE t.id = ANY(client.tag_ids) AND t.deleted = false) END AS tags`);

/** The lean columns of a list row (contract clientListRow), one constant SQL text. */
const LIST_COLUMNS = sql.raw(`client.id, client.name, client.mobile, client.wechat_id, client.student_name,
  client.grade_id, (SELECT g.name FROM grade g WHERE g.id = client.grade_id) AS grade_name,
  (SELECT sp.name FROM source_platform sp WHERE sp.id = client.source_platform_id) AS source_platform_name,
  (SELECT oc.name FROM order_channel oc WHERE oc.id = client.channel_id) AS channel_name,
  client.level, client.stage, client.owner_user_id,
  (SELECT coalesce(nullif(u.nickname, ''), u.username) FROM admin_user u WHERE u.id = client.owner_user_id) AS owner_name,
  (SELECT d.name FROM department d WHERE d.id = client.owner_dept_id) AS owner_dept_name,
  client.owner_time, client.pool_reason, client.pool_time,
  (SELECT coalesce(nullif(u.nickname, ''), u.username) FROM admin_user u WHERE u.id = client.pre_owner_user_id) AS pre_owner_name,
  client.lock_status, client.follow_count, client.last_follow_time, left(client.last_follow_content, 100) AS last_follow_content,
  client.next_follow_time, client.deal_status, client.total_paid, client.do_not_call, client.sms_opt_out,
  client.created_at, client.version,
  CASE WHEN cardinality(client.tag_ids) > 0 THEN
    (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color))
     FROM client_tag t WHERE t.id = ANY(client.tag_ids) AND t.deleted = false) END AS tags`);

/**
 * When the caller may claim a pool row they released (the pre-owner ban of pool.service claim):
 * the end of the ban, else NULL (claimable as far as the ban goes). Parameters only, so the
 * statement's text stays constant.
 */
const claimableFromOf = (p: Principal, cfg: PoolConfig, now: Date) =>
  sql`CASE WHEN client.owner_user_id IS NULL AND client.pre_owner_user_id = ${p.userId}::bigint
        AND client.pool_time + ${cfg.preOwnerBanDays}::int * interval '1 day' > ${now}::timestamptz
      THEN client.pool_time + ${cfg.preOwnerBanDays}::int * interval '1 day' END AS claimable_from`;

type Id = number | string | bigint;
type Time = Date | string | null;
interface RawRow {
  id: Id;
  name: string;
  mobile: string | null;
  wechat_id: string;
  student_name: string;
  gender: string;
  grade_id: Id | null;
  grade_name: string | null;
  grade_year: number | null;
  subjects: string[] | null;
  region_code: string;
  source_platform_id: Id | null;
  source_platform_name: string | null;
  channel_id: Id | null;
  channel_name: string | null;
  level: string | null;
  stage: string;
  owner_user_id: Id | null;
  owner_name: string | null;
  owner_dept_id: Id | null;
  owner_dept_name: string | null;
  owner_time: Time;
  first_owner_user_id: Id | null;
  pool_reason: string | null;
  pool_time: Time;
  pre_owner_user_id: Id | null;
  pre_owner_name: string | null;
  lock_status: boolean;
  followed: boolean;
  follow_count: number;
  last_follow_time: Time;
  last_follow_content: string;
  next_follow_time: Time;
  deal_status: boolean;
  first_paid_at: Time;
  last_paid_at: Time;
  total_paid: Id;
  total_refund: Id;
  member_user_id: Id | null;
  wecom_external_userid: string | null;
  do_not_call: boolean;
  sms_opt_out: boolean;
  remark: string;
  deleted: boolean;
  created_at: Time;
  updated_at: Time;
  version: number;
  tags: { id: Id; name: string; color: string }[] | null;
  total_count?: number;
}
type RawListRow = Pick<
  RawRow,
  | 'id'
  | 'name'
  | 'mobile'
  | 'wechat_id'
  | 'student_name'
  | 'grade_id'
  | 'grade_name'
  | 'source_platform_name'
  | 'channel_name'
  | 'level'
  | 'stage'
  | 'owner_user_id'
  | 'owner_name'
  | 'owner_dept_name'
  | 'owner_time'
  | 'pool_reason'
  | 'pool_time'
  | 'pre_owner_name'
  | 'lock_status'
  | 'follow_count'
  | 'last_follow_time'
  | 'last_follow_content'
  | 'next_follow_time'
  | 'deal_status'
  | 'total_paid'
  | 'do_not_call'
  | 'sms_opt_out'
  | 'created_at'
  | 'version'
  | 'tags'
  | 'total_count'
> & { claimable_from: Time };
const num = (v: Id | null): number | null => (v == null ? null : Number(v));
const date = (v: Time): Date | null => (v == null ? null : v instanceof Date ? v : new Date(v));
const iso = (v: Time): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

/** Planner estimates of list WHEREs are reused for a short while (they only choose the pager path). */

/** ORDER BY per sortable field, written to match the partial indexes exactly (forward or backward). */
const ORDERS: Record<string, { desc: SQL[]; asc: SQL[] }> = {
  createdAt: {
    desc: [sql`${client.createdAt} DESC NULLS LAST`, sql`${client.id} DESC NULLS LAST`],
    asc: [sql`${client.createdAt} ASC NULLS FIRST`, sql`${client.id} ASC NULLS FIRST`],
  },
  lastFollowTime: {
    desc: [sql`${client.lastFollowTime} DESC NULLS LAST`, sql`${client.id} DESC NULLS LAST`],
    asc: [sql`${client.lastFollowTime} ASC NULLS FIRST`, sql`${client.id} ASC NULLS FIRST`],
  },
  nextFollowTime: {
    asc: [sql`${client.nextFollowTime} ASC NULLS LAST`, sql`${client.id} ASC NULLS LAST`],
    desc: [sql`${client.nextFollowTime} DESC NULLS FIRST`, sql`${client.id} DESC NULLS FIRST`],
  },
  totalPaid: {
    desc: [sql`${client.totalPaid} DESC NULLS LAST`, sql`${client.id} DESC NULLS LAST`],
    asc: [sql`${client.totalPaid} ASC NULLS FIRST`, sql`${client.id} ASC NULLS FIRST`],
  },
  poolTime: {
    desc: [sql`${client.poolTime} DESC NULLS LAST`, sql`${client.id} DESC NULLS LAST`],
    asc: [sql`${client.poolTime} ASC NULLS FIRST`, sql`${client.id} ASC NULLS FIRST`],
  },
};
const orderOf = (sort: string | undefined, fallback: { field: string; desc: boolean }): SQL[] => {
  const first = parseSort(sort).find((s) => s.field in ORDERS) ?? fallback;
  const o = ORDERS[first.field] ?? (ORDERS.createdAt as { desc: SQL[]; asc: SQL[] });
  return first.desc ? o.desc : o.asc;
};

export type CommonFilters = Omit<Partial<ClientListQuery & PoolListQuery>, 'page' | 'pageSize' | 'sort'>;
export type ClientListFilters = Omit<Partial<ClientListQuery>, 'page' | 'pageSize' | 'sort'>;
export type PoolFilters = Omit<Partial<PoolListQuery>, 'page' | 'pageSize' | 'sort'>;
export type ListScene = 'all' | 'mine' | 'pool';

const nonEmpty = <T>(v: T[] | undefined): v is T[] => Array.isArray(v) && v.length > 0;

export interface DuplicateHit {
  id: number;
  ownerUserId: number | null;
  ownerName: string | null;
  deleted: boolean;
}

/** Clients: lists (all within scope, mine, pool), detail, timeline, create/edit/delete/restore, tags, duplicates. */
/** The name of a client saved without one: "未命名" (in the caller's language) + the mobile's last four digits. */
const unnamedClient = (lang: Language, mobile: string) =>
  formatMessage(lang, 'unnamedClient', { last4: mobile.slice(-4) });

export class ClientService {
  /** The planner's estimates that decide whether a list's total is counted. */
  private readonly planner: PlannerEstimates;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    readonly poolConfig: PoolConfigCache,
  ) {
    this.planner = new PlannerEstimates(db, 'client');
  }

  // ---- reading ----------------------------------------------------------------------------------
  toRow(p: Principal, cfg: PoolConfig, r: RawRow, forExport = false): ClientRow {
    const ownerUserId = num(r.owner_user_id);
    const full = forExport ? exportsFullPhone(p, ownerUserId) : seesFullPhone(p, ownerUserId);
    const recycleAt = recycleAtOf(cfg, {
      ownerUserId,
      ownerTime: date(r.owner_time),
      lastFollowTime: date(r.last_follow_time),
      lockStatus: r.lock_status,
      dealStatus: r.deal_status,
    });
    return {
      id: Number(r.id),
      name: r.name,
      mobile: r.mobile == null ? null : full ? r.mobile : maskMobile(r.mobile),
      mobileMasked: r.mobile != null && !full,
      wechatId: r.wechat_id,
      studentName: r.student_name,
      gender: r.gender as ClientRow['gender'],
      gradeId: num(r.grade_id),
      gradeName: r.grade_name,
      gradeYear: r.grade_year,
      subjects: (r.subjects ?? []) as ClientRow['subjects'],
      regionCode: r.region_code,
      sourcePlatformId: num(r.source_platform_id),
      sourcePlatformName: r.source_platform_name,
      channelId: num(r.channel_id),
      channelName: r.channel_name,
      level: r.level as ClientRow['level'],
      stage: r.stage as ClientRow['stage'],
      tags: (r.tags ?? [])
        .map((t) => ({ id: Number(t.id), name: t.name, color: t.color }))
        .sort((x, y) => x.id - y.id),
      ownerUserId,
      ownerName: r.owner_name,
      ownerDeptId: num(r.owner_dept_id),
      ownerDeptName: r.owner_dept_name,
      ownerTime: toIso(r.owner_time),
      firstOwnerUserId: num(r.first_owner_user_id),
      poolReason: r.pool_reason as ClientRow['poolReason'],
      poolTime: toIso(r.pool_time),
      preOwnerUserId: num(r.pre_owner_user_id),
      preOwnerName: r.pre_owner_name,
      locked: r.lock_status,
      followed: r.followed,
      followCount: r.follow_count,
      lastFollowTime: toIso(r.last_follow_time),
      lastFollowContent: r.last_follow_content,
      nextFollowTime: toIso(r.next_follow_time),
      recycleAt: toIso(recycleAt),
      dealStatus: r.deal_status,
      firstPaidAt: toIso(r.first_paid_at),
      lastPaidAt: toIso(r.last_paid_at),
      totalPaid: Number(r.total_paid),
      totalRefund: Number(r.total_refund),
      memberUserId: num(r.member_user_id),
      wecomExternalUserid: r.wecom_external_userid,
      doNotCall: r.do_not_call,
      smsOptOut: r.sms_opt_out,
      remark: r.remark,
      deleted: r.deleted,
      createdAt: toIso(r.created_at) as string,
      updatedAt: toIso(r.updated_at) as string,
      version: r.version,
    };
  }

  toListRow(p: Principal, cfg: PoolConfig, r: RawListRow): ClientListRow {
    const ownerUserId = num(r.owner_user_id);
    const full = seesFullPhone(p, ownerUserId);
    const lastFollowTime = date(r.last_follow_time);
    const recycleAt = recycleAtOf(cfg, {
      ownerUserId,
      ownerTime: date(r.owner_time),
      lastFollowTime,
      lockStatus: r.lock_status,
      dealStatus: r.deal_status,
    });
    return {
      id: Number(r.id),
      name: r.name,
      mobile: r.mobile == null ? null : full ? r.mobile : maskMobile(r.mobile),
      mobileMasked: r.mobile != null && !full,
      wechatId: r.wechat_id,
      studentName: r.student_name,
      gradeId: num(r.grade_id),
      gradeName: r.grade_name,
      sourcePlatformName: r.source_platform_name,
      channelName: r.channel_name,
      level: r.level as ClientRow['level'],
      stage: r.stage as ClientRow['stage'],
      tags: r.tags
        ? r.tags.map((t) => ({ id: Number(t.id), name: t.name, color: t.color })).sort((x, y) => x.id - y.id)
        : [],
      ownerUserId,
      ownerName: r.owner_name,
      ownerDeptName: r.owner_dept_name,
      poolReason: r.pool_reason as ClientRow['poolReason'],
      poolTime: iso(r.pool_time),
      preOwnerName: r.pre_owner_name,
      locked: r.lock_status,
      followCount: r.follow_count,
      lastFollowTime: lastFollowTime ? lastFollowTime.toISOString() : null,
      lastFollowContent: r.last_follow_content,
      nextFollowTime: iso(r.next_follow_time),
      recycleAt: recycleAt ? recycleAt.toISOString() : null,
      dealStatus: r.deal_status,
      totalPaid: Number(r.total_paid),
      doNotCall: r.do_not_call,
      smsOptOut: r.sms_opt_out,
      createdAt: iso(r.created_at) as string,
      version: r.version,
      claimableFrom: iso(r.claimable_from),
    };
  }

  /** Rows of the clients matching `where`, in `order`. */
  private rows(where: SQL, order: SQL[], limit: number, db: DbOrTx = this.db) {
    return queryRows<RawRow>(
      db,
      sql`SELECT ${ROW_COLUMNS} FROM client WHERE ${where} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit}`,
    );
  }

  /** Filters shared by every list (DOMAIN 3.4). */
  private commonConds(f: CommonFilters): (SQL | undefined)[] {
    return [
      f.keyword ? keywordCondition(f.keyword) : undefined,
      nonEmpty(f.stage) ? inArray(client.stage, f.stage) : undefined,
      nonEmpty(f.level) ? inArray(client.level, f.level) : undefined,
      nonEmpty(f.gradeId) ? inArray(client.gradeId, f.gradeId) : undefined,
      nonEmpty(f.subject) ? sql`${client.subjects} && ${sqlArray(f.subject, 'text')}` : undefined,
      nonEmpty(f.sourcePlatformId) ? inArray(client.sourcePlatformId, f.sourcePlatformId) : undefined,
      nonEmpty(f.channelId)
        ? sql`${client.channelId} IN (SELECT id FROM order_channel WHERE id IN (${sql.join(
            f.channelId.map((id) => sql`${id}`),
            sql`, `,
          )}) OR parent_id IN (${sql.join(
            f.channelId.map((id) => sql`${id}`),
            sql`, `,
          )}))`
        : undefined,
      nonEmpty(f.tagIds) ? sql`${client.tagIds} && ${sqlArray(f.tagIds, 'bigint')}` : undefined,
      f.createdFrom ? gte(client.createdAt, new Date(f.createdFrom)) : undefined,
      f.createdTo ? lte(client.createdAt, new Date(f.createdTo)) : undefined,
    ];
  }

  /** The WHERE of a list scene for the caller (scope applied in SQL, never after fetching). */
  whereOf(p: Principal, scene: ListScene, f: CommonFilters, cfg: PoolConfig): SQL {
    const now = this.now();
    const conds: (SQL | undefined)[] = [sql`${client.deleted} = false`, ...this.commonConds(f)];
    if (scene === 'pool') {
      conds.push(
        sql`${client.ownerUserId} IS NULL`,
        nonEmpty(f.poolReason) ? inArray(client.poolReason, f.poolReason) : undefined,
        f.poolFrom ? gte(client.poolTime, new Date(f.poolFrom)) : undefined,
        f.poolTo ? lte(client.poolTime, new Date(f.poolTo)) : undefined,
        nonEmpty(f.preOwnerUserId) ? inArray(client.preOwnerUserId, f.preOwnerUserId) : undefined,
      );
      return and(...conds) as SQL;
    }
    if (scene === 'mine') conds.push(eq(client.ownerUserId, p.userId));
    else conds.push(sql`${client.ownerUserId} IS NOT NULL`, clientScope(p));
    if (scene === 'all' && nonEmpty(f.ownerUserId)) conds.push(inArray(client.ownerUserId, f.ownerUserId));
    if (scene === 'all' && f.ownerDeptId) {
      conds.push(
        sql`${client.ownerDeptId} IN (SELECT id FROM department WHERE id = ${f.ownerDeptId} OR ${f.ownerDeptId}::bigint = ANY(ancestors))`,
      );
    }
    if (f.lastFollowFrom) conds.push(gte(client.lastFollowTime, new Date(f.lastFollowFrom)));
    if (f.lastFollowTo) conds.push(lte(client.lastFollowTime, new Date(f.lastFollowTo)));
    if (f.nextFollow === 'today') {
      const from = shanghaiDayStart(now);
      conds.push(
        sql`${client.nextFollowTime} >= ${from} AND ${client.nextFollowTime} < ${new Date(from.getTime() + DAY_MS)}`,
      );
    } else if (f.nextFollow === 'overdue') {
      conds.push(sql`${client.nextFollowTime} < ${now}`);
    } else if (f.nextFollow === 'week') {
      const from = shanghaiWeekStart(now);
      conds.push(
        sql`${client.nextFollowTime} >= ${from} AND ${client.nextFollowTime} < ${new Date(from.getTime() + 7 * DAY_MS)}`,
      );
    } else if (f.nextFollow === 'unset') {
      conds.push(sql`${client.nextFollowTime} IS NULL`);
    }
    if (f.dealStatus !== undefined) conds.push(eq(client.dealStatus, f.dealStatus));
    if (f.locked !== undefined) conds.push(eq(client.lockStatus, f.locked));
    if (f.followed !== undefined) conds.push(eq(client.followed, f.followed));
    if (f.hasWecom !== undefined) {
      conds.push(
        f.hasWecom
          ? sql`${client.wecomExternalUserid} IS NOT NULL`
          : sql`${client.wecomExternalUserid} IS NULL`,
      );
    }
    if (f.assignedDays !== undefined) {
      const since = new Date(shanghaiDayStart(now).getTime() - (f.assignedDays - 1) * DAY_MS);
      conds.push(sql`${client.ownerTime} >= ${since}`);
    }
    if (f.aboutToRecycle !== undefined) {
      const soon = cfg.enabled
        ? recyclePredicate(cfg, new Date(now.getTime() + cfg.notifyDays * DAY_MS))
        : sql`FALSE`;
      conds.push(f.aboutToRecycle ? soon : sql`NOT ${soon}`);
    }
    return and(...conds) as SQL;
  }

  /** Whether a WHERE's total is counted (true) or estimated; with the estimate. */
  private async counting(where: SQL, keyword = false): Promise<{ counted: boolean; est: number | null }> {
    const est = await this.planner.rows(sql`FROM client WHERE ${where}`);
    const limit = keyword ? COUNT_KEYWORD_WHEN_ESTIMATED_AT_MOST : COUNT_WHEN_ESTIMATED_AT_MOST;
    if (est == null || est <= limit) return { counted: true, est };
    return { counted: (await this.planner.tableSize()) < ALWAYS_COUNT_BELOW_ROWS, est };
  }

  private capped(where: SQL): SQL {
    return sql`(SELECT count(*)::int FROM (SELECT 1 FROM client WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped)`;
  }

  /**
   * Where a keyword list page reads its matches from (`from`, with the `where` left to apply on
   * it): the client table, or a fenced subquery (OFFSET 0 keeps the planner from pushing the page's
   * ORDER BY into it; it is aliased `client` so the same ORDER BY applies above it):
   * - a keyword on "my clients": the owner's clients through the owner index, then the keyword and
   *   filters on them. The owner's few hundred rows cost well under a millisecond, where the
   *   planner would AND the owner bitmap with the gram's GIN bitmap (thousands of entries read for
   *   a mid-frequency character: 1-28 ms measured);
   * - a keyword the planner expects to match at most KEYWORD_INDEX_FIRST_AT_MOST clients: all its
   *   matches through the indexes (GIN bitmap), as narrow rows (id and the sortable columns: 15%
   *   less work than whole rows), then the top of them by the page's order.
   */
  private sourceOf(
    p: Principal,
    scene: ListScene,
    where: SQL,
    keyword: boolean,
    est: number | null,
  ): { from: SQL; where: SQL; fenced: boolean } {
    if (keyword && scene === 'mine') {
      return {
        from: sql`(SELECT * FROM client WHERE ${client.deleted} = false AND ${client.ownerUserId} = ${p.userId} OFFSET 0) client`,
        where,
        fenced: true,
      };
    }
    if (keyword && est != null && est <= KEYWORD_INDEX_FIRST_AT_MOST) {
      return {
        from: sql`(SELECT ${SORT_COLUMNS} FROM client WHERE ${where} OFFSET 0) client`,
        where: sql`TRUE`,
        fenced: true,
      };
    }
    return { from: sql`client`, where, fenced: false };
  }

  private totalOf(n: number, est: number | null) {
    return n > COUNT_CAP
      ? { total: Math.max(COUNT_CAP, Math.round(est ?? 0)), totalExact: false }
      : { total: n, totalExact: true };
  }

  /**
   * The pager total without counting a million rows per view: on a large table, when the planner
   * expects more than COUNT_WHEN_ESTIMATED_AT_MOST rows its estimate is returned (totalExact
   * false); otherwise a count capped at COUNT_CAP + 1 rows.
   */
  async total(where: SQL): Promise<{ total: number; totalExact: boolean }> {
    const { counted, est } = await this.counting(where);
    if (!counted) return { total: Math.round(est ?? 0), totalExact: false };
    const [row] = await queryRows<{ n: number }>(this.db, sql`SELECT ${this.capped(where)} AS n`);
    return this.totalOf(row?.n ?? 0, est);
  }

  /**
   * One page in two short round trips: the page's ids by the index order with (when the planner
   * expects few rows) the capped count as an uncorrelated scalar subquery, then their rows by a
   * prepared statement (bench:clients: half the database CPU of one query doing both).
   */
  async list(
    p: Principal,
    scene: ListScene,
    q: (ClientListQuery | PoolListQuery) & CommonFilters,
  ): Promise<{ items: ClientListRow[]; total: number; totalExact: boolean; page: number; pageSize: number }> {
    const offset = offsetOf(q);
    if (offset >= CLIENT_LIST_MAX_OFFSET)
      throw new AppError(400, 'listTooDeep', { max: CLIENT_LIST_MAX_OFFSET });
    const cfg = await this.poolConfig.get();
    const where = this.whereOf(p, scene, q, cfg);
    const order = sql.join(
      orderOf(
        q.sort,
        scene === 'pool' ? { field: 'poolTime', desc: true } : { field: 'createdAt', desc: true },
      ),
      sql`, `,
    );
    const keyword = Boolean(q.keyword?.trim());
    const { counted, est } = await this.counting(where, keyword);
    const source = this.sourceOf(p, scene, where, keyword, est);
    // A fenced source reads every match anyway (to sort them): its count comes with the page as a
    // window aggregate instead of a second scan; otherwise the count stops at COUNT_CAP + 1.
    const count = !counted
      ? sql``
      : source.fenced
        ? sql`, count(*) OVER ()::int AS total_count`
        : sql`, ${this.capped(where)} AS total_count`;
    // The page's ids (planned per request: the filters decide the index), then their rows by a
    // named statement of constant text (parsed and planned once per connection; lib/named-query).
    const page = await queryRows<{ id: Id; total_count?: number }>(
      this.db,
      sql`SELECT client.id${count}
          FROM ${source.from} WHERE ${source.where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${offset}`,
    );
    const ids = page.map((r) => Number(r.id));
    const rows = ids.length
      ? inIdOrder(
          ids,
          await queryNamed<RawListRow>(
            this.db,
            'client_list_rows',
            sql`SELECT ${LIST_COLUMNS}, ${claimableFromOf(p, cfg, this.now())} FROM client WHERE client.id = ANY(${sql.param(ids)}::bigint[])`,
          ),
        )
      : [];
    let total: { total: number; totalExact: boolean };
    if (!counted) total = { total: Math.round(est ?? 0), totalExact: false };
    else if (page.length) total = this.totalOf(Number(page[0]?.total_count ?? 0), est);
    else total = offset === 0 ? { total: 0, totalExact: true } : await this.total(where);
    return {
      items: rows.map((r) => this.toListRow(p, cfg, r)),
      ...total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Rows in a stable order (id descending, keyset paged) for exports. */
  async *batches(p: Principal, scene: ListScene, f: CommonFilters): AsyncIterable<ClientRow[]> {
    const cfg = await this.poolConfig.get();
    const where = this.whereOf(p, scene, f, cfg);
    let after: number | null = null;
    for (;;) {
      const rows = await this.rows(
        after == null ? where : sql`${where} AND ${client.id} < ${after}`,
        [sql`${client.id} DESC`],
        EXPORT_BATCH,
      );
      if (!rows.length) return;
      yield rows.map((r) => this.toRow(p, cfg, r, true));
      after = Number(rows[rows.length - 1]?.id ?? after);
    }
  }

  async count(p: Principal, scene: ListScene, f: CommonFilters, cap: number): Promise<number> {
    const cfg = await this.poolConfig.get();
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM client WHERE ${this.whereOf(p, scene, f, cfg)} LIMIT ${cap}) t`,
    );
    return row?.n ?? 0;
  }

  /** A client the caller may read (holders of client.restore also see deleted ones in their scope). */
  async get(p: Principal, id: number, db: DbOrTx = this.db): Promise<ClientRow> {
    const [row] = await this.rows(
      sql`${client.id} = ${id} AND ${this.detailVisible(p)}`,
      [sql`${client.id}`],
      1,
      db,
    );
    if (!row) throw notFound();
    return this.toRow(p, await this.poolConfig.get(), row);
  }

  /** The clients whose detail (and timeline) the caller may open: readable, or deleted in scope with restore. */
  private detailVisible(p: Principal): SQL {
    return p.permissions.has('client.restore')
      ? sql`(${clientReadable(p)} OR (${client.deleted} = true AND ${clientScope(p)}))`
      : clientReadable(p);
  }

  /** 404 unless the caller may open the client's detail: the check alone, without the row's lookups. */
  private async assertDetailVisible(p: Principal, id: number): Promise<void> {
    const rows = await queryPrepared<{ id: number }>(
      this.db,
      'client_visible',
      sql`SELECT ${client.id} AS id FROM ${client} WHERE ${client.id} = ${id} AND ${this.detailVisible(p)}`,
    );
    if (!rows.length) throw notFound();
  }

  /** The raw row of a client the caller may change, locked for the transaction. */
  async loadWritable(tx: DbOrTx, p: Principal, id: number) {
    const [row] = await tx
      .select()
      .from(client)
      .where(and(eq(client.id, id), clientWritable(p)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  // ---- duplicates -------------------------------------------------------------------------------
  async findDuplicate(db: DbOrTx, mobile: string, excludeId?: number): Promise<DuplicateHit | null> {
    const [row] = await db
      .select({
        id: client.id,
        ownerUserId: client.ownerUserId,
        nickname: owner.nickname,
        username: owner.username,
        deleted: client.deleted,
      })
      .from(client)
      .leftJoin(owner, eq(owner.id, client.ownerUserId))
      .where(and(eq(client.mobile, mobile), excludeId ? sql`${client.id} <> ${excludeId}` : undefined))
      .orderBy(client.deleted, sql`${client.id} DESC`)
      .limit(1);
    if (!row) return null;
    return {
      id: row.id,
      ownerUserId: row.ownerUserId,
      ownerName: displayName(row.nickname, row.username),
      deleted: row.deleted,
    };
  }

  /** What the caller may learn about a duplicate (DOMAIN 3.2): never more than the owner's name. */
  async describeDuplicate(
    db: DbOrTx,
    p: Principal,
    mobile: string,
    hit: DuplicateHit | null,
  ): Promise<DuplicateResult> {
    if (!hit) return { status: 'NONE', mobile, clientId: null, ownerName: null };
    if (hit.deleted) {
      return {
        status: 'DELETED',
        mobile,
        clientId: p.permissions.has('client.restore') ? hit.id : null,
        ownerName: null,
      };
    }
    if (hit.ownerUserId == null) return { status: 'POOL', mobile, clientId: hit.id, ownerName: null };
    if (hit.ownerUserId === p.userId)
      return { status: 'MINE', mobile, clientId: hit.id, ownerName: hit.ownerName };
    const [inScope] = await db
      .select({ id: client.id })
      .from(client)
      .where(and(eq(client.id, hit.id), clientScope(p)));
    return { status: 'OTHER', mobile, clientId: inScope ? hit.id : null, ownerName: hit.ownerName };
  }

  /** 409 with the duplicate's outcome beside the mobile field and in `data.duplicate`. */
  duplicateError(d: DuplicateResult): AppError {
    const key =
      d.status === 'MINE'
        ? 'dupMine'
        : d.status === 'POOL'
          ? 'dupPool'
          : d.status === 'DELETED'
            ? 'dupDeleted'
            : 'dupOther';
    const params = { owner: d.ownerName ?? '' };
    return stateConflict(key, params, { fields: { mobile: { key, params } }, duplicate: d });
  }

  /** 查重: exists / owner name / in the pool — nothing else about someone else's client. */
  async checkMobile(p: Principal, raw: string): Promise<DuplicateResult> {
    const mobile = normalizeMobile(raw);
    if (!isCnMobile(mobile)) throw fieldError('mobile', 'mobileInvalid');
    return this.describeDuplicate(this.db, p, mobile, await this.findDuplicate(this.db, mobile));
  }

  /** A unique violation on the mobile (two creates racing) answers like the duplicate check. */
  private async mapUniqueViolation(err: unknown, p: Principal, mobile: string | null): Promise<never> {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const code = e.cause?.code ?? e.code;
    if (code === '23505' && mobile) {
      const hit = await this.findDuplicate(this.db, mobile);
      throw this.duplicateError(await this.describeDuplicate(this.db, p, mobile, hit));
    }
    throw err;
  }

  // ---- references -------------------------------------------------------------------------------
  /** Grade, platform, channel and tags must exist and be enabled (tags: exist). */
  async checkRefs(
    db: DbOrTx,
    input: {
      gradeId?: number | null;
      sourcePlatformId?: number | null;
      channelId?: number | null;
      tagIds?: number[];
    },
  ) {
    const live = (table: typeof grade | typeof sourcePlatform | typeof orderChannel, id: number) =>
      db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.deleted, false), eq(table.status, 'ENABLED')));
    if (input.gradeId != null && !(await live(grade, input.gradeId)).length)
      throw fieldError('gradeId', 'optionNotFound');
    if (input.sourcePlatformId != null && !(await live(sourcePlatform, input.sourcePlatformId)).length)
      throw fieldError('sourcePlatformId', 'optionNotFound');
    if (input.channelId != null && !(await live(orderChannel, input.channelId)).length)
      throw fieldError('channelId', 'optionNotFound');
    const tagIds = [...new Set(input.tagIds ?? [])];
    if (tagIds.length) {
      const found = await db
        .select({ id: clientTag.id })
        .from(clientTag)
        .where(and(inArray(clientTag.id, tagIds), eq(clientTag.deleted, false)));
      if (found.length !== tagIds.length) throw fieldError('tagIds', 'optionNotFound');
    }
  }

  // ---- writing ----------------------------------------------------------------------------------
  private audit(
    tx: DbOrTx,
    p: Principal | null,
    ip: string | null,
    action: string,
    clientId: number,
    summary: AuditSummary,
    detail?: Record<string, unknown>,
  ) {
    return writeAudit(tx, {
      actorId: p?.userId ?? null,
      actorName: p?.username ?? null,
      action,
      targetType: 'client',
      targetId: clientId,
      summary,
      detail: detail ?? null,
      ip,
    });
  }

  /**
   * Inserts a client owned by `target` (null: the pool) with its CREATE owner-log row. The caller
   * holds the target's ownership lock and has checked duplicates and limits, in `tx`.
   */
  async insertClient(
    tx: DbOrTx,
    p: Principal,
    input: Omit<ClientCreate, 'ownerUserId' | 'mobile'> & {
      mobile: string;
      mobileRaw: string | null;
      /** An import's own creation time (old data); else now. */
      createdAt?: Date | null;
    },
    target: TargetUser | null,
    reason: string,
  ): Promise<number> {
    const now = this.now();
    const [created] = await tx
      .insert(client)
      .values({
        name: input.name || unnamedClient('zh', input.mobile),
        mobile: input.mobile,
        mobileRaw: input.mobileRaw,
        wechatId: input.wechatId,
        studentName: input.studentName,
        gender: input.gender,
        gradeId: input.gradeId,
        gradeYear: input.gradeId == null ? null : academicYearOf(now),
        subjects: [...new Set(input.subjects)],
        regionCode: input.regionCode,
        sourcePlatformId: input.sourcePlatformId,
        channelId: input.channelId,
        level: input.level,
        stage: input.stage,
        tagIds: [...new Set(input.tagIds)],
        ownerUserId: target?.id ?? null,
        ownerDeptId: target?.departmentId ?? null,
        ownerTime: target ? now : null,
        firstOwnerUserId: target?.id ?? null,
        poolReason: target ? null : 'IMPORT_UNASSIGNED',
        poolTime: target ? null : now,
        doNotCall: input.doNotCall,
        smsOptOut: input.smsOptOut,
        remark: input.remark,
        createdAt: input.createdAt ?? now,
        createdBy: p.userId,
        updatedAt: now,
        updatedBy: p.userId,
      })
      .returning({ id: client.id });
    if (!created) throw new Error('insert failed');
    await tx.insert(clientOwnerLog).values({
      clientId: created.id,
      type: 'CREATE',
      toUserId: target?.id ?? null,
      reason,
      operatorId: p.userId,
      createdAt: now,
    });
    return created.id;
  }

  /** `lang`: the caller's language, which names a client created without a name ("Unnamed 1234"). */
  async create(p: Principal, input: ClientCreate, ip: string, lang: Language = 'zh'): Promise<ClientRow> {
    const mobile = normalizeMobile(input.mobile);
    if (!isCnMobile(mobile)) throw fieldError('mobile', 'mobileInvalid');
    let target: TargetUser | null;
    if (input.ownerUserId === undefined || input.ownerUserId === p.userId) {
      target = await selfTarget(this.db, p);
    } else {
      if (!p.permissions.has('client.assign')) throw forbidden();
      target = input.ownerUserId === null ? null : await loadTargetUser(this.db, p, input.ownerUserId);
      if (input.ownerUserId !== null && !target) throw fieldError('ownerUserId', 'targetUserInvalid');
    }
    await this.checkRefs(this.db, input);
    const id = await this.db
      .transaction(async (tx) => {
        if (target) await lockUserOwnership(tx, target.id);
        const hit = await this.findDuplicate(tx, mobile);
        if (hit) throw this.duplicateError(await this.describeDuplicate(tx, p, mobile, hit));
        if (target) await checkOwnerLimit(tx, target);
        const newId = await this.insertClient(
          tx,
          p,
          {
            ...input,
            name: input.name || unnamedClient(lang, mobile),
            mobile,
            mobileRaw: input.mobile.trim() === mobile ? null : input.mobile.trim(),
          },
          target,
          '',
        );
        await this.audit(tx, p, ip, 'client.create', newId, said(`created client ${newId}`, { id: newId }), {
          ownerUserId: target?.id ?? null,
          mobile: maskMobile(mobile),
        });
        return newId;
      })
      .catch((err) => this.mapUniqueViolation(err, p, mobile));
    return this.get(p, id);
  }

  async update(
    p: Principal,
    id: number,
    input: ClientUpdate,
    ip: string,
    lang: Language = 'zh',
  ): Promise<ClientRow> {
    let newMobile: string | null = null;
    await this.db
      .transaction(async (tx) => {
        const before = await this.loadWritable(tx, p, id);
        const values: Partial<typeof client.$inferInsert> = {};
        const changed: string[] = [];
        if (input.mobile !== undefined) {
          const mobile = normalizeMobile(input.mobile);
          if (!isCnMobile(mobile)) throw fieldError('mobile', 'mobileInvalid');
          if (mobile !== before.mobile) {
            newMobile = mobile;
            const hit = await this.findDuplicate(tx, mobile, id);
            if (hit && !hit.deleted)
              throw this.duplicateError(await this.describeDuplicate(tx, p, mobile, hit));
            values.mobile = mobile;
            values.mobileRaw = input.mobile.trim() === mobile ? null : input.mobile.trim();
            changed.push('mobile');
          }
        }
        await this.checkRefs(tx, {
          gradeId: input.gradeId !== before.gradeId ? input.gradeId : undefined,
          sourcePlatformId:
            input.sourcePlatformId !== before.sourcePlatformId ? input.sourcePlatformId : undefined,
          channelId: input.channelId !== before.channelId ? input.channelId : undefined,
          tagIds: input.tagIds?.filter((t) => !before.tagIds.includes(t)),
        });
        const mobileNow = values.mobile ?? before.mobile ?? '';
        if (input.name !== undefined) values.name = input.name || unnamedClient(lang, mobileNow);
        if (input.gradeId !== undefined && input.gradeId !== before.gradeId) {
          values.gradeId = input.gradeId;
          values.gradeYear = input.gradeId == null ? null : academicYearOf(this.now());
        }
        const simple = [
          'wechatId',
          'studentName',
          'gender',
          'regionCode',
          'sourcePlatformId',
          'channelId',
          'level',
          'stage',
          'doNotCall',
          'smsOptOut',
          'remark',
        ] as const;
        for (const k of simple) {
          if (input[k] !== undefined) (values as Record<string, unknown>)[k] = input[k];
        }
        if (input.subjects !== undefined) values.subjects = [...new Set(input.subjects)];
        if (input.tagIds !== undefined) values.tagIds = [...new Set(input.tagIds)];
        const beforeRecord = before as unknown as Record<string, unknown>;
        for (const [k, v] of Object.entries(values)) {
          if (k === 'mobile' || k === 'mobileRaw' || k === 'gradeYear') continue;
          if (JSON.stringify(beforeRecord[k]) !== JSON.stringify(v)) changed.push(k);
        }
        await updateVersioned(
          tx,
          client,
          id,
          input.version,
          { ...values, updatedAt: this.now(), updatedBy: p.userId },
          clientWritable(p),
        );
        const pick = (o: Record<string, unknown>) =>
          Object.fromEntries(
            changed.map((k) => [k, k === 'mobile' ? maskMobile(String(o[k] ?? '')) : (o[k] ?? null)]),
          );
        await this.audit(
          tx,
          p,
          ip,
          'client.update',
          id,
          said(`updated ${changed.join(', ') || 'nothing'}`, { fields: changed.join(',') || null }),
          {
            before: pick(beforeRecord),
            after: pick({ ...beforeRecord, ...values }),
          },
        );
      })
      .catch((err) => this.mapUniqueViolation(err, p, newMobile));
    return this.get(p, id);
  }

  /** Soft delete (admin): the row stays for history, restore brings it back; refused with orders. */
  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.loadWritable(tx, p, id);
      const [order] = await tx
        .select({ id: salesOrder.id })
        .from(salesOrder)
        .where(eq(salesOrder.clientId, id))
        .limit(1);
      if (order) throw stateConflict('clientHasOrders');
      await tx
        .update(client)
        .set({
          deleted: true,
          deletedAt: this.now(),
          version: sql`${client.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(client.id, id));
      // The data centre's M01 of the client's creation day changes (late data).
      await markDirty(tx, sql`SELECT created_at AS ts FROM client WHERE id = ${id}`);
      await this.audit(
        tx,
        p,
        ip,
        'client.delete',
        id,
        said(`deleted client ${id} (${before.name})`, { id, name: before.name }),
      );
    });
  }

  async restore(p: Principal, id: number, ip: string): Promise<ClientRow> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(client)
        .where(and(eq(client.id, id), clientScope(p)))
        .for('update');
      if (!row) throw notFound();
      if (!row.deleted) throw stateConflict('clientNotDeleted');
      if (row.mobile) {
        const hit = await this.findDuplicate(tx, row.mobile, id);
        if (hit && !hit.deleted) throw stateConflict('restoreConflict');
      }
      await tx
        .update(client)
        .set({
          deleted: false,
          deletedAt: null,
          version: sql`${client.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(client.id, id));
      await markDirty(tx, [row.createdAt]);
      await this.audit(
        tx,
        p,
        ip,
        'client.restore',
        id,
        said(`restored client ${id} (${row.name})`, { id, name: row.name }),
      );
    });
    return this.get(p, id);
  }

  /** Adds and removes tags in one statement (no lost update between concurrent taggers). */
  async changeTags(p: Principal, id: number, add: number[], remove: number[], ip: string) {
    await this.checkRefs(this.db, { tagIds: add });
    await this.db.transaction(async (tx) => {
      const res = await tx
        .update(client)
        .set({
          tagIds: sql`ARRAY(SELECT DISTINCT x FROM unnest(${client.tagIds} || ${sqlArray(add, 'bigint')}) AS x
                 WHERE NOT (x = ANY(${sqlArray(remove, 'bigint')})) ORDER BY x)`,
          version: sql`${client.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(and(eq(client.id, id), clientWritable(p)))
        .returning({ id: client.id });
      if (!res.length) throw notFound();
      await this.audit(
        tx,
        p,
        ip,
        'client.tag',
        id,
        said(`tags +[${add.join(',')}] -[${remove.join(',')}]`, {
          added: add.length,
          removed: remove.length,
        }),
      );
    });
  }

  /** Bulk 修改等级 / 阶段 for one client. */
  async setField(p: Principal, id: number, field: 'level' | 'stage', value: string | null, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.loadWritable(tx, p, id);
      await tx
        .update(client)
        .set({
          [field]: value,
          version: sql`${client.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(client.id, id));
      await this.audit(tx, p, ip, 'client.update', id, said(`updated ${field}`, { fields: field }), {
        before: { [field]: before[field] },
        after: { [field]: value },
      });
    });
  }

  /** 查看号码: the full mobile, logged (who, when, which client). */
  async revealPhone(p: Principal, id: number, ip: string): Promise<{ mobile: string | null }> {
    const [row] = await this.db
      .select({ mobile: client.mobile, name: client.name })
      .from(client)
      .where(and(eq(client.id, id), clientReadable(p)));
    if (!row) throw notFound();
    await this.audit(
      this.db,
      p,
      ip,
      'client.phone.reveal',
      id,
      said(`revealed the mobile of client ${id}`, { id }),
    );
    return { mobile: row.mobile };
  }

  // ---- history ----------------------------------------------------------------------------------
  async ownerLogs(p: Principal, id: number): Promise<OwnerLogRow[]> {
    await this.get(p, id);
    const rows = await queryRows<{
      id: number;
      client_id: number;
      type: string;
      from_user_id: number | null;
      from_name: string | null;
      to_user_id: number | null;
      to_name: string | null;
      reason: string;
      operator_id: number | null;
      operator_name: string | null;
      created_at: Date | string;
    }>(
      this.db,
      sql`SELECT l.id, l.client_id, l.type, l.from_user_id, coalesce(nullif(fu.nickname, ''), fu.username) AS from_name,
                 l.to_user_id, coalesce(nullif(tu.nickname, ''), tu.username) AS to_name, l.reason,
                 l.operator_id, coalesce(nullif(op.nickname, ''), op.username) AS operator_name, l.created_at
          FROM client_owner_log l
          LEFT JOIN admin_user fu ON fu.id = l.from_user_id
          LEFT JOIN admin_user tu ON tu.id = l.to_user_id
          LEFT JOIN admin_user op ON op.id = l.operator_id
          WHERE l.client_id = ${id} ORDER BY l.created_at DESC, l.id DESC LIMIT 500`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      clientId: Number(r.client_id),
      type: r.type as OwnerLogRow['type'],
      fromUserId: r.from_user_id == null ? null : Number(r.from_user_id),
      fromUserName: r.from_name,
      toUserId: r.to_user_id == null ? null : Number(r.to_user_id),
      toUserName: r.to_name,
      reason: r.reason,
      operatorId: r.operator_id == null ? null : Number(r.operator_id),
      operatorName: r.operator_name,
      createdAt: toIso(r.created_at) as string,
    }));
  }

  /**
   * One merged timeline (DOMAIN 0 "Entity timeline"): follow-ups, owner changes, the audit rows of
   * the client (without the audit twins of owner changes and follow-ups) and, for callers who may
   * list orders, its orders (at their creation), newest first.
   */
  async timeline(p: Principal, id: number, limit: number, before?: string): Promise<TimelineItem[]> {
    await this.assertDetailVisible(p, id);
    const beforeCond = before ? sql`WHERE t.at < ${new Date(before)}` : sql``;
    const rows = await queryPrepared<{
      kind: TimelineItem['kind'];
      id: number;
      at: Date | string;
      actor_id: number | null;
      actor_name: string | null;
      type: string;
      text: string;
      detail: Record<string, unknown> | null;
    }>(
      this.db,
      // Prepared per shape (order permission, `before`): its planning was most of the view's
      // PostgreSQL CPU (bench:calls); the plan is the same for every client.
      'client_timeline',
      sql`SELECT * FROM (
            SELECT 'FOLLOW_UP' AS kind, f.id, f.created_at AS at, f.created_by AS actor_id,
                   coalesce(nullif(u.nickname, ''), u.username) AS actor_name, f.type::text AS type, f.content AS text,
                   json_build_object('source', f.source, 'nextFollowTime', f.next_follow_time,
                                     'stageBefore', f.stage_before, 'stageAfter', f.stage_after,
                                     'talkSeconds', f.talk_seconds, 'callRecordId', f.call_record_id,
                                     'recordingUrl', (SELECT cr.recording_url FROM call_record cr WHERE cr.id = f.call_record_id)) AS detail
            FROM follow_up f LEFT JOIN admin_user u ON u.id = f.created_by
            WHERE f.client_id = ${id} AND f.deleted = false
            UNION ALL
            SELECT 'OWNER', l.id, l.created_at, l.operator_id, coalesce(nullif(op.nickname, ''), op.username),
                   l.type::text, l.reason::text,
                   json_build_object('fromUserId', l.from_user_id, 'fromUserName', coalesce(nullif(fu.nickname, ''), fu.username),
                                     'toUserId', l.to_user_id, 'toUserName', coalesce(nullif(tu.nickname, ''), tu.username))
            FROM client_owner_log l
            LEFT JOIN admin_user op ON op.id = l.operator_id
            LEFT JOIN admin_user fu ON fu.id = l.from_user_id
            LEFT JOIN admin_user tu ON tu.id = l.to_user_id
            WHERE l.client_id = ${id}
            UNION ALL
            SELECT 'AUDIT', a.id, a.at, a.actor_id, a.actor_name, a.action::text, a.summary::text,
                   json_build_object('params', a.params)
            FROM audit_log a
            WHERE a.target_type = 'client' AND a.target_id = ${String(id)}
              AND a.action NOT IN ('client.create', 'client.claim', 'client.assign', 'client.transfer', 'client.release',
                                   'followup.create')
            ${
              p.permissions.has('order.list')
                ? sql`UNION ALL
            SELECT 'ORDER', o.id, o.created_at, o.sales_user_id, coalesce(nullif(su.nickname, ''), su.username),
                   o.status::text, o.order_no::text,
                   json_build_object('payAmount', o.pay_amount, 'refundAmount', o.refund_amount, 'payTime', o.pay_time)
            FROM sales_order o LEFT JOIN admin_user su ON su.id = o.sales_user_id
            WHERE o.client_id = ${id}`
                : sql``
            }
          ) t ${beforeCond}
          ORDER BY t.at DESC, t.kind, t.id DESC LIMIT ${limit}`,
    );
    return rows.map((r) => {
      const detail = { ...(r.detail ?? {}) };
      if (typeof detail.nextFollowTime === 'string') detail.nextFollowTime = toIso(detail.nextFollowTime);
      if (typeof detail.payTime === 'string') detail.payTime = toIso(detail.payTime);
      return {
        kind: r.kind,
        id: Number(r.id),
        at: toIso(r.at) as string,
        actorId: r.actor_id == null ? null : Number(r.actor_id),
        actorName: r.actor_name,
        type: r.type,
        text: r.text ?? '',
        detail,
      };
    });
  }

  /**
   * The client's audit tab: every audit row of the client (creation, claims, releases, edits, phone
   * reveals...) and, for callers who may list orders, the audit rows of its orders, newest first.
   */
  async auditTrail(p: Principal, id: number, limit: number, before?: string): Promise<TimelineItem[]> {
    await this.get(p, id);
    const beforeCond = before ? sql`AND a.at < ${new Date(before)}` : sql``;
    const orders = p.permissions.has('order.list')
      ? sql`OR (a.target_type = 'order'
               AND a.target_id IN (SELECT o.id::text FROM sales_order o WHERE o.client_id = ${id}))`
      : sql``;
    const rows = await queryRows<{
      id: number;
      at: Date | string;
      actor_id: number | null;
      actor_name: string | null;
      action: string;
      summary: string | null;
      target_type: string | null;
      params: Record<string, unknown> | null;
    }>(
      this.db,
      sql`SELECT a.id, a.at, a.actor_id, a.actor_name, a.action::text AS action, a.summary::text AS summary,
                 a.target_type, a.params
          FROM audit_log a
          WHERE ((a.target_type = 'client' AND a.target_id = ${String(id)}) ${orders}) ${beforeCond}
          ORDER BY a.at DESC, a.id DESC LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      kind: 'AUDIT' as const,
      id: Number(r.id),
      at: toIso(r.at) as string,
      actorId: r.actor_id == null ? null : Number(r.actor_id),
      actorName: r.actor_name,
      type: r.action,
      text: r.summary ?? '',
      detail: { targetType: r.target_type, params: r.params ?? null },
    }));
  }

  /** Enabled staff within the caller's scope: owner filter and assign / transfer targets. */
  async staffOptions(p: Principal, keyword?: string): Promise<StaffOption[]> {
    const rows = await this.db
      .select({
        id: adminUser.id,
        username: adminUser.username,
        nickname: adminUser.nickname,
        departmentId: adminUser.departmentId,
        departmentName: department.name,
      })
      .from(adminUser)
      .leftJoin(department, eq(department.id, adminUser.departmentId))
      .where(
        and(
          eq(adminUser.deleted, false),
          eq(adminUser.status, 'ENABLED'),
          scopeCondition(p, { owner: adminUser.id, dept: adminUser.departmentId }),
          keyword
            ? sql`(${adminUser.nickname} ILIKE ${likeContains(keyword)} OR ${adminUser.username} ILIKE ${likeContains(keyword)})`
            : undefined,
        ),
      )
      .orderBy(adminUser.id)
      .limit(200);
    return rows;
  }
}
