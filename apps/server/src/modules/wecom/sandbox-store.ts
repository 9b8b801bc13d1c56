// The sandbox corp (providers/wecom/simulator.ts) lives in memory. Our own tables are its memory
// across restarts: the first time a process talks to a sandbox corp whose data is already in the
// tables (an earlier sync, writes made from the console, or the demo seed), the corp is rebuilt from
// them, so a later sync finds what the tables hold instead of a freshly generated corp (whose sweep
// would remove the console's writes and the demo's contacts).
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { type SandboxState, type SimFollow, sandboxCorp } from '../../providers/wecom/simulator';

/** A sandbox corp is small; a corp with more relations than this is left as generated. */
const MAX_RELATIONS = 200_000;
const loaded = new Map<string, Promise<void>>();

const epoch = (d: Date | string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);

/** The corp's live rows as a sandbox state; null when the tables hold no member of it. */
export const loadSandboxState = async (db: Db, corpId: string): Promise<SandboxState | null> => {
  const members = await queryRows<{
    userid: string;
    name: string;
    departments: number[];
    main_department: number | null;
    position: string;
    status: number;
    has_customer_contact: boolean;
  }>(
    db,
    sql`SELECT userid, name, departments, main_department, position, status, has_customer_contact
        FROM wecom_member WHERE corp_id = ${corpId} AND deleted = false ORDER BY userid`,
  );
  if (!members.length) return null;
  const [size] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM wecom_relation WHERE corp_id = ${corpId} AND deleted = false`,
  );
  if ((size?.n ?? 0) > MAX_RELATIONS) return null;
  const departments = await queryRows<{ dept_id: number; name: string; parent_id: number; order: number }>(
    db,
    sql`SELECT dept_id, name, parent_id, "order" FROM wecom_department WHERE corp_id = ${corpId} AND deleted = false ORDER BY dept_id`,
  );
  const contacts = await queryRows<{
    external_userid: string;
    name: string;
    avatar: string;
    type: number;
    gender: number;
    unionid: string | null;
    corp_name: string;
    corp_full_name: string;
  }>(
    db,
    sql`SELECT external_userid, name, avatar, type, gender, unionid, corp_name, corp_full_name
        FROM wecom_external_contact WHERE corp_id = ${corpId} AND deleted = false ORDER BY id`,
  );
  const relations = await queryRows<{
    external_userid: string;
    userid: string;
    remark: string;
    description: string;
    add_time: Date | string | null;
    add_way: number;
    state: string;
    oper_userid: string;
    remark_mobiles: string[];
    tag_ids: string[];
    status: string;
    transfer_takeover: string | null;
  }>(
    db,
    sql`SELECT external_userid, userid, remark, description, add_time, add_way, state, oper_userid,
               remark_mobiles, tag_ids, status, transfer_takeover
        FROM wecom_relation WHERE corp_id = ${corpId} AND deleted = false ORDER BY id`,
  );
  const groups = await queryRows<{
    group_id: string;
    name: string;
    order: number;
    create_time: Date | string | null;
    created_by_us: boolean;
  }>(
    db,
    sql`SELECT group_id, name, "order", create_time, created_by_us FROM wecom_tag_group
        WHERE corp_id = ${corpId} AND deleted = false ORDER BY id`,
  );
  const tags = await queryRows<{
    tag_id: string;
    group_id: string;
    name: string;
    order: number;
    create_time: Date | string | null;
    created_by_us: boolean;
  }>(
    db,
    sql`SELECT tag_id, group_id, name, "order", create_time, created_by_us FROM wecom_tag
        WHERE corp_id = ${corpId} AND deleted = false ORDER BY id`,
  );
  const ways = await queryRows<{
    config_id: string;
    state: string;
    userids: string[];
    skip_verify: boolean;
    name: string;
  }>(
    db,
    sql`SELECT config_id, state, userids, skip_verify, name FROM wecom_channel_code
        WHERE corp_id = ${corpId} AND deleted = false ORDER BY id`,
  );
  const follows = new Map<string, SimFollow[]>();
  for (const r of relations) {
    const list = follows.get(r.external_userid) ?? [];
    list.push({
      userid: r.userid,
      remark: r.remark,
      description: r.description,
      createtime: epoch(r.add_time),
      tag_id: r.tag_ids,
      remark_mobiles: r.remark_mobiles,
      add_way: Number(r.add_way),
      oper_userid: r.oper_userid,
      state: r.state,
    });
    follows.set(r.external_userid, list);
  }
  return {
    departments: departments.map((d) => ({
      id: Number(d.dept_id),
      name: d.name,
      parentid: Number(d.parent_id),
      order: Number(d.order),
    })),
    members: members.map((m) => ({
      userid: m.userid,
      name: m.name,
      department: m.departments.map(Number),
      main_department: Number(m.main_department ?? m.departments[0] ?? 1),
      position: m.position,
      status: Number(m.status),
    })),
    followUsers: members.filter((m) => m.has_customer_contact).map((m) => m.userid),
    contacts: contacts.map((c) => ({
      external_userid: c.external_userid,
      name: c.name,
      avatar: c.avatar,
      type: Number(c.type),
      gender: Number(c.gender),
      unionid: c.unionid ?? '',
      ...(c.corp_name ? { corp_name: c.corp_name, corp_full_name: c.corp_full_name } : {}),
    })),
    follows: [...follows],
    groups: groups.map((g) => ({
      group_id: g.group_id,
      group_name: g.name,
      create_time: epoch(g.create_time),
      order: Number(g.order),
      byApp: g.created_by_us,
      tag: tags
        .filter((t) => t.group_id === g.group_id)
        .map((t) => ({
          id: t.tag_id,
          name: t.name,
          create_time: epoch(t.create_time),
          order: Number(t.order),
          byApp: t.created_by_us,
        })),
    })),
    ways: ways.map((w) => ({
      config_id: w.config_id,
      state: w.state,
      user: w.userids,
      skip_verify: w.skip_verify,
      remark: w.name.slice(0, 30),
    })),
    transfers: relations
      .filter((r) => r.status === 'TRANSFERRING' && r.transfer_takeover)
      .map((r) => ({
        externalUserid: r.external_userid,
        handover: r.userid,
        takeover: r.transfer_takeover as string,
      })),
  };
};

/** Once per process and corp: the sandbox corp rebuilt from the tables when they hold its data. */
export const ensureSandbox = (db: Db, corpId: string): Promise<void> => {
  let p = loaded.get(corpId);
  if (!p) {
    p = loadSandboxState(db, corpId).then((state) => {
      if (state) sandboxCorp(corpId).loadState(state);
    });
    // A failed load is tried again on the next call.
    p.catch(() => loaded.delete(corpId));
    loaded.set(corpId, p);
  }
  return p;
};
