import { TODO_KINDS, type TodoItem, type TodoKind } from '@educrm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classStudent,
  courseClass,
  department,
  memberUser,
  orderItem,
  productCategory,
  productSku,
  productSpu,
  refund,
  role,
  salesOrder,
  smsSign,
  smsTemplate,
  wecomExternalContact,
  wecomRelation,
} from '../../src/db/schema';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { auditRows, createClient, newMobile, SALES_PASSWORD, setClient, staff } from '../support/clients';

/**
 * The workbench's to-do list (issue 42, item 1): each kind counted from the data in the caller's
 * permissions and scope, equal to its linked list, and per-user done / snooze marks.
 */
let t: TestApp;
let admin: string;
type User = { id: number; token: string; username: string };
let s1: User;
let s2: User;
let lead: User;
let chakan: string;
let zhongtai: string;
const DAY = 24 * 60 * 60 * 1000;
const TODO = '/api/v1/workbench/todo';
const MARKS = '/api/v1/workbench/todo/marks';

/** The rows made for one sales user, one (or one counted and one not) per kind. */
interface Rows {
  today: number;
  overdue: number;
  recycleSoon: number;
  newAssigned: number;
  plain: number;
  unlinkedRelation: number;
  pendingOrder: number;
  refundOrder: number;
  notEnrolledOrder: number;
}
let r1: Rows;
let r2: Rows;
let classId: number;
let skuId: number;
let spuId: number;
let rejectedTemplate: number;
let seq = 0;

const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY);

const makeRows = async (u: User, deptId: number): Promise<Rows> => {
  const db = t.database.db;
  const client = async (values: Parameters<typeof setClient>[2]) => {
    const c = await createClient(t, u.token);
    // Owned for 4 days and followed yesterday: in no kind unless the values say so.
    await setClient(t, c.id, {
      ownerTime: ago(4),
      followed: true,
      lastFollowTime: ago(1),
      nextFollowTime: null,
      ...values,
    });
    return c.id;
  };
  const today = await client({ nextFollowTime: new Date(t.clock.now().getTime() + 2 * 3600_000) });
  const overdue = await client({ nextFollowTime: ago(1) });
  const recycleSoon = await client({ ownerTime: ago(6), lastFollowTime: null });
  const newAssigned = await client({ ownerTime: ago(1), followed: false, lastFollowTime: null });
  const plain = await client({});

  // WeCom: one unlinked relation counted; a linked one and a deleted one are not.
  const contact = async (clientId: number | null) => {
    const ext = `wm_${u.username}_${++seq}`;
    const [c] = await db
      .insert(wecomExternalContact)
      .values({ corpId: 'wwtodo', externalUserid: ext, name: ext, clientId })
      .returning({ id: wecomExternalContact.id });
    return { id: c?.id as number, ext };
  };
  const relation = async (clientId: number | null, status = 'NORMAL') => {
    const c = await contact(clientId);
    const [r] = await db
      .insert(wecomRelation)
      .values({
        corpId: 'wwtodo',
        externalUserid: c.ext,
        userid: u.username,
        contactId: c.id,
        staffUserId: u.id,
        addTime: ago(1),
        status,
      })
      .returning({ id: wecomRelation.id });
    return r?.id as number;
  };
  const unlinkedRelation = await relation(null);
  await relation(plain);
  await relation(null, 'CUSTOMER_DELETED');

  // Orders of this sales user on the plain client.
  const order = async (values: Partial<typeof salesOrder.$inferInsert>) => {
    const [o] = await db
      .insert(salesOrder)
      .values({
        orderNo: `TODO${process.pid}${++seq}`,
        clientId: plain,
        totalAmount: 10000,
        payAmount: 10000,
        salesUserId: u.id,
        salesDeptId: deptId,
        ...values,
      })
      .returning({ id: salesOrder.id });
    return o?.id as number;
  };
  const paid = { status: 'PAID', payTime: ago(1), createdType: 'SYNC' } as const;
  const item = async (orderId: number) => {
    const [i] = await db
      .insert(orderItem)
      .values({
        orderId,
        spuId,
        skuId,
        spuName: '暑期班',
        unitPrice: 10000,
        qty: 1,
        payAmount: 10000,
        classId,
      })
      .returning({ id: orderItem.id });
    return i?.id as number;
  };
  const pendingOrder = await order({ status: 'PENDING', createdType: 'MANUAL' });
  await order({ status: 'PENDING', createdType: 'SYNC' });
  const refundOrder = await order(paid);
  await db.insert(refund).values({
    refundNo: `RF${++seq}`,
    orderId: refundOrder,
    amount: 100,
    status: 'APPLIED',
    reason: '不想上了',
  });
  const decided = await order(paid);
  await db.insert(refund).values({
    refundNo: `RF${++seq}`,
    orderId: decided,
    amount: 100,
    status: 'REJECTED',
    reason: '不想上了',
  });
  // Paid and class-bound: one without a class student, one enrolled.
  const notEnrolledOrder = await order(paid);
  await item(notEnrolledOrder);
  const enrolled = await order(paid);
  const enrolledItem = await item(enrolled);
  const [m] = await db.insert(memberUser).values({ mobile: newMobile() }).returning({ id: memberUser.id });
  await db.insert(classStudent).values({
    classId,
    memberUserId: m?.id as number,
    orderId: enrolled,
    orderItemId: enrolledItem,
    joinType: 'ORDER',
  });
  return {
    today,
    overdue,
    recycleSoon,
    newAssigned,
    plain,
    unlinkedRelation,
    pendingOrder,
    refundOrder,
    notEnrolledOrder,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  // 10:00 in Shanghai: "today" has hours left on either side.
  t.clock.current = new Date('2026-11-03T02:00:00Z');
  const db = t.database.db;
  admin = await t.login('admin', ADMIN_PASSWORD);
  // Two fresh sibling teams: a supervisor of team A sees A's rows and never B's.
  const [root] = await db
    .insert(department)
    .values({ name: '待办测试中心' })
    .returning({ id: department.id });
  const rootId = root?.id as number;
  const [a] = await db
    .insert(department)
    .values({ name: '待办A组', parentId: rootId, ancestors: [rootId] })
    .returning({ id: department.id });
  const [b] = await db
    .insert(department)
    .values({ name: '待办B组', parentId: rootId, ancestors: [rootId] })
    .returning({ id: department.id });
  await db.insert(role).values({
    key: 'todolead',
    name: '待办主管',
    dataScope: 'DEPT_AND_CHILDREN',
    permissions: ['client.list', 'client.my-list', 'followup.create', 'order.list', 'course.student.write'],
  });
  s1 = await staff(t, admin, 'todo_s1', { dept: '待办A组' });
  s2 = await staff(t, admin, 'todo_s2', { dept: '待办B组' });
  lead = await staff(t, admin, 'todo_lead', { dept: '待办A组', role: 'todolead' });
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);

  const [cat] = await db
    .insert(productCategory)
    .values({ name: '待办课程' })
    .returning({ id: productCategory.id });
  const [spu] = await db
    .insert(productSpu)
    .values({ name: '暑期班', categoryId: cat?.id as number, productType: 'LIVE' })
    .returning({ id: productSpu.id });
  spuId = spu?.id as number;
  const [sku] = await db
    .insert(productSku)
    .values({ spuId, skuCode: `TODO-SKU-${process.pid}`, price: 10000 })
    .returning({ id: productSku.id });
  skuId = sku?.id as number;
  const [cls] = await db
    .insert(courseClass)
    .values({ name: '暑期一班', code: `TODO-C-${process.pid}`, spuId, skuId })
    .returning({ id: courseClass.id });
  classId = cls?.id as number;
  const [sign] = await db
    .insert(smsSign)
    .values({ name: '待办', provider: 'sandbox' })
    .returning({ id: smsSign.id });
  const tpl = async (auditStatus: string) => {
    const [row] = await db
      .insert(smsTemplate)
      .values({
        code: `TODO_${auditStatus}_${process.pid}`,
        name: auditStatus,
        type: 'NOTICE',
        signId: sign?.id as number,
        content: '您好',
        provider: 'sandbox',
        auditStatus,
      })
      .returning({ id: smsTemplate.id });
    return row?.id as number;
  };
  rejectedTemplate = await tpl('REJECTED');
  await tpl('APPROVED');

  r1 = await makeRows(s1, a?.id as number);
  r2 = await makeRows(s2, b?.id as number);
});
afterAll(async () => t.close());

const todo = async (token: string): Promise<Map<TodoKind, TodoItem>> => {
  const res = await t.call('GET', TODO, { token });
  expect(res.status).toBe(200);
  const items = res.body.data.items as TodoItem[];
  // In TODO_KINDS order.
  expect(items.map((i) => i.kind)).toEqual(TODO_KINDS.filter((k) => items.some((i) => i.kind === k)));
  return new Map(items.map((i) => [i.kind, i]));
};
const counts = async (token: string) =>
  Object.fromEntries([...(await todo(token)).entries()].map(([k, v]) => [k, v.count]));

/** The list call behind a link (route path -> API), with the link's filter. */
const API: Record<string, string> = {
  '/client/list': '/api/v1/clients',
  '/client/my-list': '/api/v1/clients/mine',
  '/order/list': '/api/v1/orders',
  '/wecom/contact-list': '/api/v1/wecom/contacts',
  '/call/sms-template-list': '/api/v1/sms/templates',
};
const listed = async (token: string, link: TodoItem['link']) => {
  const url = API[link.path];
  expect(url, link.path).toBeTruthy();
  const res = await t.call('GET', `${url}?${new URLSearchParams({ ...link.query, pageSize: '100' })}`, {
    token,
  });
  expect(res.status, `${link.path} ${JSON.stringify(res.body)}`).toBe(200);
  return {
    total: res.body.data.total as number,
    ids: (res.body.data.items as { id: number }[]).map((r) => r.id),
  };
};

describe('to-do counts', () => {
  it("counts a sales user's own rows per kind, never another's, and lacks the kinds it may not act on", async () => {
    const items = await todo(s1.token);
    expect([...items.keys()]).toEqual([
      'FOLLOW_UP_TODAY',
      'FOLLOW_UP_OVERDUE',
      'RECYCLE_SOON',
      'NEW_ASSIGNED',
      'WECOM_UNLINKED',
      'PAID_NOT_ENROLLED',
    ]);
    for (const item of items.values()) expect(item.count, item.kind).toBe(1);
    expect(items.get('FOLLOW_UP_OVERDUE')?.link).toEqual({
      path: '/client/my-list',
      query: { nextFollow: 'overdue' },
    });
    expect(items.get('NEW_ASSIGNED')?.link).toEqual({
      path: '/client/my-list',
      query: { followed: 'false', assignedDays: '3' },
    });
    // The linked lists hold exactly the counted rows: s1's, none of s2's.
    const expected: Partial<Record<TodoKind, number>> = {
      FOLLOW_UP_TODAY: r1.today,
      FOLLOW_UP_OVERDUE: r1.overdue,
      RECYCLE_SOON: r1.recycleSoon,
      NEW_ASSIGNED: r1.newAssigned,
      WECOM_UNLINKED: r1.unlinkedRelation,
      PAID_NOT_ENROLLED: r1.notEnrolledOrder,
    };
    for (const [kind, id] of Object.entries(expected)) {
      const item = items.get(kind as TodoKind) as TodoItem;
      expect((await listed(s1.token, item.link)).ids, kind).toEqual([id]);
    }
    expect(await counts(s2.token)).toEqual(await counts(s1.token));
  });

  it("counts an admin's whole company and a supervisor's team, each equal to its linked list", async () => {
    const a = await todo(admin);
    expect([...a.keys()]).toEqual([...TODO_KINDS]);
    // No demo orders, relations or class items in this database: s1's and s2's rows exactly.
    expect(a.get('PAYMENT_TO_CONFIRM')?.count).toBe(2);
    expect(a.get('REFUND_APPROVAL')?.count).toBe(2);
    expect(a.get('PAID_NOT_ENROLLED')?.count).toBe(2);
    expect(a.get('WECOM_UNLINKED')?.count).toBe(2);
    expect(a.get('FOLLOW_UP_OVERDUE')?.link.path).toBe('/client/list');
    for (const item of a.values()) {
      const list = await listed(admin, item.link);
      expect(list.total, item.kind).toBe(item.count);
      if (item.count > 0 && item.count <= 100) expect(list.ids.length).toBe(item.count);
    }
    expect((await listed(admin, a.get('PAYMENT_TO_CONFIRM')?.link as TodoItem['link'])).ids.sort()).toEqual(
      [r1.pendingOrder, r2.pendingOrder].sort(),
    );
    expect((await listed(admin, a.get('REFUND_APPROVAL')?.link as TodoItem['link'])).ids.sort()).toEqual(
      [r1.refundOrder, r2.refundOrder].sort(),
    );
    expect((await listed(admin, a.get('SMS_TEMPLATE_REJECTED')?.link as TodoItem['link'])).ids).toContain(
      rejectedTemplate,
    );

    // The supervisor (department and below, team A): s1's rows, not s2's (team B).
    const l = await todo(lead.token);
    expect([...l.keys()]).toEqual([
      'FOLLOW_UP_TODAY',
      'FOLLOW_UP_OVERDUE',
      'RECYCLE_SOON',
      'NEW_ASSIGNED',
      'PAID_NOT_ENROLLED',
    ]);
    expect(l.get('FOLLOW_UP_TODAY')?.link.path).toBe('/client/list');
    for (const kind of ['FOLLOW_UP_TODAY', 'FOLLOW_UP_OVERDUE', 'RECYCLE_SOON', 'PAID_NOT_ENROLLED'] as const)
      expect(l.get(kind)?.count, kind).toBe(1);
    expect((await listed(lead.token, l.get('FOLLOW_UP_OVERDUE')?.link as TodoItem['link'])).ids).toEqual([
      r1.overdue,
    ]);
    expect((await listed(lead.token, l.get('PAID_NOT_ENROLLED')?.link as TodoItem['link'])).ids).toEqual([
      r1.notEnrolledOrder,
    ]);
    // New clients assigned to *me*: the supervisor owns none.
    expect(l.get('NEW_ASSIGNED')?.count).toBe(0);
  });

  it('shows the read-only role only what it may read, and a product operator its rejected templates', async () => {
    const c = await todo(chakan);
    expect([...c.keys()]).toEqual(['FOLLOW_UP_TODAY', 'FOLLOW_UP_OVERDUE', 'RECYCLE_SOON']);
    for (const item of c.values()) {
      expect(item.link.path).toBe('/client/list');
      expect((await listed(chakan, item.link)).total, item.kind).toBe(item.count);
      expect(item.count).toBeGreaterThanOrEqual(2);
    }
    const mark = await t.call('PUT', MARKS, {
      token: chakan,
      body: { kind: 'FOLLOW_UP_OVERDUE', rowId: r1.overdue, until: null },
    });
    expect(mark.status).toBe(403);

    const z = await todo(zhongtai);
    expect([...z.keys()]).toEqual(['SMS_TEMPLATE_REJECTED']);
    expect((await listed(zhongtai, z.get('SMS_TEMPLATE_REJECTED')?.link as TodoItem['link'])).total).toBe(
      z.get('SMS_TEMPLATE_REJECTED')?.count,
    );
  });
});

describe('done and snooze', () => {
  it('drops a marked row from its kind for the user who marked it, until the snooze date', async () => {
    const before = await counts(admin);
    // Snoozed for an hour: gone from s1's count (not from the admin's).
    let res = await t.call('PUT', MARKS, {
      token: s1.token,
      body: {
        kind: 'FOLLOW_UP_OVERDUE',
        rowId: r1.overdue,
        until: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'FOLLOW_UP_OVERDUE', rowId: r1.overdue });
    // Done for good.
    res = await t.call('PUT', MARKS, {
      token: s1.token,
      body: { kind: 'WECOM_UNLINKED', rowId: r1.unlinkedRelation, until: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.until).toBeNull();
    expect(await counts(s1.token)).toMatchObject({
      FOLLOW_UP_OVERDUE: 0,
      WECOM_UNLINKED: 0,
      FOLLOW_UP_TODAY: 1,
    });
    expect(await counts(admin)).toEqual(before);
    expect((await auditRows(t, 'workbench.todo.snooze', r1.overdue)).length).toBe(1);
    expect((await auditRows(t, 'workbench.todo.done', r1.unlinkedRelation)).length).toBe(1);

    // Past the snooze: the overdue client is back; the done relation stays out.
    t.clock.advance(2 * 3600);
    const token = await t.login(s1.username, SALES_PASSWORD);
    admin = await t.login('admin', ADMIN_PASSWORD);
    expect(await counts(token)).toMatchObject({ FOLLOW_UP_OVERDUE: 1, WECOM_UNLINKED: 0 });

    // Undone: the relation counts again.
    const query = new URLSearchParams({ kind: 'WECOM_UNLINKED', rowId: String(r1.unlinkedRelation) });
    expect((await t.call('DELETE', `${MARKS}?${query}`, { token })).status).toBe(200);
    expect((await counts(token)).WECOM_UNLINKED).toBe(1);
    expect((await auditRows(t, 'workbench.todo.unmark', r1.unlinkedRelation)).length).toBe(1);
    expect((await t.call('DELETE', `${MARKS}?${query}`, { token })).status).toBe(404);
    s1 = { ...s1, token };
  });

  it("refuses marks on another's row, on a kind the user lacks, and snoozes into the past", async () => {
    const put = (body: Record<string, unknown>, token = s1.token) => t.call('PUT', MARKS, { token, body });
    // s2's client is not one of s1's rows.
    expect((await put({ kind: 'FOLLOW_UP_OVERDUE', rowId: r2.overdue, until: null })).status).toBe(404);
    // A row that is not (now) in the kind.
    expect((await put({ kind: 'FOLLOW_UP_OVERDUE', rowId: r1.plain, until: null })).status).toBe(404);
    expect((await put({ kind: 'PAYMENT_TO_CONFIRM', rowId: r1.pendingOrder, until: null })).status).toBe(403);
    const past = await put({
      kind: 'RECYCLE_SOON',
      rowId: r1.recycleSoon,
      until: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect((await put({ kind: 'NOPE', rowId: 1, until: null })).status).toBe(400);
    expect((await counts(s1.token)).RECYCLE_SOON).toBe(1);
    // The admin may mark an order to confirm (its own mark only).
    expect(
      (await put({ kind: 'PAYMENT_TO_CONFIRM', rowId: r1.pendingOrder, until: null }, admin)).status,
    ).toBe(200);
    expect((await counts(admin)).PAYMENT_TO_CONFIRM).toBe(1);
  });
});
