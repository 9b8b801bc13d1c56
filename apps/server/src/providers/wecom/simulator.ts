// The sandbox corp: a simulated WeCom tenant that answers the protocol of DOMAIN 9.4 (the same
// paths, bodies, errcodes and cursors as qyapi.weixin.qq.com). It backs the sandbox mode of an app
// (so every page works with no WeCom corp) and, wrapped in an HTTP server, the tests' local WeCom.
import { randomBytes } from 'node:crypto';
import { SimAcquisition } from './simulator-acquisition';

export type Json = Record<string, unknown>;

const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export const seedOf = (text: string) => {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
};

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹'.split('');
const GIVEN = '子涵欣怡梓轩浩宇一诺雨桐宇航思远佳怡俊杰梓萱皓轩明轩晨曦雅琪文博诗涵嘉怡宇轩'.match(
  /../g,
) as string[];
const DEPTS = ['总部', '销售一部', '销售二部', '销售三部', '教务部', '市场部', '客服部'];
const TAG_GROUPS: [string, string[]][] = [
  ['年级', ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三']],
  ['意向', ['高意向', '中意向', '低意向', '已成交']],
  ['来源', ['抖音', '小红书', '转介绍', '地推', '公众号']],
];

export interface SimMember {
  userid: string;
  name: string;
  department: number[];
  main_department: number;
  position: string;
  status: number;
}
export interface SimContact {
  external_userid: string;
  name: string;
  avatar: string;
  type: number;
  gender: number;
  unionid: string;
  corp_name?: string;
  corp_full_name?: string;
}
export interface SimFollow {
  userid: string;
  remark: string;
  description: string;
  createtime: number;
  tag_id: string[];
  remark_mobiles: string[];
  add_way: number;
  oper_userid: string;
  state: string;
}
export interface SimTag {
  id: string;
  name: string;
  create_time: number;
  order: number;
  deleted?: boolean;
  byApp?: number | null;
}
export interface SimGroup {
  group_id: string;
  group_name: string;
  create_time: number;
  order: number;
  tag: SimTag[];
  byApp?: number | null;
}

export interface SimOptions {
  corpId: string;
  /** The corpsecret gettoken accepts; absent = any secret (the sandbox). */
  secret?: string;
  agentId?: number;
  members?: number;
  contacts?: number;
  seed?: number;
  /** Seconds the issued tokens live (WeCom: 7200). */
  tokenTtl?: number;
  now?: () => number;
}

const err = (errcode: number, errmsg: string): Json => ({ errcode, errmsg });
const ok = (data: Json = {}): Json => ({ errcode: 0, errmsg: 'ok', ...data });
const encodeCursor = (n: number) => Buffer.from(`c${n}`).toString('base64url');
const decodeCursor = (c: unknown): number | null => {
  if (c === undefined || c === null || c === '') return 0;
  const s = Buffer.from(String(c), 'base64url').toString();
  return /^c\d+$/.test(s) ? Number(s.slice(1)) : null;
};

/** A corp's data as our tables hold it (tags "byApp" = created by this system's app). */
export interface SandboxState {
  departments: { id: number; name: string; parentid: number; order: number }[];
  members: SimMember[];
  followUsers: string[];
  contacts: SimContact[];
  follows: [string, SimFollow[]][];
  groups: (Omit<SimGroup, 'byApp' | 'tag'> & {
    byApp: boolean;
    tag: (Omit<SimTag, 'byApp'> & { byApp: boolean })[];
  })[];
  transfers: { externalUserid: string; handover: string; takeover: string }[];
  /** 「联系我」 codes (our channel codes). */
  ways?: { config_id: string; state: string; user: string[]; skip_verify: boolean; remark: string }[];
}

export class WecomSimulator {
  readonly corpId: string;
  readonly departments: { id: number; name: string; parentid: number; order: number }[] = [];
  readonly members = new Map<string, SimMember>();
  readonly followUsers: string[] = [];
  readonly contacts = new Map<string, SimContact>();
  /** external_userid → follow infos. */
  readonly follows = new Map<string, SimFollow[]>();
  readonly groups: SimGroup[] = [];
  readonly tokens = new Map<string, number>();
  readonly transfers = new Map<string, { handover: string; takeover: string; status: number; at: number }>();
  /** external_userid → transfer times (the 2-per-90-days rule). */
  readonly transferCount = new Map<string, number>();
  readonly oauthCodes = new Map<string, string>();
  /** Calls per path, for tests and bench figures. */
  readonly calls = new Map<string, number>();
  tokenIssues = 0;
  /** 「联系我」 codes and welcome messages (simulator-acquisition.ts). */
  readonly acquisition = new SimAcquisition(this);
  private nextTagSeq = 1;
  private readonly opts: Required<Omit<SimOptions, 'secret'>> & { secret?: string };

  constructor(options: SimOptions) {
    this.opts = {
      agentId: 1000002,
      members: 24,
      contacts: 300,
      seed: seedOf(options.corpId),
      tokenTtl: 7200,
      now: () => Date.now(),
      ...options,
    };
    this.corpId = options.corpId;
    this.generate();
  }

  private now() {
    return Math.floor(this.opts.now() / 1000);
  }

  private generate() {
    const rand = rng(this.opts.seed);
    const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)] as T;
    DEPTS.forEach((name, i) => {
      this.departments.push({ id: i + 1, name, parentid: i === 0 ? 0 : 1, order: 100000000 - i * 1000 });
    });
    const base = this.now() - 400 * 86400;
    for (const [gi, [gname, tags]] of TAG_GROUPS.entries()) {
      this.groups.push({
        group_id: `etSIM${gi + 1}${this.opts.seed.toString(36).slice(0, 6)}`,
        group_name: gname,
        create_time: base + gi * 60,
        order: 100 - gi,
        tag: tags.map((name, ti) => ({
          id: `etSIM${gi + 1}T${ti + 1}${this.opts.seed.toString(36).slice(0, 6)}`,
          name,
          create_time: base + gi * 60 + ti,
          order: 100 - ti,
        })),
      });
    }
    const allTags = this.groups.flatMap((g) => g.tag.map((t) => t.id));
    for (let i = 1; i <= this.opts.members; i++) {
      const dept = i <= 2 ? 1 : 2 + (i % 3);
      const userid = `sales${String(i).padStart(3, '0')}`;
      this.members.set(userid, {
        userid,
        name: pick(SURNAMES) + pick(GIVEN),
        department: [dept],
        main_department: dept,
        position: i <= 2 ? '主管' : '课程顾问',
        status: i % 17 === 0 ? 5 : 1,
      });
      if (i > 1 && i % 17 !== 0) this.followUsers.push(userid);
    }
    const sid = this.opts.seed.toString(36);
    for (let i = 1; i <= this.opts.contacts; i++) {
      const external_userid = `wm${sid}${String(i).padStart(7, '0')}`;
      const type = rand() < 0.92 ? 1 : 2;
      this.contacts.set(external_userid, {
        external_userid,
        name: `${pick(SURNAMES)}${pick(GIVEN)}${rand() < 0.5 ? '妈妈' : '爸爸'}`,
        avatar: `https://wework.qpic.cn/sim/${external_userid}/0`,
        type,
        gender: rand() < 0.6 ? 2 : 1,
        unionid: `o${sid}u${String(i).padStart(9, '0')}`,
        ...(type === 2 ? { corp_name: '某教育', corp_full_name: '某教育科技有限公司' } : {}),
      });
      const n = rand() < 0.15 ? 2 : 1;
      const follows: SimFollow[] = [];
      const used = new Set<string>();
      for (let k = 0; k < n && this.followUsers.length; k++) {
        const userid = pick(this.followUsers);
        if (used.has(userid)) continue;
        used.add(userid);
        const mobile = `1${3 + Math.floor(rand() * 7)}${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`;
        follows.push({
          userid,
          remark: rand() < 0.6 ? `${this.contacts.get(external_userid)?.name ?? ''}` : '',
          description: '',
          createtime: this.now() - Math.floor(rand() * 365 * 86400),
          tag_id: allTags.filter(() => rand() < 0.08),
          remark_mobiles: rand() < 0.4 ? [mobile] : [],
          add_way: pick([1, 1, 1, 2, 3, 201, 0]),
          oper_userid: rand() < 0.7 ? userid : external_userid,
          state: '',
        });
      }
      this.follows.set(external_userid, follows);
    }
  }

  // ---- helpers tests and the sandbox use ---------------------------------------------------------
  /**
   * Replaces the corp's generated data with a saved state (the sandbox corp rebuilt from our own
   * tables after a restart, or the demo corp). Issued tokens and OAuth codes are kept.
   */
  loadState(state: SandboxState) {
    this.departments.splice(0, this.departments.length, ...state.departments);
    this.members.clear();
    for (const m of state.members) this.members.set(m.userid, m);
    this.followUsers.splice(0, this.followUsers.length, ...state.followUsers);
    this.contacts.clear();
    this.follows.clear();
    for (const c of state.contacts) this.contacts.set(c.external_userid, c);
    for (const [ext, fs] of state.follows) this.follows.set(ext, fs);
    this.groups.splice(
      0,
      this.groups.length,
      ...state.groups.map((g) => ({
        ...g,
        byApp: g.byApp ? this.opts.agentId : null,
        tag: g.tag.map((t) => ({ ...t, byApp: t.byApp ? this.opts.agentId : null })),
      })),
    );
    this.acquisition.ways.clear();
    for (const w of state.ways ?? [])
      this.acquisition.ways.set(w.config_id, {
        ...w,
        type: w.user.length > 1 ? 2 : 1,
        scene: 2,
        qr_code: `https://wework.qpic.cn/wwpic/sim_${w.config_id}/0`,
        next: 0,
      });
    this.transfers.clear();
    for (const t of state.transfers)
      this.transfers.set(t.externalUserid, {
        handover: t.handover,
        takeover: t.takeover,
        status: 2,
        at: this.now(),
      });
  }

  /** Invalidates every issued token (the next call gets 42001). */
  expireTokens() {
    for (const k of this.tokens.keys()) this.tokens.set(k, 0);
  }
  issueOauthCode(userid: string): string {
    const code = randomBytes(12).toString('hex');
    this.oauthCodes.set(code, userid);
    return code;
  }
  addContact(contact: SimContact, follow: SimFollow) {
    this.contacts.set(contact.external_userid, contact);
    const list = this.follows.get(contact.external_userid) ?? [];
    this.follows.set(contact.external_userid, [...list.filter((f) => f.userid !== follow.userid), follow]);
  }
  removeFollow(externalUserid: string, userid: string) {
    const list = (this.follows.get(externalUserid) ?? []).filter((f) => f.userid !== userid);
    this.follows.set(externalUserid, list);
  }
  relationCount() {
    let n = 0;
    for (const f of this.follows.values()) n += f.length;
    return n;
  }

  private findTag(id: string) {
    for (const g of this.groups) {
      const t = g.tag.find((x) => x.id === id && !x.deleted);
      if (t) return { group: g, tag: t };
    }
    return null;
  }

  private tagGroupJson(g: SimGroup, tagFilter?: Set<string>): Json {
    return {
      group_id: g.group_id,
      group_name: g.group_name,
      create_time: g.create_time,
      order: g.order,
      deleted: false,
      tag: g.tag
        .filter((t) => !t.deleted && (!tagFilter || tagFilter.has(t.id)))
        .map((t) => ({ id: t.id, name: t.name, create_time: t.create_time, order: t.order, deleted: false })),
    };
  }

  private tokenOk(token: unknown): Json | null {
    if (typeof token !== 'string' || !this.tokens.has(token)) return err(40014, 'invalid access_token');
    if ((this.tokens.get(token) ?? 0) <= this.now()) return err(42001, 'access_token expired');
    return null;
  }

  private agentOf(token: string) {
    return Number(token.split('.')[1] ?? 0) || null;
  }

  /** One protocol call: path as on qyapi (e.g. /cgi-bin/gettoken), query and JSON body. */
  handle(method: string, path: string, query: Record<string, string>, body: Json = {}): Json {
    this.calls.set(path, (this.calls.get(path) ?? 0) + 1);
    if (path === '/cgi-bin/gettoken') {
      if (query.corpid !== this.corpId) return err(40013, 'invalid corpid');
      if (this.opts.secret !== undefined && query.corpsecret !== this.opts.secret)
        return err(40001, 'invalid credential');
      this.tokenIssues++;
      const token = `${randomBytes(24).toString('hex')}.${this.opts.agentId}`;
      this.tokens.set(token, this.now() + this.opts.tokenTtl);
      return ok({ access_token: token, expires_in: this.opts.tokenTtl });
    }
    const denied = this.tokenOk(query.access_token);
    if (denied) return denied;
    const route = `${method.toUpperCase()} ${path}`;
    switch (route) {
      case 'GET /cgi-bin/agent/get':
        if (Number(query.agentid) !== this.opts.agentId) return err(40056, 'invalid agentid');
        return ok({
          agentid: this.opts.agentId,
          name: '客户联系助手',
          square_logo_url: '',
          description: '',
          allow_userinfos: { user: [] },
          allow_partys: { partyid: [1] },
          allow_tags: { tagid: [] },
          close: 0,
        });
      case 'GET /cgi-bin/department/list':
      case 'GET /cgi-bin/department/simplelist':
        return ok({
          department: this.departments.map((d) => ({
            id: d.id,
            name: d.name,
            parentid: d.parentid,
            order: d.order,
          })),
          department_id: this.departments.map((d) => ({ id: d.id, parentid: d.parentid, order: d.order })),
        });
      case 'POST /cgi-bin/user/list_id': {
        const limit = Math.min(Math.max(Number(body.limit ?? 1000), 1), 10000);
        const start = decodeCursor(body.cursor);
        if (start === null) return err(40096, 'invalid cursor');
        const rows = [...this.members.values()].flatMap((m) =>
          m.department.map((d) => ({ userid: m.userid, department: d })),
        );
        const page = rows.slice(start, start + limit);
        const next = start + limit < rows.length ? encodeCursor(start + limit) : '';
        return ok({ next_cursor: next, dept_user: page });
      }
      case 'GET /cgi-bin/user/get': {
        const m = this.members.get(query.userid ?? '');
        return m ? ok({ ...m }) : err(60111, 'userid not found');
      }
      case 'GET /cgi-bin/auth/getuserinfo':
      case 'GET /cgi-bin/user/getuserinfo': {
        const userid = this.oauthCodes.get(query.code ?? '');
        if (!userid) return err(40029, 'invalid code');
        this.oauthCodes.delete(query.code ?? '');
        return ok({ userid, user_ticket: '' });
      }
      case 'GET /cgi-bin/externalcontact/get_follow_user_list':
        return ok({ follow_user: [...this.followUsers] });
      case 'GET /cgi-bin/externalcontact/list': {
        if (!this.members.has(query.userid ?? '')) return err(40003, 'invalid userid');
        const ids: string[] = [];
        for (const [ext, fs] of this.follows) if (fs.some((f) => f.userid === query.userid)) ids.push(ext);
        return ok({ external_userid: ids });
      }
      case 'POST /cgi-bin/externalcontact/batch/get_by_user': {
        const users = Array.isArray(body.userid_list) ? (body.userid_list as string[]) : [];
        if (users.length === 0 || users.length > 100) return err(40058, 'userid_list size must be 1..100');
        const limit = Math.min(Math.max(Number(body.limit ?? 50), 1), 100);
        const start = decodeCursor(body.cursor);
        if (start === null) return err(40096, 'invalid cursor');
        const wanted = new Set(users);
        const rows: Json[] = [];
        for (const [ext, fs] of this.follows) {
          for (const f of fs) {
            if (!wanted.has(f.userid)) continue;
            const c = this.contacts.get(ext);
            if (c) rows.push({ external_contact: { ...c }, follow_info: { ...f, tag_id: [...f.tag_id] } });
          }
        }
        const page = rows.slice(start, start + limit);
        return ok({
          external_contact_list: page,
          next_cursor: start + limit < rows.length ? encodeCursor(start + limit) : '',
        });
      }
      case 'GET /cgi-bin/externalcontact/get': {
        const c = this.contacts.get(query.external_userid ?? '');
        const fs = this.follows.get(query.external_userid ?? '') ?? [];
        if (!c || fs.length === 0) return err(84061, 'not external contact');
        return ok({
          external_contact: { ...c },
          follow_user: fs.map((f) => ({
            ...f,
            tags: f.tag_id.flatMap((id) => {
              const found = this.findTag(id);
              return found
                ? [{ group_name: found.group.group_name, tag_name: found.tag.name, tag_id: id, type: 1 }]
                : [];
            }),
            tag_id: undefined,
          })),
          next_cursor: '',
        });
      }
      case 'POST /cgi-bin/externalcontact/get_corp_tag_list': {
        const tagIds = new Set((body.tag_id as string[] | undefined) ?? []);
        const groupIds = new Set((body.group_id as string[] | undefined) ?? []);
        const groups = this.groups
          .filter((g) => g.tag.some((t) => !t.deleted) || g.tag.length === 0)
          .filter((g) => groupIds.size === 0 || groupIds.has(g.group_id))
          .map((g) => this.tagGroupJson(g, tagIds.size ? tagIds : undefined))
          .filter((g) => tagIds.size === 0 || (g.tag as unknown[]).length > 0);
        return ok({ tag_group: groups });
      }
      case 'POST /cgi-bin/externalcontact/add_corp_tag': {
        const tags = (body.tag as { name: string; order?: number }[] | undefined) ?? [];
        if (tags.length === 0) return err(40071, 'tag list empty');
        if (tags.some((t) => !t.name || t.name.length > 30)) return err(40071, 'invalid tag name');
        const agent = this.agentOf(String(query.access_token));
        let g = body.group_id ? this.groups.find((x) => x.group_id === body.group_id) : undefined;
        if (body.group_id && !g) return err(40068, 'invalid tagid');
        if (!g && body.group_name) g = this.groups.find((x) => x.group_name === body.group_name);
        if (!g) {
          if (!body.group_name) return err(40071, 'group_name missing');
          g = {
            group_id: `etAPP${this.nextTagSeq++}${randomBytes(3).toString('hex')}`,
            group_name: String(body.group_name),
            create_time: this.now(),
            order: Number(body.order ?? 0),
            tag: [],
            byApp: agent,
          };
          this.groups.push(g);
        }
        const group = g;
        for (const t of tags) {
          if (group.tag.some((x) => !x.deleted && x.name === t.name)) return err(40071, 'tag name exists');
        }
        const created = tags.map((t) => ({
          id: `etAPP${this.nextTagSeq++}${randomBytes(3).toString('hex')}`,
          name: t.name,
          create_time: this.now(),
          order: Number(t.order ?? 0),
          byApp: agent,
        }));
        group.tag.push(...created);
        return ok({
          tag_group: { ...this.tagGroupJson(group), tag: created.map(({ byApp: _b, ...t }) => t) },
        });
      }
      case 'POST /cgi-bin/externalcontact/edit_corp_tag': {
        const agent = this.agentOf(String(query.access_token));
        const id = String(body.id ?? '');
        const g = this.groups.find((x) => x.group_id === id);
        const t = g ? null : this.findTag(id);
        const target = g ?? t?.tag;
        if (!target) return err(40068, 'invalid tagid');
        if ((target.byApp ?? null) !== agent) return err(41902, 'tag not created by this app');
        if (body.name !== undefined) {
          const name = String(body.name);
          if (!name || name.length > 30) return err(40071, 'invalid tag name');
          if (g) g.group_name = name;
          else if (t) {
            if (t.group.tag.some((x) => !x.deleted && x.name === name && x.id !== id))
              return err(40071, 'tag name exists');
            t.tag.name = name;
          }
        }
        if (body.order !== undefined) target.order = Number(body.order);
        return ok();
      }
      case 'POST /cgi-bin/externalcontact/del_corp_tag': {
        const agent = this.agentOf(String(query.access_token));
        const tagIds = (body.tag_id as string[] | undefined) ?? [];
        const groupIds = (body.group_id as string[] | undefined) ?? [];
        if (!tagIds.length && !groupIds.length) return err(40071, 'nothing to delete');
        for (const id of tagIds) {
          const t = this.findTag(id);
          if (!t) return err(40068, 'invalid tagid');
          if ((t.tag.byApp ?? null) !== agent) return err(41902, 'tag not created by this app');
        }
        for (const id of groupIds) {
          const g = this.groups.find((x) => x.group_id === id);
          if (!g) return err(40068, 'invalid tagid');
          if ((g.byApp ?? null) !== agent) return err(41902, 'tag not created by this app');
        }
        for (const id of tagIds) {
          const t = this.findTag(id);
          if (t) t.tag.deleted = true;
        }
        for (const id of groupIds) {
          const i = this.groups.findIndex((x) => x.group_id === id);
          if (i >= 0) this.groups.splice(i, 1);
        }
        const gone = new Set([...tagIds, ...groupIds.flatMap(() => [])]);
        for (const fs of this.follows.values())
          for (const f of fs) f.tag_id = f.tag_id.filter((x) => !gone.has(x) && this.findTag(x));
        return ok();
      }
      case 'POST /cgi-bin/externalcontact/mark_tag': {
        const add = (body.add_tag as string[] | undefined) ?? [];
        const remove = (body.remove_tag as string[] | undefined) ?? [];
        if (!add.length && !remove.length) return err(40071, 'add_tag and remove_tag both empty');
        const f = (this.follows.get(String(body.external_userid)) ?? []).find(
          (x) => x.userid === body.userid,
        );
        if (!this.members.has(String(body.userid))) return err(40003, 'invalid userid');
        if (!f) return err(84061, 'not external contact');
        for (const id of [...add, ...remove]) if (!this.findTag(id)) return err(40068, 'invalid tagid');
        f.tag_id = [...new Set([...f.tag_id.filter((x) => !remove.includes(x)), ...add])];
        return ok();
      }
      case 'POST /cgi-bin/externalcontact/remark': {
        const f = (this.follows.get(String(body.external_userid)) ?? []).find(
          (x) => x.userid === body.userid,
        );
        if (!f) return err(84061, 'not external contact');
        if (body.remark !== undefined) f.remark = String(body.remark);
        if (body.description !== undefined) f.description = String(body.description);
        if (Array.isArray(body.remark_mobiles))
          f.remark_mobiles = (body.remark_mobiles as string[]).slice(0, 5);
        return ok();
      }
      case 'POST /cgi-bin/externalcontact/transfer_customer': {
        const ids = (body.external_userid as string[] | undefined) ?? [];
        if (ids.length === 0 || ids.length > 100) return err(40058, 'external_userid size must be 1..100');
        const handover = String(body.handover_userid ?? '');
        const takeover = String(body.takeover_userid ?? '');
        if (!this.members.has(handover) || !this.members.has(takeover)) return err(40003, 'invalid userid');
        const customer = ids.map((ext) => {
          const fs = this.follows.get(ext) ?? [];
          if (!fs.some((f) => f.userid === handover)) return { external_userid: ext, errcode: 84061 };
          if ((this.transferCount.get(ext) ?? 0) >= 2) return { external_userid: ext, errcode: 40129 };
          this.transferCount.set(ext, (this.transferCount.get(ext) ?? 0) + 1);
          this.transfers.set(ext, { handover, takeover, status: 2, at: this.now() });
          return { external_userid: ext, errcode: 0 };
        });
        return ok({ customer });
      }
      case 'POST /cgi-bin/externalcontact/get_unassigned_list': {
        const rows: Json[] = [];
        for (const [ext, fs] of this.follows)
          for (const f of fs)
            if (this.members.get(f.userid)?.status === 5 && !this.transfers.has(ext))
              rows.push({
                handover_userid: f.userid,
                external_userid: ext,
                dimission_time: this.now() - 86400,
              });
        const size = Math.min(Math.max(Number(body.page_size ?? 1000), 1), 1000);
        const start = decodeCursor(body.cursor);
        if (start === null) return err(40096, 'invalid cursor');
        const more = start + size < rows.length;
        return ok({
          info: rows.slice(start, start + size),
          is_last: !more,
          next_cursor: more ? encodeCursor(start + size) : '',
        });
      }
      case 'POST /cgi-bin/externalcontact/resigned/transfer_customer': {
        const ids = (body.external_userid as string[] | undefined) ?? [];
        if (ids.length === 0 || ids.length > 100) return err(40058, 'external_userid size must be 1..100');
        const handover = String(body.handover_userid ?? '');
        const takeover = String(body.takeover_userid ?? '');
        if (!this.members.has(handover) || !this.members.has(takeover)) return err(40003, 'invalid userid');
        if (this.members.get(handover)?.status !== 5) return err(40097, 'handover user has not resigned');
        const customer = ids.map((ext) => {
          const fs = this.follows.get(ext) ?? [];
          if (!fs.some((f) => f.userid === handover)) return { external_userid: ext, errcode: 84061 };
          this.transfers.set(ext, { handover, takeover, status: 2, at: this.now() });
          return { external_userid: ext, errcode: 0 };
        });
        return ok({ customer });
      }
      case 'POST /cgi-bin/externalcontact/resigned/transfer_result':
      case 'POST /cgi-bin/externalcontact/transfer_result': {
        const rows = [...this.transfers.entries()]
          .filter(([, t]) => t.handover === body.handover_userid && t.takeover === body.takeover_userid)
          .map(([ext, t]) => ({ external_userid: ext, status: t.status, takeover_time: t.at }));
        return ok({ customer: rows, next_cursor: '' });
      }
      default:
        return this.acquisition.handle(route, body) ?? err(48002, `api forbidden: ${route}`);
    }
  }

  /** Completes pending transfers (WeCom does it after 24 h): the follow moves to the takeover. */
  completeTransfers() {
    for (const [ext, t] of this.transfers) {
      if (t.status !== 2) continue;
      t.status = 1;
      const fs = this.follows.get(ext) ?? [];
      const f = fs.find((x) => x.userid === t.handover);
      if (f) f.userid = t.takeover;
    }
  }
}

/** Sandbox corps, one per corp id per process (their writes live as long as the process). */
const sandboxes = new Map<string, WecomSimulator>();
export const sandboxCorp = (corpId: string): WecomSimulator => {
  let sim = sandboxes.get(corpId);
  if (!sim) {
    sim = new WecomSimulator({ corpId });
    sandboxes.set(corpId, sim);
  }
  return sim;
};
