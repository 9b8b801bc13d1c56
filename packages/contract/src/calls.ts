import { z } from 'zod';
import { bulkIdsBody, dateParam, enumList, idList, listQueryOf, queryBool, versionField } from './list';

/**
 * Outbound calls and SMS (DOMAIN 7): caller numbers, call records, call scripts with versions,
 * SMS signatures and templates with their review, SMS logs, provider credentials. Enum labels are
 * i18n keys `enum.call.<field>.<CODE>` on the web.
 */
const iso = z.iso.datetime();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'msg:invalidValue');

// ---- caller numbers (7.1) ------------------------------------------------------------------------
export const NUMBER_TYPES = ['MOBILE', 'LANDLINE', 'N95', 'N400', 'PRIVACY_X'] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];
export const NUMBER_MODES = ['FIXED', 'POOL'] as const;
export const NUMBER_STATUSES = ['AVAILABLE', 'DISABLED', 'FLAGGED', 'SUSPENDED', 'RECYCLED'] as const;
export type NumberStatus = (typeof NUMBER_STATUSES)[number];
export const CALL_PROVIDERS = ['sandbox', 'aliyun_pls'] as const;
export type CallProviderName = (typeof CALL_PROVIDERS)[number];
export const SMS_PROVIDERS = ['sandbox', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];
/** The caller-number line: digits, optionally with a leading + or dashes for landlines (stored bare). */
export const CALLER_NUMBER_PATTERN = /^\+?\d{5,20}$/;

const numberFields = {
  number: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(CALLER_NUMBER_PATTERN, 'msg:invalidValue')),
  numberType: z.enum(NUMBER_TYPES),
  provider: z.enum(CALL_PROVIDERS).default('sandbox'),
  providerRef: z.string().trim().max(64).default(''),
  city: z.string().trim().max(32).default(''),
  carrier: z.string().trim().max(32).default(''),
  mode: z.enum(NUMBER_MODES).default('POOL'),
  assignedUserIds: z.array(z.number().int().positive()).max(500).default([]),
  assignedDeptIds: z.array(z.number().int().positive()).max(500).default([]),
  dailyLimit: z.number().int().min(0).max(100_000).default(200),
  concurrency: z.number().int().min(1).max(1000).default(1),
  callWindowStart: hhmm.default('09:00'),
  callWindowEnd: hhmm.default('20:30'),
  expireAt: z.iso.date().nullable().default(null),
  monthlyCost: z.number().int().min(0).max(100_000_000).default(0),
  remark: z.string().trim().max(200).default(''),
};
export const numberCreate = z
  .object({ ...numberFields, status: z.enum(NUMBER_STATUSES).default('AVAILABLE') })
  .strict()
  .refine((v) => v.callWindowStart < v.callWindowEnd, {
    message: 'msg:callWindowOrder',
    path: ['callWindowEnd'],
  });
export type NumberCreate = z.infer<typeof numberCreate>;
export const numberUpdate = z
  .object({ ...numberFields, status: z.enum(NUMBER_STATUSES), version: versionField })
  .strict()
  .refine((v) => v.callWindowStart < v.callWindowEnd, {
    message: 'msg:callWindowOrder',
    path: ['callWindowEnd'],
  });
export type NumberUpdate = z.infer<typeof numberUpdate>;
export const numberStatusBody = z.object({ status: z.enum(NUMBER_STATUSES), version: versionField }).strict();
export const numberAssignBody = bulkIdsBody
  .extend({
    userIds: z.array(z.number().int().positive()).max(500).default([]),
    deptIds: z.array(z.number().int().positive()).max(500).default([]),
    /** replace: the numbers get exactly these; add: these are added to what they have. */
    mode: z.enum(['replace', 'add']).default('replace'),
  })
  .strict();
export const numberBulkStatusBody = bulkIdsBody.extend({ status: z.enum(NUMBER_STATUSES) }).strict();
export const numberRow = z.object({
  id: z.number().int(),
  number: z.string(),
  numberType: z.enum(NUMBER_TYPES),
  provider: z.enum(CALL_PROVIDERS),
  providerRef: z.string(),
  city: z.string(),
  carrier: z.string(),
  mode: z.enum(NUMBER_MODES),
  assignedUserIds: z.array(z.number().int()),
  assignedUserNames: z.array(z.string()),
  assignedDeptIds: z.array(z.number().int()),
  assignedDeptNames: z.array(z.string()),
  dailyLimit: z.number().int(),
  concurrency: z.number().int(),
  callWindowStart: z.string(),
  callWindowEnd: z.string(),
  status: z.enum(NUMBER_STATUSES),
  expireAt: z.string().nullable(),
  monthlyCost: z.number().int(),
  remark: z.string(),
  todayCalls: z.number().int(),
  activeCalls: z.number().int(),
  /** Calls of the last 7 days and the share answered (null without calls). */
  calls7d: z.number().int(),
  connectRate7d: z.number().nullable(),
  flaggedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
  version: z.number().int(),
});
export type NumberRow = z.infer<typeof numberRow>;
export const numberListQuery = listQueryOf(['createdAt', 'number', 'dailyLimit', 'status'] as const, {
  keyword: z.string().trim().max(30).optional(),
  status: enumList(NUMBER_STATUSES).optional(),
  numberType: enumList(NUMBER_TYPES).optional(),
  provider: z.enum(CALL_PROVIDERS).optional(),
  assignedUserId: z.coerce.number().int().positive().optional(),
});
export type NumberListQuery = z.infer<typeof numberListQuery>;
export const NUMBER_IMPORT_MAX_ROWS = 2000;
export const numberImportResult = z.object({
  results: z.array(z.object({ row: z.number().int(), number: z.string(), ok: z.boolean(), msg: z.string() })),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

// ---- outbound settings ---------------------------------------------------------------------------
export const outboundSettings = z.object({
  /** A number whose 7-day connect rate falls under this percentage is flagged... */
  connectRateThreshold: z.number().int().min(0).max(100),
  /** ...once it has at least this many calls in those 7 days. */
  connectRateMinCalls: z.number().int().min(1).max(100_000),
  /** PROMOTION SMS go out only inside this Asia/Shanghai window... */
  smsWindowStart: hhmm,
  smsWindowEnd: hhmm,
  /** ...and at most this many per mobile per day. */
  smsDailyCap: z.number().int().min(1).max(100),
  version: z.number().int(),
});
export type OutboundSettings = z.infer<typeof outboundSettings>;
export const outboundSettingsUpdate = outboundSettings
  .extend({ version: versionField })
  .strict()
  .refine((v) => v.smsWindowStart < v.smsWindowEnd, {
    message: 'msg:callWindowOrder',
    path: ['smsWindowEnd'],
  });

// ---- provider credentials ------------------------------------------------------------------------
export const PROVIDER_KINDS = ['call', 'sms'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export const providerKindParam = z.object({ kind: z.enum(PROVIDER_KINDS) }).strict();
export const providerReceiptParam = z.object({ provider: z.string().max(16) }).strict();
export const providerConfigRow = z.object({
  kind: z.enum(PROVIDER_KINDS),
  provider: z.string(),
  accessKeyId: z.string(),
  /** Write-only: whether a secret is stored and its last four characters. */
  secretHint: z.object({ set: z.boolean(), last4: z.string().nullable() }),
  /** host[:port] or a URL; empty = the provider's public endpoint. */
  endpoint: z.string(),
  region: z.string(),
  /** Tencent SmsSdkAppId / Aliyun PoolKey. */
  appId: z.string(),
  /** Sandbox: share of calls answered (0-100) / of SMS delivered, and the receipt delay. */
  sandboxSuccessRate: z.number().int(),
  sandboxDelayMs: z.number().int(),
  /** Where the provider posts receipts (with its token): shown to those who may edit it. */
  receiptPath: z.string(),
  updatedAt: iso.nullable(),
  version: z.number().int(),
});
export type ProviderConfigRow = z.infer<typeof providerConfigRow>;
export const providerConfigUpdate = z
  .object({
    provider: z.string().trim().min(1).max(16),
    accessKeyId: z.string().trim().max(128).default(''),
    /** Omitted or empty: keep the stored secret. */
    accessKeySecret: z.string().max(256).optional(),
    endpoint: z.string().trim().max(200).default(''),
    region: z.string().trim().max(32).default(''),
    appId: z.string().trim().max(64).default(''),
    sandboxSuccessRate: z.number().int().min(0).max(100).default(60),
    sandboxDelayMs: z.number().int().min(0).max(600_000).default(5000),
    version: z.number().int().min(0),
  })
  .strict();
export type ProviderConfigUpdate = z.infer<typeof providerConfigUpdate>;
export const providerTestResult = z.object({ ok: z.boolean(), message: z.string() });

// ---- call records --------------------------------------------------------------------------------
export const CALL_STATUSES = ['DIALING', 'RINGING', 'ANSWERED', 'ENDED', 'FAILED'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const HANGUP_SIDES = ['CALLER', 'CALLEE', 'PLATFORM', 'UNKNOWN'] as const;
export const callRow = z.object({
  id: z.number().int(),
  callId: z.string().nullable(),
  provider: z.string(),
  numberId: z.number().int().nullable(),
  number: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  /** Always masked (Decision 12). */
  callee: z.string(),
  displayNumber: z.string(),
  status: z.enum(CALL_STATUSES),
  startedAt: iso,
  ringAt: iso.nullable(),
  answeredAt: iso.nullable(),
  endedAt: iso.nullable(),
  talkSeconds: z.number().int(),
  statusCode: z.string(),
  endReason: z.string(),
  hangupBy: z.enum(HANGUP_SIDES).nullable(),
  recordingUrl: z.string().nullable(),
  followUpId: z.number().int().nullable(),
});
export type CallRow = z.infer<typeof callRow>;
export const callListQuery = listQueryOf(['startedAt', 'talkSeconds'] as const, {
  clientId: z.coerce.number().int().positive().optional(),
  numberId: z.coerce.number().int().positive().optional(),
  userId: idList.optional(),
  status: enumList(CALL_STATUSES).optional(),
  answered: queryBool.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
});
export type CallListQuery = z.infer<typeof callListQuery>;
export const callStart = z
  .object({
    clientId: z.number().int().positive(),
    /** A number the caller may use; omitted: the server picks one. */
    numberId: z.number().int().positive().optional(),
  })
  .strict();
export const renderedScript = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  versionNo: z.number().int(),
  /** Sanitised HTML with the client's variables filled in. */
  content: z.string(),
  qaPairs: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type RenderedScript = z.infer<typeof renderedScript>;
/** What the call panel shows: the call, the number used and the scripts for this client. */
export const callPanel = z.object({
  call: callRow,
  scripts: z.array(renderedScript),
});

// ---- call scripts (7.2) --------------------------------------------------------------------------
export const SCRIPT_CATEGORIES = [
  'OPENING',
  'DISCOVERY',
  'PRODUCT',
  'OBJECTION',
  'CLOSING',
  'AFTER_SALES',
] as const;
export const SCRIPT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type ScriptStatus = (typeof SCRIPT_STATUSES)[number];
/** Variables a script may hold, rendered for the current client in the call panel. */
export const SCRIPT_VARIABLES = ['客户称呼', '学生姓名', '产品名', '销售姓名', '年级'] as const;
const qaPair = z
  .object({
    question: z.string().trim().min(1, 'msg:required').max(200),
    answer: z.string().trim().min(1, 'msg:required').max(2000),
  })
  .strict();
const scriptFields = {
  title: z.string().trim().min(1, 'msg:required').max(64),
  category: z.enum(SCRIPT_CATEGORIES),
  productIds: z.array(z.number().int().positive()).max(100).default([]),
  gradeIds: z.array(z.number().int().positive()).max(100).default([]),
  content: z.string().max(50_000).default(''),
  qaPairs: z.array(qaPair).max(100).default([]),
  keywords: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
  sort: z.number().int().min(0).max(99_999).default(0),
};
export const scriptCreate = z.object(scriptFields).strict();
export type ScriptCreate = z.infer<typeof scriptCreate>;
export const scriptUpdate = z.object({ ...scriptFields, version: versionField }).strict();
export type ScriptUpdate = z.infer<typeof scriptUpdate>;
export const scriptRow = z.object({
  id: z.number().int(),
  rootId: z.number().int(),
  versionNo: z.number().int(),
  title: z.string(),
  category: z.enum(SCRIPT_CATEGORIES),
  productIds: z.array(z.number().int()),
  gradeIds: z.array(z.number().int()),
  content: z.string(),
  qaPairs: z.array(z.object({ question: z.string(), answer: z.string() })),
  keywords: z.array(z.string()),
  status: z.enum(SCRIPT_STATUSES),
  sort: z.number().int(),
  viewCount: z.number().int(),
  useCount: z.number().int(),
  publishedAt: iso.nullable(),
  updatedAt: iso,
  updatedByName: z.string().nullable(),
  version: z.number().int(),
});
export type ScriptRow = z.infer<typeof scriptRow>;
export const scriptListQuery = listQueryOf(['sort', 'updatedAt', 'useCount', 'title'] as const, {
  keyword: z.string().trim().max(50).optional(),
  category: enumList(SCRIPT_CATEGORIES).optional(),
  status: enumList(SCRIPT_STATUSES).optional(),
  productId: z.coerce.number().int().positive().optional(),
});
export type ScriptListQuery = z.infer<typeof scriptListQuery>;
/** The script export: the list's filters, or only the selected scripts (`ids`, the bulk action). */
export const scriptExportQuery = scriptListQuery
  .omit({ page: true, pageSize: true })
  .extend({ ids: idList.optional() })
  .partial();
export type ScriptExportQuery = z.infer<typeof scriptExportQuery>;
export const scriptVersionRow = z.object({
  id: z.number().int(),
  versionNo: z.number().int(),
  status: z.enum(SCRIPT_STATUSES),
  title: z.string(),
  publishedAt: iso.nullable(),
  updatedAt: iso,
  updatedByName: z.string().nullable(),
});
export const DIFF_OPS = ['same', 'add', 'del'] as const;
export const scriptDiffQuery = z.object({ against: z.coerce.number().int().positive() }).strict();
export const scriptDiff = z.object({
  from: scriptVersionRow,
  to: scriptVersionRow,
  title: z.object({ from: z.string(), to: z.string() }),
  lines: z.array(z.object({ op: z.enum(DIFF_OPS), text: z.string() })),
  qa: z.array(z.object({ op: z.enum(DIFF_OPS), question: z.string(), answer: z.string() })),
});

// ---- SMS (7.3) -----------------------------------------------------------------------------------
export const SIGN_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const SIGN_SOURCES = [
  'ENTERPRISE',
  'WEBSITE',
  'APP',
  'OFFICIAL_ACCOUNT',
  'SHOP',
  'TRADEMARK',
] as const;
export const signCreate = z
  .object({
    name: z.string().trim().min(2, 'msg:required').max(12),
    source: z.enum(SIGN_SOURCES).default('ENTERPRISE'),
    remark: z.string().trim().max(200).default(''),
    isDefault: z.boolean().default(false),
  })
  .strict();
export const signUpdate = signCreate.extend({ version: versionField }).strict();
export const signRow = z.object({
  id: z.number().int(),
  name: z.string(),
  provider: z.string(),
  source: z.enum(SIGN_SOURCES),
  status: z.enum(SIGN_STATUSES),
  rejectReason: z.string(),
  isDefault: z.boolean(),
  remark: z.string(),
  submittedAt: iso.nullable(),
  updatedAt: iso,
  version: z.number().int(),
});
export type SignRow = z.infer<typeof signRow>;

export const TEMPLATE_TYPES = ['VERIFICATION', 'NOTICE', 'PROMOTION'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const AUDIT_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
/** `${name}` variables of a template, in order of first appearance. */
export const templateParamsOf = (content: string): string[] => {
  const seen: string[] = [];
  for (const m of content.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g)) {
    const name = m[1] as string;
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
};
const templateFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{1,31}$/, 'msg:invalidValue'),
  name: z.string().trim().min(1, 'msg:required').max(30),
  type: z.enum(TEMPLATE_TYPES),
  signId: z.number().int().positive(),
  content: z.string().trim().min(1, 'msg:required').max(500),
  applyRemark: z.string().trim().max(100).default(''),
};
export const templateCreate = z.object(templateFields).strict();
export type TemplateCreate = z.infer<typeof templateCreate>;
export const templateUpdate = z.object({ ...templateFields, version: versionField }).strict();
export type TemplateUpdate = z.infer<typeof templateUpdate>;
export const templateRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  signId: z.number().int(),
  signName: z.string(),
  content: z.string(),
  params: z.array(z.string()),
  provider: z.string(),
  providerTemplateCode: z.string(),
  auditStatus: z.enum(AUDIT_STATUSES),
  rejectReason: z.string(),
  enabled: z.boolean(),
  applyRemark: z.string(),
  submittedAt: iso.nullable(),
  reviewedAt: iso.nullable(),
  sentCount: z.number().int(),
  updatedAt: iso,
  version: z.number().int(),
});
export type TemplateRow = z.infer<typeof templateRow>;
export const templateListQuery = listQueryOf(['updatedAt', 'code', 'name'] as const, {
  keyword: z.string().trim().max(50).optional(),
  type: enumList(TEMPLATE_TYPES).optional(),
  auditStatus: enumList(AUDIT_STATUSES).optional(),
  enabled: queryBool.optional(),
  signId: z.coerce.number().int().positive().optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuery>;
export const templateEnableBody = z.object({ enabled: z.boolean(), version: versionField }).strict();
const smsParams = z.record(z.string().max(32), z.string().max(100)).default({});
export const templateTestSend = z
  .object({ mobile: z.string().trim().min(1, 'msg:required').max(20), params: smsParams })
  .strict();
export const smsSendBody = z
  .object({
    templateId: z.number().int().positive(),
    clientId: z.number().int().positive(),
    params: smsParams,
  })
  .strict();
export const smsBulkBody = z
  .object({
    templateId: z.number().int().positive(),
    clientIds: z.array(z.number().int().positive()).min(1).max(500),
    params: smsParams,
  })
  .strict();
export const SMS_SKIP_REASONS = [
  'OPT_OUT',
  'NO_MOBILE',
  'NOT_FOUND',
  'DAILY_CAP',
  'OUTSIDE_WINDOW',
  'DUPLICATE_MOBILE',
] as const;
export type SmsSkipReason = (typeof SMS_SKIP_REASONS)[number];
export const smsBulkPreview = z.object({
  total: z.number().int(),
  willSend: z.number().int(),
  skipped: z.record(z.enum(SMS_SKIP_REASONS), z.number().int()),
  /** The content as the first recipient would get it. */
  sample: z.string(),
});
export const smsBulkResult = smsBulkPreview.extend({ sent: z.number().int(), failed: z.number().int() });
export const SMS_SEND_STATUSES = ['INIT', 'SUCCESS', 'FAILURE', 'IGNORE'] as const;
/** NO_RECEIPT: the provider sent no receipt within its window (72 hours). */
export const SMS_RECEIVE_STATUSES = ['INIT', 'SUCCESS', 'FAILURE', 'NO_RECEIPT'] as const;
export const smsLogRow = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  templateCode: z.string(),
  templateType: z.enum(TEMPLATE_TYPES),
  signName: z.string(),
  /** Masked (Decision 12). */
  mobile: z.string(),
  content: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  sentBy: z.number().int().nullable(),
  sentByName: z.string().nullable(),
  provider: z.string(),
  sendStatus: z.enum(SMS_SEND_STATUSES),
  receiveStatus: z.enum(SMS_RECEIVE_STATUSES),
  apiCode: z.string(),
  apiMsg: z.string(),
  bizId: z.string(),
  receiveCode: z.string(),
  sentAt: iso,
  receivedAt: iso.nullable(),
  isTest: z.boolean(),
});
export type SmsLogRow = z.infer<typeof smsLogRow>;
export const smsLogQuery = listQueryOf(['sentAt'] as const, {
  templateId: z.coerce.number().int().positive().optional(),
  clientId: z.coerce.number().int().positive().optional(),
  sendStatus: enumList(SMS_SEND_STATUSES).optional(),
  receiveStatus: enumList(SMS_RECEIVE_STATUSES).optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
});
export type SmsLogQuery = z.infer<typeof smsLogQuery>;
