import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, onPostgres, type TestApp } from '../support/app';
import { makeClient, makeLeafCategory, productBody, uploadImage, userId } from '../support/commerce';

let t: TestApp;
let admin: string;
let siyu: string;
let chakan: string;
let voucher: string;
let skuA: number;
let skuB: number;
let spuId: number;
let myClient: number;
let otherClient: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  const { leafId } = await makeLeafCategory(t, admin);
  voucher = await uploadImage(t, admin);
  const product = await t.call('POST', '/api/v1/products', {
    token: admin,
    body: productBody(leafId, voucher),
  });
  spuId = product.body.data.id;
  skuA = product.body.data.skus[0].id; // 999.00, unlimited
  skuB = product.body.data.skus[1].id; // 1299.00, stock 5
  await t.call('POST', `/api/v1/products/${spuId}/on-sale`, { token: admin });
  myClient = await makeClient(t, '王小明家长', '13800138000', await userId(t, 'siyu1'));
  otherClient = await makeClient(t, '李雷', '13900139000', await userId(t, 'admin'));
});
afterAll(async () => t.close());

const create = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/orders', { token, body: { idempotencyKey: randomUUID(), ...body } });
const detail = async (id: number) =>
  (await t.call('GET', `/api/v1/orders/${id}`, { token: admin })).body.data;
const confirm = (id: number, version: number, token = admin) =>
  t.call('POST', `/api/v1/orders/${id}/confirm-payment`, {
    token,
    body: {
      payMethod: 'BANK_TRANSFER',
      paidAt: new Date(Date.now() - 60_000).toISOString(),
      voucherUrls: [voucher],
      version,
    },
  });
const client = async (id: number) =>
  (
    await queryRows<{
      deal_status: boolean;
      stage: string;
      total_paid: number;
      total_refund: number;
      first_paid_at: Date | null;
    }>(
      t.database.db,
      sql`SELECT deal_status, stage, total_paid::int, total_refund::int, first_paid_at FROM client WHERE id = ${id}`,
    )
  )[0];

describe('manual orders', () => {
  it('siyu creates a pending order for an own client; prices come from the server', async () => {
    const res = await create(siyu, {
      clientId: myClient,
      items: [{ skuId: skuA, qty: 2 }],
      discountAmount: 10000,
      payAmount: 189800,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'PENDING',
      totalAmount: 199800,
      discountAmount: 10000,
      payAmount: 189800,
      createdType: 'MANUAL',
      buyerName: '王小明家长',
    });
    expect(res.body.data.orderNo).toMatch(/^SO\d{16}$/);
    expect(res.body.data.items[0]).toMatchObject({ unitPrice: 99900, qty: 2, payAmount: 189800 });
  });

  it('refuses a total that does not match, clients not owned by siyu, and SKUs not on sale', async () => {
    const mismatch = await create(siyu, {
      clientId: myClient,
      items: [{ skuId: skuA, qty: 1 }],
      payAmount: 1,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.fields.payAmount).toContain('999.00');
    const foreign = await create(siyu, {
      clientId: otherClient,
      items: [{ skuId: skuA, qty: 1 }],
      payAmount: 99900,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fields.clientId).toBeTruthy();
    const ghost = await create(admin, {
      clientId: myClient,
      items: [{ skuId: 999999, qty: 1 }],
      payAmount: 0,
    });
    expect(ghost.body.data.fields['items.0.skuId']).toBeTruthy();
    expect(
      (await create(chakan, { clientId: myClient, items: [{ skuId: skuA, qty: 1 }], payAmount: 99900 }))
        .status,
    ).toBe(403);
  });

  it('is idempotent per key: a double submit makes one order', async () => {
    const key = randomUUID();
    const body = {
      idempotencyKey: key,
      clientId: myClient,
      items: [{ skuId: skuA, qty: 1 }],
      payAmount: 99900,
    };
    const [a, b] = await Promise.all([
      t.call('POST', '/api/v1/orders', { token: siyu, body }),
      t.call('POST', '/api/v1/orders', { token: siyu, body }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.data.id).toBe(b.body.data.id);
  });
});

describe('payment, refunds, attribution', () => {
  let orderId: number;
  it('admin confirms payment: PAID, sales snapshotted, client becomes a deal, stock and sales move', async () => {
    const created = await create(siyu, {
      clientId: myClient,
      items: [{ skuId: skuB, qty: 2 }],
      payAmount: 259800,
    });
    orderId = created.body.data.id;
    expect((await confirm(orderId, created.body.data.version, siyu)).status).toBe(403);
    const res = await confirm(orderId, created.body.data.version);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'PAID',
      payMethod: 'BANK_TRANSFER',
      salesUserId: await userId(t, 'siyu1'),
      voucherUrls: [voucher],
    });
    const c = await client(myClient);
    expect(c).toMatchObject({ deal_status: true, stage: 'DEAL', total_paid: 259800 });
    expect(c?.first_paid_at).not.toBeNull();
    const skus = (await t.call('GET', `/api/v1/products/${spuId}/skus`, { token: admin })).body.data.items;
    expect(skus.find((k: { id: number }) => k.id === skuB)).toMatchObject({ stock: 3, salesCount: 2 });
    // Confirming again is an illegal transition.
    const again = await confirm(orderId, res.body.data.version);
    expect(again.status).toBe(409);
  });

  it("the client's timeline shows its orders to those who may list orders", async () => {
    const items = async (token: string) =>
      (await t.call('GET', `/api/v1/clients/${myClient}/timeline?limit=100`, { token })).body.data.items as {
        kind: string;
        type: string;
        text: string;
        detail: Record<string, unknown>;
      }[];
    const note = await t.call('POST', '/api/v1/follow-ups', {
      token: siyu,
      body: { clientId: myClient, type: 'CALL', content: '确认了报名信息' },
    });
    expect(note.status).toBe(200);
    const orderNo = (await detail(orderId)).orderNo;
    const seen = (await items(siyu)).find((i) => i.kind === 'ORDER' && i.text === orderNo);
    expect(seen).toMatchObject({ type: 'PAID', detail: { payAmount: 259800, refundAmount: 0 } });
    expect(typeof seen?.detail.payTime).toBe('string');
    // A role that sees clients but not orders gets the rest of the timeline without them.
    const role = await t.call('POST', '/api/v1/system/roles', {
      token: admin,
      body: { name: '只看客户', key: 'client-only', dataScope: 'ALL', permissions: ['client.list'] },
    });
    expect(role.status).toBe(200);
    const user = await t.call('POST', '/api/v1/system/admin-users', {
      token: admin,
      body: {
        username: 'clientonly',
        nickname: '只看客户',
        password: 'Client-only-2026',
        roleIds: [role.body.data.id],
      },
    });
    expect(user.status).toBe(200);
    const clientOnly = await t.login('clientonly', 'Client-only-2026');
    const theirs = await items(clientOnly);
    expect(theirs.some((i) => i.kind === 'FOLLOW_UP' && i.text === '确认了报名信息')).toBe(true);
    expect(theirs.some((i) => i.kind === 'ORDER')).toBe(false);
  });

  it('refunds: partial then full; never above paid; a full refund closes the order', async () => {
    const refused = await t.call('POST', `/api/v1/orders/${orderId}/refunds`, {
      token: admin,
      body: { amount: 300000, reason: '多付' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields.amount).toContain('2598.00');
    const part = await t.call('POST', `/api/v1/orders/${orderId}/refunds`, {
      token: admin,
      body: { amount: 59800, reason: '少上一节课' },
    });
    expect(part.status).toBe(200);
    const refundId = part.body.data.refunds[0].id;
    expect(
      (await t.call('POST', `/api/v1/refunds/${refundId}/complete`, { token: admin, body: {} })).status,
    ).toBe(409); // not approved yet
    expect(
      (await t.call('POST', `/api/v1/refunds/${refundId}/approve`, { token: admin, body: {} })).status,
    ).toBe(200);
    expect(
      (await t.call('POST', `/api/v1/refunds/${refundId}/complete`, { token: admin, body: {} })).status,
    ).toBe(200);
    let d = await detail(orderId);
    expect(d).toMatchObject({
      status: 'PAID',
      refundStatus: 'PARTIAL',
      refundAmount: 59800,
      netAmount: 200000,
    });
    const full = await t.call('POST', `/api/v1/orders/${orderId}/refunds`, {
      token: admin,
      body: { amount: 200000, reason: '退课' },
    });
    const fullId = full.body.data.refunds[1].id;
    await t.call('POST', `/api/v1/refunds/${fullId}/approve`, { token: admin, body: {} });
    await t.call('POST', `/api/v1/refunds/${fullId}/complete`, { token: admin, body: {} });
    d = await detail(orderId);
    expect(d).toMatchObject({
      status: 'CLOSED',
      refundStatus: 'FULL',
      refundAmount: 259800,
      cancelType: 'REFUND_CLOSE',
      netAmount: 0,
    });
    expect((await client(myClient))?.total_refund).toBe(259800);
    const second = await t.call('POST', `/api/v1/orders/${orderId}/refunds`, {
      token: admin,
      body: { amount: 1, reason: 'x' },
    });
    expect(second.status).toBe(409);
    expect(d.timeline.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['order.create', 'order.confirm-payment', 'order.refund.success']),
    );
  });

  it('refuses refunds of unpaid orders and confirming cancelled ones; siyu cancels own pending order', async () => {
    const pending = await create(siyu, {
      clientId: myClient,
      items: [{ skuId: skuA, qty: 1 }],
      payAmount: 99900,
    });
    const refund = await t.call('POST', `/api/v1/orders/${pending.body.data.id}/refunds`, {
      token: admin,
      body: { amount: 100, reason: 'x' },
    });
    expect(refund.status).toBe(409);
    const cancel = await t.call('POST', `/api/v1/orders/${pending.body.data.id}/cancel`, {
      token: siyu,
      body: { version: pending.body.data.version },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'CANCELLED', cancelType: 'BUYER_CANCEL' });
    expect((await confirm(pending.body.data.id, cancel.body.data.version)).status).toBe(409);
  });

  it('moves revenue only through "change attribution" (admin, reason, audited)', async () => {
    const o = await create(admin, {
      clientId: otherClient,
      items: [{ skuId: skuA, qty: 1 }],
      payAmount: 99900,
    });
    const paid = (await confirm(o.body.data.id, o.body.data.version)).body.data;
    expect(paid.salesUserId).toBe(await userId(t, 'admin'));
    const noReason = await t.call('POST', `/api/v1/orders/${paid.id}/attribution`, {
      token: admin,
      body: { salesUserId: await userId(t, 'siyu1'), reason: '', version: paid.version },
    });
    expect(noReason.status).toBe(400);
    const moved = await t.call('POST', `/api/v1/orders/${paid.id}/attribution`, {
      token: admin,
      body: { salesUserId: await userId(t, 'siyu1'), reason: '实际由李晓萌成交', version: paid.version },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.salesUserName).toBe('李晓萌');
  });
});

describe('lists, masking, scope and the deal history', () => {
  it('siyu sees only own orders; chakan sees masked phones; filters work', async () => {
    const mine = await t.call('GET', '/api/v1/orders?pageSize=100', { token: siyu });
    expect(mine.body.data.items.length).toBeGreaterThan(0);
    expect(mine.body.data.items.every((o: { salesUserName: string }) => o.salesUserName === '李晓萌')).toBe(
      true,
    );
    const all = await t.call('GET', '/api/v1/orders?pageSize=100', { token: chakan });
    expect(
      all.body.data.items.every((o: { buyerMobile: string }) => /^\d{3}\*{4}\d{4}$/.test(o.buyerMobile)),
    ).toBe(true);
    const closed = await t.call('GET', '/api/v1/orders?status=CLOSED', { token: admin });
    expect(closed.body.data.items).toHaveLength(1);
    const bySpu = await t.call('GET', `/api/v1/orders?spuId=${spuId}&buyerMobile=13800138000`, {
      token: admin,
    });
    expect(bySpu.body.data.total).toBeGreaterThan(0);
    const adminOrder = all.body.data.items.find((o: { buyerName: string }) => o.buyerName === '李雷');
    expect((await t.call('GET', `/api/v1/orders/${adminOrder.id}`, { token: siyu })).status).toBe(200); // attributed to siyu now
    expect((await t.call('GET', '/api/v1/orders/export', { token: chakan })).status).toBe(403);
  });

  it('exports buyer mobiles by the client export rule (Decision 12): full for a holder of client.phone.view', async () => {
    const cells = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode, url).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const values: string[] = [];
      wb.worksheets[0]?.eachRow((row) => {
        row.eachCell((c) => {
          values.push(String(c.value));
        });
      });
      return values;
    };
    // One rule for the client export and the commerce exports of the same person.
    expect(await cells('/api/v1/clients/export')).toContain('13800138000');
    expect(await cells('/api/v1/orders/export')).toContain('13800138000');
    expect(await cells(`/api/v1/product/deals/export?spuId=${spuId}`)).toContain('13800138000');
  });

  it('the order export names statuses and methods in the language and has what a reconciliation needs', async () => {
    const sheet = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/orders/export',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: Record<string, unknown>[] = [];
      let headers: string[] = [];
      wb.worksheets[0]?.eachRow((row, n) => {
        const values = (row.values as unknown[]).slice(1);
        if (n === 1) headers = values.map(String);
        else rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i]])));
      });
      return { headers, rows };
    };
    const zh = await sheet('zh');
    expect(zh.headers).toEqual(
      expect.arrayContaining([
        '应付(元)',
        '实付(元)',
        '优惠(元)',
        '支付方式',
        '交易流水号',
        '创建时间',
        '退款状态',
      ]),
    );
    const statuses = new Set(zh.rows.map((r) => r.状态));
    expect(
      [...statuses].every((s) => ['待支付', '已支付', '已完成', '已取消', '已关闭'].includes(String(s))),
    ).toBe(true);
    const bank = zh.rows.find((r) => r.支付方式 === '银行转账');
    expect(bank).toBeDefined();
    expect(bank?.创建时间).toBeInstanceOf(Date);
    // A pending order owes its amount: payable, nothing paid.
    const pending = zh.rows.find((r) => r.状态 === '待支付');
    if (pending) expect(pending['实付(元)']).toBe(0);
    const en = await sheet('en');
    expect(en.headers).toEqual(
      expect.arrayContaining(['Payable (CNY)', 'Payment method', 'Transaction no.']),
    );
    expect(
      en.rows.some((r) => r.Status === 'Paid' || r.Status === 'Closed' || r.Status === 'Completed'),
    ).toBe(true);
    expect(en.rows.every((r) => !/^[A-Z_]+$/.test(String(r.Status)))).toBe(true);
  });

  it('deal history: one row per paid item with paid, refunded and net (admin only)', async () => {
    const deals = await t.call('GET', `/api/v1/product/deals?spuId=${spuId}`, { token: admin });
    expect(deals.status).toBe(200);
    const closed = deals.body.data.items.find((d: { orderStatus: string }) => d.orderStatus === 'CLOSED');
    expect(closed).toMatchObject({ payAmount: 259800, refundAmount: 259800, netAmount: 0, qty: 2 });
    expect((await t.call('GET', '/api/v1/product/deals', { token: siyu })).status).toBe(403);
    expect(
      (await t.call('GET', '/api/v1/product/deals', { token: await t.login('zhongtai1', DEMO_PASSWORD) }))
        .status,
    ).toBe(403);
  });

  it('dashboard figures follow the role', async () => {
    const a = (await t.call('GET', '/api/v1/dashboard/summary', { token: admin })).body.data;
    expect(a.today.paid).toBeGreaterThan(0);
    expect(a.today.net).toBe(a.today.paid - a.today.refund);
    const s = (await t.call('GET', '/api/v1/dashboard/summary', { token: siyu })).body.data;
    expect(s.today).toBeNull();
    expect(s.myClients).toBeGreaterThanOrEqual(1);
    expect(s.myMonthNet).toBeTypeOf('number');
    const z = (
      await t.call('GET', '/api/v1/dashboard/summary', { token: await t.login('zhongtai1', DEMO_PASSWORD) })
    ).body.data;
    expect(z.onSaleProducts).toBe(1);
    expect(z.today).toBeNull();
  });

  it('editing the specs of a SKU that has orders replaces it, keeping history', async () => {
    const before = (await t.call('GET', `/api/v1/products/${spuId}`, { token: admin })).body.data;
    const skus = before.skus.map((k: Record<string, unknown>) => ({
      id: k.id,
      skuCode: k.skuCode,
      properties: k.properties,
      price: k.price,
      marketPrice: 0,
      costPrice: 0,
      stock: k.stock,
      status: k.status,
    }));
    skus[0].properties = [
      { name: '年级', value: '三年级' },
      { name: '学期', value: '秋季' },
    ];
    const res = await t.call('PUT', `/api/v1/products/${spuId}`, {
      token: admin,
      body: { ...productBody(before.categoryId, before.coverUrl), skus, version: before.version },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.skus.find((k: { id: number }) => k.id === skuA)).toBeUndefined();
    expect(
      res.body.data.skus.find((k: { skuCode: string }) => k.skuCode === 'MATH-G3-SPRING')?.properties[1]
        .value,
    ).toBe('秋季');
    const deals = await t.call('GET', `/api/v1/product/deals?skuId=${skuA}`, { token: admin });
    expect(deals.body.data.items.length).toBeGreaterThan(0);
  });
});

describe.runIf(onPostgres())('orders under concurrency on PostgreSQL', () => {
  it('two confirmations pay once; two admins refunding at once never exceed the paid amount', async () => {
    const o = await create(admin, {
      clientId: otherClient,
      items: [{ skuId: skuB, qty: 1 }],
      payAmount: 129900,
    });
    expect(o.status).toBe(200);
    const results = await Promise.all([
      confirm(o.body.data.id, o.body.data.version),
      confirm(o.body.data.id, o.body.data.version),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refunds = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call('POST', `/api/v1/orders/${o.body.data.id}/refunds`, {
          token: admin,
          body: { amount: 60000, reason: '并发' },
        }),
      ),
    );
    // The two that would exceed the paid amount are refused on the amount field, never a 500.
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 200, 400, 400]);
    for (const r of refunds.filter((x) => x.status === 400))
      expect(Object.keys(r.body.data.fields)).toEqual(['amount']);
    const d = await detail(o.body.data.id);
    const ids = d.refunds.map((r: { id: number }) => r.id);
    await Promise.all(
      ids.map((id: number) => t.call('POST', `/api/v1/refunds/${id}/approve`, { token: admin, body: {} })),
    );
    const done = await Promise.all(
      ids.map((id: number) => t.call('POST', `/api/v1/refunds/${id}/complete`, { token: admin, body: {} })),
    );
    expect(done.every((r) => r.status === 200)).toBe(true);
    const after = await detail(o.body.data.id);
    expect(after.refundAmount).toBe(120000);
    expect(after.refundAmount).toBeLessThanOrEqual(after.payAmount);
  });
});
