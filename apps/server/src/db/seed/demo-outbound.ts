import { templateParamsOf } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../client';
import { callerNumber, callScript, smsSign, smsTemplate } from '../schema';
import { seedDemoOutboundHistory } from './demo-outbound-history';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * DEMO_DATA: the outbound set-up a new console shows (DOMAIN 7): caller numbers assigned to the
 * demo sales staff and teams (one flagged, one disabled), call scripts with versions (published,
 * archived, drafts), SMS signatures and templates in every review state. Sandbox providers, so
 * calls and messages work at once. Idempotent (skipped when the demo signature exists). Then ~90
 * days of calls and SMS logs with their follow-ups (demo-outbound-history.ts, skipped once any call
 * exists; with the demo's other history, DEMO_COMMERCE).
 */
export const seedDemoOutbound = async (
  db: DbOrTx,
  now = new Date(),
  opts: { history: boolean } = { history: true },
) => {
  const history = () => (opts.history ? seedDemoOutboundHistory(db, now) : null);
  const [done] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM sms_sign WHERE name = '星火教育' LIMIT 1`,
  );
  if (done) return { seeded: false, history: await history() };
  const ids = async (table: 'admin_user' | 'department', column: string, values: string[]) => {
    const rows = await queryRows<{ id: number; k: string }>(
      db,
      sql`SELECT id, ${sql.identifier(column)} AS k FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} IN (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.k, Number(r.id)]));
  };
  const users = await ids('admin_user', 'username', ['admin', 'siyu1', 'siyu2', 'siyu4', 'zhongtai1']);
  const depts = await ids('department', 'name', ['销售一组', '销售二组']);
  const u = (k: string) => (users.get(k) == null ? [] : [users.get(k) as number]);
  const d = (k: string) => (depts.get(k) == null ? [] : [depts.get(k) as number]);
  const admin = users.get('admin') ?? null;
  const ops = users.get('zhongtai1') ?? admin;

  await db.insert(callerNumber).values(
    [
      {
        number: '01086667001',
        numberType: 'LANDLINE',
        city: '北京',
        carrier: '联通',
        mode: 'FIXED',
        assignedUserIds: u('siyu1'),
        dailyLimit: 300,
        concurrency: 1,
        remark: '李晓萌专线',
      },
      {
        number: '01086667002',
        numberType: 'LANDLINE',
        city: '北京',
        carrier: '联通',
        mode: 'FIXED',
        assignedUserIds: u('siyu2'),
        dailyLimit: 300,
        concurrency: 1,
      },
      {
        number: '02160908801',
        numberType: 'LANDLINE',
        city: '上海',
        carrier: '电信',
        mode: 'POOL',
        assignedDeptIds: d('销售一组'),
        dailyLimit: 500,
        concurrency: 3,
        remark: '一组轮换',
      },
      {
        number: '02160908802',
        numberType: 'LANDLINE',
        city: '上海',
        carrier: '电信',
        mode: 'POOL',
        assignedDeptIds: d('销售二组'),
        dailyLimit: 500,
        concurrency: 3,
        remark: '二组轮换',
      },
      {
        number: '4008106666',
        numberType: 'N400',
        city: '',
        carrier: '电信',
        mode: 'POOL',
        dailyLimit: 1000,
        concurrency: 10,
        callWindowStart: '08:30',
        callWindowEnd: '21:00',
        monthlyCost: 30_000,
      },
      {
        number: '17120003333',
        numberType: 'PRIVACY_X',
        city: '杭州',
        carrier: '移动',
        mode: 'POOL',
        assignedUserIds: u('siyu4'),
        status: 'FLAGGED',
        flaggedAt: new Date(now.getTime() - 2 * DAY_MS),
        remark: '接通率过低，待核查',
      },
      {
        number: '01086667009',
        numberType: 'LANDLINE',
        city: '北京',
        carrier: '联通',
        mode: 'POOL',
        status: 'DISABLED',
        remark: '已停用',
      },
    ].map((n) => ({ ...n, createdBy: admin, updatedBy: admin })),
  );

  const script = async (
    v: {
      title: string;
      category: string;
      content: string;
      qa: [string, string][];
      keywords: string[];
      sort: number;
    },
    versions: ('PUBLISHED' | 'ARCHIVED' | 'DRAFT')[],
  ) => {
    let root: number | null = null;
    for (const [i, status] of versions.entries()) {
      const inserted: { id: number }[] = await db
        .insert(callScript)
        .values({
          rootId: root ?? 0,
          versionNo: i + 1,
          title: v.title,
          category: v.category,
          content: i === versions.length - 1 ? v.content : v.content.replace(/<p>[^<]*<\/p>$/, ''),
          qaPairs: (i === versions.length - 1 ? v.qa : v.qa.slice(0, 1)).map(([question, answer]) => ({
            question,
            answer,
          })),
          keywords: v.keywords,
          status,
          sort: v.sort,
          publishedAt:
            status === 'DRAFT' ? null : new Date(now.getTime() - (versions.length - i) * 7 * DAY_MS),
          createdBy: ops,
          updatedBy: status === 'DRAFT' ? ops : admin,
          updatedAt: new Date(now.getTime() - (versions.length - i) * 7 * DAY_MS),
        })
        .returning({ id: callScript.id });
      const row = inserted[0];
      if (!row) continue;
      root ??= row.id;
      await db.execute(sql`UPDATE call_script SET root_id = ${root} WHERE id = ${row.id}`);
    }
  };
  await script(
    {
      title: '首次外呼开场白',
      category: 'OPENING',
      content:
        '<p>{客户称呼}您好，我是星火教育的{销售姓名}。</p><p>看到您之前咨询过{学生姓名}的课程，想花两分钟了解一下孩子目前的学习情况，方便吗？</p><p>我们这周有一节免费的试听课，可以先帮孩子做个学习诊断。</p>',
      qa: [
        ['现在没空', '好的，不打扰您，您看明天上午还是晚上方便？我再给您打过来。'],
        ['你们怎么有我电话', '您之前在我们的活动页留过电话咨询课程，我是负责跟进的老师。'],
      ],
      keywords: ['开场', '首呼'],
      sort: 10,
    },
    ['ARCHIVED', 'PUBLISHED'],
  );
  await script(
    {
      title: '价格异议处理',
      category: 'OBJECTION',
      content:
        '<p>理解您的顾虑，{客户称呼}。</p><p>{产品名}按课时算下来每节不到一杯咖啡的钱，而且支持分期和不满意退费。</p>',
      qa: [
        ['太贵了', '我们有分期方案，另外本月报名赠送两节一对一答疑课。'],
        ['别家更便宜', '可以对比一下师资和课后服务，我们每节课都有专属助教跟进作业。'],
      ],
      keywords: ['价格', '异议'],
      sort: 20,
    },
    ['PUBLISHED'],
  );
  await script(
    {
      title: '试听后促成',
      category: 'CLOSING',
      content:
        '<p>{客户称呼}，{学生姓名}这次试听的表现很不错。</p><p>这个班下周开课，名额还剩三个，我先帮您锁定一个位置？</p>',
      qa: [['再考虑考虑', '没问题，名额我先帮您保留到周五，您和家人商量好了随时告诉我。']],
      keywords: ['促成', '试听'],
      sort: 30,
    },
    ['PUBLISHED', 'DRAFT'],
  );
  await script(
    {
      title: '寒假班介绍（草稿）',
      category: 'PRODUCT',
      content: '<p>寒假班每天两小时，覆盖{年级}全部重点知识。</p>',
      qa: [],
      keywords: ['寒假'],
      sort: 40,
    },
    ['DRAFT'],
  );

  const signs = await db
    .insert(smsSign)
    .values(
      [
        {
          name: '星火教育',
          provider: 'sandbox',
          status: 'APPROVED',
          isDefault: true,
          submittedAt: new Date(now.getTime() - 30 * DAY_MS),
        },
        {
          name: '星火课堂',
          provider: 'sandbox',
          status: 'REJECTED',
          rejectReason: '签名与营业执照主体名称不一致，请补充授权书',
          submittedAt: new Date(now.getTime() - 20 * DAY_MS),
        },
        {
          name: '星火网校',
          provider: 'sandbox',
          status: 'PENDING',
          submittedAt: new Date(now.getTime() - DAY_MS),
        },
      ].map((s) => ({ ...s, createdBy: admin, updatedBy: admin })),
    )
    .returning({ id: smsSign.id, name: smsSign.name });
  const signId = signs.find((s) => s.name === '星火教育')?.id;
  if (signId == null) return { seeded: true, history: await history() };
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const code = (days: number, outcome: 'P0' | 'R0') => `SBX_${at(days).getTime().toString(36)}_${outcome}`;
  const templates = [
    {
      code: 'CLASS_REMINDER',
      name: '开课提醒',
      type: 'NOTICE',
      content: '${name}家长您好，${course}将于${time}开课，请提前 10 分钟进入教室。',
      auditStatus: 'APPROVED',
      providerTemplateCode: code(25, 'P0'),
      reviewedAt: at(24),
      sentCount: 0,
    },
    {
      code: 'TRIAL_INVITE',
      name: '试听邀约',
      type: 'PROMOTION',
      content: '${name}您好，星火教育本周六有免费试听课，回复 1 预约，拒收请回复 R',
      auditStatus: 'APPROVED',
      providerTemplateCode: code(20, 'P0'),
      reviewedAt: at(19),
    },
    {
      code: 'VERIFY_CODE',
      name: '登录验证码',
      type: 'VERIFICATION',
      content: '您的验证码是${code}，5 分钟内有效，请勿泄露给他人。',
      auditStatus: 'APPROVED',
      providerTemplateCode: code(40, 'P0'),
      reviewedAt: at(39),
    },
    {
      code: 'WINTER_PROMO',
      name: '寒假班招生',
      type: 'PROMOTION',
      content: '${name}您好，寒假班限时优惠，详情见 https://example.cn/winter',
      auditStatus: 'REJECTED',
      rejectReason: '模板内容含有未报备的链接',
      providerTemplateCode: code(3, 'R0'),
      reviewedAt: at(2),
    },
    {
      code: 'HOMEWORK_NOTICE',
      name: '作业提醒',
      type: 'NOTICE',
      content: '${name}家长您好，${student}今天的作业还没有提交，请督促完成。',
      auditStatus: 'PENDING',
      providerTemplateCode: code(0.0001, 'P0'),
    },
    {
      code: 'PAYMENT_NOTICE',
      name: '缴费提醒',
      type: 'NOTICE',
      content: '${name}家长您好，${course}的学费将于${date}到期。',
      auditStatus: 'DRAFT',
      providerTemplateCode: '',
    },
    {
      code: 'OLD_PROMO',
      name: '国庆活动',
      type: 'PROMOTION',
      content: '${name}您好，国庆活动已结束，感谢参与。',
      auditStatus: 'CANCELLED',
      providerTemplateCode: code(60, 'P0'),
      enabled: false,
    },
  ];
  await db.insert(smsTemplate).values(
    templates.map((x) => ({
      ...x,
      signId,
      provider: 'sandbox',
      params: templateParamsOf(x.content),
      applyRemark: `${x.name}，面向已报名或咨询过的家长`,
      submittedAt: x.auditStatus === 'DRAFT' ? null : at(x.auditStatus === 'PENDING' ? 0 : 25),
      createdBy: ops,
      updatedBy: ops,
    })),
  );
  return { seeded: true, history: await history() };
};
