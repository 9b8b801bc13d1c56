import { z } from 'zod';
import { businessDate } from './data-centre';
import { dateParam, listQueryOf, versionField } from './list';

/**
 * Teaching delivery (docs/teaching.md): rooms, lessons of a class (排课), roll call (点名) and the
 * course-hour ledger (课消). Hours are whole lesson hours; days are Asia/Shanghai calendar days and
 * times "HH:MM" in Shanghai.
 */
export const LESSON_STATUSES = ['SCHEDULED', 'COMPLETED', 'CANCELLED'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];
export const ROLL_CALL_STATUSES = ['PRESENT', 'LATE', 'LEAVE', 'ABSENT'] as const;
export type RollCallStatus = (typeof ROLL_CALL_STATUSES)[number];
export const HOUR_KINDS = ['ORDER', 'GIFT', 'MANUAL', 'ROLLCALL', 'REVERSAL', 'REFUND'] as const;
export type HourKind = (typeof HOUR_KINDS)[number];
/** At most this many lessons per series. */
export const MAX_SERIES_LESSONS = 200;

const iso = z.iso.datetime();
const idN = z.number().int().nullable();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'msg:invalidValue');
const staffId = z.number().int().positive().nullable().default(null);

// ---- rooms ----------------------------------------------------------------------------------------
export const roomRow = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  status: z.enum(['ENABLED', 'DISABLED']),
  sort: z.number().int(),
  version: z.number().int(),
});
export type RoomRow = z.infer<typeof roomRow>;
export const roomInput = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(32),
    capacity: z.number().int().min(0).max(10_000).default(0),
    status: z.enum(['ENABLED', 'DISABLED']).default('ENABLED'),
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .strict();
export const roomUpdate = roomInput.extend({ version: versionField }).strict();

// ---- class settings -------------------------------------------------------------------------------
export const classTeachingSettings = z.object({
  classId: z.number().int(),
  absentDeducts: z.boolean(),
  allowOwing: z.boolean(),
  version: z.number().int(),
});
export type ClassTeachingSettings = z.infer<typeof classTeachingSettings>;
export const classTeachingSettingsUpdate = z
  .object({ absentDeducts: z.boolean(), allowOwing: z.boolean(), version: versionField.nullable() })
  .strict();

// ---- lessons --------------------------------------------------------------------------------------
const lessonPlace = {
  teacherId: staffId,
  assistantId: staffId,
  roomId: z.number().int().positive().nullable().default(null),
  online: z.boolean().default(false),
  hours: z.number().int().min(0).max(20).default(1),
  topic: z.string().trim().max(100).default(''),
};
export const lessonInput = z
  .object({
    classId: z.number().int().positive(),
    date: businessDate,
    startTime: hhmm,
    endTime: hhmm,
    ...lessonPlace,
  })
  .strict();
export type LessonInput = z.infer<typeof lessonInput>;
/** Move or edit a lesson (date, times, people, room, hours, topic). */
export const lessonUpdate = lessonInput.omit({ classId: true }).extend({ version: versionField }).strict();
export type LessonUpdate = z.infer<typeof lessonUpdate>;

/** A weekly series: every chosen weekday (1 = Monday … 7 = Sunday) from-to, minus skipped days, at most `count`. */
export const lessonSeriesInput = z
  .object({
    classId: z.number().int().positive(),
    fromDate: businessDate,
    toDate: businessDate,
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, 'msg:required').max(7),
    startTime: hhmm,
    endTime: hhmm,
    count: z.number().int().min(1).max(MAX_SERIES_LESSONS).nullable().default(null),
    skipDates: z.array(businessDate).max(366).default([]),
    ...lessonPlace,
  })
  .strict();
export type LessonSeriesInput = z.infer<typeof lessonSeriesInput>;
export const lessonCancelBody = z
  .object({ reason: z.string().trim().max(200).default(''), version: versionField })
  .strict();

export const lessonRow = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  spuId: idN,
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: iso,
  endsAt: iso,
  teacherId: idN,
  teacherName: z.string().nullable(),
  assistantId: idN,
  assistantName: z.string().nullable(),
  roomId: idN,
  roomName: z.string().nullable(),
  online: z.boolean(),
  hours: z.number().int(),
  topic: z.string(),
  status: z.enum(LESSON_STATUSES),
  seriesId: z.string().nullable(),
  cancelReason: z.string(),
  /** Roll-call rows marked so far. */
  marked: z.number().int(),
  version: z.number().int(),
});
export type LessonRow = z.infer<typeof lessonRow>;

export const LESSON_SORTS = ['startsAt'] as const;
export const lessonListQuery = listQueryOf(LESSON_SORTS, {
  classId: z.coerce.number().int().positive().optional(),
  teacherId: z.coerce.number().int().positive().optional(),
  roomId: z.coerce.number().int().positive().optional(),
  status: z.enum(LESSON_STATUSES).optional(),
  /** A Shanghai day (lesson date) or an instant (lesson start), as the list's date range sends it. */
  from: z.union([businessDate, dateParam]).optional(),
  to: z.union([businessDate, dateParam]).optional(),
});
export type LessonListQuery = z.infer<typeof lessonListQuery>;
export const seriesResult = z.object({ seriesId: z.string(), items: z.array(lessonRow) });

// ---- roll call ------------------------------------------------------------------------------------
export const rollCallRow = z.object({
  memberId: z.number().int(),
  nickname: z.string(),
  /** Always masked. */
  mobile: z.string(),
  clientName: z.string().nullable(),
  status: z.enum(ROLL_CALL_STATUSES).nullable(),
  debited: z.number().int(),
  balance: z.number().int().nullable(),
  markedByName: z.string().nullable(),
  markedAt: iso.nullable(),
});
export type RollCallRow = z.infer<typeof rollCallRow>;
export const rollCallSheet = z.object({ lesson: lessonRow, items: z.array(rollCallRow) });
export const rollCallBody = z
  .object({
    marks: z
      .array(z.object({ memberId: z.number().int().positive(), status: z.enum(ROLL_CALL_STATUSES) }).strict())
      .min(1, 'msg:required')
      .max(200),
  })
  .strict();
export const rollCallResult = z.object({
  marked: z.number().int(),
  /** Students not marked, each with the reason in the caller's language. */
  refused: z.array(z.object({ memberId: z.number().int(), message: z.string() })),
  sheet: rollCallSheet,
});

// ---- hours ----------------------------------------------------------------------------------------
export const hourBalanceRow = z.object({
  memberId: z.number().int(),
  spuId: z.number().int(),
  spuName: z.string(),
  balance: z.number().int(),
  credited: z.number().int(),
  consumed: z.number().int(),
  updatedAt: iso,
});
export type HourBalanceRow = z.infer<typeof hourBalanceRow>;
export const hourLedgerRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  spuId: z.number().int(),
  spuName: z.string(),
  kind: z.enum(HOUR_KINDS),
  delta: z.number().int(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: idN,
  lessonId: idN,
  lessonDate: z.string().nullable(),
  className: z.string().nullable(),
  reason: z.string(),
  actorName: z.string().nullable(),
  createdAt: iso,
});
export type HourLedgerRow = z.infer<typeof hourLedgerRow>;
export const hourLedgerQuery = listQueryOf(['id'] as const, {
  memberId: z.coerce.number().int().positive(),
  spuId: z.coerce.number().int().positive().optional(),
});
export const memberHoursQuery = z.object({ memberId: z.coerce.number().int().positive() }).strict();
export const hourGrantBody = z
  .object({
    memberId: z.number().int().positive(),
    spuId: z.number().int().positive(),
    kind: z.enum(['GIFT', 'MANUAL']),
    /** Hours added (negative: taken away, never below zero). */
    hours: z
      .number()
      .int()
      .min(-10_000)
      .max(10_000)
      .refine((v) => v !== 0, 'msg:invalidValue'),
    reason: z.string().trim().min(1, 'msg:required').max(200),
  })
  .strict();
export type HourGrantBody = z.infer<typeof hourGrantBody>;
