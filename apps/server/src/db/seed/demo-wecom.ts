import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { newCallbackToken } from '../../providers/wecom/crypto';
import { type DbOrTx, queryRows } from '../client';
import {
  notification,
  wecomApp,
  wecomDepartment,
  wecomExternalContact,
  wecomMember,
  wecomRelation,
  wecomSyncRun,
  wecomTag,
  wecomTagGroup,
} from '../schema';

/** The demo corp: a sandbox corp (no WeCom needed) whose data the demo seed writes to our tables. */
export const DEMO_WECOM_CORP = 'ww7f3a9c2e5b0d1e01';
const DAY = 24 * 60 * 60 * 1000;

const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The demo sales as WeCom members (userids as a corp would name them), and two members without a staff user. */
const MEMBERS: { userid: string; username: string | null; name: string; dept: number; position: string }[] = [
  { userid: 'LiXiaoMeng', username: 'siyu1', name: '李晓萌', dept: 3, position: '课程顾问' },
  { userid: 'WangFang', username: 'siyu2', name: '王芳', dept: 3, position: '课程顾问' },
  { userid: 'ZhaoLei', username: 'siyu3', name: '赵磊', dept: 3, position: '销售组长' },
  { userid: 'SunLi', username: 'siyu4', name: '孙丽', dept: 4, position: '课程顾问' },
  { userid: 'ZhouJie', username: 'siyu5', name: '周杰', dept: 4, position: '课程顾问' },
  { userid: 'WuJing', username: 'siyu6', name: '吴静', dept: 4, position: '课程顾问' },
  { userid: 'ZhengHao', username: 'siyu7', name: '郑浩', dept: 4, position: '销售组长' },
  { userid: 'LiuYang', username: null, name: '刘洋', dept: 5, position: '班主任' },
  { userid: 'ChenMing', username: null, name: '陈明', dept: 4, position: '课程顾问' },
];
const DEPARTMENTS = [
  { id: 1, name: '星火教育', parentid: 0 },
  { id: 2, name: '私域销售中心', parentid: 1 },
  { id: 3, name: '销售一组', parentid: 2 },
  { id: 4, name: '销售二组', parentid: 2 },
  { id: 5, name: '教学教务中心', parentid: 1 },
];
const TAG_GROUPS: { id: string; name: string; ours: boolean; tags: string[] }[] = [
  {
    id: 'etDemoGrade',
    name: '年级',
    ours: false,
    tags: ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三'],
  },
  { id: 'etDemoIntent', name: '意向', ours: false, tags: ['高意向', '中意向', '低意向', '已成交'] },
  { id: 'etDemoSource', name: '来源', ours: false, tags: ['抖音', '小红书', '转介绍', '公众号'] },
  { id: 'etDemoEvent', name: '星火活动', ours: true, tags: ['暑期班咨询', '试听已约'] },
];
const ADD_WAYS = [1, 1, 1, 2, 2, 3, 201];
const CONTACTS_PER_SALES = 24;
const UNLINKED = 30;

/**
 * DEMO_DATA (unless DEMO_WECOM=0), Enterprise WeChat (DOMAIN 9): a sandbox customer-contact app,
 * the corp's departments, the demo sales as members bound to their staff users, ~170 external
 * contacts who are the demo sales' own clients (linked by our 「联系我」 state or by remark mobile,
 * followed by their owner), ~30 new contacts not linked yet, the tag library (one group created by
 * this system), one 撞单 (a contact of one sales whose client another sales owns) with its alert,
 * and a completed sync run. The app's secret and EncodingAESKey are sealed at server start (the
 * seed runs before the secret key is at hand). The sandbox corp is rebuilt from these rows, so a
 * sync keeps them. Idempotent (skipped when the demo app exists).
 */
export const seedDemoWecom = async (db: DbOrTx, now = new Date()) => {
  const [done] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM wecom_app WHERE corp_id = ${DEMO_WECOM_CORP} LIMIT 1`,
  );
  if (done) return { seeded: false };
  const staff = new Map(
    (
      await queryRows<{ id: number; username: string }>(
        db,
        sql`SELECT id, username FROM admin_user WHERE deleted = false AND username LIKE 'siyu%'`,
      )
    ).map((u) => [u.username, Number(u.id)]),
  );
  if (!staff.has('siyu1')) return { seeded: false };
  const r = rng(20261124);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)] as T;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  const [app] = await db
    .insert(wecomApp)
    .values({
      name: '星火教育·客户联系',
      kind: 'CUSTOMER_APP',
      mode: 'SANDBOX',
      corpId: DEMO_WECOM_CORP,
      agentId: 1000002,
      // sealed at server start (registerWecom) with the server's secret key
      secretSealed: '',
      callbackKey: randomBytes(12).toString('hex'),
      callbackTokenSealed: newCallbackToken(), // sealed at the server's start (sealPlainTokens)
      encodingAesKeySealed: '',
      lastVerifiedAt: at(2 * 60 * 60 * 1000),
      visibleRange: { users: [], parties: [1], tags: [], closed: false },
    })
    .returning({ id: wecomApp.id });
  if (!app) return { seeded: false };

  await db.insert(wecomDepartment).values(
    DEPARTMENTS.map((d, i) => ({
      corpId: DEMO_WECOM_CORP,
      deptId: d.id,
      parentId: d.parentid,
      name: d.name,
      order: 100_000_000 - i * 1000,
    })),
  );
  await db.insert(wecomMember).values(
    MEMBERS.map((m) => ({
      corpId: DEMO_WECOM_CORP,
      userid: m.userid,
      name: m.name,
      departments: [m.dept],
      mainDepartment: m.dept,
      position: m.position,
      // 陈明 left the company: his contacts wait for 离职继承
      status: m.userid === 'ChenMing' ? 5 : 1,
      hasCustomerContact: m.dept !== 5,
      sysUserId: m.username ? (staff.get(m.username) ?? null) : null,
    })),
  );

  const groupRows = TAG_GROUPS.map((g, gi) => ({
    corpId: DEMO_WECOM_CORP,
    groupId: `${g.id}${String(gi + 1).padStart(2, '0')}`,
    name: g.name,
    order: 100 - gi,
    createTime: at((400 - gi) * DAY),
    createdByUs: g.ours,
  }));
  await db.insert(wecomTagGroup).values(groupRows);
  const tagRows = TAG_GROUPS.flatMap((g, gi) =>
    g.tags.map((name, ti) => ({
      corpId: DEMO_WECOM_CORP,
      tagId: `${g.id}${String(gi + 1).padStart(2, '0')}T${String(ti + 1).padStart(2, '0')}`,
      groupId: groupRows[gi]?.groupId as string,
      name,
      order: 100 - ti,
      createTime: at((400 - gi) * DAY + ti * 60_000),
      createdByUs: g.ours,
    })),
  );
  await db.insert(wecomTag).values(tagRows);
  const tagsOf = (group: number) => tagRows.filter((t) => t.groupId === groupRows[group]?.groupId);

  // The sales' own clients who are their WeCom friends.
  type Planned = {
    ext: string;
    name: string;
    gender: number;
    clientId: number | null;
    mobile: string | null;
    follows: { userid: string; staffId: number | null; state: string; mobiles: string[]; added: Date }[];
  };
  const planned: Planned[] = [];
  const ext = (i: number) => `wmDemo${DEMO_WECOM_CORP.slice(-6)}${String(i).padStart(6, '0')}`;
  for (const m of MEMBERS) {
    const staffId = m.username ? staff.get(m.username) : undefined;
    if (!staffId) continue;
    const clients = await queryRows<{
      id: number;
      name: string;
      mobile: string | null;
      gender: string;
      created_at: Date;
    }>(
      db,
      sql`SELECT id, name, mobile, gender, created_at FROM client
          WHERE deleted = false AND owner_user_id = ${staffId} AND mobile IS NOT NULL
          ORDER BY created_at DESC, id DESC LIMIT ${CONTACTS_PER_SALES}`,
    );
    for (const c of clients) {
      const viaQr = r() < 0.35;
      const added = new Date(
        Math.max(new Date(c.created_at).getTime(), now.getTime() - 170 * DAY) + r() * 5 * DAY,
      );
      planned.push({
        ext: ext(planned.length + 1),
        name: c.name,
        gender: c.gender === 'MALE' ? 1 : c.gender === 'FEMALE' ? 2 : 0,
        clientId: Number(c.id),
        mobile: c.mobile,
        follows: [
          {
            userid: m.userid,
            staffId,
            state: viaQr ? `c${c.id}` : '',
            mobiles: viaQr ? [] : [c.mobile as string],
            added: added > now ? at(DAY) : added,
          },
        ],
      });
    }
  }
  // One 撞单: 王芳 also added one of 李晓萌's clients.
  const conflict = planned.find((p) => p.follows[0]?.userid === 'LiXiaoMeng');
  const wangFang = staff.get('siyu2') ?? null;
  if (conflict)
    conflict.follows.push({
      userid: 'WangFang',
      staffId: wangFang,
      state: '',
      mobiles: [conflict.mobile as string],
      added: at(3 * DAY),
    });
  // New friends nobody has linked yet (no client, or a remark mobile no client has).
  const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗'.split('');
  for (let i = 0; i < UNLINKED; i++) {
    const m = i < 4 ? (MEMBERS[8] as (typeof MEMBERS)[number]) : pick(MEMBERS.slice(0, 7));
    planned.push({
      ext: ext(planned.length + 1),
      name: `${pick(SURNAMES)}${pick(['妈妈', '爸爸', '家长'])}`,
      gender: r() < 0.6 ? 2 : 1,
      clientId: null,
      mobile: null,
      follows: [
        {
          userid: m.userid,
          staffId: m.username ? (staff.get(m.username) ?? null) : null,
          state: '',
          mobiles: r() < 0.5 ? [`199${String(Math.floor(r() * 1e8)).padStart(8, '0')}`] : [],
          added: at(r() * 20 * DAY),
        },
      ],
    });
  }

  const contactIds = new Map<string, number>();
  for (let i = 0; i < planned.length; i += 200) {
    const part = planned.slice(i, i + 200);
    const rows = await db
      .insert(wecomExternalContact)
      .values(
        part.map((p) => ({
          corpId: DEMO_WECOM_CORP,
          externalUserid: p.ext,
          name: p.name,
          avatar: '',
          type: 1,
          gender: p.gender,
          unionid: `oDemo${p.ext.slice(-8)}${randomBytes(4).toString('hex')}`,
          clientId: p.clientId,
        })),
      )
      .returning({ id: wecomExternalContact.id, ext: wecomExternalContact.externalUserid });
    for (const x of rows) contactIds.set(x.ext, Number(x.id));
  }
  const relations = planned.flatMap((p) =>
    p.follows.map((f) => {
      const tags = [
        pick(tagsOf(0)),
        ...(r() < 0.7 ? [pick(tagsOf(1))] : []),
        ...(r() < 0.4 ? [pick(tagsOf(2))] : []),
      ]
        .concat(r() < 0.15 ? [pick(tagsOf(3))] : [])
        .map((t) => t.tagId);
      const isConflict = p === conflict && f.userid === 'WangFang';
      return {
        corpId: DEMO_WECOM_CORP,
        externalUserid: p.ext,
        userid: f.userid,
        contactId: contactIds.get(p.ext) as number,
        staffUserId: f.staffId,
        remark: p.clientId ? p.name : '',
        description: '',
        addTime: f.added,
        addWay: f.state ? 1 : pick(ADD_WAYS),
        state: f.state,
        operUserid: r() < 0.7 ? f.userid : p.ext,
        remarkMobiles: f.mobiles,
        tagIds: [...new Set(tags)],
        // Weighed already (DOMAIN 9.5.5): their own clients, and the one 撞单 below.
        ownerCheckedClientId: p.clientId,
        ownerCheck: p.clientId ? (isConflict ? 'CONFLICT' : 'OWN') : null,
      };
    }),
  );
  for (let i = 0; i < relations.length; i += 200)
    await db.insert(wecomRelation).values(relations.slice(i, i + 200));
  for (const p of planned)
    if (p.clientId)
      await db.execute(
        sql`UPDATE client SET wecom_external_userid = ${p.ext} WHERE id = ${p.clientId} AND wecom_external_userid IS NULL`,
      );
  await db.execute(sql`
    UPDATE wecom_member m SET customer_count = (SELECT count(*)::int FROM wecom_relation r
      WHERE r.corp_id = m.corp_id AND r.userid = m.userid AND r.deleted = false)
    WHERE m.corp_id = ${DEMO_WECOM_CORP}`);

  if (conflict?.clientId) {
    const admins = await queryRows<{ id: number }>(
      db,
      sql`SELECT DISTINCT u.id FROM admin_user u JOIN admin_user_role ur ON ur.user_id = u.id JOIN role ro ON ro.id = ur.role_id
          WHERE ro.key = 'admin' AND u.deleted = false AND u.status = 'ENABLED'`,
    );
    const [rel] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM wecom_relation WHERE external_userid = ${conflict.ext} AND userid = 'WangFang'`,
    );
    if (admins.length)
      await db.insert(notification).values(
        admins.map((a) => ({
          userId: Number(a.id),
          kind: 'WECOM_CONFLICT',
          params: {
            count: 1,
            clients: `${conflict.name}（李晓萌 ↔ 王芳）`,
            clientIds: [conflict.clientId],
            relationIds: rel ? [Number(rel.id)] : [],
          },
          createdAt: at(3 * DAY),
        })),
      );
  }

  const relationCount = relations.length;
  await db.insert(wecomSyncRun).values({
    appId: app.id,
    corpId: DEMO_WECOM_CORP,
    trigger: 'MANUAL',
    status: 'SUCCESS',
    stage: 'done',
    counts: {
      departments: { created: DEPARTMENTS.length, updated: 0, deleted: 0, failed: 0 },
      members: { created: MEMBERS.length, updated: 0, deleted: 0, failed: 0 },
      contacts: { created: planned.length, updated: 0, deleted: 0, failed: 0 },
      relations: { created: relationCount, updated: 0, deleted: 0, failed: 0 },
      tags: { created: tagRows.length, updated: 0, deleted: 0, failed: 0 },
      links: { created: planned.filter((p) => p.clientId).length, updated: 0, deleted: 0, failed: 0 },
    },
    checkpoint: { expected: relationCount },
    apiCalls: 12 + MEMBERS.length,
    attempts: 1,
    startedAt: at(2 * 60 * 60 * 1000),
    heartbeatAt: at(2 * 60 * 60 * 1000 - 40_000),
    finishedAt: at(2 * 60 * 60 * 1000 - 40_000),
    createdAt: at(2 * 60 * 60 * 1000 + 1000),
  });
  return { seeded: true, contacts: planned.length, relations: relationCount };
};
