import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
 * Enterprise WeChat (DOMAIN 9). Synced data is keyed by (corp_id, WeCom's natural key), so several
 * apps of one corp share members, contacts and tags. `seen_run` is the id of the last full sync that
 * saw a row: after a complete pass, live rows with an older mark are swept (soft-deleted).
 */
export const wecomApp = pgTable(
  'wecom_app',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    /** CUSTOMER_APP = self-built app allowed to call customer-contact APIs; CONTACT_SYNC = 通讯录同步. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** SANDBOX = the built-in simulated corp (the default); LIVE = the WeCom API at WECOM_API_BASE. */
    mode: varchar('mode', { length: 8 }).notNull().default('SANDBOX'),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    agentId: integer('agent_id'),
    /** SecretBox-sealed; never returned by the API (only its last four characters). */
    secretSealed: text('secret_sealed').notNull(),
    secretLast4: varchar('secret_last4', { length: 4 }),
    /** The path key of the generated callback URL /api/public/wecom/callback/:callbackKey. */
    callbackKey: varchar('callback_key', { length: 32 }).notNull(),
    /** SecretBox-sealed (plain in rows written before migration 0032 until the next start). */
    callbackTokenSealed: text('callback_token_sealed').notNull(),
    encodingAesKeySealed: text('encoding_aes_key_sealed').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    lastVerifiedAt: tstz('last_verified_at'),
    lastError: varchar('last_error', { length: 300 }),
    /** From agent/get: allow_userinfos, allow_partys, allow_tags, close. */
    visibleRange: jsonb('visible_range'),
    /** The welcome text of adds that came without a channel code of ours ('' = none; issue 41). */
    defaultWelcome: varchar('default_welcome', { length: 1000 }).notNull().default(''),
    /** The cached access token (sealed) shared by every server; one refresher at a time (lease). */
    tokenSealed: text('token_sealed'),
    tokenExpiresAt: tstz('token_expires_at'),
    tokenLeaseUntil: tstz('token_lease_until'),
    tokenLeaseOwner: varchar('token_lease_owner', { length: 40 }),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('wecom_app_callback_key_uq').on(t.callbackKey),
    check('wecom_app_kind_chk', sql`${t.kind} IN ('CUSTOMER_APP','CONTACT_SYNC')`),
    check('wecom_app_mode_chk', sql`${t.mode} IN ('SANDBOX','LIVE')`),
    check('wecom_app_status_chk', sql`${t.status} IN ('ENABLED','DISABLED','INVALID')`),
  ],
);

const synced = () => ({
  deleted: boolean('deleted').notNull().default(false),
  seenRun: bigint('seen_run', { mode: 'number' }),
  syncedAt: tstz('synced_at').notNull().defaultNow(),
});

export const wecomDepartment = pgTable(
  'wecom_department',
  {
    id: id(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    deptId: integer('dept_id').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 64 }).notNull().default(''),
    order: bigint('order', { mode: 'number' }).notNull().default(0),
    ...synced(),
  },
  (t) => [uniqueIndex('wecom_department_uq').on(t.corpId, t.deptId)],
);

export const wecomMember = pgTable(
  'wecom_member',
  {
    id: id(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    userid: varchar('userid', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    departments: jsonb('departments').$type<number[]>().notNull().default([]),
    mainDepartment: integer('main_department'),
    position: varchar('position', { length: 128 }).notNull().default(''),
    /** 1 已激活 / 2 已禁用 / 4 未激活 / 5 退出企业. */
    status: smallint('status').notNull().default(1),
    hasCustomerContact: boolean('has_customer_contact').notNull().default(false),
    sysUserId: ref('sys_user_id'),
    customerCount: integer('customer_count').notNull().default(0),
    ...synced(),
  },
  (t) => [
    uniqueIndex('wecom_member_uq').on(t.corpId, t.userid),
    uniqueIndex('wecom_member_sys_user_uq').on(t.corpId, t.sysUserId).where(sql`sys_user_id IS NOT NULL`),
  ],
);

export const wecomExternalContact = pgTable(
  'wecom_external_contact',
  {
    id: id(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    externalUserid: varchar('external_userid', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    /** 1 微信 / 2 企业微信. */
    type: smallint('type').notNull().default(1),
    gender: smallint('gender').notNull().default(0),
    unionid: varchar('unionid', { length: 64 }),
    corpName: varchar('corp_name', { length: 128 }).notNull().default(''),
    corpFullName: varchar('corp_full_name', { length: 256 }).notNull().default(''),
    clientId: ref('client_id'),
    ...synced(),
  },
  (t) => [
    uniqueIndex('wecom_external_contact_uq').on(t.corpId, t.externalUserid),
    index('wecom_external_contact_client_idx').on(t.clientId).where(sql`client_id IS NOT NULL`),
    index('wecom_external_contact_unionid_idx').on(t.unionid).where(sql`unionid IS NOT NULL`),
  ],
);

/** 跟进关系: one external contact followed by one member, with the member's remark and tags. */
export const wecomRelation = pgTable(
  'wecom_relation',
  {
    id: id(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    externalUserid: varchar('external_userid', { length: 64 }).notNull(),
    userid: varchar('userid', { length: 64 }).notNull(),
    contactId: ref('contact_id').notNull(),
    /** The staff user bound to the member (copied on bind), for the siyu data scope. */
    staffUserId: ref('staff_user_id'),
    remark: varchar('remark', { length: 128 }).notNull().default(''),
    description: varchar('description', { length: 512 }).notNull().default(''),
    addTime: tstz('add_time'),
    addWay: integer('add_way').notNull().default(0),
    state: varchar('state', { length: 64 }).notNull().default(''),
    operUserid: varchar('oper_userid', { length: 64 }).notNull().default(''),
    remarkMobiles: jsonb('remark_mobiles').$type<string[]>().notNull().default([]),
    tagIds: text('tag_ids').array().notNull().default(sql`'{}'::text[]`),
    status: varchar('status', { length: 20 }).notNull().default('NORMAL'),
    /** In-service transfer: WeCom's status (1 接替完毕 / 2 等待接替 / 3 客户拒绝 / 4 接替成员客户达到上限) and the takeover. */
    transferStatus: smallint('transfer_status'),
    transferTakeover: varchar('transfer_takeover', { length: 64 }),
    /**
     * Ownership interplay (DOMAIN 9.5.5): the client this relation was last weighed against and the
     * outcome (CLAIMED / OWN / CONFLICT / REFUSED); a relation is weighed once per linked client.
     */
    ownerCheckedClientId: ref('owner_checked_client_id'),
    ownerCheck: varchar('owner_check', { length: 24 }),
    /** The channel code (wecom_channel_code) whose state the add carried, and its order channel. */
    channelCodeId: ref('channel_code_id'),
    channelId: ref('channel_id'),
    ...synced(),
  },
  (t) => [
    index('wecom_relation_channel_code_idx').on(t.channelCodeId).where(sql`channel_code_id IS NOT NULL`),
    // relations whose state names a channel code but which no callback marked (found by a sync)
    index('wecom_relation_code_state_idx')
      .on(t.corpId, t.state)
      .where(sql`channel_code_id IS NULL AND state LIKE 'ch%'`),
    uniqueIndex('wecom_relation_uq').on(t.corpId, t.externalUserid, t.userid),
    index('wecom_relation_contact_idx').on(t.contactId),
    index('wecom_relation_list_idx').on(t.addTime.desc(), t.id.desc()).where(sql`deleted = false`),
    index('wecom_relation_staff_idx')
      .on(t.staffUserId, t.addTime.desc(), t.id.desc())
      .where(sql`deleted = false`),
    index('wecom_relation_user_idx').on(t.userid, t.addTime.desc(), t.id.desc()).where(sql`deleted = false`),
    index('wecom_relation_tags_gin').using('gin', t.tagIds),
    check(
      'wecom_relation_status_chk',
      sql`${t.status} IN ('NORMAL','STAFF_DELETED','CUSTOMER_DELETED','TRANSFERRING','TRANSFERRED')`,
    ),
  ],
);

export const wecomTagGroup = pgTable(
  'wecom_tag_group',
  {
    id: id(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    groupId: varchar('group_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    order: bigint('order', { mode: 'number' }).notNull().default(0),
    createTime: tstz('create_time'),
    createdByUs: boolean('created_by_us').notNull().default(false),
    ...synced(),
  },
  (t) => [uniqueIndex('wecom_tag_group_uq').on(t.corpId, t.groupId)],
);

export const wecomTag = pgTable(
  'wecom_tag',
  {
    id: id(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    tagId: varchar('tag_id', { length: 64 }).notNull(),
    groupId: varchar('group_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    order: bigint('order', { mode: 'number' }).notNull().default(0),
    createTime: tstz('create_time'),
    createdByUs: boolean('created_by_us').notNull().default(false),
    ...synced(),
  },
  (t) => [
    uniqueIndex('wecom_tag_uq').on(t.corpId, t.tagId),
    index('wecom_tag_group_idx').on(t.corpId, t.groupId),
  ],
);

/**
 * One sync pass (wecom_sync_job of DOMAIN 9.1): its progress per resource, the checkpoint a retried
 * job resumes from, the API calls made and the last errors.
 */
export const wecomSyncRun = pgTable(
  'wecom_sync_run',
  {
    id: id(),
    appId: ref('app_id').notNull(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    type: varchar('type', { length: 16 }).notNull().default('FULL'),
    trigger: varchar('trigger', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('QUEUED'),
    stage: varchar('stage', { length: 24 }).notNull().default('departments'),
    checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull().default({}),
    errors: jsonb('errors').$type<Record<string, unknown>[]>().notNull().default([]),
    apiCalls: integer('api_calls').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    requestedBy: ref('requested_by'),
    startedAt: tstz('started_at'),
    heartbeatAt: tstz('heartbeat_at'),
    finishedAt: tstz('finished_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wecom_sync_run_app_idx').on(t.appId, t.id.desc()),
    uniqueIndex('wecom_sync_run_active_uq')
      .on(t.corpId)
      .where(sql`status IN ('QUEUED','RUNNING') AND type = 'FULL'`),
    check('wecom_sync_run_trigger_chk', sql`${t.trigger} IN ('SCHEDULE','MANUAL','CALLBACK')`),
    check('wecom_sync_run_status_chk', sql`${t.status} IN ('QUEUED','RUNNING','SUCCESS','PARTIAL','FAILED')`),
  ],
);

/** Callback events as received (decrypted), de-duplicated, processed by a handler. */
export const wecomCallbackEvent = pgTable(
  'wecom_callback_event',
  {
    id: id(),
    appId: ref('app_id').notNull(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    dedupKey: varchar('dedup_key', { length: 300 }).notNull(),
    event: varchar('event', { length: 64 }).notNull(),
    changeType: varchar('change_type', { length: 64 }).notNull().default(''),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    error: varchar('error', { length: 300 }),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    processedAt: tstz('processed_at'),
  },
  (t) => [
    uniqueIndex('wecom_callback_event_dedup_uq').on(t.appId, t.dedupKey),
    index('wecom_callback_event_pending_idx').on(t.id).where(sql`status = 'PENDING'`),
    check('wecom_callback_event_status_chk', sql`${t.status} IN ('PENDING','DONE','FAILED','IGNORED')`),
  ],
);
