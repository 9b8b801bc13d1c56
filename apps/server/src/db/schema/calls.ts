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
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, ref, timestamps, tstz, version } from './columns';

/**
 * 号码管理 (DOMAIN 7.1). today_key / today_calls / active_calls are the counters dialing takes in
 * one conditional UPDATE (daily limit and concurrency enforced in SQL, race-safe on PostgreSQL).
 */
export const callerNumber = pgTable(
  'caller_number',
  {
    id: id(),
    number: varchar('number', { length: 20 }).notNull(),
    numberType: varchar('number_type', { length: 12 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull().default('sandbox'),
    providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
    city: varchar('city', { length: 32 }).notNull().default(''),
    carrier: varchar('carrier', { length: 32 }).notNull().default(''),
    mode: varchar('mode', { length: 8 }).notNull().default('POOL'),
    assignedUserIds: ref('assigned_user_ids').array().notNull().default(sql`'{}'::bigint[]`),
    assignedDeptIds: ref('assigned_dept_ids').array().notNull().default(sql`'{}'::bigint[]`),
    dailyLimit: integer('daily_limit').notNull().default(200),
    concurrency: integer('concurrency').notNull().default(1),
    callWindowStart: varchar('call_window_start', { length: 5 }).notNull().default('09:00'),
    callWindowEnd: varchar('call_window_end', { length: 5 }).notNull().default('20:30'),
    status: varchar('status', { length: 12 }).notNull().default('AVAILABLE'),
    expireAt: date('expire_at', { mode: 'string' }),
    monthlyCost: bigint('monthly_cost', { mode: 'number' }).notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    todayKey: varchar('today_key', { length: 10 }).notNull().default(''),
    todayCalls: integer('today_calls').notNull().default(0),
    activeCalls: integer('active_calls').notNull().default(0),
    flaggedAt: tstz('flagged_at'),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('caller_number_number_uq').on(t.number).where(sql`deleted = false`),
    index('caller_number_users_idx').using('gin', t.assignedUserIds),
    index('caller_number_depts_idx').using('gin', t.assignedDeptIds),
    check('caller_number_type_chk', sql`${t.numberType} IN ('MOBILE','LANDLINE','N95','N400','PRIVACY_X')`),
    check('caller_number_mode_chk', sql`${t.mode} IN ('FIXED','POOL')`),
    check(
      'caller_number_status_chk',
      sql`${t.status} IN ('AVAILABLE','DISABLED','FLAGGED','SUSPENDED','RECYCLED')`,
    ),
    check('caller_number_counts_chk', sql`${t.activeCalls} >= 0 AND ${t.todayCalls} >= 0`),
  ],
);

/** One outbound call (DOMAIN 7.1 `call_record`); the callee is stored in full only for the provider call. */
export const callRecord = pgTable(
  'call_record',
  {
    id: id(),
    /** The provider's id of the call (Aliyun sub_id / call_id, sandbox uuid). */
    callId: varchar('call_id', { length: 64 }),
    provider: varchar('provider', { length: 16 }).notNull(),
    numberId: ref('number_id'),
    userId: ref('user_id'),
    deptId: ref('dept_id'),
    clientId: ref('client_id'),
    direction: varchar('direction', { length: 8 }).notNull().default('OUT'),
    calleeMasked: varchar('callee_masked', { length: 20 }).notNull().default(''),
    displayNumber: varchar('display_number', { length: 20 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('DIALING'),
    startedAt: tstz('started_at').notNull().defaultNow(),
    ringAt: tstz('ring_at'),
    answeredAt: tstz('answered_at'),
    endedAt: tstz('ended_at'),
    talkSeconds: integer('talk_seconds').notNull().default(0),
    statusCode: varchar('status_code', { length: 32 }).notNull().default(''),
    endReason: varchar('end_reason', { length: 200 }).notNull().default(''),
    hangupBy: varchar('hangup_by', { length: 8 }),
    recordingUrl: varchar('recording_url', { length: 500 }),
    followUpId: ref('follow_up_id'),
    raw: jsonb('raw'),
  },
  (t) => [
    // a client's calls (drawer tab, timeline), a number's call list, a user's calls, 7-day rates
    index('call_record_client_idx').on(t.clientId, t.startedAt.desc(), t.id.desc()),
    // answered_at last: a number's 7-day calls and answered calls (the number list) are counted from
    // the index alone (index-only scan, no heap read per call; bench:calls)
    index('call_record_number_answered_idx').on(t.numberId, t.startedAt.desc(), t.id.desc(), t.answeredAt),
    index('call_record_user_idx').on(t.userId, t.startedAt.desc(), t.id.desc()),
    index('call_record_started_idx').on(t.startedAt.desc(), t.id.desc()),
    uniqueIndex('call_record_provider_call_uq').on(t.provider, t.callId),
    // unfinished calls, for the stale-call sweep
    index('call_record_open_idx').on(t.startedAt).where(sql`status NOT IN ('ENDED','FAILED')`),
    check('call_record_status_chk', sql`${t.status} IN ('DIALING','RINGING','ANSWERED','ENDED','FAILED')`),
  ],
);

/**
 * A number's calls and answered calls per Asia/Shanghai day, kept by statement triggers on
 * call_record (migration call_number_day: every writer, including the demo data and the bench
 * loader): the number list's 7-day counts and the connect-rate job read 7 rows per number instead
 * of every call of the week (bench:calls). Migration 0028 adds `call_number_day_cover_idx`
 * (number_id, day) INCLUDE (calls, answered), which drizzle cannot declare: the sums are index-only.
 */
export const callNumberDay = pgTable(
  'call_number_day',
  {
    numberId: bigint('number_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    answered: integer('answered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.numberId, t.day] })],
);

/** Receipts already applied: a receipt delivered twice is ignored by this key. */
export const providerReceipt = pgTable(
  'provider_receipt',
  {
    provider: varchar('provider', { length: 16 }).notNull(),
    receiptKey: varchar('receipt_key', { length: 200 }).notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provider_receipt_uq').on(t.provider, t.receiptKey)],
);

/**
 * 话术 (DOMAIN 7.2). Every version is a row; rows of one script share root_id. Editing a draft
 * changes it in place; editing a published (or archived) version creates the next draft version.
 * At most one draft and one published row per script.
 */
export const callScript = pgTable(
  'call_script',
  {
    id: id(),
    rootId: ref('root_id').notNull(),
    versionNo: integer('version_no').notNull().default(1),
    title: varchar('title', { length: 64 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    productIds: ref('product_ids').array().notNull().default(sql`'{}'::bigint[]`),
    gradeIds: ref('grade_ids').array().notNull().default(sql`'{}'::bigint[]`),
    content: text('content').notNull().default(''),
    qaPairs: jsonb('qa_pairs').notNull().default(sql`'[]'::jsonb`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    status: varchar('status', { length: 12 }).notNull().default('DRAFT'),
    sort: integer('sort').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    useCount: integer('use_count').notNull().default(0),
    publishedAt: tstz('published_at'),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('call_script_root_idx').on(t.rootId, t.versionNo),
    index('call_script_status_idx').on(t.status, t.sort).where(sql`deleted = false`),
    uniqueIndex('call_script_one_draft_uq').on(t.rootId).where(sql`deleted = false AND status = 'DRAFT'`),
    uniqueIndex('call_script_one_published_uq')
      .on(t.rootId)
      .where(sql`deleted = false AND status = 'PUBLISHED'`),
    check('call_script_status_chk', sql`${t.status} IN ('DRAFT','PUBLISHED','ARCHIVED')`),
  ],
);

/** SMS signature (DOMAIN 7.3). */
export const smsSign = pgTable(
  'sms_sign',
  {
    id: id(),
    name: varchar('name', { length: 12 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    source: varchar('source', { length: 20 }).notNull().default('ENTERPRISE'),
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    rejectReason: varchar('reject_reason', { length: 500 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    submittedAt: tstz('submitted_at'),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sms_sign_name_uq').on(t.name, t.provider).where(sql`deleted = false`),
    check('sms_sign_status_chk', sql`${t.status} IN ('PENDING','APPROVED','REJECTED')`),
  ],
);

/** SMS template with its review state (DOMAIN 7.3). */
export const smsTemplate = pgTable(
  'sms_template',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    type: varchar('type', { length: 12 }).notNull(),
    signId: ref('sign_id').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    params: text('params').array().notNull().default(sql`'{}'::text[]`),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerTemplateCode: varchar('provider_template_code', { length: 64 }).notNull().default(''),
    auditStatus: varchar('audit_status', { length: 10 }).notNull().default('DRAFT'),
    rejectReason: varchar('reject_reason', { length: 500 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    applyRemark: varchar('apply_remark', { length: 100 }).notNull().default(''),
    submittedAt: tstz('submitted_at'),
    reviewedAt: tstz('reviewed_at'),
    sentCount: integer('sent_count').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sms_template_code_uq').on(t.code).where(sql`deleted = false`),
    index('sms_template_pending_idx')
      .on(t.submittedAt)
      .where(sql`audit_status = 'PENDING' AND deleted = false`),
    check('sms_template_type_chk', sql`${t.type} IN ('VERIFICATION','NOTICE','PROMOTION')`),
    check(
      'sms_template_audit_chk',
      sql`${t.auditStatus} IN ('DRAFT','PENDING','APPROVED','REJECTED','CANCELLED')`,
    ),
  ],
);

/** One SMS sent (or refused) to one mobile (DOMAIN 7.3, yudao SmsLogDO). */
export const smsLog = pgTable(
  'sms_log',
  {
    id: id(),
    templateId: ref('template_id').notNull(),
    templateCode: varchar('template_code', { length: 32 }).notNull(),
    templateType: varchar('template_type', { length: 12 }).notNull(),
    signName: varchar('sign_name', { length: 12 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    content: varchar('content', { length: 1000 }).notNull(),
    clientId: ref('client_id'),
    sentBy: ref('sent_by'),
    deptId: ref('dept_id'),
    provider: varchar('provider', { length: 16 }).notNull(),
    sendStatus: varchar('send_status', { length: 8 }).notNull().default('INIT'),
    /** NO_RECEIPT: none came within the provider's window (RECEIPT_WINDOW_MS, a scheduled job). */
    receiveStatus: varchar('receive_status', { length: 12 }).notNull().default('INIT'),
    apiCode: varchar('api_code', { length: 64 }).notNull().default(''),
    apiMsg: varchar('api_msg', { length: 200 }).notNull().default(''),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    bizId: varchar('biz_id', { length: 64 }).notNull().default(''),
    receiveCode: varchar('receive_code', { length: 64 }).notNull().default(''),
    isTest: boolean('is_test').notNull().default(false),
    sentAt: tstz('sent_at').notNull().defaultNow(),
    receivedAt: tstz('received_at'),
  },
  (t) => [
    index('sms_log_template_idx').on(t.templateId, t.sentAt.desc(), t.id.desc()),
    index('sms_log_client_idx').on(t.clientId, t.sentAt.desc(), t.id.desc()),
    index('sms_log_sent_idx').on(t.sentAt.desc(), t.id.desc()),
    index('sms_log_mobile_idx').on(t.mobile, t.sentAt),
    index('sms_log_biz_idx').on(t.bizId).where(sql`biz_id <> ''`),
    // messages awaiting their receipt: whose receipts are still taken, and the no-receipt sweep
    index('sms_log_awaiting_idx').on(t.provider, t.sentAt).where(sql`receive_status = 'INIT'`),
    check('sms_log_send_chk', sql`${t.sendStatus} IN ('INIT','SUCCESS','FAILURE','IGNORE')`),
    check('sms_log_receive_chk', sql`${t.receiveStatus} IN ('INIT','SUCCESS','FAILURE','NO_RECEIPT')`),
  ],
);

/** Provider credentials per kind (call, sms); the secret sealed with SecretBox, never returned. */
export const providerConfig = pgTable('provider_config', {
  kind: varchar('kind', { length: 8 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull().default('sandbox'),
  accessKeyId: varchar('access_key_id', { length: 128 }).notNull().default(''),
  secretSealed: text('secret_sealed'),
  endpoint: varchar('endpoint', { length: 200 }).notNull().default(''),
  region: varchar('region', { length: 32 }).notNull().default(''),
  appId: varchar('app_id', { length: 64 }).notNull().default(''),
  /** Token the provider must present on receipts (in the receipt URL), SecretBox-sealed. */
  receiptTokenSealed: text('receipt_token_sealed').notNull(),
  sandboxSuccessRate: smallint('sandbox_success_rate').notNull().default(60),
  sandboxDelayMs: integer('sandbox_delay_ms').notNull().default(5000),
  version: version(),
  ...timestamps(),
});

/** Outbound settings: exactly one row (id = 1). */
export const outboundSetting = pgTable(
  'outbound_setting',
  {
    id: smallint('id').primaryKey().default(1),
    connectRateThreshold: integer('connect_rate_threshold').notNull().default(15),
    connectRateMinCalls: integer('connect_rate_min_calls').notNull().default(100),
    smsWindowStart: varchar('sms_window_start', { length: 5 }).notNull().default('08:00'),
    smsWindowEnd: varchar('sms_window_end', { length: 5 }).notNull().default('21:00'),
    smsDailyCap: integer('sms_daily_cap').notNull().default(3),
    version: version(),
    ...timestamps(),
  },
  (t) => [check('outbound_setting_single_chk', sql`${t.id} = 1`)],
);
