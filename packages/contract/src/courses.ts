import { z } from 'zod';
import { businessDate } from './data-centre';
import { bulkIdsBody, dateParam, enumList, INT4_MAX, listQueryOf, queryBool, versionField } from './list';

/**
 * Members (C-end users, DOMAIN 8), classes, class students, course users (entitlements) and live
 * sessions (DOMAIN 6). Phones are always masked in rows; the full number comes from the audited
 * reveal (`member.phone.view`).
 */
/** Client owners hear of entitlements ending within this many days (daily reminder). */
export const COURSE_EXPIRY_NOTIFY_DAYS = 7;

const iso = z.iso.datetime();
const isoN = iso.nullable();
const idN = z.number().int().nullable();
const mobileInput = z.string().trim().min(1, 'msg:required').max(32);
/** A calendar day (the shared one: real days, years PostgreSQL takes). */
const ymd = businessDate;

// ---- members ------------------------------------------------------------------------------------
export const MEMBER_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_SOURCES = ['ORDER', 'IMPORT', 'ADMIN'] as const;
export const MEMBER_GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;

export const memberRow = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatarUrl: z.string(),
  /** Always masked (138****1234). */
  mobile: z.string(),
  gender: z.enum(MEMBER_GENDERS),
  region: z.string(),
  status: z.enum(MEMBER_STATUSES),
  source: z.enum(MEMBER_SOURCES),
  registerPlatformId: idN,
  registerPlatformName: z.string().nullable(),
  registerChannelId: idN,
  registerChannelName: z.string().nullable(),
  gradeId: idN,
  gradeName: z.string().nullable(),
  clientId: idN,
  clientName: z.string().nullable(),
  orderCount: z.number().int(),
  totalPaid: z.number().int(),
  registeredAt: iso,
  lastLoginAt: isoN,
  remark: z.string(),
  version: z.number().int(),
});
export type MemberRow = z.infer<typeof memberRow>;

export const MEMBER_SORTS = ['registeredAt', 'totalPaid', 'orderCount', 'lastLoginAt'] as const;
export const memberListQuery = listQueryOf(MEMBER_SORTS, {
  /** Full mobile, its last 4 digits, or part of the nickname. */
  keyword: z.string().trim().max(64).optional(),
  platformId: z.coerce.number().int().positive().optional(),
  channelId: z.coerce.number().int().positive().optional(),
  gradeId: z.coerce.number().int().positive().optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  registeredFrom: dateParam.optional(),
  registeredTo: dateParam.optional(),
  hasPaid: queryBool.optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export const memberCreate = z
  .object({
    mobile: mobileInput,
    nickname: z.string().trim().max(64).default(''),
    gender: z.enum(MEMBER_GENDERS).default('UNKNOWN'),
    region: z.string().trim().max(64).default(''),
    gradeId: z.number().int().positive().nullable().default(null),
    registerPlatformId: z.number().int().positive().nullable().default(null),
    registerChannelId: z.number().int().positive().nullable().default(null),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type MemberCreate = z.infer<typeof memberCreate>;
export const memberStatusBody = z.object({ status: z.enum(MEMBER_STATUSES), version: versionField }).strict();
export const memberLinkBody = z
  .object({ clientId: z.number().int().positive().nullable(), version: versionField })
  .strict();
export const memberRevealResult = z.object({ mobile: z.string() });

export const importRowResult = z.object({
  row: z.number().int(),
  mobile: z.string(),
  ok: z.boolean(),
  id: z.number().int().nullable(),
  msg: z.string(),
});
export const importResult = z.object({
  results: z.array(importRowResult),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;
export const memberImportBody = z
  .object({
    rows: z
      .array(
        z
          .object({
            mobile: z.string().max(32),
            nickname: z.string().trim().max(64).default(''),
            remark: z.string().trim().max(500).default(''),
          })
          .strict(),
      )
      .min(1)
      .max(5000),
  })
  .strict();

// ---- classes ------------------------------------------------------------------------------------
export const CLASS_STATUSES = ['DRAFT', 'ENROLLING', 'IN_PROGRESS', 'FINISHED', 'ARCHIVED'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];
/** Allowed status moves (DOMAIN 6.1): forward through the term, a step back where it makes sense. */
export const CLASS_TRANSITIONS: Record<ClassStatus, readonly ClassStatus[]> = {
  DRAFT: ['ENROLLING', 'ARCHIVED'],
  ENROLLING: ['DRAFT', 'IN_PROGRESS', 'FINISHED'],
  IN_PROGRESS: ['FINISHED'],
  FINISHED: ['IN_PROGRESS', 'ARCHIVED'],
  ARCHIVED: ['FINISHED'],
};

const staffRef = z.object({ id: z.number().int(), name: z.string() });
export const classRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  spuId: idN,
  spuName: z.string().nullable(),
  skuId: idN,
  termNo: z.number().int().nullable(),
  gradeId: idN,
  gradeName: z.string().nullable(),
  subject: z.string(),
  headTeacher: staffRef.nullable(),
  teachers: z.array(staffRef),
  assistants: z.array(staffRef),
  capacity: z.number().int(),
  studentCount: z.number().int(),
  /** capacity > 0 and more NORMAL students than capacity (Decision 7). */
  overCapacity: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  schedule: z.string(),
  wecomGroupChatId: z.string().nullable(),
  status: z.enum(CLASS_STATUSES),
  remark: z.string(),
  createdAt: iso,
  version: z.number().int(),
});
export type ClassRow = z.infer<typeof classRow>;

export const CLASS_SORTS = ['startDate', 'createdAt', 'studentCount', 'name'] as const;
export const classListQuery = listQueryOf(CLASS_SORTS, {
  keyword: z.string().trim().max(64).optional(),
  spuId: z.coerce.number().int().positive().optional(),
  gradeId: z.coerce.number().int().positive().optional(),
  teacherId: z.coerce.number().int().positive().optional(),
  status: enumList(CLASS_STATUSES).optional(),
  startFrom: ymd.optional(),
  startTo: ymd.optional(),
  overCapacity: queryBool.optional(),
});
export type ClassListQuery = z.infer<typeof classListQuery>;

const ids = z.array(z.number().int().positive()).max(20).default([]);
export const classInput = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(64),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'msg:invalidValue'),
    spuId: z.number().int().positive().nullable().default(null),
    skuId: z.number().int().positive().nullable().default(null),
    termNo: z.number().int().min(1).max(9999).nullable().default(null),
    gradeId: z.number().int().positive().nullable().default(null),
    subject: z.string().trim().max(32).default(''),
    headTeacherId: z.number().int().positive().nullable().default(null),
    teacherIds: ids,
    assistantIds: ids,
    capacity: z.number().int().min(0).max(100_000).default(0),
    startDate: ymd.nullable().default(null),
    endDate: ymd.nullable().default(null),
    schedule: z.string().trim().max(500).default(''),
    wecomGroupChatId: z.string().trim().max(64).nullable().default(null),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type ClassInput = z.infer<typeof classInput>;
export const classUpdate = classInput.extend({ version: versionField }).strict();
export const classStatusBody = z.object({ status: z.enum(CLASS_STATUSES), version: versionField }).strict();
export const classBulkStatusBody = bulkIdsBody.extend({ status: z.enum(CLASS_STATUSES) }).strict();
export const classCopyBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'msg:invalidValue'),
    name: z.string().trim().min(1).max(64).optional(),
  })
  .strict();
export const classOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  spuId: idN,
  status: z.enum(CLASS_STATUSES),
});

// ---- class students ---------------------------------------------------------------------------
export const JOIN_TYPES = ['ORDER', 'MANUAL', 'TRANSFER_IN', 'IMPORT'] as const;
export const STUDENT_STATUSES = ['NORMAL', 'TRANSFERRED', 'REFUNDED', 'REMOVED', 'EXPIRED'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const classStudentRow = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  memberId: z.number().int(),
  memberNickname: z.string(),
  /** Masked. */
  mobile: z.string(),
  clientId: idN,
  clientName: z.string().nullable(),
  clientOwnerId: idN,
  clientOwnerName: z.string().nullable(),
  orderId: idN,
  orderNo: z.string().nullable(),
  joinType: z.enum(JOIN_TYPES),
  joinedAt: iso,
  deadline: isoN,
  status: z.enum(STUDENT_STATUSES),
  learnedCount: z.number().int(),
  lastLearnAt: isoN,
  attendanceCount: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
});
export type ClassStudentRow = z.infer<typeof classStudentRow>;

export const STUDENT_SORTS = ['joinedAt', 'deadline', 'learnedCount', 'attendanceCount'] as const;
export const classStudentListQuery = listQueryOf(STUDENT_SORTS, {
  classId: z.coerce.number().int().positive().optional(),
  memberId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(64).optional(),
  status: enumList(STUDENT_STATUSES).optional(),
  joinType: enumList(JOIN_TYPES).optional(),
  ownerId: z.coerce.number().int().positive().optional(),
  learnedMin: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  learnedMax: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
});
export type ClassStudentListQuery = z.infer<typeof classStudentListQuery>;

export const studentAddBody = z
  .object({
    classId: z.number().int().positive(),
    mobile: mobileInput,
    deadline: dateParam.nullable().default(null),
    remark: z.string().trim().max(200).default(''),
  })
  .strict();
export const studentTransferBody = z
  .object({ toClassId: z.number().int().positive(), remark: z.string().trim().max(200).default('') })
  .strict();
export const studentBulkTransferBody = bulkIdsBody
  .extend({ toClassId: z.number().int().positive(), remark: z.string().trim().max(200).default('') })
  .strict();
export const studentRemoveBody = z.object({ remark: z.string().trim().max(200).default('') }).strict();
export const extendBody = z
  .object({
    /** The new end; null = no end (lifetime). */
    until: dateParam.nullable(),
    version: versionField,
  })
  .strict();
export const studentImportBody = z
  .object({
    classId: z.number().int().positive(),
    mobiles: z.array(z.string().max(32)).min(1).max(5000),
  })
  .strict();

// ---- course users (entitlements) ---------------------------------------------------------------
export const COURSE_USER_SOURCES = ['ORDER', 'GIFT', 'MANUAL'] as const;
export const COURSE_USER_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export const courseUserRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberNickname: z.string(),
  mobile: z.string(),
  spuId: z.number().int(),
  spuName: z.string(),
  skuId: idN,
  source: z.enum(COURSE_USER_SOURCES),
  orderId: idN,
  orderNo: z.string().nullable(),
  grantedAt: iso,
  expiresAt: isoN,
  status: z.enum(COURSE_USER_STATUSES),
  progressPct: z.number().int(),
  lastLearnAt: isoN,
  reason: z.string(),
  version: z.number().int(),
});
export type CourseUserRow = z.infer<typeof courseUserRow>;
export const COURSE_USER_SORTS = ['grantedAt', 'expiresAt', 'progressPct'] as const;
export const courseUserListQuery = listQueryOf(COURSE_USER_SORTS, {
  spuId: z.coerce.number().int().positive().optional(),
  memberId: z.coerce.number().int().positive().optional(),
  status: enumList(COURSE_USER_STATUSES).optional(),
  source: enumList(COURSE_USER_SOURCES).optional(),
  expiresFrom: dateParam.optional(),
  expiresTo: dateParam.optional(),
  mobile: z.string().trim().max(32).optional(),
});
export type CourseUserListQuery = z.infer<typeof courseUserListQuery>;
export const courseUserGrantBody = z
  .object({
    mobile: mobileInput,
    spuId: z.number().int().positive(),
    expiresAt: dateParam.nullable().default(null),
    reason: z.string().trim().min(1, 'msg:required').max(200),
  })
  .strict();
export const courseUserRevokeBody = z
  .object({ reason: z.string().trim().min(1, 'msg:required').max(200), version: versionField })
  .strict();

// ---- live sessions ---------------------------------------------------------------------------
export const LIVE_STATUSES = ['SCHEDULED', 'LIVE', 'ENDED', 'CANCELLED'] as const;
export const REPLAY_STATUSES = ['NONE', 'GENERATING', 'READY'] as const;
export const LIVE_PROVIDERS = ['sandbox', 'lcic'] as const;
export type LiveProviderKind = (typeof LIVE_PROVIDERS)[number];
export const liveSessionRow = z.object({
  id: z.number().int(),
  title: z.string(),
  classIds: z.array(z.number().int()),
  classNames: z.array(z.string()),
  spuId: idN,
  teacherId: idN,
  teacherName: z.string().nullable(),
  provider: z.enum(LIVE_PROVIDERS),
  roomId: z.string().nullable(),
  watchUrl: z.string(),
  scheduledStart: iso,
  scheduledEnd: iso,
  actualStart: isoN,
  actualEnd: isoN,
  status: z.enum(LIVE_STATUSES),
  replayStatus: z.enum(REPLAY_STATUSES),
  replayUrl: z.string(),
  attendeeCount: z.number().int(),
  peakOnline: z.number().int(),
  avgWatchMinutes: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
});
export type LiveSessionRow = z.infer<typeof liveSessionRow>;
export const LIVE_SORTS = ['scheduledStart', 'attendeeCount'] as const;
export const liveListQuery = listQueryOf(LIVE_SORTS, {
  classId: z.coerce.number().int().positive().optional(),
  teacherId: z.coerce.number().int().positive().optional(),
  status: enumList(LIVE_STATUSES).optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
});
export type LiveListQuery = z.infer<typeof liveListQuery>;
export const liveInput = z
  .object({
    title: z.string().trim().min(1, 'msg:required').max(64),
    classIds: z.array(z.number().int().positive()).min(1, 'msg:required').max(20),
    teacherId: z.number().int().positive().nullable().default(null),
    scheduledStart: dateParam,
    scheduledEnd: dateParam,
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type LiveInput = z.infer<typeof liveInput>;
export const liveUpdate = liveInput.extend({ version: versionField }).strict();
export const liveTeacherLink = z.object({ url: z.string() });
export const liveAttendanceRow = z.object({
  memberId: z.number().int(),
  memberNickname: z.string(),
  mobile: z.string(),
  firstJoinAt: isoN,
  lastLeaveAt: isoN,
  watchSeconds: z.number().int(),
  replaySeconds: z.number().int(),
});
export type LiveAttendanceRow = z.infer<typeof liveAttendanceRow>;
const secretHintShape = z.object({ set: z.boolean(), last4: z.string().nullable() });
export const liveProviderSettings = z.object({
  provider: z.enum(LIVE_PROVIDERS),
  sdkAppId: z.string(),
  secretId: z.string(),
  /** Whether a secret is stored and its last four characters; never the secret. */
  secretKeyHint: secretHintShape,
  callbackKeyHint: secretHintShape,
  endpoint: z.string(),
  enterHost: z.string(),
  version: z.number().int(),
});
export const liveProviderUpdate = z
  .object({
    provider: z.enum(LIVE_PROVIDERS),
    sdkAppId: z.string().trim().max(32).default(''),
    secretId: z.string().trim().max(128).default(''),
    /** Write-only; omitted = keep the stored one. */
    secretKey: z.string().min(1).max(256).optional(),
    callbackKey: z.string().min(1).max(256).optional(),
    endpoint: z.string().trim().max(200).default(''),
    enterHost: z.string().trim().max(200).default(''),
    version: versionField,
  })
  .strict();

// ---- member detail ---------------------------------------------------------------------------
export const memberDetail = memberRow.extend({
  orders: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      payAmount: z.number().int(),
      status: z.string(),
      payTime: isoN,
      createdAt: iso,
    }),
  ),
  entitlements: z.array(courseUserRow),
  classes: z.array(classStudentRow),
  attendance: z.array(
    z.object({
      sessionId: z.number().int(),
      title: z.string(),
      scheduledStart: iso,
      watchSeconds: z.number().int(),
      replaySeconds: z.number().int(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof memberDetail>;

// ---- staff options (head teacher / teachers / assistants, client owner filters) -------------------
/** An enabled console user to pick as a class's teacher or a filter's owner (course pages). */
export const courseStaffOption = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
});
export type CourseStaffOption = z.infer<typeof courseStaffOption>;
export const courseStaffQuery = z
  .object({
    keyword: z.string().trim().max(64).optional(),
    /** Ids to include whatever the keyword (so a chosen value keeps its name). */
    ids: z
      .string()
      .regex(/^\d{1,15}(,\d{1,15}){0,49}$/, { message: 'msg:invalidValue' })
      .optional(),
  })
  .strict();
