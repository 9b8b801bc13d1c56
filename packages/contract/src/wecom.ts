import { z } from 'zod';
import { INT4_MAX, listQueryOf, queryBool, versionField } from './list';

/**
 * Enterprise WeChat (DOMAIN 9): apps (self-built customer-contact apps and the contact-sync secret),
 * the synced members, external contacts and tags, sync runs and callback settings. Secrets are
 * write-only: the API shows `secretHint` only.
 */
export const WECOM_APP_KINDS = ['CUSTOMER_APP', 'CONTACT_SYNC'] as const;
export type WecomAppKind = (typeof WECOM_APP_KINDS)[number];
/** SANDBOX: the built-in simulated corp (no WeCom needed); LIVE: the WeCom API (WECOM_API_BASE). */
export const WECOM_APP_MODES = ['SANDBOX', 'LIVE'] as const;
export type WecomAppMode = (typeof WECOM_APP_MODES)[number];
/** INVALID: WeCom refused the secret (40001) on the last call. */
export const WECOM_APP_STATUSES = ['ENABLED', 'DISABLED', 'INVALID'] as const;
export type WecomAppStatus = (typeof WECOM_APP_STATUSES)[number];
export const WECOM_SYNC_STATUSES = ['QUEUED', 'RUNNING', 'SUCCESS', 'PARTIAL', 'FAILED'] as const;
export type WecomSyncStatus = (typeof WECOM_SYNC_STATUSES)[number];
export const WECOM_SYNC_TRIGGERS = ['SCHEDULE', 'MANUAL', 'CALLBACK'] as const;
export const WECOM_SYNC_RESOURCES = ['departments', 'members', 'contacts', 'relations', 'tags'] as const;
export type WecomSyncResource = (typeof WECOM_SYNC_RESOURCES)[number];
export const WECOM_RELATION_STATUSES = [
  'NORMAL',
  'STAFF_DELETED',
  'CUSTOMER_DELETED',
  'TRANSFERRING',
  'TRANSFERRED',
] as const;

export const secretHintSchema = z.object({ set: z.boolean(), last4: z.string().nullable() });

const counts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  failed: z.number().int(),
});

export const wecomSyncRunRow = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  type: z.string(),
  trigger: z.enum(WECOM_SYNC_TRIGGERS),
  status: z.enum(WECOM_SYNC_STATUSES),
  /** The resource being synced now (departments, members, follow-users, contacts, tags, sweep, done). */
  stage: z.string(),
  counts: z.record(z.string(), counts),
  /** The last errors: resource, API path, errcode and errmsg. */
  errors: z.array(
    z.object({
      resource: z.string(),
      api: z.string(),
      errcode: z.number().int(),
      errmsg: z.string(),
      at: z.string(),
    }),
  ),
  apiCalls: z.number().int(),
  /** Contacts fetched so far out of the expected number (progress bar); null before it is known. */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WecomSyncRunRow = z.infer<typeof wecomSyncRunRow>;
/** 立即同步's answer: the run queued, or the corp's run already queued or running that it joined. */
export const wecomSyncRequested = wecomSyncRunRow.extend({ joined: z.boolean() });
export type WecomSyncRequested = z.infer<typeof wecomSyncRequested>;

export const wecomVisibleRange = z.object({
  users: z.array(z.string()),
  parties: z.array(z.number().int()),
  tags: z.array(z.number().int()),
  closed: z.boolean(),
});
export type WecomVisibleRange = z.infer<typeof wecomVisibleRange>;

export const wecomAppRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(WECOM_APP_KINDS),
  mode: z.enum(WECOM_APP_MODES),
  corpId: z.string(),
  agentId: z.number().int().nullable(),
  secretHint: secretHintSchema,
  /** The URL to paste into WeCom's "接收消息" settings (generated, read-only). */
  callbackUrl: z.string(),
  /** Callback Token and EncodingAESKey: shown to holders of wecom.app.write only (null otherwise). */
  callbackToken: z.string().nullable(),
  encodingAesKey: z.string().nullable(),
  status: z.enum(WECOM_APP_STATUSES),
  lastVerifiedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  visibleRange: wecomVisibleRange.nullable(),
  lastSync: wecomSyncRunRow.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type WecomAppRow = z.infer<typeof wecomAppRow>;

export const WECOM_APP_SORTS = ['id', 'name', 'createdAt'] as const;
export const wecomAppListQuery = listQueryOf(WECOM_APP_SORTS, {
  keyword: z.string().trim().max(64).optional(),
  kind: z.enum(WECOM_APP_KINDS).optional(),
  status: z.enum(WECOM_APP_STATUSES).optional(),
});
export type WecomAppListQuery = z.infer<typeof wecomAppListQuery>;

const corpIdField = z
  .string()
  .trim()
  .min(1, 'msg:required')
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, 'msg:wecomCorpIdRule');
const agentIdField = z.number().int().positive().max(2_147_483_647).nullable();
const secretField = z.string().trim().min(1, 'msg:required').max(128);
const appNameField = z.string().trim().min(1, 'msg:required').max(64);

export const wecomAppCreate = z
  .object({
    name: appNameField,
    kind: z.enum(WECOM_APP_KINDS),
    mode: z.enum(WECOM_APP_MODES).default('SANDBOX'),
    corpId: corpIdField,
    agentId: agentIdField.optional(),
    secret: secretField,
  })
  .strict();
export type WecomAppCreate = z.infer<typeof wecomAppCreate>;

export const wecomAppUpdate = z
  .object({
    name: appNameField,
    mode: z.enum(WECOM_APP_MODES),
    agentId: agentIdField.optional(),
    /** Absent: the stored secret stays. */
    secret: secretField.optional(),
    version: versionField,
  })
  .strict();
export type WecomAppUpdate = z.infer<typeof wecomAppUpdate>;

/** 轮换密钥: a new secret from the WeCom console, or new callback Token + EncodingAESKey made here. */
export const wecomAppRotate = z.discriminatedUnion('target', [
  z.object({ target: z.literal('SECRET'), secret: secretField, version: versionField }).strict(),
  z
    .object({
      target: z.literal('CALLBACK'),
      /** Absent: generated here. Present: the values chosen in the WeCom console ("随机获取"). */
      callbackToken: z
        .string()
        .regex(/^[A-Za-z0-9]{1,32}$/, 'msg:invalidValue')
        .optional(),
      encodingAesKey: z
        .string()
        .regex(/^[A-Za-z0-9]{43}$/, 'msg:invalidValue')
        .optional(),
      version: versionField,
    })
    .strict(),
]);
export type WecomAppRotate = z.infer<typeof wecomAppRotate>;

export const wecomAppVersionBody = z.object({ version: versionField }).strict();

export const wecomTestResult = z.object({
  ok: z.boolean(),
  errcode: z.number().int(),
  errmsg: z.string(),
  agentName: z.string().nullable(),
  visibleRange: wecomVisibleRange.nullable(),
  /** Round trip of gettoken + agent/get in milliseconds. */
  elapsedMs: z.number().int(),
});
export type WecomTestResult = z.infer<typeof wecomTestResult>;

export const wecomSyncRunListQuery = listQueryOf(['id'] as const, {});

// ---- members, contacts, tags (the lists of the other pages) ----------------------------------------
export const wecomMemberRow = z.object({
  id: z.number().int(),
  corpId: z.string(),
  userid: z.string(),
  name: z.string(),
  departments: z.array(z.number().int()),
  departmentNames: z.array(z.string()),
  position: z.string(),
  status: z.number().int(),
  hasCustomerContact: z.boolean(),
  customerCount: z.number().int(),
  sysUserId: z.number().int().nullable(),
  sysUserName: z.string().nullable(),
  deleted: z.boolean(),
  syncedAt: z.iso.datetime(),
});
export type WecomMemberRow = z.infer<typeof wecomMemberRow>;
export const wecomMemberListQuery = listQueryOf(['userid', 'name', 'customerCount'] as const, {
  keyword: z.string().trim().max(64).optional(),
  departmentId: z.coerce.number().int().positive().optional(),
  status: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  hasCustomerContact: queryBool.optional(),
  bound: queryBool.optional(),
});
export type WecomMemberListQuery = z.infer<typeof wecomMemberListQuery>;

export const wecomTagRow = z.object({
  id: z.number().int(),
  tagId: z.string(),
  name: z.string(),
  order: z.number().int(),
  createdByUs: z.boolean(),
  contactCount: z.number().int(),
});
export const wecomTagGroupRow = z.object({
  id: z.number().int(),
  corpId: z.string(),
  groupId: z.string(),
  name: z.string(),
  order: z.number().int(),
  createdByUs: z.boolean(),
  tags: z.array(wecomTagRow),
});
export type WecomTagGroupRow = z.infer<typeof wecomTagGroupRow>;

export const wecomContactRow = z.object({
  /** The relation id (one row per contact × follow member). */
  id: z.number().int(),
  contactId: z.number().int(),
  externalUserid: z.string(),
  name: z.string(),
  avatar: z.string(),
  type: z.number().int(),
  gender: z.number().int(),
  corpName: z.string(),
  userid: z.string(),
  memberName: z.string().nullable(),
  remark: z.string(),
  description: z.string(),
  remarkMobiles: z.array(z.string()),
  addTime: z.iso.datetime().nullable(),
  addWay: z.number().int(),
  state: z.string(),
  status: z.enum(WECOM_RELATION_STATUSES),
  tags: z.array(z.object({ tagId: z.string(), name: z.string() })),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  /** The corp of the relation (its tags come from this corp's library). */
  corpId: z.string(),
});
export type WecomContactRow = z.infer<typeof wecomContactRow>;
export const wecomContactListQuery = listQueryOf(['addTime', 'name'] as const, {
  keyword: z.string().trim().max(64).optional(),
  userid: z.string().trim().max(64).optional(),
  /** Comma-separated WeCom tag ids: contacts carrying all of them. */
  tagIds: z
    .string()
    .max(2000)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.string().max(64)).max(20))
    .optional(),
  addWay: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  linked: queryBool.optional(),
  status: z.enum(WECOM_RELATION_STATUSES).optional(),
  addedFrom: z.iso.datetime({ offset: true }).optional(),
  addedTo: z.iso.datetime({ offset: true }).optional(),
  /** The relations of one linked client (the client drawer's WeCom tab). */
  clientId: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  /** The relations of one external contact (the contact drawer). */
  contactId: z.coerce.number().int().positive().max(INT4_MAX).optional(),
});
export type WecomContactListQuery = z.infer<typeof wecomContactListQuery>;

// ---- writes (DOMAIN 9.5.3) -----------------------------------------------------------------------
export const wecomMemberBind = z.object({ sysUserId: z.number().int().positive().nullable() }).strict();
export const wecomTagCreate = z
  .object({
    corpId: corpIdField,
    /** An existing group, or a new group by name. */
    groupId: z.string().trim().min(1).max(64).optional(),
    groupName: z.string().trim().min(1, 'msg:required').max(30).optional(),
    names: z.array(z.string().trim().min(1, 'msg:required').max(30)).min(1).max(20),
  })
  .strict();
export type WecomTagCreate = z.infer<typeof wecomTagCreate>;
export const wecomTagRename = z.object({ name: z.string().trim().min(1, 'msg:required').max(30) }).strict();
/** Tag or untag contacts (relation ids), singly or in bulk; answered per id. */
export const wecomMarkBody = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(500),
    addTagIds: z.array(z.string().max(64)).max(20).default([]),
    removeTagIds: z.array(z.string().max(64)).max(20).default([]),
  })
  .strict()
  .refine((b) => b.addTagIds.length + b.removeTagIds.length > 0, {
    message: 'msg:required',
    path: ['addTagIds'],
  });
export type WecomMarkBody = z.infer<typeof wecomMarkBody>;
/**
 * 备注 / 描述 / 备注手机号 of a relation: at least one of them. The list shows remark mobiles masked
 * (Decision 12), so a number kept from it comes back masked (138****1234) and stays as stored.
 */
export const wecomRemarkBody = z
  .object({
    remark: z.string().trim().max(20).optional(),
    description: z.string().trim().max(150).optional(),
    remarkMobiles: z
      .array(z.string().regex(/^1[3-9]\d{9}$|^1[3-9]\d\*{4}\d{4}$/, 'msg:invalidValue'))
      .max(5)
      .optional(),
  })
  .strict()
  .refine((b) => b.remark !== undefined || b.description !== undefined || b.remarkMobiles !== undefined, {
    message: 'msg:required',
    path: ['remark'],
  });
export type WecomRemarkBody = z.infer<typeof wecomRemarkBody>;
/** 在职转接: at most 100 contacts of one member to another; per-contact refusals answered. */
export const wecomTransferBody = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(100),
    takeoverUserid: z.string().trim().min(1).max(64),
  })
  .strict();
export type WecomTransferBody = z.infer<typeof wecomTransferBody>;
/** 离职继承 (admin): every contact of a member who left the corp to another member (100 per call to WeCom). */
export const wecomInheritBody = z.object({ takeoverUserid: z.string().trim().min(1).max(64) }).strict();
export type WecomInheritBody = z.infer<typeof wecomInheritBody>;
/** 关联客户: link the contact of a relation to a client (null unlinks). */
export const wecomLinkBody = z.object({ clientId: z.number().int().positive().nullable() }).strict();

/** The synced WeCom department tree (the member page's department filter). */
export const wecomDepartmentRow = z.object({
  corpId: z.string(),
  deptId: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  order: z.number().int(),
});
export type WecomDepartmentRow = z.infer<typeof wecomDepartmentRow>;
