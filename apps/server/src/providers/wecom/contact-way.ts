// The customer-acquisition calls of the WeCom server API (issue 41), on top of WecomClient (which
// holds the token, retry and rate rules): 「联系我」 codes (add/update/del_contact_way), tagging a
// customer (mark_tag) and the welcome message (send_welcome_msg). The sandbox corp answers the same
// paths (simulator.ts); the tests drive these against a local server speaking the protocol.
import type { WecomClient } from './client';

export const CONTACT_WAY_PATHS = {
  add: '/cgi-bin/externalcontact/add_contact_way',
  update: '/cgi-bin/externalcontact/update_contact_way',
  del: '/cgi-bin/externalcontact/del_contact_way',
  markTag: '/cgi-bin/externalcontact/mark_tag',
  welcome: '/cgi-bin/externalcontact/send_welcome_msg',
} as const;

/** WeCom's welcome errors: 41051 the welcome code was used already (final); 41096 retried. */
export const WELCOME_ALREADY_SENT = 41051;
export const WELCOME_RETRY = 41096;

export interface ContactWay {
  /** Shown in WeCom's console (<= 30 characters). */
  remark: string;
  skipVerify: boolean;
  /** <= 30 characters; comes back in add_external_contact's State. */
  state: string;
  userids: string[];
}

const body = (w: ContactWay) => ({
  // 2 多人 even for one staff member: a code's type is fixed at creation, and staff may be added later.
  type: 2,
  // 2 = a QR code
  scene: 2,
  remark: w.remark.slice(0, 30),
  skip_verify: w.skipVerify,
  state: w.state,
  user: w.userids,
});

/** add_contact_way: the code's config_id and QR link. */
export const addContactWay = async (
  client: WecomClient,
  w: ContactWay,
): Promise<{ configId: string; qrCode: string }> => {
  const res = await client.post(CONTACT_WAY_PATHS.add, body(w));
  return { configId: String(res.config_id ?? ''), qrCode: String(res.qr_code ?? '') };
};

export const updateContactWay = async (client: WecomClient, configId: string, w: ContactWay) => {
  const { type: _type, scene: _scene, ...rest } = body(w);
  await client.post(CONTACT_WAY_PATHS.update, { config_id: configId, ...rest });
};

export const delContactWay = async (client: WecomClient, configId: string) => {
  await client.post(CONTACT_WAY_PATHS.del, { config_id: configId });
};

export const markTag = async (
  client: WecomClient,
  userid: string,
  externalUserid: string,
  addTag: string[],
  removeTag: string[] = [],
) => {
  await client.post(CONTACT_WAY_PATHS.markTag, {
    userid,
    external_userid: externalUserid,
    add_tag: addTag,
    remove_tag: removeTag,
  });
};

export const sendWelcomeMsg = async (client: WecomClient, welcomeCode: string, text: string) => {
  await client.post(CONTACT_WAY_PATHS.welcome, { welcome_code: welcomeCode, text: { content: text } });
};
