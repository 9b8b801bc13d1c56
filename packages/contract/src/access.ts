/**
 * The one definition of permission codes: a page code per menu page and action codes inside pages,
 * with the defaults of the four built-in roles (spec section 6 for pages, DOMAIN.md 1.3 for actions).
 * The server seeds roles from here and checks codes on every route; the web route table names the
 * page code of each route; System > Roles builds its permission tree from MENU_GROUPS.
 */

export const BUILTIN_ROLES = ['admin', 'siyu', 'chakan', 'zhongtai'] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];
/**
 * The names and descriptions the built-in roles are seeded with (Chinese, the spec's language). A
 * built-in role still carrying its seeded text is shown in the viewer's language; one renamed on
 * System > Roles shows what the admin wrote.
 */
export const BUILTIN_ROLE_SEED: Record<BuiltinRole, { name: string; description: string }> = {
  admin: { name: '管理员', description: '全部权限' },
  siyu: { name: '私域销售', description: '负责自己的客户、跟进与订单' },
  chakan: { name: '查看', description: '只读查看全部数据，手机号脱敏，不可导出' },
  zhongtai: { name: '中台运营', description: '商品、课程与话术、短信模板运营' },
};
export const ADMIN_ROLE: BuiltinRole = 'admin';

export const DATA_SCOPES = ['ALL', 'DEPT_AND_CHILDREN', 'DEPT', 'SELF'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
/** Broadest first: several roles OR together, so the broadest scope wins. */
export const broadestScope = (scopes: readonly DataScope[]): DataScope => {
  for (const scope of DATA_SCOPES) if (scopes.includes(scope)) return scope;
  return 'SELF';
};

type Roles = readonly BuiltinRole[];
const ALL: Roles = ['admin', 'siyu', 'chakan', 'zhongtai'];
const A: Roles = ['admin'];
const ASC: Roles = ['admin', 'siyu', 'chakan'];
const AZ: Roles = ['admin', 'zhongtai'];
const AS: Roles = ['admin', 'siyu'];

export interface ActionDef {
  code: string;
  roles: Roles;
}
export interface PageDef {
  /** Page code, also the route's permission code. */
  code: string;
  /** The route path of the page. */
  path: string;
  roles: Roles;
  actions: readonly ActionDef[];
}
export interface MenuGroupDef {
  key: string;
  pages: readonly PageDef[];
}

const page = (code: string, path: string, roles: Roles, actions: [string, Roles][] = []): PageDef => ({
  code,
  path,
  roles,
  actions: actions.map(([actionCode, actionRoles]) => ({ code: actionCode, roles: actionRoles })),
});

export const MENU_GROUPS: readonly MenuGroupDef[] = [
  {
    key: 'data',
    pages: [
      page('data.overview', '/data/overview', ['admin', 'siyu', 'chakan']),
      page(
        'data.history',
        '/data/history',
        ['admin', 'chakan'],
        [
          ['data.export', A],
          ['data.rebuild', A],
        ],
      ),
      page('data.daily', '/data/daily', ['admin', 'siyu', 'chakan']),
      page('data.product-daily', '/data/product-daily', ['admin', 'chakan', 'zhongtai']),
      page('data.product-overview', '/data/product-overview', ['admin', 'chakan', 'zhongtai']),
    ],
  },
  {
    key: 'client',
    pages: [
      page('client.list', '/client/list', ASC, [
        ['client.create', AS],
        ['client.update', AS],
        ['client.delete', A],
        ['client.restore', A],
        ['client.assign', A],
        ['client.transfer', A],
        ['client.release', AS],
        ['client.lock', AS],
        ['client.tag', AS],
        ['client.import', AS],
        ['client.export', A],
        ['client.phone.view', AS],
      ]),
      page('client.my-list', '/client/my-list', ASC),
      page('client.public-list', '/client/public-list', ASC, [
        ['client.claim', AS],
        ['client.pool.config', A],
      ]),
      page('client.follow-record-list', '/client/follow-record-list', ASC, [
        ['followup.create', AS],
        ['followup.update', AS],
        ['followup.delete', AS],
        ['followup.export', A],
      ]),
    ],
  },
  {
    key: 'order',
    pages: [
      page('order.list', '/order/list', ASC, [
        ['order.create', AS],
        ['order.confirm', A],
        ['order.cancel', AS],
        ['order.refund.apply', A],
        ['order.refund.audit', A],
        ['order.attribution', A],
        ['order.export', A],
      ]),
      page('order.platform-list', '/order/platform-list', ASC, [['order.platform.write', A]]),
      page('order.channel-list', '/order/channel-list', ASC, [['order.channel.write', A]]),
      page('order.grade-list', '/order/grade-list', ASC, [
        ['order.grade.write', A],
        ['order.grade.advance', A],
      ]),
    ],
  },
  {
    key: 'product',
    pages: [
      page('product.list', '/product/list', AZ, [
        ['product.status', AZ],
        ['product.delete', A],
        ['product.export', A],
      ]),
      page('product.add', '/product/add', A, [['product.create', A]]),
      page('product.edit', '/product/edit/:id', A, [['product.update', A]]),
      page('product.copy', '/product/copy/:id', A),
      page('product.sku-list', '/product/sku-list', AZ, [
        ['product.sku.stock', AZ],
        ['product.sku.status', AZ],
        ['product.sku.price', A],
      ]),
      page('product.category', '/product/category', AZ, [['product.category.write', AZ]]),
      page('product.order-list', '/product/order-list', A, [['product.deal.export', A]]),
    ],
  },
  {
    key: 'course',
    pages: [
      page('course.class-list', '/course/class-list', ALL, [
        ['course.class.write', AZ],
        ['course.class.export', A],
      ]),
      page('course.student-list', '/course/student-list', ALL, [
        ['course.student.write', ['admin', 'siyu', 'zhongtai']],
        ['course.student.export', A],
      ]),
      page('course.user-list', '/course/user-list', ALL, [
        ['course.user.write', A],
        ['course.user.export', A],
      ]),
      page('course.live-class-list', '/course/live-class-list', ALL, [
        ['course.live.write', AZ],
        ['course.live.export', A],
        ['course.live.provider', A],
      ]),
      page('course.timetable', '/course/timetable', ALL, [
        ['course.lesson.write', AZ],
        ['course.rollcall.write', AZ],
        ['course.hours.grant', A],
      ]),
    ],
  },
  {
    key: 'call',
    pages: [
      page('call.number-list', '/call/number-list', ALL, [
        ['call.number.write', A],
        ['call.dial', AS],
      ]),
      page('call.script-list', '/call/script-list', ALL, [
        ['call.script.write', AZ],
        ['call.script.publish', A],
        ['call.script.export', AZ],
      ]),
      page('call.sms-template-list', '/call/sms-template-list', ALL, [
        ['sms.template.write', AZ],
        ['sms.template.submit', A],
        ['sms.send', AS],
      ]),
    ],
  },
  {
    key: 'member',
    pages: [
      page('member.list', '/member/list', ALL, [
        ['member.write', A],
        ['member.phone.view', A],
        ['member.export', A],
      ]),
    ],
  },
  {
    key: 'wecom',
    pages: [
      page('wecom.app-list', '/wecom/app-list', ['admin', 'chakan'], [['wecom.app.write', A]]),
      page('wecom.member-list', '/wecom/member-list', ASC, [['wecom.member.bind', A]]),
      page('wecom.contact-list', '/wecom/contact-list', ASC, [
        ['wecom.contact.tag', AS],
        ['wecom.contact.link', AS],
        ['wecom.contact.transfer', A],
        ['wecom.contact.export', A],
      ]),
      page('wecom.channel-code-list', '/wecom/channel-code-list', ASC, [['wecom.channel-code.write', A]]),
      page('wecom.tag-list', '/wecom/tag-list', ASC, [
        ['wecom.tag.write', A],
        ['wecom.sync', A],
      ]),
    ],
  },
  {
    key: 'system',
    pages: [
      page('system.admin-list', '/system/admin-list', A, [
        ['system.user.write', A],
        ['system.user.export', A],
        ['auth.lock.clear', A],
      ]),
      page('system.dept-list', '/system/dept-list', A, [['system.dept.write', A]]),
      page('system.role-list', '/system/role-list', A, [['system.role.write', A]]),
      page('system.audit-log', '/system/audit-log', A, [['system.audit.export', A]]),
      page('system.server', '/system/server', A, [['system.monitor', A]]),
      page('system.job-list', '/system/job-list', A, [['system.job.run', A]]),
    ],
  },
];

export const ALL_PAGES: readonly PageDef[] = MENU_GROUPS.flatMap((g) => g.pages);
export const ALL_ACTIONS: readonly ActionDef[] = ALL_PAGES.flatMap((p) => p.actions);
export const ALL_CODES: readonly string[] = [
  ...ALL_PAGES.map((p) => p.code),
  ...ALL_ACTIONS.map((a) => a.code),
];
const CODE_SET = new Set(ALL_CODES);
export const isPermissionCode = (code: string): boolean => CODE_SET.has(code);

/** Default codes of a built-in role: its pages and, inside them, its actions. */
export const defaultCodesOf = (role: BuiltinRole): string[] => {
  if (role === ADMIN_ROLE) return [...ALL_CODES];
  const codes: string[] = [];
  for (const p of ALL_PAGES) {
    if (!p.roles.includes(role)) continue;
    codes.push(p.code);
    for (const a of p.actions) if (a.roles.includes(role)) codes.push(a.code);
  }
  return codes;
};

export const DEFAULT_DATA_SCOPE: Record<BuiltinRole, DataScope> = {
  admin: 'ALL',
  siyu: 'SELF',
  chakan: 'ALL',
  zhongtai: 'ALL',
};

/** The codes a caller holds: admin always holds every code (DOMAIN Decision 1). */
export const effectiveCodes = (roleKeys: readonly string[], roleCodes: readonly string[]): string[] =>
  roleKeys.includes(ADMIN_ROLE) ? [...ALL_CODES] : [...new Set(roleCodes.filter(isPermissionCode))];
