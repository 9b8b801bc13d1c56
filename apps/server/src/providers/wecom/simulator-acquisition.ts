// The sandbox corp's customer-acquisition protocol (issue 41): 「联系我」 codes and welcome messages,
// answered as qyapi.weixin.qq.com does, and a simulated scan of a code (a new WeChat user adds one of
// its staff: the contact, the follow with the code's state and a fresh WelcomeCode).
import { randomBytes } from 'node:crypto';
import type { Json, WecomSimulator } from './simulator';

export interface SimContactWay {
  config_id: string;
  type: number;
  scene: number;
  remark: string;
  skip_verify: boolean;
  state: string;
  user: string[];
  qr_code: string;
  next: number;
}

const err = (errcode: number, errmsg: string): Json => ({ errcode, errmsg });
const ok = (data: Json = {}): Json => ({ errcode: 0, errmsg: 'ok', ...data });

/** Per simulator: its codes, the welcome codes it issued and the welcome messages it received. */
export class SimAcquisition {
  readonly ways = new Map<string, SimContactWay>();
  /** welcome_code → the message sent with it (null = issued, not used yet). */
  readonly welcomes = new Map<string, Json | null>();
  private seq = 0;

  constructor(private readonly sim: WecomSimulator) {}

  private checkUsers(users: unknown): Json | null {
    if (!Array.isArray(users) || users.length === 0) return err(40058, 'user is required');
    if (users.length > 100) return err(40058, 'too many users');
    for (const u of users) {
      if (!this.sim.members.has(String(u))) return err(40003, 'invalid userid');
      if (!this.sim.followUsers.includes(String(u)))
        return err(84074, 'user has no customer contact permission');
    }
    return null;
  }

  private checkState(state: unknown): Json | null {
    if (state !== undefined && String(state).length > 30) return err(40058, 'state exceeds 30 characters');
    return null;
  }

  handle(route: string, body: Json): Json | null {
    switch (route) {
      case 'POST /cgi-bin/externalcontact/add_contact_way': {
        const type = Number(body.type);
        const scene = Number(body.scene);
        if (![1, 2].includes(type) || ![1, 2].includes(scene)) return err(40058, 'invalid type or scene');
        const bad = this.checkUsers(body.user) ?? this.checkState(body.state);
        if (bad) return bad;
        if (type === 1 && (body.user as unknown[]).length !== 1)
          return err(40058, 'type 1 takes exactly one user');
        const config_id = `${randomBytes(16).toString('hex')}`;
        const way: SimContactWay = {
          config_id,
          type,
          scene,
          remark: String(body.remark ?? '').slice(0, 30),
          skip_verify: body.skip_verify !== false,
          state: String(body.state ?? ''),
          user: (body.user as unknown[]).map(String),
          qr_code: scene === 2 ? `https://wework.qpic.cn/wwpic/sim_${config_id}/0` : '',
          next: 0,
        };
        this.ways.set(config_id, way);
        return ok({ config_id, ...(way.qr_code ? { qr_code: way.qr_code } : {}) });
      }
      case 'POST /cgi-bin/externalcontact/update_contact_way': {
        const way = this.ways.get(String(body.config_id ?? ''));
        if (!way) return err(41044, 'invalid config_id');
        if (body.user !== undefined) {
          const bad = this.checkUsers(body.user);
          if (bad) return bad;
          if (way.type === 1 && (body.user as unknown[]).length !== 1)
            return err(40058, 'type 1 takes exactly one user');
          way.user = (body.user as unknown[]).map(String);
        }
        const bad = this.checkState(body.state);
        if (bad) return bad;
        if (body.state !== undefined) way.state = String(body.state);
        if (body.remark !== undefined) way.remark = String(body.remark).slice(0, 30);
        if (body.skip_verify !== undefined) way.skip_verify = body.skip_verify !== false;
        return ok();
      }
      case 'POST /cgi-bin/externalcontact/del_contact_way': {
        if (!this.ways.delete(String(body.config_id ?? ''))) return err(41044, 'invalid config_id');
        return ok();
      }
      case 'POST /cgi-bin/externalcontact/send_welcome_msg': {
        const code = String(body.welcome_code ?? '');
        if (!this.welcomes.has(code)) return err(41096, 'invalid welcome_code');
        if (this.welcomes.get(code)) return err(41051, 'welcome msg already sent');
        const text = (body.text as Json | undefined)?.content;
        const attachments = body.attachments as unknown[] | undefined;
        if (!text && !attachments?.length) return err(41050, 'text and attachments both empty');
        this.welcomes.set(code, body);
        return ok();
      }
      default:
        return null;
    }
  }

  /**
   * A scan of a code: a new external contact is added by the code's next staff member (in turn),
   * with the code's state; answers what the add_external_contact callback carries.
   */
  scan(configId: string, name = '扫码家长'): { externalUserid: string; userid: string; welcomeCode: string } {
    const way = this.ways.get(configId);
    if (!way) throw new Error(`no contact way ${configId}`);
    const userid = way.user[way.next++ % way.user.length] as string;
    const externalUserid = `wmSCAN${Date.now().toString(36)}${(this.seq++).toString(36)}${randomBytes(3).toString('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    this.sim.addContact(
      { external_userid: externalUserid, name, avatar: '', type: 1, gender: 0, unionid: '' },
      {
        userid,
        remark: '',
        description: '',
        createtime: now,
        tag_id: [],
        remark_mobiles: [],
        add_way: 1,
        oper_userid: externalUserid,
        state: way.state,
      },
    );
    const welcomeCode = randomBytes(16).toString('hex').toUpperCase();
    this.welcomes.set(welcomeCode, null);
    return { externalUserid, userid, welcomeCode };
  }
}
