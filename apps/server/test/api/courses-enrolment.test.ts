import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, onPostgres, type TestApp } from '../support/app';
import { makeClient, makeLeafCategory, productBody, uploadImage, userId } from '../support/commerce';

let t: TestApp;
let admin: string;
let siyu: string;
let chakan: string;
let zhongtai: string;
let voucher: string;
let spuId: number;
let skuBound: number;
let classA: number;
let classB: number;
let classOther: number;
let myClient: number;
let otherClient: number;

const MY_MOBILE = '13800138011';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  const { leafId } = await makeLeafCategory(t, admin);
  voucher = await uploadImage(t, admin);
  const draft = await t.call('POST', '/api/v1/products', {
    token: admin,
    body: productBody(leafId, voucher),
  });
  spuId = draft.body.data.id;
  const head = await userId(t, 'zhongtai1');
  const mk = async (code: string, capacity: number, spu: number | null = spuId) => {
    const res = await t.call('POST', '/api/v1/course/classes', {
      token: zhongtai,
      body: {
        name: `数学 ${code}`,
        code,
        spuId: spu,
        capacity,
        headTeacherId: head,
        startDate: '2026-12-01',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  classA = await mk('MATH-2026W-A', 1);
  classB = await mk('MATH-2026W-B', 0);
  classOther = await mk('OTHER-2026W', 0, null);
  // Bind the first SKU to class A with 30 days of validity (the product says lifetime).
  const body = productBody(leafId, voucher) as { skus: Record<string, unknown>[] };
  const detail = draft.body.data;
  const upd = await t.call('PUT', `/api/v1/products/${spuId}`, {
    token: admin,
    body: {
      ...body,
      version: detail.version,
      skus: detail.skus.map((k: Record<string, unknown>, i: number) => ({
        ...(body.skus[i] as object),
        id: k.id,
        ...(i === 0 ? { classId: classA, validityMode: 'DAYS', validityDays: 30 } : {}),
      })),
    },
  });
  expect(upd.status, JSON.stringify(upd.body)).toBe(200);
  expect(upd.body.data.skus[0]).toMatchObject({ classId: classA, validityMode: 'DAYS', validityDays: 30 });
  skuBound = upd.body.data.skus[0].id;
  await t.call('POST', `/api/v1/products/${spuId}/on-sale`, { token: admin });
  myClient = await makeClient(t, '王小明家长', MY_MOBILE, await userId(t, 'siyu1'));
  otherClient = await makeClient(t, '李雷', '13900139011', await userId(t, 'admin'));
});
afterAll(async () => t.close());

const order = async (clientId: number, skuId = skuBound, token = siyu) => {
  const res = await t.call('POST', '/api/v1/orders', {
    token,
    body: { idempotencyKey: randomUUID(), clientId, items: [{ skuId, qty: 1 }], payAmount: 99900 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; version: number };
};
const confirm = (id: number, version: number) =>
  t.call('POST', `/api/v1/orders/${id}/confirm-payment`, {
    token: admin,
    body: {
      payMethod: 'BANK_TRANSFER',
      paidAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      voucherUrls: [voucher],
      version,
    },
  });
const refund = async (orderId: number, amount: number) => {
  const res = await t.call('POST', `/api/v1/orders/${orderId}/refunds`, {
    token: admin,
    body: { amount, reason: '退课' },
  });
  const id = res.body.data.refunds.at(-1).id;
  await t.call('POST', `/api/v1/refunds/${id}/approve`, { token: admin, body: {} });
  const done = await t.call('POST', `/api/v1/refunds/${id}/complete`, { token: admin, body: {} });
  expect(done.status).toBe(200);
};
const counts = async (orderId: number) =>
  (
    await queryRows<{ students: number; users: number; members: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM class_student WHERE order_id = ${orderId}) AS students,
                 (SELECT count(*)::int FROM course_user WHERE order_id = ${orderId}) AS users,
                 (SELECT count(*)::int FROM member_user WHERE mobile = ${MY_MOBILE}) AS members`,
    )
  )[0];

describe('enrolment by paid orders', () => {
  let paid: { id: number; version: number };

  it('payment creates the member, the class student (ORDER) and the course user in one go', async () => {
    paid = await order(myClient);
    expect(await counts(paid.id)).toMatchObject({ students: 0, users: 0, members: 0 });
    expect((await confirm(paid.id, paid.version)).status).toBe(200);
    expect(await counts(paid.id)).toMatchObject({ students: 1, users: 1, members: 1 });
    const list = await t.call('GET', `/api/v1/course/students?classId=${classA}`, { token: admin });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({
      joinType: 'ORDER',
      status: 'NORMAL',
      mobile: '138****8011',
      clientId: myClient,
      orderId: paid.id,
    });
    const users = await t.call('GET', `/api/v1/course/users?spuId=${spuId}`, { token: admin });
    const cu = users.body.data.items[0];
    expect(cu).toMatchObject({ source: 'ORDER', status: 'ACTIVE', orderId: paid.id });
    // 30 Shanghai days from the payment day: ends at 16:00 UTC, 29-31 days ahead.
    const days = (new Date(cu.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(28.9);
    expect(days).toBeLessThan(31);
    expect(cu.expiresAt).toMatch(/T16:00:00\.000Z$/);
    const members = await t.call('GET', `/api/v1/members?keyword=8011`, { token: chakan });
    expect(members.body.data.items[0]).toMatchObject({
      mobile: '138****8011',
      clientId: myClient,
      orderCount: 1,
    });
  });

  it('a retried confirmation enrols nothing twice', async () => {
    expect((await confirm(paid.id, paid.version)).status).toBe(409);
    expect(await counts(paid.id)).toMatchObject({ students: 1, users: 1, members: 1 });
  });

  it('a second order over capacity still enrols and flags the class (Decision 7)', async () => {
    const second = await order(otherClient, skuBound, admin);
    expect((await confirm(second.id, second.version)).status).toBe(200);
    const cls = await t.call('GET', `/api/v1/course/classes/${classA}`, { token: chakan });
    expect(cls.body.data).toMatchObject({ capacity: 1, overCapacity: true });
    expect(cls.body.data.studentCount).toBe(2);
    const flagged = await t.call('GET', '/api/v1/course/classes?overCapacity=true', { token: chakan });
    expect(flagged.body.data.items.map((c: { id: number }) => c.id)).toEqual([classA]);
  });

  it('transfer: siyu moves an own client to a class of the same product, not elsewhere', async () => {
    const [row] = (
      await t.call('GET', `/api/v1/course/students?classId=${classA}&keyword=8011`, { token: siyu })
    ).body.data.items;
    const other = await t.call('POST', `/api/v1/course/students/${row.id}/transfer`, {
      token: siyu,
      body: { toClassId: classOther },
    });
    expect(other.status).toBe(400);
    expect(other.body.data.fields.toClassId).toBeTruthy();
    const moved = await t.call('POST', `/api/v1/course/students/${row.id}/transfer`, {
      token: siyu,
      body: { toClassId: classB, remark: '时间冲突' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ classId: classB, joinType: 'TRANSFER_IN', orderId: paid.id });
    const old = await t.call('GET', `/api/v1/course/students/${row.id}`, { token: admin });
    expect(old.body.data.status).toBe('TRANSFERRED');
    expect(
      (await t.call('GET', `/api/v1/course/classes/${classA}`, { token: admin })).body.data.studentCount,
    ).toBe(1);
    // siyu cannot see or move the other client's student (scope in SQL: 404)
    const [theirs] = (await t.call('GET', `/api/v1/course/students?classId=${classA}`, { token: admin })).body
      .data.items;
    expect(
      (
        await t.call('POST', `/api/v1/course/students/${theirs.id}/transfer`, {
          token: siyu,
          body: { toClassId: classB },
        })
      ).status,
    ).toBe(404);
    const seen = await t.call('GET', `/api/v1/course/students?classId=${classA}`, { token: siyu });
    expect(
      seen.body.data.items.map((i: { clientId: number; status: string }) => [i.clientId, i.status]),
    ).toEqual([[myClient, 'TRANSFERRED']]);
    // admin may move across products
    const adm = await t.call('POST', `/api/v1/course/students/${theirs.id}/transfer`, {
      token: admin,
      body: { toClassId: classOther },
    });
    expect(adm.status).toBe(200);
  });

  it('a partial refund changes nothing; a full refund marks REFUNDED and REVOKED', async () => {
    await refund(paid.id, 10000);
    let rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM class_student WHERE order_id = ${paid.id} ORDER BY id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['TRANSFERRED', 'NORMAL']);
    await refund(paid.id, 89900);
    rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM class_student WHERE order_id = ${paid.id} ORDER BY id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['TRANSFERRED', 'REFUNDED']);
    const cu = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM course_user WHERE order_id = ${paid.id}`,
    );
    expect(cu[0]?.status).toBe('REVOKED');
    expect(
      (await t.call('GET', `/api/v1/course/classes/${classB}`, { token: admin })).body.data.studentCount,
    ).toBe(0);
  });
  it.runIf(onPostgres())('two concurrent confirmations of one order: one wins, one enrolment', async () => {
    const fresh = await makeClient(t, '并发家长', '13700137011', await userId(t, 'siyu1'));
    const o = await order(fresh);
    const [a, b] = await Promise.all([confirm(o.id, o.version), confirm(o.id, o.version)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await counts(o.id)).toMatchObject({ students: 1, users: 1 });
    const [m] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM member_user WHERE mobile = '13700137011'`,
    );
    expect(m?.n).toBe(1);
  });
});
