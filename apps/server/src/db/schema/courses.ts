import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, ref, timestamps, tstz, version } from './columns';

/**
 * 用户管理: C-end members (DOMAIN 8). The normalised mobile is unique; `mobile_last4` is a stored
 * copy of the last four digits so "search by tail" is an index lookup, and the nickname has a
 * trigram index for contains-search. A member links to at most one client (unique client_id).
 */
export const memberUser = pgTable(
  'member_user',
  {
    id: id(),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    avatarUrl: varchar('avatar_url', { length: 512 }).notNull().default(''),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    mobileLast4: varchar('mobile_last4', { length: 4 }).generatedAlwaysAs(sql`right(mobile, 4)`),
    unionid: varchar('unionid', { length: 64 }),
    openids: jsonb('openids').notNull().default(sql`'{}'::jsonb`),
    registerPlatformId: ref('register_platform_id'),
    registerChannelId: ref('register_channel_id'),
    gradeId: ref('grade_id'),
    gender: varchar('gender', { length: 8 }).notNull().default('UNKNOWN'),
    region: varchar('region', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    source: varchar('source', { length: 16 }).notNull().default('ADMIN'),
    registeredAt: tstz('registered_at').notNull().defaultNow(),
    lastLoginAt: tstz('last_login_at'),
    clientId: ref('client_id'),
    orderCount: integer('order_count').notNull().default(0),
    totalPaid: bigint('total_paid', { mode: 'number' }).notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_user_mobile_uq').on(t.mobile),
    uniqueIndex('member_user_unionid_uq').on(t.unionid).where(sql`unionid IS NOT NULL`),
    uniqueIndex('member_user_client_uq').on(t.clientId).where(sql`client_id IS NOT NULL`),
    // The last four digits in the list's order (newest first): a siyu search reads its first page's
    // ids index-only, where (mobile_last4, id) fetched and sorted all ~100 matches (bench:courses).
    index('member_user_last4_registered_idx').on(t.mobileLast4, t.registeredAt, t.id),
    // Newest first, with the nickname in the index: a nickname contains-search walks it index-only
    // (no heap visit per skipped member) for its first page and its capped count (bench:courses).
    index('member_user_registered_nick_idx').on(t.registeredAt, t.id, t.nickname),
    index('member_user_nickname_trgm_idx').using('gin', sql`${t.nickname} gin_trgm_ops`),
    check('member_user_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);

/** 班级 (DOMAIN 6.1): a term of a product that students are enrolled into. */
export const courseClass = pgTable(
  'course_class',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    spuId: ref('spu_id'),
    skuId: ref('sku_id'),
    termNo: integer('term_no'),
    gradeId: ref('grade_id'),
    subject: varchar('subject', { length: 32 }).notNull().default(''),
    headTeacherId: ref('head_teacher_id'),
    teacherIds: ref('teacher_ids').array().notNull().default(sql`'{}'::bigint[]`),
    assistantIds: ref('assistant_ids').array().notNull().default(sql`'{}'::bigint[]`),
    /** 0 = unlimited. Auto-enrolment over capacity still enrols (Decision 7). */
    capacity: integer('capacity').notNull().default(0),
    startDate: date('start_date'),
    endDate: date('end_date'),
    schedule: varchar('schedule', { length: 500 }).notNull().default(''),
    wecomGroupChatId: varchar('wecom_group_chat_id', { length: 64 }),
    status: varchar('status', { length: 16 }).notNull().default('DRAFT'),
    /** NORMAL students, kept by every enrolment change in the same transaction. */
    studentCount: integer('student_count').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('course_class_code_uq').on(t.code),
    index('course_class_status_idx').on(t.status, t.startDate, t.id),
    index('course_class_spu_idx').on(t.spuId),
    index('course_class_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check(
      'course_class_status_chk',
      sql`${t.status} IN ('DRAFT','ENROLLING','IN_PROGRESS','FINISHED','ARCHIVED')`,
    ),
    check('course_class_capacity_chk', sql`${t.capacity} >= 0`),
  ],
);

/**
 * 班级学员. One NORMAL row per (class, member); an order item enrols at most once (the partial
 * unique indexes make a retried or concurrent enrolment a no-op under ON CONFLICT DO NOTHING).
 */
export const classStudent = pgTable(
  'class_student',
  {
    id: id(),
    classId: ref('class_id').notNull(),
    memberUserId: ref('member_user_id').notNull(),
    clientId: ref('client_id'),
    orderId: ref('order_id'),
    orderItemId: ref('order_item_id'),
    joinType: varchar('join_type', { length: 16 }).notNull(),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
    deadline: tstz('deadline'),
    status: varchar('status', { length: 16 }).notNull().default('NORMAL'),
    learnedCount: integer('learned_count').notNull().default(0),
    lastLearnAt: tstz('last_learn_at'),
    attendanceCount: integer('attendance_count').notNull().default(0),
    transferredToId: ref('transferred_to_id'),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('class_student_normal_uq').on(t.classId, t.memberUserId).where(sql`status = 'NORMAL'`),
    uniqueIndex('class_student_order_item_uq').on(t.orderItemId).where(sql`join_type = 'ORDER'`),
    index('class_student_class_idx').on(t.classId, t.joinedAt, t.id),
    index('class_student_member_idx').on(t.memberUserId),
    index('class_student_client_idx').on(t.clientId),
    index('class_student_order_idx').on(t.orderId),
    index('class_student_deadline_idx').on(t.deadline).where(sql`status = 'NORMAL' AND deadline IS NOT NULL`),
    check('class_student_join_chk', sql`${t.joinType} IN ('ORDER','MANUAL','TRANSFER_IN','IMPORT')`),
    check(
      'class_student_status_chk',
      sql`${t.status} IN ('NORMAL','TRANSFERRED','REFUNDED','REMOVED','EXPIRED')`,
    ),
  ],
);

/** 课程用户: an entitlement of a member to a product, until expires_at (NULL = lifetime). */
export const courseUser = pgTable(
  'course_user',
  {
    id: id(),
    memberUserId: ref('member_user_id').notNull(),
    spuId: ref('spu_id').notNull(),
    skuId: ref('sku_id'),
    source: varchar('source', { length: 16 }).notNull(),
    orderId: ref('order_id'),
    orderItemId: ref('order_item_id'),
    grantedAt: tstz('granted_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at'),
    status: varchar('status', { length: 16 }).notNull().default('ACTIVE'),
    progressPct: smallint('progress_pct').notNull().default(0),
    lastLearnAt: tstz('last_learn_at'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    remindedAt: tstz('reminded_at'),
    revokedAt: tstz('revoked_at'),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('course_user_order_item_uq').on(t.orderItemId).where(sql`source = 'ORDER'`),
    index('course_user_spu_expires_idx').on(t.spuId, t.expiresAt, t.id),
    // A product's newest grants first, read straight off the index (bench:courses).
    index('course_user_spu_granted_idx').on(t.spuId, t.grantedAt, t.id),
    index('course_user_member_idx').on(t.memberUserId),
    index('course_user_order_idx').on(t.orderId),
    index('course_user_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('course_user_active_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'ACTIVE' AND expires_at IS NOT NULL`),
    check('course_user_source_chk', sql`${t.source} IN ('ORDER','GIFT','MANUAL')`),
    check('course_user_status_chk', sql`${t.status} IN ('ACTIVE','EXPIRED','REVOKED')`),
  ],
);

/** 直播课堂 (DOMAIN 6.1). The provider's room id and its entry links; status by callbacks or schedule. */
export const liveSession = pgTable(
  'live_session',
  {
    id: id(),
    title: varchar('title', { length: 64 }).notNull(),
    classIds: ref('class_ids').array().notNull().default(sql`'{}'::bigint[]`),
    spuId: ref('spu_id'),
    teacherId: ref('teacher_id'),
    provider: varchar('provider', { length: 16 }).notNull(),
    roomId: varchar('room_id', { length: 64 }),
    watchUrl: varchar('watch_url', { length: 1024 }).notNull().default(''),
    scheduledStart: tstz('scheduled_start').notNull(),
    scheduledEnd: tstz('scheduled_end').notNull(),
    actualStart: tstz('actual_start'),
    actualEnd: tstz('actual_end'),
    status: varchar('status', { length: 16 }).notNull().default('SCHEDULED'),
    replayStatus: varchar('replay_status', { length: 16 }).notNull().default('NONE'),
    replayUrl: varchar('replay_url', { length: 1024 }).notNull().default(''),
    attendeeCount: integer('attendee_count').notNull().default(0),
    peakOnline: integer('peak_online').notNull().default(0),
    avgWatchMinutes: integer('avg_watch_minutes').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('live_session_start_idx').on(t.scheduledStart, t.id),
    index('live_session_classes_idx').using('gin', t.classIds),
    uniqueIndex('live_session_room_uq').on(t.provider, t.roomId).where(sql`room_id IS NOT NULL`),
    check('live_session_status_chk', sql`${t.status} IN ('SCHEDULED','LIVE','ENDED','CANCELLED')`),
    check('live_session_replay_chk', sql`${t.replayStatus} IN ('NONE','GENERATING','READY')`),
  ],
);

export const liveAttendance = pgTable(
  'live_attendance',
  {
    id: id(),
    sessionId: ref('session_id').notNull(),
    memberUserId: ref('member_user_id').notNull(),
    firstJoinAt: tstz('first_join_at'),
    lastLeaveAt: tstz('last_leave_at'),
    watchSeconds: integer('watch_seconds').notNull().default(0),
    replaySeconds: integer('replay_seconds').notNull().default(0),
  },
  (t) => [
    uniqueIndex('live_attendance_uq').on(t.sessionId, t.memberUserId),
    index('live_attendance_member_idx').on(t.memberUserId),
  ],
);

/** Provider callbacks seen, so a delivered-twice event is ignored. */
export const liveCallbackEvent = pgTable(
  'live_callback_event',
  {
    id: id(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventKey: varchar('event_key', { length: 200 }).notNull(),
    eventType: varchar('event_type', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('live_callback_event_uq').on(t.provider, t.eventKey)],
);

/** Provider user ids of our people (LCIC UserId ↔ OriginId "m<member id>" / "u<staff id>"). */
export const liveUserMap = pgTable(
  'live_user_map',
  {
    id: id(),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerUserId: varchar('provider_user_id', { length: 64 }).notNull(),
    originId: varchar('origin_id', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('live_user_map_uq').on(t.provider, t.providerUserId)],
);

/** The live classroom settings: one row; secrets sealed with SecretBox, never answered in full. */
export const liveProviderConfig = pgTable('live_provider_config', {
  id: id(),
  provider: varchar('provider', { length: 16 }).notNull().default('sandbox'),
  sdkAppId: varchar('sdk_app_id', { length: 32 }).notNull().default(''),
  secretId: varchar('secret_id', { length: 128 }).notNull().default(''),
  secretKeySealed: text('secret_key_sealed'),
  callbackKeySealed: text('callback_key_sealed'),
  endpoint: varchar('endpoint', { length: 200 }).notNull().default(''),
  enterHost: varchar('enter_host', { length: 200 }).notNull().default(''),
  version: version(),
  ...timestamps(),
});
