import type { LessonRow } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { toIso } from '../../lib/list';
import { shanghaiTime } from './time';

/** One lesson row with its class, people, room and how many roll-call marks it has. */
export interface RawLesson {
  id: number;
  class_id: number;
  class_name: string;
  spu_id: number | null;
  date: string;
  starts_at: Date | string;
  ends_at: Date | string;
  teacher_id: number | null;
  teacher_name: string | null;
  assistant_id: number | null;
  assistant_name: string | null;
  room_id: number | null;
  room_name: string | null;
  online: boolean;
  hours: number;
  topic: string;
  status: LessonRow['status'];
  series_id: string | null;
  cancel_reason: string;
  marked: number;
  version: number;
}

export const LESSON_SELECT = sql`SELECT l.id, l.class_id, k.name AS class_name, k.spu_id, l.lesson_date::text AS date,
    l.starts_at, l.ends_at, l.teacher_id, coalesce(nullif(t.nickname, ''), t.username) AS teacher_name,
    l.assistant_id, coalesce(nullif(a.nickname, ''), a.username) AS assistant_name,
    l.room_id, r.name AS room_name, l.online, l.hours, l.topic, l.status, l.series_id, l.cancel_reason,
    (SELECT count(*)::int FROM roll_call rc WHERE rc.lesson_id = l.id) AS marked, l.version
  FROM lesson l JOIN course_class k ON k.id = l.class_id
  LEFT JOIN admin_user t ON t.id = l.teacher_id LEFT JOIN admin_user a ON a.id = l.assistant_id
  LEFT JOIN teaching_room r ON r.id = l.room_id`;

const n = (v: number | string | null) => (v == null ? null : Number(v));

export const toLesson = (r: RawLesson): LessonRow => {
  const starts = new Date(r.starts_at);
  const ends = new Date(r.ends_at);
  return {
    id: Number(r.id),
    classId: Number(r.class_id),
    className: r.class_name,
    spuId: n(r.spu_id),
    date: r.date,
    startTime: shanghaiTime(starts),
    endTime: shanghaiTime(ends),
    startsAt: toIso(starts) ?? '',
    endsAt: toIso(ends) ?? '',
    teacherId: n(r.teacher_id),
    teacherName: r.teacher_name,
    assistantId: n(r.assistant_id),
    assistantName: r.assistant_name,
    roomId: n(r.room_id),
    roomName: r.room_name,
    online: r.online,
    hours: r.hours,
    topic: r.topic,
    status: r.status,
    seriesId: r.series_id,
    cancelReason: r.cancel_reason,
    marked: r.marked,
    version: r.version,
  };
};

export const lessonsWhere = async (db: DbOrTx, where: SQL, tail: SQL = sql``) =>
  (await queryRows<RawLesson>(db, sql`${LESSON_SELECT} WHERE ${where} ${tail}`)).map(toLesson);

export const getLesson = async (db: DbOrTx, id: number) => {
  const [row] = await lessonsWhere(db, sql`l.id = ${id}`);
  if (!row) throw notFound();
  return row;
};

/** "Class 3月 2026-03-02 18:00-19:30": how a clash names the other lesson. */
export const lessonLabel = (l: Pick<LessonRow, 'className' | 'date' | 'startTime' | 'endTime'>) =>
  `${l.className} ${l.date} ${l.startTime}-${l.endTime}`;
