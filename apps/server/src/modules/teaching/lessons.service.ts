import { randomUUID } from 'node:crypto';
import {
  type LessonInput,
  type LessonListQuery,
  type LessonSeriesInput,
  type LessonUpdate,
  MAX_SERIES_LESSONS,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { said } from '../../lib/audit';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/list';
import type { Principal } from '../../types';
import { auditOf } from '../courses/common';
import { getLesson, lessonLabel, lessonsWhere } from './lesson-queries';
import { seriesDays, shanghaiInstant } from './time';

const audit = auditOf('lesson');
/** Every timetable write holds this lock, so two writers cannot both pass the clash check. */
const SCHEDULE_LOCK = 40_340_001;

interface Slot {
  id?: number;
  classId: number;
  startsAt: Date;
  endsAt: Date;
  teacherId: number | null;
  assistantId: number | null;
  roomId: number | null;
  online: boolean;
}

type Place = Pick<LessonInput, 'teacherId' | 'assistantId' | 'roomId' | 'online' | 'hours' | 'topic'>;

/** 排课 (docs/teaching.md): lessons of a class; a clash of teacher, room or class is refused. */
export class LessonService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(q: LessonListQuery) {
    const parts: SQL[] = [sql`k.deleted = false`];
    if (q.classId) parts.push(sql`l.class_id = ${q.classId}`);
    if (q.teacherId) parts.push(sql`(l.teacher_id = ${q.teacherId} OR l.assistant_id = ${q.teacherId})`);
    if (q.roomId) parts.push(sql`l.room_id = ${q.roomId}`);
    if (q.status) parts.push(sql`l.status = ${q.status}`);
    const day = (v: string) => v.length === 10;
    if (q.from)
      parts.push(day(q.from) ? sql`l.lesson_date >= ${q.from}` : sql`l.starts_at >= ${new Date(q.from)}`);
    if (q.to) parts.push(day(q.to) ? sql`l.lesson_date <= ${q.to}` : sql`l.starts_at <= ${new Date(q.to)}`);
    const where = sql.join(parts, sql` AND `);
    const dir = sql.raw(q.sort === '-startsAt' ? 'DESC' : 'ASC');
    const items = await lessonsWhere(
      this.db,
      where,
      sql`ORDER BY l.starts_at ${dir}, l.id ${dir} LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
    );
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM lesson l JOIN course_class k ON k.id = l.class_id WHERE ${where}`,
    );
    return { items, total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  get(id: number) {
    return getLesson(this.db, id);
  }

  async create(p: Principal, input: LessonInput, ip: string) {
    return this.db.transaction(async (tx) => {
      await this.lock(tx);
      await this.checkPlace(tx, input.classId, input);
      const slot = this.slot(input.classId, input.date, input.startTime, input.endTime, input);
      await this.assertFree(tx, slot);
      const id = await this.insert(tx, p, slot, input, input.date, null);
      const row = await getLesson(tx, id);
      await audit(
        tx,
        p,
        ip,
        'teaching.lesson.create',
        id,
        said(`scheduled lesson ${lessonLabel(row)}`, { lesson: lessonLabel(row) }),
      );
      return row;
    });
  }

  async createSeries(p: Principal, input: LessonSeriesInput, ip: string) {
    if (input.toDate < input.fromDate) throw fieldError('toDate', 'classDateOrder');
    const days = seriesDays(input, MAX_SERIES_LESSONS);
    if (!days.length) throw fieldError('weekdays', 'seriesEmpty');
    if (days.length > MAX_SERIES_LESSONS)
      throw fieldError('toDate', 'seriesTooMany', { max: MAX_SERIES_LESSONS });
    return this.db.transaction(async (tx) => {
      await this.lock(tx);
      await this.checkPlace(tx, input.classId, input);
      const seriesId = randomUUID();
      const ids: number[] = [];
      for (const day of days) {
        const slot = this.slot(input.classId, day, input.startTime, input.endTime, input);
        await this.assertFree(tx, slot);
        ids.push(await this.insert(tx, p, slot, input, day, seriesId));
      }
      const items = await lessonsWhere(tx, sql`l.series_id = ${seriesId}`, sql`ORDER BY l.starts_at`);
      const first = items[0];
      await audit(
        tx,
        p,
        ip,
        'teaching.lesson.series',
        ids[0] ?? 0,
        said(`scheduled ${items.length} lessons from ${first ? lessonLabel(first) : ''}`, {
          count: items.length,
          lesson: first ? lessonLabel(first) : '',
        }),
        { seriesId, days },
      );
      return { seriesId, items };
    });
  }

  /** Move or edit: date, times, people, room, hours, topic (not of a cancelled lesson). */
  async update(p: Principal, id: number, input: LessonUpdate, ip: string) {
    return this.db.transaction(async (tx) => {
      await this.lock(tx);
      const before = await this.locked(tx, id, input.version);
      await this.checkPlace(tx, before.classId, input);
      const slot = { ...this.slot(before.classId, input.date, input.startTime, input.endTime, input), id };
      await this.assertFree(tx, slot);
      await tx.execute(sql`UPDATE lesson SET lesson_date = ${input.date}, starts_at = ${slot.startsAt},
          ends_at = ${slot.endsAt}, teacher_id = ${slot.teacherId}, assistant_id = ${slot.assistantId},
          room_id = ${slot.roomId}, online = ${slot.online}, hours = ${input.hours}, topic = ${input.topic},
          version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
        WHERE id = ${id}`);
      const row = await getLesson(tx, id);
      await audit(
        tx,
        p,
        ip,
        'teaching.lesson.update',
        id,
        said(`changed lesson ${lessonLabel(before)} to ${lessonLabel(row)}`, {
          from: lessonLabel(before),
          lesson: lessonLabel(row),
        }),
      );
      return row;
    });
  }

  /** Cancel: refused while any student is charged for it (mark them leave/absent first). */
  async cancel(p: Principal, id: number, reason: string, version: number, ip: string) {
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id, version);
      const [charged] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM roll_call WHERE lesson_id = ${id} AND debited > 0`,
      );
      if (charged?.n) throw new AppError(409, 'lessonHasDebits', { count: charged.n });
      await tx.execute(sql`UPDATE lesson SET status = 'CANCELLED', cancel_reason = ${reason},
          version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId} WHERE id = ${id}`);
      await audit(
        tx,
        p,
        ip,
        'teaching.lesson.cancel',
        id,
        said(`cancelled lesson ${lessonLabel(before)}: ${reason}`, { lesson: lessonLabel(before), reason }),
      );
      return getLesson(tx, id);
    });
  }

  private lock(tx: DbOrTx) {
    return tx.execute(sql`SELECT pg_advisory_xact_lock(${SCHEDULE_LOCK})`);
  }

  private async locked(tx: DbOrTx, id: number, version: number) {
    const [row] = await queryRows<{ version: number; status: string }>(
      tx,
      sql`SELECT version, status FROM lesson WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound();
    if (row.status === 'CANCELLED') throw new AppError(409, 'lessonCancelled');
    if (row.version !== version) throw conflict();
    return getLesson(tx, id);
  }

  private slot(classId: number, date: string, start: string, end: string, place: Place): Slot {
    if (end <= start) throw fieldError('endTime', 'lessonTimeOrder');
    return {
      classId,
      startsAt: shanghaiInstant(date, start),
      endsAt: shanghaiInstant(date, end),
      teacherId: place.teacherId,
      assistantId: place.assistantId,
      roomId: place.online ? null : place.roomId,
      online: place.online,
    };
  }

  /** The class is live, the people are staff, the room is enabled. */
  private async checkPlace(tx: DbOrTx, classId: number, place: Place) {
    const [cls] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM course_class WHERE id = ${classId} AND deleted = false AND status <> 'ARCHIVED'`,
    );
    if (!cls) throw fieldError('classId', 'classNotFound');
    for (const field of ['teacherId', 'assistantId'] as const) {
      const uid = place[field];
      if (uid == null) continue;
      const [u] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM admin_user WHERE id = ${uid}`);
      if (!u) throw fieldError(field, 'notFound');
    }
    if (!place.online && place.roomId != null) {
      const [r] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM teaching_room WHERE id = ${place.roomId} AND status = 'ENABLED'`,
      );
      if (!r) throw fieldError('roomId', 'roomNotFound');
    }
  }

  /**
   * The first lesson at an overlapping time with the same class, the same teacher or assistant (as
   * either), or the same room (online lessons never clash on room): 409 naming it.
   */
  private async assertFree(tx: DbOrTx, s: Slot) {
    const staff = [s.teacherId, s.assistantId].filter((v): v is number => v != null);
    const same: SQL[] = [sql`l.class_id = ${s.classId}`];
    if (staff.length)
      same.push(
        sql`l.teacher_id = ANY(${sql.param(staff)}::bigint[]) OR l.assistant_id = ANY(${sql.param(staff)}::bigint[])`,
      );
    if (s.roomId != null && !s.online) same.push(sql`(l.room_id = ${s.roomId} AND l.online = false)`);
    const [other] = await lessonsWhere(
      tx,
      sql`l.status <> 'CANCELLED' AND l.starts_at < ${s.endsAt} AND l.ends_at > ${s.startsAt}
        ${s.id ? sql`AND l.id <> ${s.id}` : sql``} AND (${sql.join(same, sql` OR `)})`,
      sql`ORDER BY l.starts_at, l.id LIMIT 1`,
    );
    if (!other) return;
    const lesson = lessonLabel(other);
    const person = [
      [other.teacherId, other.teacherName],
      [other.assistantId, other.assistantName],
    ].find(([uid]) => uid != null && staff.includes(Number(uid)));
    if (person) throw new AppError(409, 'lessonClashTeacher', { name: String(person[1] ?? ''), lesson });
    if (s.roomId != null && other.roomId === s.roomId && !other.online)
      throw new AppError(409, 'lessonClashRoom', { name: other.roomName ?? '', lesson });
    throw new AppError(409, 'lessonClashClass', { lesson });
  }

  private async insert(
    tx: DbOrTx,
    p: Principal,
    s: Slot,
    place: Place,
    date: string,
    seriesId: string | null,
  ) {
    const now = this.now();
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO lesson (class_id, lesson_date, starts_at, ends_at, teacher_id, assistant_id, room_id, online,
          hours, topic, series_id, created_by, updated_by, created_at, updated_at)
        VALUES (${s.classId}, ${date}, ${s.startsAt}, ${s.endsAt}, ${s.teacherId}, ${s.assistantId}, ${s.roomId},
          ${s.online}, ${place.hours}, ${place.topic}, ${seriesId}, ${p.userId}, ${p.userId}, ${now}, ${now})
        RETURNING id`,
    );
    return Number(row?.id);
  }
}
