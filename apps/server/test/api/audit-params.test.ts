import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditLog } from '../../src/db/schema';
import { said, writeAudit } from '../../src/lib/audit';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { makeClient, makeLeafCategory, productBody, uploadImage, userId } from '../support/commerce';

/**
 * Issue 16 item 11: audit rows keep the action code and the structured values of the summary, so
 * the console renders them in the viewer's language; old rows (text only) stay readable.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

const auditOf = async (query: string) =>
  (await t.call('GET', `/api/v1/system/audit-log?${query}`, { token: admin })).body.data.items as {
    action: string;
    targetType: string;
    summary: string;
    params: Record<string, unknown> | null;
  }[];

describe('structured audit summaries', () => {
  it('a release keeps the client id and the reason as values, the English text beside them', async () => {
    const id = await makeClient(t, '审计客户', '13700137001', await userId(t, 'admin'));
    const released = await t.call('POST', `/api/v1/clients/${id}/release`, {
      token: admin,
      body: { reason: '家长暂无需求' },
    });
    expect(released.status).toBe(200);
    const [row] = await auditOf(`action=client.release&targetId=${id}`);
    expect(row).toMatchObject({
      action: 'client.release',
      targetType: 'client',
      summary: `released client ${id} to the pool: 家长暂无需求`,
      params: { id, reason: '家长暂无需求' },
    });
    // The client drawer's audit view carries the same values.
    const trail = (await t.call('GET', `/api/v1/clients/${id}/timeline?view=audit`, { token: admin })).body
      .data.items as { type: string; detail: { params: unknown } }[];
    expect(trail.find((i) => i.type === 'client.release')?.detail.params).toEqual({
      id,
      reason: '家长暂无需求',
    });
  });

  it('the order history keeps the payment method code and the amount in fen', async () => {
    const { leafId } = await makeLeafCategory(t, admin);
    const image = await uploadImage(t, admin);
    const product = await t.call('POST', '/api/v1/products', {
      token: admin,
      body: productBody(leafId, image),
    });
    const spu = product.body.data.id as number;
    await t.call('POST', `/api/v1/products/${spu}/on-sale`, { token: admin });
    const product2 = (await auditOf(`action=product.status.on&targetId=${spu}`))[0];
    expect(product2?.params).toMatchObject({ productStatusFrom: 'DRAFT', productStatus: 'ON' });
    const clientId = await makeClient(t, '下单客户', '13700137002', await userId(t, 'admin'));
    const order = await t.call('POST', '/api/v1/orders', {
      token: admin,
      body: {
        idempotencyKey: randomUUID(),
        clientId,
        items: [{ skuId: product.body.data.skus[0].id, qty: 1 }],
        payAmount: 99900,
      },
    });
    const id = order.body.data.id as number;
    const paid = await t.call('POST', `/api/v1/orders/${id}/confirm-payment`, {
      token: admin,
      body: {
        payMethod: 'BANK_TRANSFER',
        paidAt: new Date(Date.now() - 60_000).toISOString(),
        voucherUrls: [image],
        version: order.body.data.version,
      },
    });
    expect(paid.status).toBe(200);
    const d = (await t.call('GET', `/api/v1/orders/${id}`, { token: admin })).body.data;
    const entry = d.timeline.find((e: { action: string }) => e.action === 'order.confirm-payment');
    expect(entry).toMatchObject({
      summary: 'payment confirmed (BANK_TRANSFER) ¥999.00',
      params: { payMethod: 'BANK_TRANSFER', amount: 99900 },
    });
    expect(d.timeline.find((e: { action: string }) => e.action === 'order.create').params).toMatchObject({
      orderNo: d.orderNo,
      amount: 99900,
    });
  });

  it('rows written as text only (before structured summaries) read back with params null', async () => {
    // Writers can no longer produce such a row (summary is structured by type): insert it as an old
    // version did.
    await t.database.db.insert(auditLog).values({
      action: 'client.release',
      targetType: 'client',
      targetId: '999999',
      summary: 'old row',
    });
    const [row] = await auditOf('targetId=999999');
    expect(row).toMatchObject({ summary: 'old row', params: null });
  });

  it('a summary longer than the column is cut with an ellipsis, not mid-word without a mark', async () => {
    await writeAudit(t.database.db, { action: 'test.long', summary: said('x'.repeat(600), {}) });
    const [row] = await auditOf('action=test.long');
    expect(row?.summary).toHaveLength(500);
    expect(row?.summary.endsWith('…')).toBe(true);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE params IS NOT NULL`,
    );
    expect(n?.n).toBeGreaterThan(0);
  });
});
