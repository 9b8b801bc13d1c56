import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ref, timestamps, tstz, version } from './columns';

/**
 * 渠道活码 (issue 41): a WeCom 「联系我」 (add_contact_way) of one app, attributed to an order
 * channel. `state` (<= 30 characters, unique per corp, kept after deletion) comes back on the
 * add_external_contact callback and names the code; relations it brought carry its id.
 */
export const wecomChannelCode = pgTable(
  'wecom_channel_code',
  {
    id: id(),
    appId: ref('app_id').notNull(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** order_channel (two levels). */
    channelId: ref('channel_id').notNull(),
    /** The staff members a scan adds (WeCom userids, 1..20). */
    userids: text('userids').array().notNull(),
    skipVerify: boolean('skip_verify').notNull().default(true),
    /** WeCom tag ids put on every friend the code brings. */
    tagIds: text('tag_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Welcome text ({nickname} = the customer's WeCom name); '' = none. */
    welcomeText: varchar('welcome_text', { length: 1000 }).notNull().default(''),
    state: varchar('state', { length: 30 }).notNull(),
    configId: varchar('config_id', { length: 64 }).notNull(),
    qrCode: varchar('qr_code', { length: 512 }).notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('wecom_channel_code_state_uq').on(t.corpId, t.state),
    index('wecom_channel_code_list_idx').on(t.id.desc()).where(sql`deleted = false`),
  ],
);

/**
 * One welcome message for one add (send_welcome_msg with the event's WelcomeCode, which WeCom
 * accepts once and within 20 seconds): written when the callback arrives, sent by its own job.
 */
export const wecomWelcome = pgTable(
  'wecom_welcome',
  {
    id: id(),
    appId: ref('app_id').notNull(),
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    userid: varchar('userid', { length: 64 }).notNull(),
    externalUserid: varchar('external_userid', { length: 64 }).notNull(),
    state: varchar('state', { length: 64 }).notNull().default(''),
    welcomeCode: varchar('welcome_code', { length: 256 }).notNull(),
    channelCodeId: ref('channel_code_id'),
    /** PENDING / SENT / FAILED / SKIPPED (no message to send). */
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    errcode: integer('errcode'),
    attempts: integer('attempts').notNull().default(0),
    text: varchar('text', { length: 1100 }).notNull().default(''),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    uniqueIndex('wecom_welcome_code_uq').on(t.corpId, t.welcomeCode),
    index('wecom_welcome_code_idx').on(t.channelCodeId).where(sql`channel_code_id IS NOT NULL`),
    check('wecom_welcome_status_chk', sql`${t.status} IN ('PENDING','SENT','FAILED','SKIPPED')`),
  ],
);
