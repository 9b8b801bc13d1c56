import { z } from 'zod';
import { listQueryOf, versionField } from './list';

/**
 * 渠道活码 (issue 41): WeCom 「联系我」 codes of a customer-contact app, each attributed to an order
 * channel; the friends a code brings are tagged, linked to a client (a new one gets the code's
 * channel and the adding staff) and greeted with the code's welcome message.
 */
export const WECOM_CHANNEL_CODE_MAX_STAFF = 20;
/** The customer's WeCom name in a welcome text. */
export const WELCOME_NICKNAME = '{nickname}';

const welcomeText = z.string().trim().max(1000);

export const wecomChannelCodeInput = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(64),
    channelId: z.number().int().positive(),
    /** WeCom userids of the staff a scan adds. */
    userids: z
      .array(z.string().trim().min(1).max(64))
      .min(1, 'msg:required')
      .max(WECOM_CHANNEL_CODE_MAX_STAFF),
    skipVerify: z.boolean().default(true),
    tagIds: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
    welcomeText: welcomeText.default(''),
  })
  .strict();

export const wecomChannelCodeCreate = wecomChannelCodeInput
  .extend({ appId: z.number().int().positive() })
  .strict();
export type WecomChannelCodeCreate = z.infer<typeof wecomChannelCodeCreate>;
export const wecomChannelCodeUpdate = wecomChannelCodeInput.extend({ version: versionField }).strict();
export type WecomChannelCodeUpdate = z.infer<typeof wecomChannelCodeUpdate>;

export const wecomChannelCodeListQuery = listQueryOf(['id', 'name', 'adds'] as const, {
  keyword: z.string().trim().max(64).optional(),
  appId: z.coerce.number().int().positive().optional(),
  channelId: z.coerce.number().int().positive().optional(),
});
export type WecomChannelCodeListQuery = z.infer<typeof wecomChannelCodeListQuery>;

/** Counts of the friends a code brought (siyu: their own relations only). Scans are not reported by WeCom. */
export const wecomChannelCodeCounts = z.object({
  adds: z.number().int(),
  stillFriends: z.number().int(),
  deleted: z.number().int(),
  linked: z.number().int(),
  welcomed: z.number().int(),
});
export type WecomChannelCodeCounts = z.infer<typeof wecomChannelCodeCounts>;

export const wecomChannelCodeRow = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  appName: z.string(),
  /** SANDBOX apps can simulate a scan. */
  appMode: z.string(),
  corpId: z.string(),
  name: z.string(),
  channelId: z.number().int(),
  channelName: z.string(),
  /** The parent channel's name for a second-level channel. */
  channelParentName: z.string().nullable(),
  userids: z.array(z.string()),
  staff: z.array(z.object({ userid: z.string(), name: z.string() })),
  skipVerify: z.boolean(),
  tagIds: z.array(z.string()),
  welcomeText: z.string(),
  state: z.string(),
  configId: z.string(),
  /** The 「联系我」 QR code link WeCom answered. */
  qrCode: z.string(),
  counts: wecomChannelCodeCounts,
  version: z.number().int(),
  createdAt: z.string(),
});
export type WecomChannelCodeRow = z.infer<typeof wecomChannelCodeRow>;

/** The welcome text of adds that came without a code of ours ('' = none). */
export const wecomDefaultWelcome = z.object({ appId: z.number().int().positive(), welcomeText }).strict();
export type WecomDefaultWelcome = z.infer<typeof wecomDefaultWelcome>;
export const wecomDefaultWelcomeQuery = z.object({ appId: z.coerce.number().int().positive() }).strict();

/** Sandbox apps only: a simulated scan of the code (a new WeChat user adds one of its staff). */
export const wecomSimulatedAdd = z.object({ name: z.string().trim().min(1).max(64).optional() }).strict();
export const wecomSimulatedAddResult = z.object({ externalUserid: z.string(), userid: z.string() });
