// Sandbox apps only: a simulated scan of a channel code. The sandbox corp adds a new WeChat user to
// one of the code's staff and WeCom's add_external_contact callback is delivered to the app's
// callback URL handler, encrypted and signed with the app's keys, exactly as WeCom sends it.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wecomApp, wecomChannelCode } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { sealCallback } from '../../providers/wecom/crypto';
import { sandboxCorp } from '../../providers/wecom/simulator';
import type { WecomCallbacks } from '../wecom/callbacks';
import { ensureSandbox } from '../wecom/sandbox-store';

const cdata = (f: Record<string, string | number>) =>
  `<xml>${Object.entries(f)
    .map(([k, v]) => (typeof v === 'number' ? `<${k}>${v}</${k}>` : `<${k}><![CDATA[${v}]]></${k}>`))
    .join('')}</xml>`;

export const simulateScan = async (
  deps: { db: Db; box: SecretBox; callbacks: WecomCallbacks; now: () => Date; kick: () => unknown },
  codeId: number,
  name?: string,
) => {
  const [code] = await deps.db
    .select()
    .from(wecomChannelCode)
    .where(and(eq(wecomChannelCode.id, codeId), eq(wecomChannelCode.deleted, false)));
  if (!code) throw notFound();
  const [app] = await deps.db.select().from(wecomApp).where(eq(wecomApp.id, code.appId));
  if (!app || app.deleted) throw notFound();
  if (app.mode !== 'SANDBOX') throw new AppError(409, 'wecomSandboxOnly');
  await ensureSandbox(deps.db, app.corpId);
  const sim = sandboxCorp(app.corpId).acquisition;
  if (!sim.ways.has(code.configId))
    sim.ways.set(code.configId, {
      config_id: code.configId,
      type: code.userids.length > 1 ? 2 : 1,
      scene: 2,
      remark: code.name.slice(0, 30),
      skip_verify: code.skipVerify,
      state: code.state,
      user: code.userids,
      qr_code: code.qrCode,
      next: 0,
    });
  const scan = sim.scan(code.configId, name);
  const timestamp = String(Math.floor(deps.now().getTime() / 1000));
  const sealed = sealCallback(
    {
      token: deps.box.open(app.callbackTokenSealed),
      encodingAesKey: deps.box.open(app.encodingAesKeySealed),
      receiveId: app.corpId,
    },
    cdata({
      ToUserName: app.corpId,
      FromUserName: 'sys',
      CreateTime: Number(timestamp),
      MsgType: 'event',
      Event: 'change_external_contact',
      ChangeType: 'add_external_contact',
      UserID: scan.userid,
      ExternalUserID: scan.externalUserid,
      State: code.state,
      WelcomeCode: scan.welcomeCode,
    }),
    { timestamp, agentId: String(app.agentId ?? '') },
  );
  const stored = await deps.callbacks.receive(
    app.callbackKey,
    { msg_signature: sealed.signature, timestamp: sealed.timestamp, nonce: sealed.nonce },
    sealed.body,
  );
  if (stored === 'stored') deps.kick();
  return { externalUserid: scan.externalUserid, userid: scan.userid };
};
