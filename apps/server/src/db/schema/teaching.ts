import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, ref, timestamps, tstz, version } from './columns';

/** 教室 (docs/teaching.md): a small dictionary of rooms a lesson takes place in. */
export const teachingRoom = pgTable(
  'teaching_room',
  {
    id: id(),
    name: varchar('name', { length: 32 }).notNull(),
    capacity: integer('capacity').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    sort: integer('sort').notNull().default(0),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('teaching_room_name_uq').on(t.name),
    check('teaching_room_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);

/** A class's teaching rules: absent students are charged; a balance may go below zero. */
export const teachingClassSetting = pgTable('teaching_class_setting', {
  classId: ref('class_id').primaryKey(),
  absentDeducts: boolean('absent_deducts').notNull().default(false),
  allowOwing: boolean('allow_owing').notNull().default(false),
  version: version(),
  ...timestamps(),
});

/** 课节: one lesson of a class; times are UTC, the day is the Asia/Shanghai calendar day. */
export const lesson = pgTable(
  'lesson',
  {
    id: id(),
    classId: ref('class_id').notNull(),
    lessonDate: date('lesson_date').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    teacherId: ref('teacher_id'),
    assistantId: ref('assistant_id'),
    roomId: ref('room_id'),
    online: boolean('online').notNull().default(false),
    hours: integer('hours').notNull().default(1),
    topic: varchar('topic', { length: 100 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('SCHEDULED'),
    seriesId: varchar('series_id', { length: 36 }),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('lesson_class_idx').on(t.classId, t.startsAt),
    index('lesson_teacher_idx').on(t.teacherId, t.startsAt),
    index('lesson_room_idx').on(t.roomId, t.startsAt),
    index('lesson_starts_idx').on(t.startsAt, t.id),
    check('lesson_status_chk', sql`${t.status} IN ('SCHEDULED','COMPLETED','CANCELLED')`),
    check('lesson_time_chk', sql`${t.endsAt} > ${t.startsAt}`),
    check('lesson_hours_chk', sql`${t.hours} BETWEEN 0 AND 20`),
  ],
);

/**
 * 点名: one row per (lesson, student). `debited` is the hours this row has charged now (0 or the
 * lesson's hours); `charges` counts debits ever made, so each debit and its reversal carry a number
 * the ledger's unique index holds to one.
 */
export const rollCall = pgTable(
  'roll_call',
  {
    id: id(),
    lessonId: ref('lesson_id').notNull(),
    memberUserId: ref('member_user_id').notNull(),
    classStudentId: ref('class_student_id'),
    status: varchar('status', { length: 16 }).notNull(),
    debited: integer('debited').notNull().default(0),
    charges: integer('charges').notNull().default(0),
    markedBy: ref('marked_by'),
    markedAt: tstz('marked_at').notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex('roll_call_lesson_member_uq').on(t.lessonId, t.memberUserId),
    index('roll_call_member_idx').on(t.memberUserId),
    check('roll_call_status_chk', sql`${t.status} IN ('PRESENT','LATE','LEAVE','ABSENT')`),
  ],
);

/** A member's hours of one course (product SPU); kept by every ledger row in the same transaction. */
export const hourBalance = pgTable(
  'hour_balance',
  {
    memberUserId: ref('member_user_id').notNull(),
    spuId: ref('spu_id').notNull(),
    balance: integer('balance').notNull().default(0),
    credited: integer('credited').notNull().default(0),
    consumed: integer('consumed').notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberUserId, t.spuId] })],
);

/** 课时流水: append-only; every balance change is one row with the balance before and after. */
export const hourLedger = pgTable(
  'hour_ledger',
  {
    id: id(),
    memberUserId: ref('member_user_id').notNull(),
    spuId: ref('spu_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    delta: integer('delta').notNull(),
    balanceBefore: integer('balance_before').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderId: ref('order_id'),
    orderItemId: ref('order_item_id'),
    lessonId: ref('lesson_id'),
    rollCallId: ref('roll_call_id'),
    chargeNo: integer('charge_no'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    actorId: ref('actor_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('hour_ledger_member_idx').on(t.memberUserId, t.spuId, t.id),
    uniqueIndex('hour_ledger_order_item_uq').on(t.orderItemId, t.kind).where(sql`order_item_id IS NOT NULL`),
    uniqueIndex('hour_ledger_roll_call_uq')
      .on(t.rollCallId, t.chargeNo, t.kind)
      .where(sql`roll_call_id IS NOT NULL`),
    check('hour_ledger_kind_chk', sql`${t.kind} IN ('ORDER','GIFT','MANUAL','ROLLCALL','REVERSAL','REFUND')`),
    check('hour_ledger_sum_chk', sql`${t.balanceAfter} = ${t.balanceBefore} + ${t.delta}`),
  ],
);
