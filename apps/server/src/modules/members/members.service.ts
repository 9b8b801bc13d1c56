import type {
  ClassStudentRow,
  CourseUserRow,
  ImportResult,
  Language,
  MemberCreate,
  MemberDetail,
  MemberListQuery,
  MemberRow,
} from '@educrm/contract';
import { formatMessage } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { memberUser } from '../../db/schema';
import { said } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { maskMobile } from '../../lib/mask';
import { inIdOrder, queryNamed } from '../../lib/named-query';
import { PlannerEstimates } from '../../lib/planner-estimate';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import { auditOf, COUNT_CAP, cappedCount, mobileOf, num, orderOf } from '../courses/common';
import { ensureMember } from '../courses/enrolment';

interface RawMember {
  id: number;
  nickname: string;
  avatar_url: string;
  mobile: string;
  gender: MemberRow['gender'];
  region: string;
  status: MemberRow['status'];
  source: MemberRow['source'];
  register_platform_id: number | null;
  platform_name: string | null;
  register_channel_id: number | null;
  channel_name: string | null;
  grade_id: number | null;
  grade_name: string | null;
  client_id: number | null;
  client_name: string | null;
  order_count: number;
  total_paid: number | string;
  registered_at: Date | string;
  last_login_at: Date | string | null;
  remark: string;
  version: number;
}

const SELECT = sql`SELECT m.id, m.nickname, m.avatar_url, m.mobile, m.gender, m.region, m.status, m.source,
  m.register_platform_id, sp.name AS platform_name, m.register_channel_id, ch.name AS channel_name,
  m.grade_id, g.name AS grade_name, m.client_id, c.name AS client_name, m.order_count, m.total_paid,
  m.registered_at, m.last_login_at, m.remark, m.version
  FROM member_user m
  LEFT JOIN source_platform sp ON sp.id = m.register_platform_id
  LEFT JOIN order_channel ch ON ch.id = m.register_channel_id
  LEFT JOIN grade g ON g.id = m.grade_id
  LEFT JOIN client c ON c.id = m.client_id`;

const SORTS = {
  registeredAt: { col: 'm.registered_at' },
  totalPaid: { col: 'm.total_paid' },
  orderCount: { col: 'm.order_count' },
  lastLoginAt: { col: 'm.last_login_at', nullable: true },
};

export const toMember = (r: RawMember): MemberRow => ({
  id: Number(r.id),
  nickname: r.nickname,
  avatarUrl: r.avatar_url,
  mobile: maskMobile(r.mobile),
  gender: r.gender,
  region: r.region,
  status: r.status,
  source: r.source,
  registerPlatformId: num(r.register_platform_id),
  registerPlatformName: r.platform_name,
  registerChannelId: num(r.register_channel_id),
  registerChannelName: r.channel_name,
  gradeId: num(r.grade_id),
  gradeName: r.grade_name,
  clientId: num(r.client_id),
  clientName: r.client_name,
  orderCount: r.order_count,
  totalPaid: Number(r.total_paid),
  registeredAt: toIso(r.registered_at) as string,
  lastLoginAt: toIso(r.last_login_at),
  remark: r.remark,
  version: r.version,
});

const audit = auditOf('member');

/** A nickname search counts its matches to this many ("200+", totalExact false beyond). */
export const NAME_SEARCH_COUNT_CAP = 200;

/**
 * Nickname contains `k` (trigram GIN for rare terms, the newest-first covering index for common
 * ones). Text without cased letters (Chinese, digits) matches with LIKE: ILIKE case-folds every
 * multibyte nickname it reads and costs ~15x more per row (bench:courses).
 */
export const nicknameContains = (k: string): SQL =>
  k.toLowerCase() === k.toUpperCase()
    ? sql`m.nickname LIKE ${likeContains(k)}`
    : sql`m.nickname ILIKE ${likeContains(k)}`;

/**
 * 用户管理 (DOMAIN 8, Decision 8): C-end members. Everyone with the page reads (phones masked in
 * every answer); admin writes; the full number only through the audited reveal.
 */
export class MemberService {
  private readonly table: PlannerEstimates;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.table = new PlannerEstimates(db, 'member_user');
  }

  /**
   * keyword: 11 digits = the exact normalised mobile (unique index), 4 digits = the last four
   * (mobile_last4 index), anything else = nickname contains (trigram index) or a mobile prefix.
   */
  where(f: Omit<Partial<MemberListQuery>, 'page' | 'pageSize' | 'sort'>): SQL {
    const parts: SQL[] = [sql`TRUE`];
    const k = f.keyword?.trim();
    if (k) {
      const digits = k.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
      if (/^1\d{10}$/.test(digits)) parts.push(sql`m.mobile = ${digits}`);
      else if (/^\d{4}$/.test(digits)) parts.push(sql`m.mobile_last4 = ${digits}`);
      else if (/^\d{5,10}$/.test(digits))
        parts.push(sql`(m.mobile LIKE ${`${digits}%`} OR ${nicknameContains(k)})`);
      else parts.push(nicknameContains(k));
    }
    if (f.platformId) parts.push(sql`m.register_platform_id = ${f.platformId}`);
    if (f.channelId) parts.push(sql`m.register_channel_id = ${f.channelId}`);
    if (f.gradeId) parts.push(sql`m.grade_id = ${f.gradeId}`);
    if (f.status) parts.push(sql`m.status = ${f.status}`);
    if (f.registeredFrom) parts.push(sql`m.registered_at >= ${new Date(f.registeredFrom)}`);
    if (f.registeredTo) parts.push(sql`m.registered_at < ${new Date(f.registeredTo)}`);
    if (f.hasPaid === true) parts.push(sql`m.total_paid > 0`);
    if (f.hasPaid === false) parts.push(sql`m.total_paid = 0`);
    return sql.join(parts, sql` AND `);
  }

  private isNameSearch(keyword: string | undefined) {
    const d = (keyword ?? '')
      .trim()
      .replace(/[\s-]/g, '')
      .replace(/^(\+86|0086)/, '');
    return d !== '' && !/^\d{4,11}$/.test(d);
  }

  async list(q: MemberListQuery) {
    const where = this.where(q);
    const order = orderOf(q.sort ?? '-registeredAt', SORTS, 'm.id');
    const offset = offsetOf(q);
    // The page's ids and one more (planned per request: the keyword decides the index; index-only
    // on the newest-first walk), then their rows and joins by a named prepared statement of
    // constant text, planned once per connection (lib/named-query, as the client and call lists).
    const fetched = (
      await queryRows<{ id: number }>(
        this.db,
        sql`SELECT m.id FROM member_user m WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize + 1} OFFSET ${offset}`,
      )
    ).map((r) => Number(r.id));
    const ids = fetched.slice(0, q.pageSize);
    const [rows, count] = await Promise.all([
      ids.length
        ? queryNamed<RawMember>(
            this.db,
            'member_list_rows',
            sql`${SELECT} WHERE m.id = ANY(${sql.param(ids)}::bigint[])`,
          ).then((r) => inIdOrder(ids, r))
        : Promise.resolve([]),
      this.total(q, where, offset, fetched.length),
    ]);
    return { items: rows.map(toMember), ...count, page: q.page, pageSize: q.pageSize };
  }

  /**
   * The pager's total without counting when it is known or cannot be exact: a page that is not full
   * is its own total; the unfiltered list of a large table shows the table's size as the planner
   * knows it (pg_class.reltuples, read at most every 30 s; "1,000,000+": its capped count of 10,001
   * index entries was the first page's largest cost, bench:courses); everything else counts, capped.
   */
  private async total(q: MemberListQuery, where: SQL, offset: number, fetched: number) {
    if (fetched <= q.pageSize && (fetched > 0 || offset === 0))
      return { total: offset + fetched, totalExact: true };
    if (!this.filtered(q)) {
      const size = await this.table.tableSize();
      if (size > COUNT_CAP) return { total: Math.max(Math.round(size), offset + fetched), totalExact: false };
    }
    // A nickname contains-search can match a large share of the members: its count stops
    // early, reading members newest first like the page, at a lower cap ("200+": a common term
    // matching 1/8 of the members walks ~1,600 index entries for it where 1,000 walked ~8,000, the
    // search's largest cost at 2 ms of PostgreSQL CPU per request, bench:courses).
    return this.isNameSearch(q.keyword)
      ? cappedCount(
          this.db,
          sql`FROM member_user m WHERE ${where}`,
          NAME_SEARCH_COUNT_CAP,
          sql`m.registered_at DESC`,
        )
      : cappedCount(this.db, sql`FROM member_user m WHERE ${where}`);
  }

  /** Whether any filter of the list is set (where() adds a condition for each). */
  private filtered(f: Omit<Partial<MemberListQuery>, 'page' | 'pageSize' | 'sort'>) {
    return Boolean(
      f.keyword?.trim() ||
        f.platformId ||
        f.channelId ||
        f.gradeId ||
        f.status ||
        f.registeredFrom ||
        f.registeredTo ||
        f.hasPaid !== undefined,
    );
  }

  async count(f: Omit<Partial<MemberListQuery>, 'page' | 'pageSize' | 'sort'>, cap: number) {
    return (await cappedCount(this.db, sql`FROM member_user m WHERE ${this.where(f)}`, cap)).total;
  }

  async *batches(f: Omit<Partial<MemberListQuery>, 'page' | 'pageSize' | 'sort'>) {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await queryRows<RawMember>(
        this.db,
        sql`${SELECT} WHERE ${this.where(f)} AND m.id < ${before} ORDER BY m.id DESC LIMIT 1000`,
      );
      if (!rows.length) return;
      yield rows.map(toMember);
      before = Number(rows[rows.length - 1]?.id ?? 0);
    }
  }

  private async raw(db: DbOrTx, id: number) {
    const [row] = await queryRows<RawMember>(db, sql`${SELECT} WHERE m.id = ${id}`);
    if (!row) throw notFound();
    return row;
  }

  async get(id: number): Promise<MemberRow> {
    return toMember(await this.raw(this.db, id));
  }

  /** The drawer: orders, entitlements, classes and live attendance of one member. */
  async detail(
    id: number,
    students: (memberId: number) => Promise<ClassStudentRow[]>,
    entitlements: (memberId: number) => Promise<CourseUserRow[]>,
  ): Promise<MemberDetail> {
    const base = await this.get(id);
    const [orders, attendance, classes, rights] = await Promise.all([
      queryRows<{
        id: number;
        order_no: string;
        pay_amount: number;
        status: string;
        pay_time: Date | null;
        created_at: Date;
      }>(
        this.db,
        sql`SELECT id, order_no, pay_amount, status, pay_time, created_at FROM sales_order
            WHERE member_user_id = ${id} OR (member_user_id IS NULL AND ${base.clientId}::bigint IS NOT NULL AND client_id = ${base.clientId})
            ORDER BY created_at DESC LIMIT 50`,
      ),
      queryRows<{
        session_id: number;
        title: string;
        scheduled_start: Date;
        watch_seconds: number;
        replay_seconds: number;
      }>(
        this.db,
        sql`SELECT a.session_id, s.title, s.scheduled_start, a.watch_seconds, a.replay_seconds
            FROM live_attendance a JOIN live_session s ON s.id = a.session_id
            WHERE a.member_user_id = ${id} ORDER BY s.scheduled_start DESC LIMIT 50`,
      ),
      students(id),
      entitlements(id),
    ]);
    return {
      ...base,
      orders: orders.map((o) => ({
        id: Number(o.id),
        orderNo: o.order_no,
        payAmount: o.pay_amount,
        status: o.status,
        payTime: toIso(o.pay_time),
        createdAt: toIso(o.created_at) as string,
      })),
      entitlements: rights,
      classes,
      attendance: attendance.map((a) => ({
        sessionId: Number(a.session_id),
        title: a.title,
        scheduledStart: toIso(a.scheduled_start) as string,
        watchSeconds: a.watch_seconds,
        replaySeconds: a.replay_seconds,
      })),
    };
  }

  async create(p: Principal, input: MemberCreate, ip: string) {
    const mobile = mobileOf(input.mobile);
    const id = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(memberUser)
        .values({
          mobile,
          nickname: input.nickname,
          gender: input.gender,
          region: input.region,
          gradeId: input.gradeId,
          registerPlatformId: input.registerPlatformId,
          registerChannelId: input.registerChannelId,
          remark: input.remark,
          source: 'ADMIN',
          registeredAt: this.now(),
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .onConflictDoNothing({ target: memberUser.mobile })
        .returning({ id: memberUser.id });
      const row = inserted[0];
      if (!row) throw fieldError('mobile', 'memberExists');
      // A client with this mobile is linked at once.
      const [c] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM client WHERE mobile = ${mobile} AND deleted = false`,
      );
      if (c)
        await ensureMember(tx, { mobile, nickname: '', clientId: Number(c.id), source: 'ADMIN' }, this.now());
      await audit(
        tx,
        p,
        ip,
        'member.create',
        row.id,
        said(`created member ${maskMobile(mobile)}`, { mobile: maskMobile(mobile) }),
      );
      return row.id;
    });
    return this.get(id);
  }

  async setStatus(p: Principal, id: number, status: MemberRow['status'], version: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.raw(tx, id);
      await updateVersioned(tx, memberUser, id, version, { status, updatedBy: p.userId });
      await audit(
        tx,
        p,
        ip,
        'member.status',
        id,
        said(`member ${before.status} -> ${status}`, {
          memberStatusFrom: before.status,
          memberStatus: status,
        }),
      );
    });
    return this.get(id);
  }

  /** Links (or unlinks with null) a client; a client links to at most one member. */
  async link(p: Principal, id: number, clientId: number | null, version: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.raw(tx, id);
      if (clientId != null) {
        const [c] = await queryRows<{ id: number; member: number | null }>(
          tx,
          sql`SELECT c.id, (SELECT m.id FROM member_user m WHERE m.client_id = c.id) AS member
              FROM client c WHERE c.id = ${clientId} AND c.deleted = false FOR UPDATE`,
        );
        if (!c) throw fieldError('clientId', 'notFound');
        if (c.member != null && Number(c.member) !== id) throw fieldError('clientId', 'memberClientTaken');
      }
      try {
        await updateVersioned(tx, memberUser, id, version, { clientId, updatedBy: p.userId });
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        if ((e.cause?.code ?? e.code) === '23505') throw fieldError('clientId', 'memberClientTaken');
        throw err;
      }
      if (before.client_id != null)
        await tx.execute(
          sql`UPDATE client SET member_user_id = NULL WHERE id = ${before.client_id} AND member_user_id = ${id}`,
        );
      if (clientId != null)
        await tx.execute(sql`UPDATE client SET member_user_id = ${id} WHERE id = ${clientId}`);
      await audit(
        tx,
        p,
        ip,
        'member.link',
        id,
        said(`member linked to client ${clientId ?? '-'}`, { clientId: clientId ?? null }),
        {
          before: num(before.client_id),
          after: clientId,
        },
      );
    });
    return this.get(id);
  }

  /** The full number, audited (Decision 12). */
  async reveal(p: Principal, id: number, ip: string) {
    return this.db.transaction(async (tx) => {
      const row = await this.raw(tx, id);
      await audit(tx, p, ip, 'member.phone.view', id, said(`revealed mobile of member ${id}`, { id }));
      return { mobile: row.mobile };
    });
  }

  /** Import by rows: each row on its own, answered per row (created, already a member, invalid). */
  async importRows(
    p: Principal,
    rows: { mobile: string; nickname: string; remark: string }[],
    lang: Language,
    ip: string,
  ): Promise<ImportResult> {
    const results: ImportResult['results'] = [];
    for (const [i, r] of rows.entries()) {
      try {
        const mobile = mobileOf(r.mobile);
        const id = await this.db.transaction(async (tx) => {
          const inserted = await tx
            .insert(memberUser)
            .values({
              mobile,
              nickname: r.nickname,
              remark: r.remark,
              source: 'IMPORT',
              registeredAt: this.now(),
              createdBy: p.userId,
              updatedBy: p.userId,
            })
            .onConflictDoNothing({ target: memberUser.mobile })
            .returning({ id: memberUser.id });
          if (!inserted[0]) throw new AppError(409, 'memberExists');
          const [c] = await queryRows<{ id: number }>(
            tx,
            sql`SELECT id FROM client WHERE mobile = ${mobile} AND deleted = false`,
          );
          if (c)
            await ensureMember(
              tx,
              { mobile, nickname: '', clientId: Number(c.id), source: 'IMPORT' },
              this.now(),
            );
          return inserted[0].id;
        });
        results.push({ row: i + 1, mobile: maskMobile(mobile), ok: true, id, msg: 'ok' });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const key =
          err.messageKey === 'validationFailed'
            ? 'mobileInvalid'
            : (err.messageKey as Parameters<typeof formatMessage>[1]);
        results.push({
          row: i + 1,
          mobile: maskMobile(r.mobile),
          ok: false,
          id: null,
          msg: formatMessage(lang, key, err.params),
        });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    await audit(
      this.db,
      p,
      ip,
      'member.import',
      0,
      said(`imported ${succeeded} of ${rows.length} members`, {
        succeeded,
        total: rows.length,
      }),
    );
    return { results, succeeded, failed: results.length - succeeded };
  }
}
