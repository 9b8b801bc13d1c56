import type { ClassStudentListQuery, ClassStudentRow, ImportResult, Language } from '@educrm/contract';
import { formatMessage } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { said } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { likeContains, toIso } from '../../lib/list';
import { maskMobile } from '../../lib/mask';
import type { Principal } from '../../types';
import { auditOf, cappedCount, mobileOf, num, orderOf, pageOfIds } from './common';
import { ensureMember } from './enrolment';

interface RawStudent {
  id: number;
  class_id: number;
  class_name: string;
  member_user_id: number;
  nickname: string;
  mobile: string;
  client_id: number | null;
  client_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
  order_id: number | null;
  order_no: string | null;
  join_type: ClassStudentRow['joinType'];
  joined_at: Date | string;
  deadline: Date | string | null;
  status: ClassStudentRow['status'];
  learned_count: number;
  last_learn_at: Date | string | null;
  attendance_count: number;
  remark: string;
  version: number;
}

const SELECT = sql`SELECT cs.id, cs.class_id, k.name AS class_name, cs.member_user_id, m.nickname, m.mobile,
  cs.client_id, c.name AS client_name, c.owner_user_id AS owner_id, coalesce(nullif(u.nickname, ''), u.username) AS owner_name,
  cs.order_id, o.order_no, cs.join_type, cs.joined_at, cs.deadline, cs.status, cs.learned_count, cs.last_learn_at,
  cs.attendance_count, cs.remark, cs.version
  FROM class_student cs
  JOIN course_class k ON k.id = cs.class_id
  JOIN member_user m ON m.id = cs.member_user_id
  LEFT JOIN client c ON c.id = cs.client_id
  LEFT JOIN admin_user u ON u.id = c.owner_user_id
  LEFT JOIN sales_order o ON o.id = cs.order_id`;

const SORTS = {
  joinedAt: { col: 'cs.joined_at' },
  deadline: { col: 'cs.deadline', nullable: true },
  learnedCount: { col: 'cs.learned_count' },
  attendanceCount: { col: 'cs.attendance_count' },
};

export const toStudent = (r: RawStudent): ClassStudentRow => ({
  id: Number(r.id),
  classId: Number(r.class_id),
  className: r.class_name,
  memberId: Number(r.member_user_id),
  memberNickname: r.nickname,
  mobile: maskMobile(r.mobile),
  clientId: num(r.client_id),
  clientName: r.client_name,
  clientOwnerId: num(r.owner_id),
  clientOwnerName: r.owner_name,
  orderId: num(r.order_id),
  orderNo: r.order_no,
  joinType: r.join_type,
  joinedAt: toIso(r.joined_at) as string,
  deadline: toIso(r.deadline),
  status: r.status,
  learnedCount: r.learned_count,
  lastLearnAt: toIso(r.last_learn_at),
  attendanceCount: r.attendance_count,
  remark: r.remark,
  version: r.version,
});

const audit = auditOf('class-student');
type Filters = Omit<Partial<ClassStudentListQuery>, 'page' | 'pageSize' | 'sort'>;

/** The client columns a student's data scope is checked on (the client's owner and department). */
const scopeOf = (p: Principal) =>
  scopeCondition(p, { owner: sql`c.owner_user_id`, dept: sql`c.owner_dept_id` });

/**
 * 班级学员 (DOMAIN 6.2, 6.3). Reads and writes follow the caller's data scope over the student's
 * client (siyu: own clients only, in SQL); transfers stay within the product unless admin.
 */
export class StudentService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  where(p: Principal, f: Filters): SQL {
    const parts: SQL[] = [];
    if (p.dataScope !== 'ALL') parts.push(scopeOf(p));
    if (f.classId) parts.push(sql`cs.class_id = ${f.classId}`);
    if (f.memberId) parts.push(sql`cs.member_user_id = ${f.memberId}`);
    if (f.keyword) {
      const d = f.keyword.replace(/[\s-]/g, '');
      if (/^1\d{10}$/.test(d)) parts.push(sql`m.mobile = ${d}`);
      else if (/^\d{4}$/.test(d)) parts.push(sql`m.mobile_last4 = ${d}`);
      else
        parts.push(
          sql`(m.nickname ILIKE ${likeContains(f.keyword)} OR c.name ILIKE ${likeContains(f.keyword)})`,
        );
    }
    if (f.status?.length) parts.push(sql`cs.status = ANY(${sql.param(f.status)}::text[])`);
    if (f.joinType?.length) parts.push(sql`cs.join_type = ANY(${sql.param(f.joinType)}::text[])`);
    if (f.ownerId) parts.push(sql`c.owner_user_id = ${f.ownerId}`);
    if (f.learnedMin != null) parts.push(sql`cs.learned_count >= ${f.learnedMin}`);
    if (f.learnedMax != null) parts.push(sql`cs.learned_count <= ${f.learnedMax}`);
    return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
  }

  /** Joins only what the filters read: a class's rows alone count and page off their index. */
  private from(p: Principal, f: Filters, where: SQL) {
    const member = Boolean(f.keyword);
    const client = Boolean(f.keyword) || Boolean(f.ownerId) || p.dataScope !== 'ALL';
    return sql`FROM class_student cs
      ${member ? sql`JOIN member_user m ON m.id = cs.member_user_id` : sql``}
      ${client ? sql`LEFT JOIN client c ON c.id = cs.client_id` : sql``} WHERE ${where}`;
  }

  async list(p: Principal, q: ClassStudentListQuery) {
    const where = this.where(p, q);
    const order = orderOf(q.sort ?? '-joinedAt', SORTS, 'cs.id');
    const page = await pageOfIds<RawStudent>(
      this.db,
      q,
      sql`SELECT cs.id ${this.from(p, q, where)} ORDER BY ${order}`,
      'class_student_rows',
      (ids) => sql`${SELECT} WHERE cs.id = ANY(${sql.param(ids)}::bigint[])`,
      () => cappedCount(this.db, this.from(p, q, where)),
    );
    return { ...page, items: page.items.map(toStudent), page: q.page, pageSize: q.pageSize };
  }

  async count(p: Principal, f: Filters, cap: number) {
    return (await cappedCount(this.db, this.from(p, f, this.where(p, f)), cap)).total;
  }

  async *batches(p: Principal, f: Filters) {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await queryRows<RawStudent>(
        this.db,
        sql`${SELECT} WHERE ${this.where(p, f)} AND cs.id < ${before} ORDER BY cs.id DESC LIMIT 1000`,
      );
      if (!rows.length) return;
      yield rows.map(toStudent);
      before = Number(rows[rows.length - 1]?.id ?? 0);
    }
  }

  /** A member's class rows (the member drawer), everyone's scope: the member page reads all. */
  async ofMember(memberId: number) {
    const rows = await queryRows<RawStudent>(
      this.db,
      sql`${SELECT} WHERE cs.member_user_id = ${memberId} ORDER BY cs.joined_at DESC LIMIT 100`,
    );
    return rows.map(toStudent);
  }

  async get(p: Principal, id: number, db: DbOrTx = this.db) {
    const [row] = await queryRows<RawStudent>(
      db,
      sql`${SELECT} WHERE cs.id = ${id} AND ${this.where(p, {})}`,
    );
    if (!row) throw notFound();
    return toStudent(row);
  }

  /** The student row locked, in the caller's scope (404 outside it, so siyu cannot probe). */
  private async lockInScope(tx: DbOrTx, p: Principal, id: number) {
    const [row] = await queryRows<{
      id: number;
      class_id: number;
      member_user_id: number;
      client_id: number | null;
      order_id: number | null;
      order_item_id: number | null;
      deadline: Date | null;
      status: string;
      version: number;
    }>(
      tx,
      sql`SELECT cs.id, cs.class_id, cs.member_user_id, cs.client_id, cs.order_id, cs.order_item_id, cs.deadline, cs.status, cs.version
          FROM class_student cs LEFT JOIN client c ON c.id = cs.client_id
          WHERE cs.id = ${id} ${p.dataScope === 'ALL' ? sql`` : sql`AND ${scopeOf(p)}`} FOR UPDATE OF cs`,
    );
    if (!row) throw notFound();
    return row;
  }

  /** A class that takes students: live and not archived, locked so counts move one at a time. */
  private async openClass(tx: DbOrTx, classId: number, field = 'classId') {
    const [k] = await queryRows<{ id: number; spu_id: number | null; name: string }>(
      tx,
      sql`SELECT id, spu_id, name FROM course_class WHERE id = ${classId} AND deleted = false AND status <> 'ARCHIVED' FOR UPDATE`,
    );
    if (!k) throw fieldError(field, 'classNotFound');
    return k;
  }

  private async bump(tx: DbOrTx, classId: number, delta: number) {
    await tx.execute(
      sql`UPDATE course_class SET student_count = greatest(student_count + ${delta}, 0), updated_at = ${this.now()} WHERE id = ${classId}`,
    );
  }

  /**
   * Adds a member (by mobile) to a class: MANUAL, or IMPORT from the bulk import. The member is
   * created when none has the mobile; the client with that mobile is linked. A caller whose scope
   * is not ALL adds only members whose client is in their scope.
   */
  private async addOne(
    tx: DbOrTx,
    p: Principal,
    input: { classId: number; mobile: string; deadline: Date | null; remark: string },
    joinType: 'MANUAL' | 'IMPORT',
  ) {
    const mobile = mobileOf(input.mobile);
    await this.openClass(tx, input.classId);
    const [existing] = await queryRows<{ id: number; client_id: number | null }>(
      tx,
      sql`SELECT id, client_id FROM member_user WHERE mobile = ${mobile}`,
    );
    let clientId = num(existing?.client_id ?? null);
    if (clientId == null) {
      const [c] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM client WHERE mobile = ${mobile} AND deleted = false`,
      );
      clientId = num(c?.id ?? null);
    }
    if (p.dataScope !== 'ALL') {
      const owned = clientId
        ? await queryRows<{ id: number }>(
            tx,
            sql`SELECT c.id FROM client c WHERE c.id = ${clientId} AND ${scopeOf(p)}`,
          )
        : [];
      if (!owned.length) throw new AppError(403, 'studentNotOwnClient');
    }
    const member = await ensureMember(
      tx,
      { mobile, nickname: '', clientId, source: joinType === 'IMPORT' ? 'IMPORT' : 'ADMIN' },
      this.now(),
    );
    const added = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO class_student (class_id, member_user_id, client_id, join_type, joined_at, deadline, remark, created_by, updated_by, created_at, updated_at)
          VALUES (${input.classId}, ${member.id}, ${clientId}, ${joinType}, ${this.now()}, ${input.deadline}, ${input.remark}, ${p.userId}, ${p.userId}, ${this.now()}, ${this.now()})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (!added[0]) throw new AppError(409, 'studentExists');
    await this.bump(tx, input.classId, 1);
    return Number(added[0].id);
  }

  async add(
    p: Principal,
    input: { classId: number; mobile: string; deadline: string | null; remark: string },
    ip: string,
  ) {
    const id = await this.db.transaction(async (tx) => {
      const id = await this.addOne(
        tx,
        p,
        { ...input, deadline: input.deadline ? new Date(input.deadline) : null },
        'MANUAL',
      );
      await audit(
        tx,
        p,
        ip,
        'course.student.add',
        id,
        said(`added ${maskMobile(input.mobile)} to class ${input.classId}`, {
          mobile: maskMobile(input.mobile),
          classId: input.classId,
        }),
      );
      return id;
    });
    return this.get(p, id);
  }

  /** Bulk import by mobile, one transaction per row, answered per row. */
  async importMobiles(p: Principal, classId: number, mobiles: string[], lang: Language, ip: string) {
    const results: ImportResult['results'] = [];
    for (const [i, raw] of mobiles.entries()) {
      try {
        const id = await this.db.transaction(async (tx) => {
          const id = await this.addOne(tx, p, { classId, mobile: raw, deadline: null, remark: '' }, 'IMPORT');
          await audit(
            tx,
            p,
            ip,
            'course.student.import',
            id,
            said(`imported ${maskMobile(raw)} into class ${classId}`, { mobile: maskMobile(raw), classId }),
          );
          return id;
        });
        results.push({ row: i + 1, mobile: maskMobile(raw), ok: true, id, msg: 'ok' });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const fields = (err.data as { fields?: Record<string, { key: string }> } | null)?.fields;
        const key = (fields ? Object.values(fields)[0]?.key : err.messageKey) as Parameters<
          typeof formatMessage
        >[1];
        results.push({
          row: i + 1,
          mobile: maskMobile(raw),
          ok: false,
          id: null,
          msg: formatMessage(lang, key, err.params),
        });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  }

  /**
   * 转班: the old row becomes TRANSFERRED, a new TRANSFER_IN row keeps the order link and the
   * deadline. Only to a class of the same product unless admin; siyu only their own clients' rows.
   */
  async transfer(p: Principal, id: number, toClassId: number, remark: string, ip: string) {
    const newId = await this.db.transaction(async (tx) => {
      const row = await this.lockInScope(tx, p, id);
      if (row.status !== 'NORMAL') throw new AppError(409, 'studentNotNormal');
      if (Number(row.class_id) === toClassId) throw fieldError('toClassId', 'transferSameClass');
      const [from] = await queryRows<{ spu_id: number | null }>(
        tx,
        sql`SELECT spu_id FROM course_class WHERE id = ${row.class_id}`,
      );
      const to = await this.openClass(tx, toClassId, 'toClassId');
      if (!p.isAdmin && num(from?.spu_id ?? null) !== num(to.spu_id))
        throw fieldError('toClassId', 'transferSameSpu');
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO class_student (class_id, member_user_id, client_id, order_id, order_item_id, join_type, joined_at, deadline, remark, created_by, updated_by, created_at, updated_at)
            VALUES (${toClassId}, ${row.member_user_id}, ${row.client_id}, ${row.order_id}, ${row.order_item_id}, 'TRANSFER_IN', ${this.now()}, ${row.deadline}, ${remark}, ${p.userId}, ${p.userId}, ${this.now()}, ${this.now()})
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!inserted[0]) throw new AppError(409, 'studentExists');
      await tx.execute(
        sql`UPDATE class_student SET status = 'TRANSFERRED', transferred_to_id = ${inserted[0].id}, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId} WHERE id = ${id}`,
      );
      await this.bump(tx, Number(row.class_id), -1);
      await this.bump(tx, toClassId, 1);
      await audit(
        tx,
        p,
        ip,
        'course.student.transfer',
        id,
        said(`transferred from class ${row.class_id} to ${toClassId}`, {
          from: Number(row.class_id),
          to: toClassId,
        }),
        {
          newId: inserted[0].id,
        },
      );
      return Number(inserted[0].id);
    });
    return this.get(p, newId);
  }

  async remove(p: Principal, id: number, remark: string, ip: string) {
    await this.db.transaction(async (tx) => {
      const row = await this.lockInScope(tx, p, id);
      if (row.status !== 'NORMAL') throw new AppError(409, 'studentNotNormal');
      await tx.execute(
        sql`UPDATE class_student SET status = 'REMOVED', remark = CASE WHEN ${remark} = '' THEN remark ELSE ${remark} END, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId} WHERE id = ${id}`,
      );
      await this.bump(tx, Number(row.class_id), -1);
      await audit(
        tx,
        p,
        ip,
        'course.student.remove',
        id,
        said(`removed from class ${row.class_id}`, {
          classId: Number(row.class_id),
        }),
      );
    });
  }

  /** 延期: a new deadline (null = none); an EXPIRED student with a future deadline is NORMAL again. */
  async extend(p: Principal, id: number, until: string | null, version: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const row = await this.lockInScope(tx, p, id);
      if (row.version !== version) throw new AppError(409, 'conflict');
      if (row.status !== 'NORMAL' && row.status !== 'EXPIRED') throw new AppError(409, 'studentNotNormal');
      const end = until ? new Date(until) : null;
      if (end && end.getTime() <= this.now().getTime()) throw fieldError('until', 'untilInPast');
      const revive = row.status === 'EXPIRED';
      try {
        await tx.execute(
          sql`UPDATE class_student SET deadline = ${end}, status = 'NORMAL', version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId} WHERE id = ${id}`,
        );
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        if ((e.cause?.code ?? e.code) === '23505') throw new AppError(409, 'studentExists');
        throw err;
      }
      if (revive) await this.bump(tx, Number(row.class_id), 1);
      await audit(
        tx,
        p,
        ip,
        'course.student.extend',
        id,
        said(`deadline -> ${until ?? 'none'}`, { until: until ?? null }),
      );
    });
    return this.get(p, id);
  }
}
