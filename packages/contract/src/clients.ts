import { z } from 'zod';
import { bulkIdsBody, dateParam, enumList, idList, listQueryOf, queryBool, versionField } from './list';

/**
 * Client management (DOMAIN 3): clients, the shared pool with its limits, follow-ups, duplicate
 * look-up, import/export and in-app reminders. Enum labels are i18n keys
 * `enum.client.<field>.<CODE>` on the web.
 */
export const CLIENT_STAGES = ['NEW', 'CONTACTED', 'INTENT', 'TRIAL', 'DEAL', 'INVALID'] as const;
export type ClientStage = (typeof CLIENT_STAGES)[number];
export const CLIENT_LEVELS = ['A', 'B', 'C'] as const;
export type ClientLevel = (typeof CLIENT_LEVELS)[number];
export const GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;
export const SUBJECTS = [
  'CHINESE',
  'MATH',
  'ENGLISH',
  'PHYSICS',
  'CHEMISTRY',
  'BIOLOGY',
  'HISTORY',
  'GEOGRAPHY',
  'POLITICS',
  'SCIENCE',
  'PROGRAMMING',
  'ART',
  'MUSIC',
  'SPORTS',
  'OTHER',
] as const;
export const POOL_REASONS = [
  'AUTO_NO_FOLLOW',
  'AUTO_NO_DEAL',
  'MANUAL_RELEASE',
  'IMPORT_UNASSIGNED',
  'OWNER_LEFT',
] as const;
export type PoolReason = (typeof POOL_REASONS)[number];
export const OWNER_LOG_TYPES = [
  'CREATE',
  'CLAIM',
  'ASSIGN',
  'TRANSFER',
  'RELEASE',
  'AUTO_RECYCLE',
  'WECOM_TRANSFER',
  'OWNER_LEFT',
] as const;
export type OwnerLogType = (typeof OWNER_LOG_TYPES)[number];
/** 打电话 / 发短信 / 微信沟通 / 面谈 / 其他. */
export const FOLLOW_UP_TYPES = ['CALL', 'SMS', 'WECHAT', 'VISIT', 'OTHER'] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];
/** MANUAL is written by staff; the others arrive from calls, SMS and WeCom integrations. */
export const FOLLOW_UP_SOURCES = ['MANUAL', 'CALL', 'SMS', 'WECOM'] as const;
export type FollowUpSource = (typeof FOLLOW_UP_SOURCES)[number];
export const NEXT_FOLLOW_PRESETS = ['today', 'overdue', 'week', 'unset'] as const;
export const LIMIT_TYPES = ['OWNER_LIMIT', 'LOCK_LIMIT'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/** A CALL follow-up resets the no-follow recycle timer from this talk time on (Decision 5). */
export const CALL_CONTACT_MIN_SECONDS = 30;
export const FOLLOW_UP_CONTENT_MAX = 2000;
export const FOLLOW_UP_EDIT_HOURS = 24;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Lists never page deeper than this many rows; narrow the filters (or export) instead. */
export const CLIENT_LIST_MAX_OFFSET = 10_000;

// ---- phone numbers ------------------------------------------------------------------------------
export const CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Strips spaces, '-', '+86' and '0086' (DOMAIN 0); the result still has to match CN_MOBILE_PATTERN. */
export const normalizeMobile = (raw: string): string => {
  let v = raw.replace(/[\s\u3000-]/g, '');
  if (v.startsWith('+86')) v = v.slice(3);
  else if (v.startsWith('0086')) v = v.slice(4);
  else if (/^86 ?1\d{10}$/.test(v)) v = v.slice(2);
  return v;
};
export const isCnMobile = (v: string): boolean => CN_MOBILE_PATTERN.test(v);
/** 13812341234 -> 138****1234. */
export const maskMobile = (m: string): string =>
  m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '*'.repeat(m.length);

// ---- clients ------------------------------------------------------------------------------------
const tagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
const iso = z.iso.datetime();

export const clientRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Normalised mobile, masked (138****1234) unless the caller may see it (see `mobileMasked`). */
  mobile: z.string().nullable(),
  mobileMasked: z.boolean(),
  wechatId: z.string(),
  studentName: z.string(),
  gender: z.enum(GENDERS),
  gradeId: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  /** Academic year in which the grade was set (grades advance by the admin's yearly action). */
  gradeYear: z.number().int().nullable(),
  subjects: z.array(z.enum(SUBJECTS)),
  regionCode: z.string(),
  sourcePlatformId: z.number().int().nullable(),
  sourcePlatformName: z.string().nullable(),
  channelId: z.number().int().nullable(),
  channelName: z.string().nullable(),
  level: z.enum(CLIENT_LEVELS).nullable(),
  stage: z.enum(CLIENT_STAGES),
  tags: z.array(tagRef),
  /** null: in the pool. */
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  ownerDeptId: z.number().int().nullable(),
  ownerDeptName: z.string().nullable(),
  ownerTime: iso.nullable(),
  firstOwnerUserId: z.number().int().nullable(),
  poolReason: z.enum(POOL_REASONS).nullable(),
  poolTime: iso.nullable(),
  preOwnerUserId: z.number().int().nullable(),
  preOwnerName: z.string().nullable(),
  locked: z.boolean(),
  followed: z.boolean(),
  followCount: z.number().int(),
  lastFollowTime: iso.nullable(),
  lastFollowContent: z.string(),
  nextFollowTime: iso.nullable(),
  /** When the auto-recycle would move it to the pool at the current settings; null = never. */
  recycleAt: iso.nullable(),
  dealStatus: z.boolean(),
  firstPaidAt: iso.nullable(),
  lastPaidAt: iso.nullable(),
  /** fen */
  totalPaid: z.number().int(),
  /** fen */
  totalRefund: z.number().int(),
  memberUserId: z.number().int().nullable(),
  wecomExternalUserid: z.string().nullable(),
  doNotCall: z.boolean(),
  smsOptOut: z.boolean(),
  remark: z.string(),
  deleted: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
  version: z.number().int(),
});
export type ClientRow = z.infer<typeof clientRow>;

/**
 * A row of the client lists (全部客户 / 我的客户 / 公海): the columns of DOMAIN 3.4 and what the row
 * actions need. The detail (GET /clients/:id) answers the full clientRow. The list stays lean on
 * purpose: at 20 connections a list view is CPU-bound, and every field is paid for per row.
 */
export const clientListRow = clientRow
  .pick({
    id: true,
    name: true,
    mobile: true,
    mobileMasked: true,
    wechatId: true,
    studentName: true,
    gradeId: true,
    gradeName: true,
    sourcePlatformName: true,
    channelName: true,
    level: true,
    stage: true,
    tags: true,
    ownerUserId: true,
    ownerName: true,
    ownerDeptName: true,
    poolReason: true,
    poolTime: true,
    preOwnerName: true,
    locked: true,
    followCount: true,
    lastFollowTime: true,
    nextFollowTime: true,
    recycleAt: true,
    dealStatus: true,
    totalPaid: true,
    doNotCall: true,
    smsOptOut: true,
    createdAt: true,
    version: true,
  })
  .extend({
    /** The first 100 characters of the last follow-up. */
    lastFollowContent: z.string(),
    /** A pool row the caller released lately: when the pre-owner ban lets them claim it; null = now. */
    claimableFrom: iso.nullable(),
  });
export type ClientListRow = z.infer<typeof clientListRow>;

export const CLIENT_SORTS = ['createdAt', 'lastFollowTime', 'nextFollowTime', 'totalPaid'] as const;
const clientFilters = {
  /** Name or student name contains, mobile (full, last 4 digits or part), or exact WeChat id. */
  keyword: z.string().trim().max(64).optional(),
  stage: enumList(CLIENT_STAGES).optional(),
  level: enumList(CLIENT_LEVELS).optional(),
  gradeId: idList.optional(),
  subject: enumList(SUBJECTS).optional(),
  sourcePlatformId: idList.optional(),
  /** A top-level channel matches its children too. */
  channelId: idList.optional(),
  /** Clients carrying any of these tags. */
  tagIds: idList.optional(),
  createdFrom: dateParam.optional(),
  createdTo: dateParam.optional(),
};
export const clientListQuery = listQueryOf(CLIENT_SORTS, {
  ...clientFilters,
  ownerUserId: idList.optional(),
  /** The department and every department below it. */
  ownerDeptId: z.coerce.number().int().positive().optional(),
  lastFollowFrom: dateParam.optional(),
  lastFollowTo: dateParam.optional(),
  /** Asia/Shanghai days: today, overdue (before now), this week (Mon-Sun), unset. */
  nextFollow: z.enum(NEXT_FOLLOW_PRESETS).optional(),
  dealStatus: queryBool.optional(),
  locked: queryBool.optional(),
  followed: queryBool.optional(),
  hasWecom: queryBool.optional(),
  /** "即将掉入公海": the auto-recycle predicate shifted by notify_days. */
  aboutToRecycle: queryBool.optional(),
  /** Owned since the start of the Asia/Shanghai day N-1 days ago (1 = today): newly assigned or claimed. */
  assignedDays: z.coerce.number().int().min(1).max(90).optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuery>;

export const POOL_SORTS = ['poolTime', 'createdAt', 'lastFollowTime'] as const;
export const poolListQuery = listQueryOf(POOL_SORTS, {
  ...clientFilters,
  poolReason: enumList(POOL_REASONS).optional(),
  poolFrom: dateParam.optional(),
  poolTo: dateParam.optional(),
  preOwnerUserId: idList.optional(),
});
export type PoolListQuery = z.infer<typeof poolListQuery>;

const text = (max: number) => z.string().trim().max(max);
const clientFields = {
  /** Empty: "未命名" (in the caller's language) + the last four digits of the mobile. */
  name: text(64),
  /** Any common notation; stored normalised (see normalizeMobile). */
  mobile: z.string().trim().min(1, 'msg:required').max(32),
  wechatId: text(64),
  studentName: text(32),
  gender: z.enum(GENDERS),
  gradeId: z.number().int().positive().nullable(),
  subjects: z.array(z.enum(SUBJECTS)).max(SUBJECTS.length),
  regionCode: z
    .string()
    .trim()
    .regex(/^$|^\d{2,12}$/, 'msg:invalidValue'),
  sourcePlatformId: z.number().int().positive().nullable(),
  channelId: z.number().int().positive().nullable(),
  level: z.enum(CLIENT_LEVELS).nullable(),
  stage: z.enum(CLIENT_STAGES),
  tagIds: z.array(z.number().int().positive()).max(20),
  doNotCall: z.boolean(),
  smsOptOut: z.boolean(),
  remark: text(500),
};
export const clientCreate = z
  .object({
    name: clientFields.name.default(''),
    mobile: clientFields.mobile,
    wechatId: clientFields.wechatId.default(''),
    studentName: clientFields.studentName.default(''),
    gender: clientFields.gender.default('UNKNOWN'),
    gradeId: clientFields.gradeId.default(null),
    subjects: clientFields.subjects.default([]),
    regionCode: clientFields.regionCode.default(''),
    sourcePlatformId: clientFields.sourcePlatformId.default(null),
    channelId: clientFields.channelId.default(null),
    level: clientFields.level.default(null),
    stage: clientFields.stage.default('NEW'),
    tagIds: clientFields.tagIds.default([]),
    doNotCall: clientFields.doNotCall.default(false),
    smsOptOut: clientFields.smsOptOut.default(false),
    remark: clientFields.remark.default(''),
    /** Absent: the creator owns it. Another user or null (the pool) needs client.assign. */
    ownerUserId: z.number().int().positive().nullable().optional(),
  })
  .strict();
export type ClientCreate = z.infer<typeof clientCreate>;
/** Only the fields sent change; `version` is the one read (a stale one answers 409). */
export const clientUpdate = z
  .object({
    name: clientFields.name.optional(),
    mobile: clientFields.mobile.optional(),
    wechatId: clientFields.wechatId.optional(),
    studentName: clientFields.studentName.optional(),
    gender: clientFields.gender.optional(),
    gradeId: clientFields.gradeId.optional(),
    subjects: clientFields.subjects.optional(),
    regionCode: clientFields.regionCode.optional(),
    sourcePlatformId: clientFields.sourcePlatformId.optional(),
    channelId: clientFields.channelId.optional(),
    level: clientFields.level.optional(),
    stage: clientFields.stage.optional(),
    tagIds: clientFields.tagIds.optional(),
    doNotCall: clientFields.doNotCall.optional(),
    smsOptOut: clientFields.smsOptOut.optional(),
    remark: clientFields.remark.optional(),
    version: versionField,
  })
  .strict();
export type ClientUpdate = z.infer<typeof clientUpdate>;

// ---- duplicate look-up (查重) -----------------------------------------------------------------------
export const DUPLICATE_STATUSES = ['NONE', 'MINE', 'OTHER', 'POOL', 'DELETED'] as const;
export type DuplicateStatus = (typeof DUPLICATE_STATUSES)[number];
export const duplicateCheckQuery = z
  .object({ mobile: z.string().trim().min(1, 'msg:required').max(32) })
  .strict();
/**
 * MINE: owned by the caller (open it); OTHER: owned by someone else (only the owner's name, and the
 * id only when the caller's scope covers it); POOL: in the pool (claim it); DELETED: soft-deleted
 * (an admin may restore it: the id is given to holders of client.restore).
 */
export const duplicateResult = z.object({
  status: z.enum(DUPLICATE_STATUSES),
  mobile: z.string(),
  clientId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
});
export type DuplicateResult = z.infer<typeof duplicateResult>;

// ---- actions ------------------------------------------------------------------------------------
const reason = z.string().trim().min(1, 'msg:required').max(200);
export const assignBody = z.object({ userId: z.number().int().positive() }).strict();
export const transferBody = z
  .object({ userId: z.number().int().positive(), reason: z.string().trim().max(200).default('') })
  .strict();
export const releaseBody = z.object({ reason }).strict();
export const tagChangeBody = z
  .object({
    add: z.array(z.number().int().positive()).max(20).default([]),
    remove: z.array(z.number().int().positive()).max(20).default([]),
  })
  .strict();
export const revealPhoneResult = z.object({ mobile: z.string().nullable() });

export const bulkAssignBody = bulkIdsBody.extend({
  /** One user, or several for round-robin. */
  userIds: z.array(z.number().int().positive()).min(1).max(50),
});
export const bulkTransferBody = bulkAssignBody.extend({ reason: z.string().trim().max(200).default('') });
export const bulkReleaseBody = bulkIdsBody.extend({ reason });
export const bulkTagBody = bulkIdsBody.extend({
  add: z.array(z.number().int().positive()).max(20).default([]),
  remove: z.array(z.number().int().positive()).max(20).default([]),
});
export const bulkLevelBody = bulkIdsBody.extend({ level: z.enum(CLIENT_LEVELS).nullable() });
export const bulkStageBody = bulkIdsBody.extend({ stage: z.enum(CLIENT_STAGES) });

/** The caller's standing against the pool limits (today = Asia/Shanghai day). */
export const claimQuota = z.object({
  claimedToday: z.number().int(),
  claimDailyLimit: z.number().int(),
  /** Clients that count against the owner limit (deal clients only when the rule says so). */
  owned: z.number().int(),
  /** Every client the caller owns, deal clients included (the dashboard's "my clients"). */
  ownedAll: z.number().int(),
  /** Whether the tightest owner rule counts deal clients. */
  ownedCountsDeal: z.boolean(),
  /** The tightest OWNER_LIMIT that applies; null = none. */
  ownerLimit: z.number().int().nullable(),
  locked: z.number().int(),
  lockLimit: z.number().int().nullable(),
});
export type ClaimQuota = z.infer<typeof claimQuota>;

// ---- tags ---------------------------------------------------------------------------------------
export const TAG_COLOR_PATTERN = /^$|^#[0-9a-fA-F]{6}$/;
export const clientTagRow = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  sort: z.number().int(),
  createdBy: z.number().int().nullable(),
  version: z.number().int(),
});
export type ClientTagRow = z.infer<typeof clientTagRow>;
export const clientTagCreate = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(30),
    color: z.string().trim().regex(TAG_COLOR_PATTERN, 'msg:invalidValue').default(''),
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .strict();
export const clientTagUpdate = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(30),
    color: z.string().trim().regex(TAG_COLOR_PATTERN, 'msg:invalidValue'),
    sort: z.number().int().min(0).max(9999),
    version: versionField,
  })
  .strict();

// ---- staff options (owner filter, assign / transfer targets) ---------------------------------------
export const staffOption = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
});
export type StaffOption = z.infer<typeof staffOption>;

// ---- timeline and owner log -----------------------------------------------------------------------
export const ownerLogRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  type: z.enum(OWNER_LOG_TYPES),
  fromUserId: z.number().int().nullable(),
  fromUserName: z.string().nullable(),
  toUserId: z.number().int().nullable(),
  toUserName: z.string().nullable(),
  reason: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  createdAt: iso,
});
export type OwnerLogRow = z.infer<typeof ownerLogRow>;

export const TIMELINE_KINDS = ['FOLLOW_UP', 'OWNER', 'AUDIT', 'ORDER'] as const;
export const timelineItem = z.object({
  kind: z.enum(TIMELINE_KINDS),
  id: z.number().int(),
  at: iso,
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  /** FOLLOW_UP: the follow-up type; OWNER: the owner-log type; AUDIT: the audit action; ORDER: its status. */
  type: z.string(),
  /** FOLLOW_UP: the content; OWNER: the reason; AUDIT: the summary (phones never in full); ORDER: the order no. */
  text: z.string(),
  /**
   * FOLLOW_UP: source, nextFollowTime, stageAfter; OWNER: from/to user ids and names; ORDER: payAmount,
   * refundAmount (fen), payTime. Orders appear only for callers who may list orders.
   */
  detail: z.record(z.string(), z.unknown()),
});
export type TimelineItem = z.infer<typeof timelineItem>;
export const timelineQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** Items strictly before this time (the next page). */
    before: dateParam.optional(),
    /**
     * all: the merged timeline (audit rows that repeat an owner change or a follow-up left out);
     * audit: the whole audit trail of the client and (for callers who may list orders) its orders.
     */
    view: z.enum(['all', 'audit']).default('all'),
  })
  .strict();

// ---- pool settings and limit rules ----------------------------------------------------------------
export const poolConfig = z.object({
  enabled: z.boolean(),
  contactExpireDays: z.number().int().min(1).max(365),
  dealExpireDays: z.number().int().min(1).max(3650),
  notifyEnabled: z.boolean(),
  notifyDays: z.number().int().min(0).max(30),
  recycleDealClients: z.boolean(),
  claimDailyLimit: z.number().int().min(0).max(10_000),
  preOwnerBanDays: z.number().int().min(0).max(365),
  version: z.number().int(),
  updatedAt: iso,
});
export type PoolConfig = z.infer<typeof poolConfig>;
export const poolConfigUpdate = poolConfig
  .omit({ updatedAt: true })
  .extend({ version: versionField })
  .strict();
export type PoolConfigUpdate = z.infer<typeof poolConfigUpdate>;

export const limitRuleRow = z.object({
  id: z.number().int(),
  type: z.enum(LIMIT_TYPES),
  /** Both empty: the rule applies to every user. */
  userIds: z.array(z.number().int()),
  deptIds: z.array(z.number().int()),
  maxCount: z.number().int(),
  /** OWNER_LIMIT only: do deal clients count? (Decision 9: no.) */
  dealCounts: z.boolean(),
  remark: z.string(),
  version: z.number().int(),
});
export type LimitRuleRow = z.infer<typeof limitRuleRow>;
const limitFields = {
  type: z.enum(LIMIT_TYPES),
  userIds: z.array(z.number().int().positive()).max(500),
  deptIds: z.array(z.number().int().positive()).max(200),
  maxCount: z.number().int().min(0).max(1_000_000),
  dealCounts: z.boolean(),
  remark: z.string().trim().max(200),
};
export const limitRuleCreate = z
  .object({
    ...limitFields,
    userIds: limitFields.userIds.default([]),
    deptIds: limitFields.deptIds.default([]),
    dealCounts: limitFields.dealCounts.default(false),
    remark: limitFields.remark.default(''),
  })
  .strict();
export const limitRuleUpdate = z.object({ ...limitFields, version: versionField }).strict();

// ---- follow-ups ---------------------------------------------------------------------------------
const fileUrl = z
  .string()
  .max(512)
  .regex(/^\/api\/v1\/files\/[\w-]+$/, 'msg:invalidValue');
export const followUpRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  /** Masked like the client's mobile. */
  clientMobile: z.string().nullable(),
  type: z.enum(FOLLOW_UP_TYPES),
  source: z.enum(FOLLOW_UP_SOURCES),
  content: z.string(),
  stageBefore: z.enum(CLIENT_STAGES).nullable(),
  stageAfter: z.enum(CLIENT_STAGES).nullable(),
  nextFollowTime: iso.nullable(),
  picUrls: z.array(z.string()),
  fileUrls: z.array(z.string()),
  callRecordId: z.number().int().nullable(),
  talkSeconds: z.number().int().nullable(),
  /** Whether it reset the no-follow recycle timer (MANUAL, or CALL >= 30 s). */
  countsAsContact: z.boolean(),
  createdBy: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  creatorDeptId: z.number().int().nullable(),
  creatorDeptName: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  /** The author may edit until then (24 h after creation). */
  editableUntil: iso,
  version: z.number().int(),
});
export type FollowUpRow = z.infer<typeof followUpRow>;

export const FOLLOW_UP_SORTS = ['createdAt', 'nextFollowTime'] as const;
export const followUpListQuery = listQueryOf(FOLLOW_UP_SORTS, {
  from: dateParam.optional(),
  to: dateParam.optional(),
  type: enumList(FOLLOW_UP_TYPES).optional(),
  source: enumList(FOLLOW_UP_SOURCES).optional(),
  createdBy: idList.optional(),
  /** The creator's department and every department below it. */
  creatorDeptId: z.coerce.number().int().positive().optional(),
  /** One client's follow-ups: all of them when the caller can see the client. */
  clientId: z.coerce.number().int().positive().optional(),
  hasNextTime: queryBool.optional(),
  /** Pending next follow-ups (the client's latest follow-up): due today, or overdue. */
  due: z.enum(['today', 'overdue']).optional(),
});
export type FollowUpListQuery = z.infer<typeof followUpListQuery>;

export const followUpCreate = z
  .object({
    clientId: z.number().int().positive(),
    type: z.enum(FOLLOW_UP_TYPES),
    content: z.string().trim().min(1, 'msg:required').max(FOLLOW_UP_CONTENT_MAX),
    /** Optional stage change in the same action. */
    stageAfter: z.enum(CLIENT_STAGES).nullable().default(null),
    /** Must be in the future. */
    nextFollowTime: dateParam.nullable().default(null),
    picUrls: z.array(fileUrl).max(9).default([]),
    fileUrls: z.array(fileUrl).max(9).default([]),
  })
  .strict();
export type FollowUpCreate = z.infer<typeof followUpCreate>;
export const followUpUpdate = z
  .object({
    type: z.enum(FOLLOW_UP_TYPES).optional(),
    content: z.string().trim().min(1, 'msg:required').max(FOLLOW_UP_CONTENT_MAX).optional(),
    nextFollowTime: dateParam.nullable().optional(),
    picUrls: z.array(fileUrl).max(9).optional(),
    fileUrls: z.array(fileUrl).max(9).optional(),
    version: versionField,
  })
  .strict();
export type FollowUpUpdate = z.infer<typeof followUpUpdate>;

// ---- import -------------------------------------------------------------------------------------
export const IMPORT_OUTCOMES = [
  'CREATED',
  'DUPLICATE_MINE',
  'DUPLICATE_OTHER',
  'DUPLICATE_POOL',
  'DUPLICATE_DELETED',
  'INVALID',
] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
/** Where imported clients go: the caller (default), the pool, or a user (admin: client.assign). */
export const importQuery = z
  .object({
    target: z.enum(['me', 'pool', 'user']).default('me'),
    userId: z.coerce.number().int().positive().optional(),
  })
  .strict();
export const importJob = z.object({
  id: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  fileName: z.string(),
  processed: z.number().int(),
  total: z.number().int().nullable(),
  counts: z.record(z.enum(IMPORT_OUTCOMES), z.number().int()),
  /** Signed, expiring link to the per-row result file (xlsx) once done. */
  resultUrl: z.string().nullable(),
  expiresAt: iso.nullable(),
  error: z.string().nullable(),
  createdAt: iso,
  finishedAt: iso.nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

// ---- in-app reminders -----------------------------------------------------------------------------
export const NOTIFICATION_KINDS = [
  'CLIENT_RECYCLE_SOON',
  'CALLER_NUMBER_FLAGGED',
  'COURSE_EXPIRE_SOON',
  'WECOM_CONFLICT',
] as const;
export const notificationRow = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  content: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: iso,
  readAt: iso.nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;
export const notificationListQuery = z
  .object({
    unreadOnly: queryBool.default(true),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
