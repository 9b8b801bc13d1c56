import {
  CLASS_TRANSITIONS,
  type ClassInput,
  type ClassListQuery,
  type ClassRow,
  type ClassStatus,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { courseClass } from '../../db/schema';
import { said } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import { auditOf, cappedCount, num, orderOf } from './common';

interface RawClass {
  id: number;
  name: string;
  code: string;
  spu_id: number | null;
  spu_name: string | null;
  sku_id: number | null;
  term_no: number | null;
  grade_id: number | null;
  grade_name: string | null;
  subject: string;
  head_teacher_id: number | null;
  teacher_ids: (number | string)[];
  assistant_ids: (number | string)[];
  capacity: number;
  student_count: number;
  start_date: string | null;
  end_date: string | null;
  schedule: string;
  wecom_group_chat_id: string | null;
  status: ClassStatus;
  remark: string;
  created_at: Date | string;
  version: number;
}

const SELECT = sql`SELECT k.id, k.name, k.code, k.spu_id, s.name AS spu_name, k.sku_id, k.term_no, k.grade_id,
  g.name AS grade_name, k.subject, k.head_teacher_id, k.teacher_ids, k.assistant_ids, k.capacity, k.student_count,
  k.start_date::text AS start_date, k.end_date::text AS end_date, k.schedule, k.wecom_group_chat_id, k.status,
  k.remark, k.created_at, k.version
  FROM course_class k LEFT JOIN product_spu s ON s.id = k.spu_id LEFT JOIN grade g ON g.id = k.grade_id`;

const SORTS = {
  startDate: { col: 'k.start_date', nullable: true },
  createdAt: { col: 'k.created_at' },
  studentCount: { col: 'k.student_count' },
  name: { col: 'k.name' },
};

const audit = auditOf('class');
type Filters = Omit<Partial<ClassListQuery>, 'page' | 'pageSize' | 'sort'>;

/** 班级 (DOMAIN 6.1, 6.3): terms with staff, capacity (Decision 7), schedule and status moves. */
export class ClassService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private async staffNames(db: DbOrTx, ids: number[]) {
    if (!ids.length) return new Map<number, string>();
    const rows = await queryRows<{ id: number; name: string }>(
      db,
      sql`SELECT id, coalesce(nullif(nickname, ''), username) AS name FROM admin_user WHERE id = ANY(${sql.param(ids)}::bigint[])`,
    );
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  private async toRows(db: DbOrTx, rows: RawClass[]): Promise<ClassRow[]> {
    const ids = new Set<number>();
    for (const r of rows) {
      if (r.head_teacher_id != null) ids.add(Number(r.head_teacher_id));
      for (const t of [...r.teacher_ids, ...r.assistant_ids]) ids.add(Number(t));
    }
    const names = await this.staffNames(db, [...ids]);
    const ref = (id: number | string) => ({ id: Number(id), name: names.get(Number(id)) ?? String(id) });
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      code: r.code,
      spuId: num(r.spu_id),
      spuName: r.spu_name,
      skuId: num(r.sku_id),
      termNo: r.term_no,
      gradeId: num(r.grade_id),
      gradeName: r.grade_name,
      subject: r.subject,
      headTeacher: r.head_teacher_id == null ? null : ref(r.head_teacher_id),
      teachers: r.teacher_ids.map(ref),
      assistants: r.assistant_ids.map(ref),
      capacity: r.capacity,
      studentCount: r.student_count,
      overCapacity: r.capacity > 0 && r.student_count > r.capacity,
      startDate: r.start_date,
      endDate: r.end_date,
      schedule: r.schedule,
      wecomGroupChatId: r.wecom_group_chat_id,
      status: r.status,
      remark: r.remark,
      createdAt: toIso(r.created_at) as string,
      version: r.version,
    }));
  }

  where(f: Filters): SQL {
    const parts: SQL[] = [sql`k.deleted = false`];
    if (f.keyword)
      parts.push(sql`(k.name ILIKE ${likeContains(f.keyword)} OR k.code ILIKE ${likeContains(f.keyword)})`);
    if (f.spuId) parts.push(sql`k.spu_id = ${f.spuId}`);
    if (f.gradeId) parts.push(sql`k.grade_id = ${f.gradeId}`);
    if (f.teacherId)
      parts.push(
        sql`(k.head_teacher_id = ${f.teacherId} OR ${f.teacherId}::bigint = ANY(k.teacher_ids) OR ${f.teacherId}::bigint = ANY(k.assistant_ids))`,
      );
    if (f.status?.length) parts.push(sql`k.status = ANY(${sql.param(f.status)}::text[])`);
    if (f.startFrom) parts.push(sql`k.start_date >= ${f.startFrom}`);
    if (f.startTo) parts.push(sql`k.start_date <= ${f.startTo}`);
    if (f.overCapacity === true) parts.push(sql`k.capacity > 0 AND k.student_count > k.capacity`);
    if (f.overCapacity === false) parts.push(sql`NOT (k.capacity > 0 AND k.student_count > k.capacity)`);
    return sql.join(parts, sql` AND `);
  }

  async list(q: ClassListQuery) {
    const where = this.where(q);
    const order = orderOf(q.sort ?? '-createdAt', SORTS, 'k.id');
    const [rows, count] = await Promise.all([
      queryRows<RawClass>(
        this.db,
        sql`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
      ),
      cappedCount(this.db, sql`FROM course_class k WHERE ${where}`),
    ]);
    return { items: await this.toRows(this.db, rows), ...count, page: q.page, pageSize: q.pageSize };
  }

  async count(f: Filters, cap: number) {
    return (await cappedCount(this.db, sql`FROM course_class k WHERE ${this.where(f)}`, cap)).total;
  }

  async *batches(f: Filters) {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await queryRows<RawClass>(
        this.db,
        sql`${SELECT} WHERE ${this.where(f)} AND k.id < ${before} ORDER BY k.id DESC LIMIT 1000`,
      );
      if (!rows.length) return;
      yield await this.toRows(this.db, rows);
      before = Number(rows[rows.length - 1]?.id ?? 0);
    }
  }

  /** Options for pickers (product form, transfer, live sessions): live classes by name or code. */
  async options(keyword: string | undefined, spuId: number | undefined, ids: number[] = []) {
    const rows = await queryRows<{
      id: number;
      name: string;
      code: string;
      spu_id: number | null;
      status: ClassStatus;
    }>(
      this.db,
      sql`SELECT id, name, code, spu_id, status FROM course_class
          WHERE deleted = false AND ((status <> 'ARCHIVED'
          ${keyword ? sql`AND (name ILIKE ${likeContains(keyword)} OR code ILIKE ${likeContains(keyword)})` : sql``}
          ${spuId ? sql`AND spu_id = ${spuId}` : sql``}) OR id = ANY(${sql.param(ids)}::bigint[]))
          ORDER BY id DESC LIMIT ${50 + ids.length}`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      code: r.code,
      spuId: num(r.spu_id),
      status: r.status,
    }));
  }

  /** Enabled console users by name or username (teacher pickers, owner filters); `ids` always included. */
  async staffOptions(keyword: string | undefined, ids: number[]) {
    const rows = await queryRows<{ id: number; name: string; username: string }>(
      this.db,
      sql`SELECT id, coalesce(nullif(nickname, ''), username) AS name, username FROM admin_user
          WHERE deleted = false AND (
            (status = 'ENABLED' ${keyword ? sql`AND (nickname ILIKE ${likeContains(keyword)} OR username ILIKE ${likeContains(keyword)})` : sql``})
            OR id = ANY(${sql.param(ids)}::bigint[]))
          ORDER BY id LIMIT 50`,
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, username: r.username }));
  }

  async get(id: number, db: DbOrTx = this.db): Promise<ClassRow> {
    const rows = await queryRows<RawClass>(db, sql`${SELECT} WHERE k.id = ${id} AND k.deleted = false`);
    if (!rows.length) throw notFound();
    return (await this.toRows(db, rows))[0] as ClassRow;
  }

  private async check(tx: DbOrTx, input: ClassInput, exceptId?: number) {
    if (input.startDate && input.endDate && input.endDate < input.startDate)
      throw fieldError('endDate', 'classDateOrder');
    const [taken] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM course_class WHERE code = ${input.code} ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
    );
    if (taken) throw fieldError('code', 'classCodeTaken');
    if (input.spuId) {
      const [spu] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM product_spu WHERE id = ${input.spuId} AND deleted = false`,
      );
      if (!spu) throw fieldError('spuId', 'notFound');
    }
    if (input.skuId) {
      const [sku] = await queryRows<{ spu_id: number }>(
        tx,
        sql`SELECT spu_id FROM product_sku WHERE id = ${input.skuId}`,
      );
      if (!sku || (input.spuId && Number(sku.spu_id) !== input.spuId)) throw fieldError('skuId', 'notFound');
    }
    const staff = [
      ...(input.headTeacherId ? [input.headTeacherId] : []),
      ...input.teacherIds,
      ...input.assistantIds,
    ];
    if (staff.length) {
      const found = await this.staffNames(tx, [...new Set(staff)]);
      const field =
        !input.headTeacherId || found.has(input.headTeacherId)
          ? input.teacherIds.some((t) => !found.has(t))
            ? 'teacherIds'
            : input.assistantIds.some((t) => !found.has(t))
              ? 'assistantIds'
              : null
          : 'headTeacherId';
      if (field) throw fieldError(field, 'notFound');
    }
  }

  private values(input: ClassInput) {
    return {
      name: input.name,
      code: input.code,
      spuId: input.spuId,
      skuId: input.skuId,
      termNo: input.termNo,
      gradeId: input.gradeId,
      subject: input.subject,
      headTeacherId: input.headTeacherId,
      teacherIds: [...new Set(input.teacherIds)],
      assistantIds: [...new Set(input.assistantIds)],
      capacity: input.capacity,
      startDate: input.startDate,
      endDate: input.endDate,
      schedule: input.schedule,
      wecomGroupChatId: input.wecomGroupChatId || null,
      remark: input.remark,
    };
  }

  private uniqueCode(err: unknown) {
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) === '23505') throw fieldError('code', 'classCodeTaken');
    throw err;
  }

  async create(p: Principal, input: ClassInput, ip: string) {
    const id = await this.db
      .transaction(async (tx) => {
        await this.check(tx, input);
        const [row] = await tx
          .insert(courseClass)
          .values({ ...this.values(input), status: 'DRAFT', createdBy: p.userId, updatedBy: p.userId })
          .returning({ id: courseClass.id });
        if (!row) throw new Error('insert failed');
        await audit(
          tx,
          p,
          ip,
          'course.class.create',
          row.id,
          said(`created class ${input.code} ${input.name}`, {
            code: input.code,
            name: input.name,
          }),
        );
        return row.id;
      })
      .catch((e) => this.uniqueCode(e));
    return this.get(id as number);
  }

  async update(p: Principal, id: number, input: ClassInput & { version: number }, ip: string) {
    await this.db
      .transaction(async (tx) => {
        const before = await this.get(id, tx);
        await this.check(tx, input, id);
        await updateVersioned(
          tx,
          courseClass,
          id,
          input.version,
          { ...this.values(input), updatedBy: p.userId },
          sql`deleted = false`,
        );
        await audit(
          tx,
          p,
          ip,
          'course.class.update',
          id,
          said(`updated class ${input.code}`, { code: input.code }),
          {
            before: { name: before.name, capacity: before.capacity, status: before.status },
            after: { name: input.name, capacity: input.capacity },
          },
        );
      })
      .catch((e) => this.uniqueCode(e));
    return this.get(id);
  }

  /** A status move along CLASS_TRANSITIONS; the status is part of the UPDATE's condition. */
  async setStatus(p: Principal, id: number, status: ClassStatus, version: number | null, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (!CLASS_TRANSITIONS[before.status].includes(status))
        throw new AppError(409, 'classBadTransition', { from: before.status, to: status });
      const res = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE course_class SET status = ${status}, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
            WHERE id = ${id} AND status = ${before.status} AND deleted = false
            ${version == null ? sql`` : sql`AND version = ${version}`} RETURNING id`,
      );
      if (!res.length) throw new AppError(409, 'conflict');
      await audit(
        tx,
        p,
        ip,
        'course.class.status',
        id,
        said(`class ${before.code} ${before.status} -> ${status}`, {
          code: before.code,
          classStatusFrom: before.status,
          classStatus: status,
        }),
      );
    });
    return this.get(id);
  }

  /** Copy: a new DRAFT class with the same product, staff, capacity and schedule; no students. */
  async copy(p: Principal, id: number, code: string, name: string | undefined, ip: string) {
    const src = await this.get(id);
    const input: ClassInput = {
      name: (name ?? `${src.name}（副本）`).slice(0, 64),
      code,
      spuId: src.spuId,
      skuId: src.skuId,
      termNo: src.termNo == null ? null : src.termNo + 1,
      gradeId: src.gradeId,
      subject: src.subject,
      headTeacherId: src.headTeacher?.id ?? null,
      teacherIds: src.teachers.map((t) => t.id),
      assistantIds: src.assistants.map((t) => t.id),
      capacity: src.capacity,
      startDate: null,
      endDate: null,
      schedule: src.schedule,
      wecomGroupChatId: null,
      remark: src.remark,
    };
    const created = await this.create(p, input, ip);
    return created;
  }

  /** Delete (soft): only a class without current students and no SKU bound to it. */
  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ student_count: number; code: string; skus: number }>(
        tx,
        sql`SELECT student_count, code, (SELECT count(*)::int FROM product_sku WHERE class_id = k.id AND archived = false) AS skus
            FROM course_class k WHERE id = ${id} AND deleted = false FOR UPDATE`,
      );
      if (!row) throw notFound();
      if (row.student_count > 0) throw new AppError(409, 'classHasStudents', { count: row.student_count });
      if (row.skus > 0) throw new AppError(409, 'classBoundToSku', { count: row.skus });
      await tx.execute(
        sql`UPDATE course_class SET deleted = true, code = left(code, 30) || '~' || id, version = version + 1, updated_at = ${this.now()} WHERE id = ${id}`,
      );
      await audit(
        tx,
        p,
        ip,
        'course.class.delete',
        id,
        said(`deleted class ${row.code}`, { code: row.code }),
      );
    });
  }
}
