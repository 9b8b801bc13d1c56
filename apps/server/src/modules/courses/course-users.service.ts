import type { CourseUserListQuery, CourseUserRow } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { said } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { toIso } from '../../lib/list';
import { maskMobile } from '../../lib/mask';
import type { Principal } from '../../types';
import { ListTotals } from '../orders/list-totals';
import { auditOf, cappedCount, mobileOf, num, orderOf, pageOfIds } from './common';
import { ensureMember } from './enrolment';

interface RawCourseUser {
  id: number;
  member_user_id: number;
  nickname: string;
  mobile: string;
  spu_id: number;
  spu_name: string;
  sku_id: number | null;
  source: CourseUserRow['source'];
  order_id: number | null;
  order_no: string | null;
  granted_at: Date | string;
  expires_at: Date | string | null;
  status: CourseUserRow['status'];
  progress_pct: number;
  last_learn_at: Date | string | null;
  reason: string;
  version: number;
}

const SELECT = sql`SELECT cu.id, cu.member_user_id, m.nickname, m.mobile, cu.spu_id, s.name AS spu_name, cu.sku_id,
  cu.source, cu.order_id, o.order_no, cu.granted_at, cu.expires_at, cu.status, cu.progress_pct, cu.last_learn_at,
  cu.reason, cu.version
  FROM course_user cu
  JOIN member_user m ON m.id = cu.member_user_id
  JOIN product_spu s ON s.id = cu.spu_id
  LEFT JOIN sales_order o ON o.id = cu.order_id`;

const SORTS = {
  grantedAt: { col: 'cu.granted_at' },
  expiresAt: { col: 'cu.expires_at', nullable: true },
  progressPct: { col: 'cu.progress_pct' },
};

export const toCourseUser = (r: RawCourseUser): CourseUserRow => ({
  id: Number(r.id),
  memberId: Number(r.member_user_id),
  memberNickname: r.nickname,
  mobile: maskMobile(r.mobile),
  spuId: Number(r.spu_id),
  spuName: r.spu_name,
  skuId: num(r.sku_id),
  source: r.source,
  orderId: num(r.order_id),
  orderNo: r.order_no,
  grantedAt: toIso(r.granted_at) as string,
  expiresAt: toIso(r.expires_at),
  status: r.status,
  progressPct: r.progress_pct,
  lastLearnAt: toIso(r.last_learn_at),
  reason: r.reason,
  version: r.version,
});

const audit = auditOf('course-user');
type Filters = Omit<Partial<CourseUserListQuery>, 'page' | 'pageSize' | 'sort'>;

/**
 * 课程用户 (DOMAIN 6.1): entitlements. Read in the caller's data scope over the member's client;
 * extend, revoke and manual grant (reason required) are admin actions (`course.user.write`).
 */
export class CourseUserService {
  private readonly totals: ListTotals;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.totals = new ListTotals(db, 'course_user');
  }

  where(p: Principal, f: Filters): SQL {
    const parts: SQL[] = [];
    if (p.dataScope !== 'ALL')
      parts.push(
        sql`EXISTS (SELECT 1 FROM client c WHERE c.id = m.client_id AND ${scopeCondition(p, { owner: sql`c.owner_user_id`, dept: sql`c.owner_dept_id` })})`,
      );
    if (f.spuId) parts.push(sql`cu.spu_id = ${f.spuId}`);
    if (f.memberId) parts.push(sql`cu.member_user_id = ${f.memberId}`);
    if (f.status?.length) parts.push(sql`cu.status = ANY(${sql.param(f.status)}::text[])`);
    if (f.source?.length) parts.push(sql`cu.source = ANY(${sql.param(f.source)}::text[])`);
    if (f.expiresFrom) parts.push(sql`cu.expires_at >= ${new Date(f.expiresFrom)}`);
    if (f.expiresTo) parts.push(sql`cu.expires_at < ${new Date(f.expiresTo)}`);
    if (f.mobile) {
      const d = f.mobile.replace(/[\s-]/g, '');
      parts.push(/^\d{4}$/.test(d) ? sql`m.mobile_last4 = ${d}` : sql`m.mobile = ${d}`);
    }
    return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
  }

  /** The member join only when the filters read it (scope, mobile): a product's rows count alone. */
  private from(p: Principal, f: Filters, where: SQL) {
    const member = p.dataScope !== 'ALL' || Boolean(f.mobile);
    return sql`FROM course_user cu ${member ? sql`JOIN member_user m ON m.id = cu.member_user_id` : sql``} WHERE ${where}`;
  }

  async list(p: Principal, q: CourseUserListQuery) {
    const where = this.where(p, q);
    const order = orderOf(q.sort ?? '-grantedAt', SORTS, 'cu.id');
    const page = await pageOfIds<RawCourseUser>(
      this.db,
      q,
      sql`SELECT cu.id ${this.from(p, q, where)} ORDER BY ${order}`,
      'course_user_rows',
      (ids) => sql`${SELECT} WHERE cu.id = ANY(${sql.param(ids)}::bigint[])`,
      // A product's ~5,000 entitlements took ~1 ms to count on every page view (bench:courses): a
      // full page counts (capped) only when the planner expects few rows, shows its estimate else.
      async () => {
        const from = this.from(p, q, where);
        const plan = await this.totals.plan(from);
        if (!plan.count) return { total: plan.estimate, totalExact: false };
        return cappedCount(this.db, from);
      },
    );
    return { ...page, items: page.items.map(toCourseUser), page: q.page, pageSize: q.pageSize };
  }

  async count(p: Principal, f: Filters, cap: number) {
    return (await cappedCount(this.db, this.from(p, f, this.where(p, f)), cap)).total;
  }

  async *batches(p: Principal, f: Filters) {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await queryRows<RawCourseUser>(
        this.db,
        sql`${SELECT} WHERE ${this.where(p, f)} AND cu.id < ${before} ORDER BY cu.id DESC LIMIT 1000`,
      );
      if (!rows.length) return;
      yield rows.map(toCourseUser);
      before = Number(rows[rows.length - 1]?.id ?? 0);
    }
  }

  async ofMember(memberId: number) {
    const rows = await queryRows<RawCourseUser>(
      this.db,
      sql`${SELECT} WHERE cu.member_user_id = ${memberId} ORDER BY cu.granted_at DESC LIMIT 100`,
    );
    return rows.map(toCourseUser);
  }

  async get(p: Principal, id: number, db: DbOrTx = this.db) {
    const [row] = await queryRows<RawCourseUser>(
      db,
      sql`${SELECT} WHERE cu.id = ${id} AND ${this.where(p, {})}`,
    );
    if (!row) throw notFound();
    return toCourseUser(row);
  }

  private async lock(tx: DbOrTx, id: number) {
    const [row] = await queryRows<{ status: string; version: number; expires_at: Date | null }>(
      tx,
      sql`SELECT status, version, expires_at FROM course_user WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound();
    return row;
  }

  /** 延期: a new end (null = lifetime); an EXPIRED entitlement becomes ACTIVE again. */
  async extend(p: Principal, id: number, until: string | null, version: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if (row.version !== version) throw new AppError(409, 'conflict');
      if (row.status === 'REVOKED') throw new AppError(409, 'courseUserNotActive');
      const end = until ? new Date(until) : null;
      if (end && end.getTime() <= this.now().getTime()) throw fieldError('until', 'untilInPast');
      await tx.execute(
        sql`UPDATE course_user SET expires_at = ${end}, status = 'ACTIVE', reminded_at = NULL, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId} WHERE id = ${id}`,
      );
      await audit(
        tx,
        p,
        ip,
        'course.user.extend',
        id,
        said(`expires ${toIso(row.expires_at) ?? 'never'} -> ${until ?? 'never'}`, { until: until ?? null }),
      );
    });
    return this.get(p, id);
  }

  async revoke(p: Principal, id: number, reason: string, version: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if (row.version !== version) throw new AppError(409, 'conflict');
      if (row.status === 'REVOKED') throw new AppError(409, 'courseUserNotActive');
      await tx.execute(
        sql`UPDATE course_user SET status = 'REVOKED', revoked_at = ${this.now()}, reason = ${reason}, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId} WHERE id = ${id}`,
      );
      await audit(tx, p, ip, 'course.user.revoke', id, said(`revoked: ${reason}`, { reason }));
    });
    return this.get(p, id);
  }

  /** 手动开通 (admin, reason required): refused while the member holds an active one of the product. */
  async grant(
    p: Principal,
    input: { mobile: string; spuId: number; expiresAt: string | null; reason: string },
    ip: string,
  ) {
    const mobile = mobileOf(input.mobile);
    const id = await this.db.transaction(async (tx) => {
      const [spu] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM product_spu WHERE id = ${input.spuId} AND deleted = false FOR SHARE`,
      );
      if (!spu) throw fieldError('spuId', 'notFound');
      const end = input.expiresAt ? new Date(input.expiresAt) : null;
      if (end && end.getTime() <= this.now().getTime()) throw fieldError('expiresAt', 'untilInPast');
      const [c] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM client WHERE mobile = ${mobile} AND deleted = false`,
      );
      const member = await ensureMember(
        tx,
        { mobile, nickname: '', clientId: num(c?.id ?? null), source: 'ADMIN' },
        this.now(),
      );
      // One grant at a time per member: the member row lock orders concurrent grants.
      await tx.execute(sql`SELECT id FROM member_user WHERE id = ${member.id} FOR UPDATE`);
      const [held] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM course_user WHERE member_user_id = ${member.id} AND spu_id = ${input.spuId} AND status = 'ACTIVE'`,
      );
      if (held) throw new AppError(409, 'entitlementExists');
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO course_user (member_user_id, spu_id, source, granted_at, expires_at, reason, created_by, updated_by, created_at, updated_at)
            VALUES (${member.id}, ${input.spuId}, 'MANUAL', ${this.now()}, ${end}, ${input.reason}, ${p.userId}, ${p.userId}, ${this.now()}, ${this.now()})
            RETURNING id`,
      );
      if (!row) throw new Error('insert failed');
      await audit(
        tx,
        p,
        ip,
        'course.user.grant',
        row.id,
        said(`granted product ${input.spuId} to ${maskMobile(mobile)}: ${input.reason}`, {
          spuId: input.spuId,
          mobile: maskMobile(mobile),
          reason: input.reason,
        }),
      );
      return Number(row.id);
    });
    return this.get(p, id);
  }
}
