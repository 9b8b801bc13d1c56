import { salesDrill } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { seedDemoCommerce } from '../../src/db/seed/demo-commerce';
import { runJobOnce } from '../../src/jobs/scheduler';
import { clientRecycleJob } from '../../src/modules/clients/jobs';
import { addDays } from '../../src/modules/data-centre/engine';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { userId } from '../support/commerce';

/** DEMO_DATA=1 products and orders (issue 6): the numbers agree exactly as the order API keeps them. */
let t: TestApp;
let admin: string;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0] as T;

beforeAll(async () => {
  t = await createTestApp({ DEMO_COMMERCE: '1' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  // Seeding the demo commerce data took 60 s on PGlite at load 10 (20 s idle).
});
afterAll(async () => t?.close());

describe('demo products and orders', () => {
  it('seeds a two-level catalogue, ~40 products mostly on sale, ~20,000 orders over 180 days', async () => {
    const c = await one<{
      roots: number;
      leaves: number;
      deep: number;
      spus: number;
      on: number;
      off_leaf: number;
    }>(
      sql`SELECT count(*) FILTER (WHERE parent_id IS NULL)::int AS roots,
                 count(*) FILTER (WHERE parent_id IS NOT NULL)::int AS leaves,
                 count(*) FILTER (WHERE parent_id IN (SELECT id FROM product_category WHERE parent_id IS NOT NULL))::int AS deep,
                 (SELECT count(*)::int FROM product_spu) AS spus,
                 (SELECT count(*)::int FROM product_spu WHERE status = 'ON') AS on,
                 (SELECT count(*)::int FROM product_spu s WHERE EXISTS (SELECT 1 FROM product_category x WHERE x.parent_id = s.category_id)) AS off_leaf
          FROM product_category`,
    );
    expect(c.roots).toBeGreaterThanOrEqual(5);
    expect(c.leaves).toBeGreaterThan(c.roots);
    expect(c.deep).toBe(0);
    expect(c.off_leaf).toBe(0);
    expect(c.spus).toBeGreaterThanOrEqual(38);
    expect(c.on / c.spus).toBeGreaterThan(0.75);
    const o = await one<{ n: number; days: number; statuses: string[]; sync: number; manual: number }>(
      sql`SELECT count(*)::int AS n, extract(day FROM max(created_at) - min(created_at))::int AS days,
                 array_agg(DISTINCT status ORDER BY status) AS statuses,
                 count(*) FILTER (WHERE created_type = 'SYNC')::int AS sync,
                 count(*) FILTER (WHERE created_type = 'MANUAL')::int AS manual
          FROM sales_order`,
    );
    expect(o.n).toBeGreaterThanOrEqual(19_000);
    expect(o.n).toBeLessThanOrEqual(21_000);
    expect(o.days).toBeGreaterThanOrEqual(170);
    expect(o.days).toBeLessThanOrEqual(181);
    expect(o.statuses).toEqual(['CANCELLED', 'CLOSED', 'COMPLETED', 'PAID', 'PENDING']);
    expect(o.sync).toBeGreaterThan(0);
    expect(o.manual).toBeGreaterThan(0);
    // Drafts never sold; every sold SKU belongs to a product that was on sale.
    const draftSold = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_item oi JOIN product_spu s ON s.id = oi.spu_id WHERE s.status = 'DRAFT'`,
    );
    expect(draftSold.n).toBe(0);
  });

  it('order money adds up: lines = order totals, pay = total − discount + adjust, discount shared over the lines', async () => {
    const bad = await one<{ lines: number; pay: number; shares: number; numbers: number }>(
      sql`SELECT
            count(*) FILTER (WHERE i.gross IS DISTINCT FROM o.total_amount OR i.paid IS DISTINCT FROM o.pay_amount)::int AS lines,
            count(*) FILTER (WHERE o.pay_amount <> o.total_amount - o.discount_amount + o.adjust_amount)::int AS pay,
            count(*) FILTER (WHERE i.shares IS DISTINCT FROM o.discount_amount - o.adjust_amount)::int AS shares,
            count(*) FILTER (WHERE o.order_no !~ '^SO[0-9]{16}$')::int AS numbers
          FROM sales_order o LEFT JOIN (
            SELECT order_id, sum(unit_price * qty) AS gross, sum(pay_amount) AS paid, sum(discount_share) AS shares
            FROM order_item GROUP BY order_id) i ON i.order_id = o.id`,
    );
    expect(bad).toEqual({ lines: 0, pay: 0, shares: 0, numbers: 0 });
    // The order-number sequence continues after the seeded numbers.
    const seq = await one<{ next: number; max: number }>(
      sql`SELECT (SELECT last_value FROM sales_order_no_seq)::bigint AS next,
                 (SELECT max(right(order_no, 8)::bigint) FROM sales_order) AS max`,
    );
    expect(Number(seq.next)).toBeGreaterThanOrEqual(Number(seq.max));
  });

  it('refunds never exceed what was paid; refunded amounts, refund status and closing agree', async () => {
    const bad = await one<{
      over: number;
      sum: number;
      items: number;
      status: number;
      closed: number;
      open: number;
      unpaid: number;
    }>(
      sql`SELECT
            count(*) FILTER (WHERE o.refund_amount > o.pay_amount)::int AS over,
            count(*) FILTER (WHERE o.refund_amount <> coalesce(r.done, 0))::int AS sum,
            count(*) FILTER (WHERE o.refund_amount <> coalesce(i.refunded, 0))::int AS items,
            count(*) FILTER (WHERE o.refund_status <> CASE WHEN o.refund_amount = 0 THEN 'NONE'
                                   WHEN o.refund_amount = o.pay_amount THEN 'FULL' ELSE 'PARTIAL' END)::int AS status,
            count(*) FILTER (WHERE (o.status = 'CLOSED') <> (o.refund_status = 'FULL'))::int AS closed,
            count(*) FILTER (WHERE coalesce(r.open, 0) + o.refund_amount > o.pay_amount)::int AS open,
            count(*) FILTER (WHERE o.pay_time IS NULL AND (r.done IS NOT NULL OR r.open IS NOT NULL))::int AS unpaid
          FROM sales_order o
          LEFT JOIN (SELECT order_id, sum(amount) FILTER (WHERE status = 'SUCCESS') AS done,
                            sum(amount) FILTER (WHERE status IN ('APPLIED', 'APPROVED')) AS open
                     FROM refund GROUP BY order_id) r ON r.order_id = o.id
          LEFT JOIN (SELECT order_id, sum(refund_amount) AS refunded FROM order_item GROUP BY order_id) i ON i.order_id = o.id`,
    );
    expect(bad).toEqual({ over: 0, sum: 0, items: 0, status: 0, closed: 0, open: 0, unpaid: 0 });
    const kinds = await one<{ full: number; partial: number; open: number; rejected: number }>(
      sql`SELECT count(*) FILTER (WHERE o.refund_status = 'FULL')::int AS full,
                 count(*) FILTER (WHERE o.refund_status = 'PARTIAL')::int AS partial,
                 (SELECT count(*)::int FROM refund WHERE status IN ('APPLIED', 'APPROVED')) AS open,
                 (SELECT count(*)::int FROM refund WHERE status = 'REJECTED') AS rejected
          FROM sales_order o`,
    );
    for (const n of Object.values(kinds)) expect(n).toBeGreaterThan(0);
  });

  it("clients' deal fields are the sums of their paid orders; revenue belongs to the owner at pay time", async () => {
    const bad = await one<{
      paid: number;
      refund: number;
      flag: number;
      first: number;
      last: number;
      stage: number;
    }>(
      sql`SELECT
            count(*) FILTER (WHERE c.total_paid <> coalesce(a.paid, 0))::int AS paid,
            count(*) FILTER (WHERE c.total_refund <> coalesce(a.refunded, 0))::int AS refund,
            count(*) FILTER (WHERE c.deal_status <> (a.first_paid IS NOT NULL))::int AS flag,
            count(*) FILTER (WHERE c.first_paid_at IS DISTINCT FROM a.first_paid)::int AS first,
            count(*) FILTER (WHERE c.last_paid_at IS DISTINCT FROM a.last_paid)::int AS last,
            count(*) FILTER (WHERE a.first_paid IS NOT NULL AND c.stage <> 'DEAL')::int AS stage
          FROM client c LEFT JOIN (
            SELECT client_id, sum(pay_amount) FILTER (WHERE pay_time IS NOT NULL) AS paid, sum(refund_amount) AS refunded,
                   min(pay_time) AS first_paid, max(pay_time) AS last_paid
            FROM sales_order GROUP BY client_id) a ON a.client_id = c.id`,
    );
    expect(bad).toEqual({ paid: 0, refund: 0, flag: 0, first: 0, last: 0, stage: 0 });
    const owner = await one<{ sales: number; manual: number; before: number; created: number; pool: number }>(
      sql`SELECT
            count(*) FILTER (WHERE o.pay_time IS NOT NULL AND o.sales_user_id IS DISTINCT FROM c.owner_user_id)::int AS sales,
            count(*) FILTER (WHERE o.created_type = 'MANUAL' AND o.created_by IS DISTINCT FROM c.owner_user_id)::int AS manual,
            count(*) FILTER (WHERE o.created_at < c.owner_time)::int AS before,
            count(*) FILTER (WHERE o.created_at < c.created_at)::int AS created,
            count(*) FILTER (WHERE c.owner_user_id IS NULL)::int AS pool
          FROM sales_order o JOIN client c ON c.id = o.client_id`,
    );
    expect(owner).toEqual({ sales: 0, manual: 0, before: 0, created: 0, pool: 0 });
    // Nothing the seed left is already due for the auto-recycle job.
    expect(await runJobOnce(t.database.db, clientRecycleJob(), new Date())).toMatchObject({ recycled: 0 });
  });

  it('sales counts are the quantities paid; the dashboard and lists read the seeded data', async () => {
    const bad = await one<{ sku: number; spu: number }>(
      sql`SELECT
            (SELECT count(*)::int FROM product_sku k WHERE k.sales_count <> coalesce((
               SELECT sum(oi.qty) FROM order_item oi JOIN sales_order o ON o.id = oi.order_id
               WHERE oi.sku_id = k.id AND o.pay_time IS NOT NULL), 0)) AS sku,
            (SELECT count(*)::int FROM product_spu s WHERE s.sales_count <> coalesce((
               SELECT sum(k.sales_count) FROM product_sku k WHERE k.spu_id = s.id), 0)) AS spu`,
    );
    expect(bad).toEqual({ sku: 0, spu: 0 });

    const list = await t.call('GET', '/api/v1/orders', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 10_000, totalExact: false });
    const siyu = await t.login('siyu1', DEMO_PASSWORD);
    const mine = (await t.call('GET', '/api/v1/orders?pageSize=100', { token: siyu })).body.data.items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((o: { salesUserName: string }) => o.salesUserName === '李晓萌')).toBe(true);
    const deals = await t.call('GET', '/api/v1/product/deals', { token: admin });
    expect(deals.body.data.items.length).toBe(20);
    const zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
    const dash = (await t.call('GET', '/api/v1/dashboard/summary', { token: zhongtai })).body.data;
    const on = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM product_spu WHERE status = 'ON'`);
    expect(dash.onSaleProducts).toBe(on.n);
    expect(dash.lowStockSkus).toBeGreaterThan(0);
    // Covers are real images served like uploads.
    const products = (await t.call('GET', '/api/v1/products?pageSize=5', { token: admin })).body.data.items;
    const cover = await t.app.inject({ method: 'GET', url: products[0].coverUrl });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
  });

  it("an order list's totals equal the data centre's figures it drills from (M11, M12, M16), in the caller's scope", async () => {
    // The overview's month figures drill into the list by pay days (salesDrill); the list turns
    // business days into Shanghai instants, as the page does.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const from = `${today.slice(0, 8)}01`;
    const drill = salesDrill({ from: addDays(from, -60), to: today, dimension: 'all', key: 0 }).M12;
    expect(drill?.path).toBe('/order/list');
    const payFrom = new Date(`${drill?.query.payFrom}T00:00:00+08:00`).toISOString();
    const payTo = new Date(
      new Date(`${drill?.query.payTo}T00:00:00+08:00`).getTime() + 86_400_000 - 1,
    ).toISOString();
    const raw = async (where: ReturnType<typeof sql>) =>
      one<{ m11: number; m12: string; m16: number; refunded: string }>(
        sql`SELECT count(*)::int AS m11, COALESCE(sum(pay_amount), 0)::bigint AS m12,
                   count(DISTINCT client_id)::int AS m16, COALESCE(sum(refund_amount), 0)::bigint AS refunded
            FROM sales_order WHERE pay_time >= ${new Date(payFrom)} AND pay_time <= ${new Date(payTo)} AND ${where}`,
      );
    const q = `payFrom=${encodeURIComponent(payFrom)}&payTo=${encodeURIComponent(payTo)}`;
    const all = await t.call('GET', `/api/v1/orders/totals?${q}`, { token: admin });
    expect(all.status).toBe(200);
    const expected = await raw(sql`TRUE`);
    expect(expected.m11).toBeGreaterThan(100);
    expect(all.body.data).toEqual({
      count: expected.m11,
      paidCount: expected.m11,
      clients: expected.m16,
      paid: Number(expected.m12),
      refunded: Number(expected.refunded),
      net: Number(expected.m12) - Number(expected.refunded),
    });
    // The list shows as many rows as the totals count (a capped or estimated pager aside).
    const listed = await t.call('GET', `/api/v1/orders?${q}&pageSize=1`, { token: admin });
    if (listed.body.data.totalExact) expect(listed.body.data.total).toBe(expected.m11);

    // A sales user's totals are their own orders only (the list's data scope).
    const siyu = await t.login('siyu1', DEMO_PASSWORD);
    const own = await t.call('GET', `/api/v1/orders/totals?${q}`, { token: siyu });
    const siyuId = await userId(t, 'siyu1');
    const ownRaw = await raw(sql`sales_user_id = ${siyuId}`);
    expect(own.body.data).toMatchObject({ count: ownRaw.m11, paid: Number(ownRaw.m12) });
    expect(own.body.data.paid).toBeLessThan(all.body.data.paid);
    // Refused without the list's permission (the product operator reads no orders list).
    const zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
    const refused = await t.call('GET', `/api/v1/orders/totals?${q}`, { token: zhongtai });
    expect(refused.status).toBe(403);
  });

  it("orders' audit rows carry the params the order service writes (summaries in the viewer's language)", async () => {
    const byAction = await rows<{ action: string; n: number; without: number; keys: string[] }>(sql`
      SELECT action, count(*)::int AS n, count(*) FILTER (WHERE params IS NULL)::int AS without,
             array_agg(DISTINCT (SELECT string_agg(k, ',' ORDER BY k) FROM jsonb_object_keys(params) k)) AS keys
      FROM audit_log WHERE action LIKE 'order.%' GROUP BY action ORDER BY action`);
    // The keys of said(..., params) in orders.service.ts, per action.
    const expected: Record<string, string> = {
      'order.cancel': 'reason',
      'order.confirm-payment': 'amount,payMethod',
      'order.create': 'amount,orderNo',
      'order.refund.apply': 'amount,reason,refundNo',
      'order.refund.approve': 'amount,refundNo',
      'order.refund.reject': 'reason,refundNo',
      'order.refund.success': 'amount,closed,refundNo',
    };
    expect(byAction.map((a) => a.action)).toEqual(Object.keys(expected));
    for (const a of byAction)
      expect({ ...a, n: a.n > 0 }).toEqual({ ...a, n: true, without: 0, keys: [expected[a.action]] });
    // The values are the order's: method and amount of the payment.
    const wrong = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_log a JOIN sales_order o ON o.id::text = a.target_id
      WHERE a.action = 'order.confirm-payment'
        AND (a.params->>'payMethod' IS DISTINCT FROM o.pay_method OR (a.params->>'amount')::bigint <> o.pay_amount)`);
    expect(wrong.n).toBe(0);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_order`);
    expect(await seedDemoCommerce(t.database.db)).toMatchObject({ orders: 0, products: 0 });
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_order`)).n).toBe(before.n);
  });
});
