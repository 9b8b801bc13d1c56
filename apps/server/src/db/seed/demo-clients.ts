import { academicYearOf } from '@educrm/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import {
  adminUser,
  adminUserRole,
  type client,
  type clientOwnerLog,
  clientTag,
  department,
  type followUp,
  grade,
  orderChannel,
  role,
  sourcePlatform,
} from '../schema';

/**
 * DEMO_DATA=1, client management: the order dictionaries, a few more sales staff, ~3,000 clients
 * with realistic Chinese names and mobiles across owners and the pool, their owner history and
 * ~9,000 follow-ups over the past 90 days. Deterministic (seeded generator), bulk inserts, and
 * consistent with the pool rules: no owned client is already past the auto-recycle predicate, a
 * few are about to drop. Idempotent: skipped when any source platform exists.
 */
export const DEMO_CLIENTS = 3000;
const DAY = 24 * 60 * 60 * 1000;

/** mulberry32: a small seeded PRNG, so every demo database looks the same. */
export const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

// Common surnames weighted roughly by frequency (王, 李, 张 ~7% each), a few compound ones.
const SURNAMES: [string, number][] =
  '王72 李70 张68 刘54 陈47 杨32 黄23 赵22 吴21 周20 徐15 孙15 马14 朱13 胡12 郭12 何11 高11 林11 罗10 郑9 梁9 谢8 宋7 唐7 许7 韩6 冯6 邓6 曹6 彭6 曾5 肖5 田5 董5 袁5 潘4 于4 蒋4 蔡4 余4 杜4 叶4 程4 苏3 魏3 吕3 丁3 任3 沈3 姚3 卢3 姜3 崔3 钟3 谭3 陆2 汪2 范2 金2 石2 廖2 贾2 夏2 欧阳1 司马1 诸葛1 上官1'
    .split(' ')
    .map((x) => [x.replace(/\d+$/, ''), Number(x.replace(/^\D+/, ''))]);
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉建红玲梅宇浩凯晨欣怡梓涵子轩一诺雨桐思远佳琪嘉豪俊杰博文欣然子墨浩然若曦雅婷晓婷文博天佑宏伟志强海燕春梅晓燕丹丹婷婷慧敏';
const pickWeighted = <T>(r: () => number, items: [T, number][]): T => {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of items) {
    x -= w;
    if (x <= 0) return v;
  }
  return (items[items.length - 1] as [T, number])[0];
};
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const givenChar = (r: () => number) => {
  // Zipf-like: early characters of GIVEN are much more common.
  const i = Math.floor(GIVEN.length * r() ** 2.2);
  return GIVEN[i] as string;
};
const chineseName = (r: () => number) =>
  pickWeighted(r, SURNAMES) + givenChar(r) + (r() < 0.75 ? givenChar(r) : '');
const MOBILE_PREFIXES =
  '130 131 132 133 135 136 137 138 139 150 151 152 155 156 157 158 159 166 170 173 175 176 177 178 180 181 182 183 185 186 187 188 189 191 195 198 199'.split(
    ' ',
  );

const PLATFORMS = [
  { code: 'OWN_MP', name: '自有小程序', type: 'OWN', syncEnabled: false },
  { code: 'DOUYIN', name: '抖音', type: 'MARKETPLACE', syncEnabled: true },
  { code: 'WXSHOP', name: '视频号小店', type: 'MARKETPLACE', syncEnabled: true },
  { code: 'XIAOETONG', name: '小鹅通', type: 'MARKETPLACE', syncEnabled: true },
  { code: 'YOUZAN', name: '有赞', type: 'MARKETPLACE', syncEnabled: false },
  { code: 'TAOBAO', name: '淘宝', type: 'MARKETPLACE', syncEnabled: false },
  { code: 'OFFLINE', name: '线下转账', type: 'OFFLINE', syncEnabled: false },
] as const;
const CHANNELS: { code: string; name: string; children: [string, string][] }[] = [
  {
    code: 'WECOM',
    name: '企微私域',
    children: [
      ['WECOM_MOMENTS', '朋友圈'],
      ['WECOM_GROUP', '社群'],
      ['WECOM_1V1', '一对一私聊'],
    ],
  },
  {
    code: 'OUTBOUND',
    name: '外呼',
    children: [
      ['OUTBOUND_NEW', '新线索外呼'],
      ['OUTBOUND_REVISIT', '老客回访'],
    ],
  },
  {
    code: 'LIVE',
    name: '直播间',
    children: [
      ['LIVE_DOUYIN', '抖音直播'],
      ['LIVE_CHANNELS', '视频号直播'],
    ],
  },
  {
    code: 'ADS',
    name: '投放',
    children: [
      ['ADS_OCEAN', '巨量引擎'],
      ['ADS_TENCENT', '腾讯广告'],
      ['ADS_XHS', '小红书'],
    ],
  },
  {
    code: 'REFERRAL',
    name: '转介绍',
    children: [
      ['REFERRAL_PARENT', '家长推荐'],
      ['REFERRAL_TEACHER', '老师推荐'],
    ],
  },
];
/** code:name:stage, in order; each grade advances to the next one. */
const GRADES =
  'K1:小班:PRESCHOOL K2:中班:PRESCHOOL K3:大班:PRESCHOOL P1:一年级:PRIMARY P2:二年级:PRIMARY P3:三年级:PRIMARY P4:四年级:PRIMARY P5:五年级:PRIMARY P6:六年级:PRIMARY J1:初一:JUNIOR J2:初二:JUNIOR J3:初三:JUNIOR S1:高一:SENIOR S2:高二:SENIOR S3:高三:SENIOR GRAD:已毕业:OTHER'
    .split(' ')
    .map((x) => x.split(':') as [string, string, string]);
const TAGS =
  '高意向#f5222d 价格敏感#fa8c16 老客户#52c41a 需回访#1890ff 已加微信#13c2c2 家长决策#722ed1 竞品在读#eb2f96 寒暑假#faad14'
    .split(' ')
    .map((x) => [x.slice(0, -7), x.slice(-7)] as [string, string]);
const EXTRA_SALES = [
  { username: 'siyu2', nickname: '王芳', dept: '销售一组' },
  { username: 'siyu3', nickname: '赵磊', dept: '销售一组' },
  { username: 'siyu4', nickname: '孙丽', dept: '销售二组' },
  { username: 'siyu5', nickname: '周杰', dept: '销售二组' },
  { username: 'siyu6', nickname: '吴静', dept: '销售二组' },
  { username: 'siyu7', nickname: '郑浩', dept: '销售二组' },
];
const STAGES: [string, number][] = [
  ['NEW', 30],
  ['CONTACTED', 25],
  ['INTENT', 18],
  ['TRIAL', 10],
  ['DEAL', 9],
  ['INVALID', 8],
];
const SUBJECT_CODES = ['CHINESE', 'MATH', 'ENGLISH', 'PHYSICS', 'CHEMISTRY', 'PROGRAMMING', 'ART'];
const FOLLOW_TYPES: [string, number][] = [
  ['CALL', 45],
  ['WECHAT', 35],
  ['SMS', 8],
  ['VISIT', 7],
  ['OTHER', 5],
];
const NOTES = [
  '电话沟通了孩子目前的学习情况，家长对数学提分比较关心',
  '已发送试听课链接，约定周末试听',
  '家长在比较几家机构，价格方面需要再沟通',
  '孩子试听后反馈不错，家长考虑报名寒假班',
  '微信发了课程介绍和老师简介，家长已读未回',
  '约了周三晚上到校区面谈，带孩子做测评',
  '家长表示暂时没有需求，下学期再联系',
  '已报名体验课，提醒家长准时参加',
  '沟通了课程顾问方案，家长需要和孩子爸爸商量',
  '电话未接通，稍后再联系',
];
const RELEASE_REASONS = ['多次联系未接通', '家长明确暂无需求', '号码为空号', '客户要求不再联系'];

/** Columns the seed writes (a constant list: the JSON keys are these names). */
const CLIENT_COLUMNS = [
  'name',
  'mobile',
  'wechat_id',
  'student_name',
  'gender',
  'grade_id',
  'grade_year',
  'subjects',
  'region_code',
  'source_platform_id',
  'channel_id',
  'level',
  'stage',
  'tag_ids',
  'owner_user_id',
  'owner_dept_id',
  'owner_time',
  'first_owner_user_id',
  'pool_reason',
  'pool_time',
  'pre_owner_user_id',
  'lock_status',
  'followed',
  'follow_count',
  'last_follow_time',
  'last_follow_content',
  'next_follow_time',
  'deal_status',
  'first_paid_at',
  'last_paid_at',
  'total_paid',
  'remark',
  'created_at',
  'created_by',
  'updated_at',
] as const;
const snake = (o: object) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );

const chunked = async <T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
};

export const seedDemoClients = async (
  db: Db,
  now = new Date(),
): Promise<{ clients: number; followUps: number }> => {
  const [existing] = await db.select({ id: sourcePlatform.id }).from(sourcePlatform).limit(1);
  if (existing) return { clients: 0, followUps: 0 };
  const r = rng(20261102);
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  // ---- dictionaries ---------------------------------------------------------------------------------
  const platformIds = (
    await db
      .insert(sourcePlatform)
      .values(PLATFORMS.map((p, i) => ({ ...p, sort: i })))
      .returning({ id: sourcePlatform.id })
  ).map((x) => x.id);
  const channelIds: number[] = [];
  for (const [i, c] of CHANNELS.entries()) {
    const [top] = await db
      .insert(orderChannel)
      .values({ code: c.code, name: c.name, sort: i })
      .returning({ id: orderChannel.id });
    if (!top) continue;
    const kids = await db
      .insert(orderChannel)
      .values(c.children.map(([code, name], j) => ({ code, name, parentId: top.id, sort: j })))
      .returning({ id: orderChannel.id });
    channelIds.push(...kids.map((k) => k.id));
  }
  const gradeIds = (
    await db
      .insert(grade)
      .values(GRADES.map(([code, name, stage], i) => ({ code, name, stage, sort: i })))
      .returning({ id: grade.id })
  ).map((g) => g.id);
  for (let i = 0; i + 1 < gradeIds.length; i++) {
    await db
      .update(grade)
      .set({ nextGradeId: gradeIds[i + 1] })
      .where(eq(grade.id, gradeIds[i] as number));
  }
  const tagIds = (
    await db
      .insert(clientTag)
      .values(TAGS.map(([name, color], i) => ({ name, color, sort: i })))
      .returning({ id: clientTag.id })
  ).map((t) => t.id);

  // ---- sales staff ------------------------------------------------------------------------------------
  const [siyu1] = await db
    .select({ id: adminUser.id, hash: adminUser.passwordHash, dept: adminUser.departmentId })
    .from(adminUser)
    .where(eq(adminUser.username, 'siyu1'));
  if (!siyu1) return { clients: 0, followUps: 0 };
  const depts = await db.select({ id: department.id, name: department.name }).from(department);
  const [siyuRole] = await db.select({ id: role.id }).from(role).where(eq(role.key, 'siyu'));
  for (const u of EXTRA_SALES) {
    const [created] = await db
      .insert(adminUser)
      .values({
        username: u.username,
        nickname: u.nickname,
        passwordHash: siyu1.hash,
        departmentId: depts.find((d) => d.name === u.dept)?.id ?? null,
      })
      .onConflictDoNothing({ target: adminUser.username })
      .returning({ id: adminUser.id });
    if (created && siyuRole)
      await db.insert(adminUserRole).values({ userId: created.id, roleId: siyuRole.id });
  }
  const sales = await db
    .select({ id: adminUser.id, dept: adminUser.departmentId })
    .from(adminUser)
    .where(inArray(adminUser.username, ['siyu1', ...EXTRA_SALES.map((u) => u.username)]));
  const salesWeights = sales.map((s) => [s, 1] as [typeof s, number]);
  const [adminRow] = await db
    .select({ id: adminUser.id })
    .from(adminUser)
    .innerJoin(adminUserRole, eq(adminUserRole.userId, adminUser.id))
    .innerJoin(role, eq(role.id, adminUserRole.roleId))
    .where(eq(role.key, 'admin'))
    .limit(1);
  const todayStart = new Date(Math.floor((now.getTime() + 8 * 3600_000) / DAY) * DAY - 8 * 3600_000);

  // ---- clients ----------------------------------------------------------------------------------------
  const year = academicYearOf(now);
  const mobiles = new Set<string>();
  type Plan = {
    row: typeof client.$inferInsert;
    owner: { id: number; dept: number | null } | null;
    follows: { at: Date; next: Date | null }[];
    pre: { id: number } | null;
  };
  const plans: Plan[] = [];
  for (let i = 0; i < DEMO_CLIENTS; i++) {
    let mobile: string;
    do {
      mobile = pick(r, MOBILE_PREFIXES) + String(Math.floor(r() * 1e8)).padStart(8, '0');
    } while (mobiles.has(mobile));
    mobiles.add(mobile);
    const createdAt = at(r() * 90 * DAY);
    const age = now.getTime() - createdAt.getTime();
    const stage = pickWeighted(r, STAGES);
    const deal = stage === 'DEAL';
    const inPool = !deal && r() < 0.4;
    const owner = inPool ? null : pickWeighted(r, salesWeights);
    const follows: Plan['follows'] = [];
    let ownerTime: Date | null = null;
    let lastFollow: Date | null = null;
    let next: Date | null = null;
    let pre: Plan['pre'] = null;
    let poolTime: Date | null = null;
    let poolReason: string | null = null;
    if (owner) {
      // Deal clients may be held for long; others were taken within the last 25 days.
      const maxHeld = deal ? age : Math.min(age, 25 * DAY);
      ownerTime = at(r() * maxHeld);
      const held = now.getTime() - ownerTime.getTime();
      const aboutToDrop = !deal && r() < 0.06 && held > 5.2 * DAY;
      if (aboutToDrop) {
        // Owned 5-7 days, never followed: drops within notify_days (2) unless someone calls.
        ownerTime = at((5.2 + r() * 1.6) * DAY);
      } else {
        const n = 1 + Math.floor(r() * 4);
        // The latest contact is recent enough (< 6 days) for the 7-day no-follow rule.
        const latest = Math.min(held, r() * 6 * DAY);
        for (let k = 0; k < n; k++) {
          const ago = k === 0 ? latest : latest + r() * Math.max(0, held - latest);
          follows.push({ at: at(ago), next: null });
        }
        follows.sort((a, b) => a.at.getTime() - b.at.getTime());
        lastFollow = follows[follows.length - 1]?.at ?? null;
        if (r() < 0.55) next = at((2 - r() * 9) * DAY); // from 2 days ago to 7 days ahead
        const lastF = follows[follows.length - 1];
        if (lastF) lastF.next = next;
      }
    } else {
      pre = pickWeighted(r, salesWeights);
      poolTime = at(r() * Math.min(age, 60 * DAY));
      poolReason = pick(r, [
        'AUTO_NO_FOLLOW',
        'AUTO_NO_FOLLOW',
        'AUTO_NO_DEAL',
        'MANUAL_RELEASE',
        'IMPORT_UNASSIGNED',
      ]);
      if (poolReason === 'IMPORT_UNASSIGNED') pre = null;
      if (pre && r() < 0.7) {
        const when = new Date(poolTime.getTime() - r() * 10 * DAY);
        if (when > createdAt) follows.push({ at: when, next: null });
      }
    }
    const gradeIndex = Math.floor(r() * gradeIds.length);
    const tags = tagIds.filter(() => r() < 0.12);
    const paid = deal ? (1999 + Math.floor(r() * 12) * 1000) * 100 : 0;
    plans.push({
      owner,
      pre,
      follows,
      row: {
        name: chineseName(r),
        mobile,
        wechatId: r() < 0.4 ? `wx_${mobile.slice(-6)}${Math.floor(r() * 90 + 10)}` : '',
        studentName: r() < 0.6 ? chineseName(r) : '',
        gender: pick(r, ['MALE', 'FEMALE', 'UNKNOWN']),
        gradeId: gradeIds[gradeIndex] ?? null,
        gradeYear: year,
        subjects: SUBJECT_CODES.filter(() => r() < 0.2),
        regionCode: pick(r, ['110000', '310000', '440100', '440300', '330100', '510100', '420100', '320100']),
        sourcePlatformId: pick(r, platformIds),
        channelId: pick(r, channelIds),
        level: pick(r, ['A', 'B', 'B', 'C', null]),
        stage,
        tagIds: tags,
        ownerUserId: owner?.id ?? null,
        ownerDeptId: owner?.dept ?? null,
        ownerTime,
        firstOwnerUserId: owner?.id ?? pre?.id ?? null,
        poolReason,
        poolTime,
        preOwnerUserId: pre?.id ?? null,
        lockStatus: Boolean(owner) && r() < 0.03,
        followed: follows.length > 0 && Boolean(owner),
        followCount: follows.length,
        lastFollowTime: lastFollow ?? follows[follows.length - 1]?.at ?? null,
        lastFollowContent: follows.length ? pick(r, NOTES) : '',
        nextFollowTime: next,
        dealStatus: deal,
        firstPaidAt: deal
          ? at(r() * Math.max(1, now.getTime() - (ownerTime?.getTime() ?? now.getTime())))
          : null,
        lastPaidAt: null,
        totalPaid: paid,
        remark: r() < 0.1 ? '家长比较重视口碑，需要多介绍老学员案例' : '',
        createdAt,
        createdBy: owner?.id ?? pre?.id ?? null,
        updatedAt: createdAt,
      },
    });
  }
  for (const p of plans) if (p.row.dealStatus) p.row.lastPaidAt = p.row.firstPaidAt;

  // Bulk: one JSON parameter per 1,000 rows. The name-gram GIN index normally has fastupdate off
  // (no pending list on the search path); during the seed it buffers, then is flushed once.
  await db.execute(sql`ALTER INDEX client_grams_idx SET (fastupdate = on)`);
  const idByMobile = new Map<string, number>();
  await chunked(plans, 1000, async (part) => {
    const json = JSON.stringify(part.map((p) => snake(p.row)));
    const res = await queryRows<{ id: number; mobile: string }>(
      db,
      sql`INSERT INTO client (${sql.raw(CLIENT_COLUMNS.join(', '))})
          SELECT ${sql.raw(CLIENT_COLUMNS.join(', '))} FROM json_populate_recordset(NULL::client, ${json}::json)
          RETURNING id, mobile`,
    );
    for (const x of res) idByMobile.set(x.mobile, Number(x.id));
  });
  await db.execute(sql`SELECT gin_clean_pending_list('client_grams_idx'::regclass)`);
  await db.execute(sql`ALTER INDEX client_grams_idx SET (fastupdate = off)`);
  const ids = plans.map((p) => idByMobile.get(p.row.mobile as string) as number);

  // ---- owner history and follow-ups ----------------------------------------------------------------------
  const logs: (typeof clientOwnerLog.$inferInsert)[] = [];
  const followRows: (typeof followUp.$inferInsert)[] = [];
  plans.forEach((p, i) => {
    const clientId = ids[i] as number;
    const created = p.row.createdAt as Date;
    const first = p.owner ?? p.pre;
    logs.push({
      clientId,
      type: 'CREATE',
      toUserId: first?.id ?? null,
      operatorId: first?.id ?? null,
      createdAt: created,
    });
    const ownerTime = p.row.ownerTime as Date | null;
    if (p.owner && ownerTime && ownerTime > created && r() < 0.3) {
      // Claimed from the pool on an earlier day; today's takers were assigned by the admin.
      const claimed = ownerTime < todayStart;
      logs.push({
        clientId,
        type: claimed ? 'CLAIM' : 'ASSIGN',
        toUserId: p.owner.id,
        operatorId: claimed ? p.owner.id : (adminRow?.id ?? null),
        createdAt: ownerTime,
      });
    }
    if (!p.owner && p.pre && p.row.poolTime) {
      const manual = p.row.poolReason === 'MANUAL_RELEASE';
      logs.push({
        clientId,
        type: manual ? 'RELEASE' : 'AUTO_RECYCLE',
        fromUserId: p.pre.id,
        reason: manual ? pick(r, RELEASE_REASONS) : String(p.row.poolReason),
        operatorId: manual ? p.pre.id : null,
        createdAt: p.row.poolTime as Date,
      });
    }
    const author = p.owner ?? p.pre;
    p.follows.forEach((f, k) => {
      const last = k === p.follows.length - 1;
      followRows.push({
        clientId,
        type: pickWeighted(r, FOLLOW_TYPES),
        source: 'MANUAL',
        content: last && p.row.lastFollowContent ? (p.row.lastFollowContent as string) : pick(r, NOTES),
        nextFollowTime: f.next,
        countsAsContact: true,
        creatorDeptId: p.owner?.dept ?? null,
        createdAt: f.at,
        createdBy: author?.id ?? null,
        updatedAt: f.at,
      });
    });
  });
  await chunked(logs, 2000, (part) =>
    db.execute(
      sql`INSERT INTO client_owner_log (client_id, type, from_user_id, to_user_id, reason, operator_id, created_at)
          SELECT client_id, type, from_user_id, to_user_id, coalesce(reason, ''), operator_id, created_at
          FROM json_populate_recordset(NULL::client_owner_log, ${JSON.stringify(part.map(snake))}::json)`,
    ),
  );
  await chunked(followRows, 2000, (part) =>
    db.execute(
      sql`INSERT INTO follow_up (client_id, type, source, content, next_follow_time, counts_as_contact, creator_dept_id,
                                 created_at, created_by, updated_at)
          SELECT client_id, type, source, content, next_follow_time, counts_as_contact, creator_dept_id,
                 created_at, created_by, updated_at
          FROM json_populate_recordset(NULL::follow_up, ${JSON.stringify(part.map(snake))}::json)`,
    ),
  );
  await db.execute(sql`ANALYZE client`);
  await db.execute(sql`ANALYZE follow_up`);
  return { clients: ids.length, followUps: followRows.length };
};
