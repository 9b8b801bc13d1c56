import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../client';
import { productCategory, productSku, productSpu, storedFile } from '../schema';
import {
  coverPng,
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  type DemoProduct,
  PLATFORM_LISTINGS,
} from './demo-catalog';

/**
 * DEMO_DATA=1, products and orders (DOMAIN 4 and 5): the catalogue of demo-catalog.ts and ~20,000
 * orders over the past 180 days on the demo clients, with their items, refunds, audit trail and the
 * clients' deal fields exactly as the order API would have left them:
 * - paid orders belong to owned clients and are attributed to the owner (the owner at pay time:
 *   a buying client's owner time and creation move back before its first order when needed);
 * - a client with a paid order is a deal client (stage DEAL, first/last paid time, total paid =
 *   sum of its paid orders, total refunded = sum of its successful refunds); others are not;
 * - pay = total − discount + adjust, the discount shared over the items pro rata with the last
 *   (largest) line taking the rest, refunds spread over the items in order, full refunds close the
 *   order; SKU and product sales counts are the quantities paid.
 * Set-based SQL (INSERT … SELECT generate_series) with a seeded random(), in one transaction.
 * Idempotent: skipped when any category or order exists.
 */
export const DEMO_ORDERS = 20_000;
const DAY = 86_400_000;

/** Refund reasons sales staff enter (DOMAIN 4.1 refund reason). */
const REFUND_REASONS = [
  '上课时间与校内课程冲突',
  '孩子不适应授课节奏',
  '家长重复购买',
  '改报其他班型',
  '家庭原因暂停学习',
  '对老师授课不满意',
];
const MANUAL_REMARKS = [
  '',
  '',
  '',
  '老客户续费，已按续费价',
  '家长要求开具电子发票',
  '两科联报，主管已批优惠',
  '转介绍新客，赠送资料包',
];
const BUYER_REMARKS = ['', '', '', '', '请尽快安排老师联系', '想了解一下上课时间', '已加老师微信'];

const json = (v: unknown) => JSON.stringify(v);
/** A text[] literal of bound parameters (drizzle expands a bare JS array into a list). */
const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export interface DemoCommerceResult {
  categories: number;
  products: number;
  orders: number;
  ms: number;
}

/** Inserts the category tree, covers, products and SKUs; returns the SKUs with what orders need. */
const seedCatalog = async (tx: DbOrTx, now: Date, ids: { zhongtai: number | null }) => {
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const leafIds = new Map<string, number>();
  for (const [i, root] of DEMO_CATEGORIES.entries()) {
    const [r] = await tx
      .insert(productCategory)
      .values({
        name: root.name,
        icon: root.icon,
        sort: i,
        createdAt: at(420),
        updatedAt: at(420),
        createdBy: ids.zhongtai,
      })
      .returning({ id: productCategory.id });
    if (!r) continue;
    const leaves = await tx
      .insert(productCategory)
      .values(
        root.leaves.map((name, j) => ({
          parentId: r.id,
          name,
          sort: j,
          createdAt: at(420),
          updatedAt: at(420),
          createdBy: ids.zhongtai,
        })),
      )
      .returning({ id: productCategory.id, name: productCategory.name });
    for (const l of leaves) leafIds.set(l.name, l.id);
  }

  const grades = await queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM grade`);
  const gradeId = new Map(grades.map((g) => [g.code, Number(g.id)]));
  const platforms = await queryRows<{ id: number; code: string }>(
    tx,
    sql`SELECT id, code FROM source_platform`,
  );
  const platformId = new Map(platforms.map((p) => [p.code, Number(p.id)]));

  // One generated cover per product, stored like an upload.
  const covers = DEMO_PRODUCTS.map((p, i) => ({ id: randomUUID(), data: coverPng(p.type, i + 1) }));
  await tx.insert(storedFile).values(
    covers.map((c) => ({
      id: c.id,
      kind: 'image',
      contentType: 'image/png',
      fileName: 'cover.png',
      size: c.data.length,
      data: c.data,
      createdBy: ids.zhongtai,
      createdAt: at(400),
    })),
  );

  const created = (p: DemoProduct, i: number) =>
    p.status === 'DRAFT' ? at(3 + (i % 12)) : at(200 + ((i * 37) % 200));
  const spus = await tx
    .insert(productSpu)
    .values(
      DEMO_PRODUCTS.map((p, i) => {
        const cover = `/api/v1/files/${covers[i]?.id}`;
        const detail = `<h3>${p.name}</h3><p>${p.intro}</p><ul>${p.points.map((x) => `<li>${x}</li>`).join('')}</ul>`;
        const listings = Object.entries(PLATFORM_LISTINGS)
          .filter(([, names]) => names.includes(p.name))
          .map(([code], k) => ({
            platformId: platformId.get(code) as number,
            externalId: `${code.toLowerCase()}_${3_580_000 + i * 97 + k}`,
          }))
          .filter((x) => x.platformId);
        const off = p.offForDays ? at(p.offForDays) : null;
        return {
          name: p.name,
          categoryId: leafIds.get(p.leaf) as number,
          productType: p.type,
          gradeIds: p.grades.map((g) => gradeId.get(g)).filter((g): g is number => g != null),
          subject: p.subject,
          coverUrl: cover,
          sliderUrls: [cover],
          intro: p.intro,
          detailHtml: detail,
          specType: p.skus.some((k) => k.props.length) ? 'MULTI' : 'SINGLE',
          status: p.status,
          sort: Math.round(p.weight),
          virtualSales: p.weight >= 30 ? 1000 + i * 13 : 0,
          validityMode: p.validity.mode,
          validityDays: p.validity.mode === 'DAYS' ? p.validity.days : null,
          refundDays: p.refundDays,
          platformCodes: listings,
          createdAt: created(p, i),
          updatedAt: off ?? at(1 + (i % 20)),
          createdBy: ids.zhongtai,
          updatedBy: ids.zhongtai,
          version: off ? 3 : 2,
        };
      }),
    )
    .returning({ id: productSpu.id, name: productSpu.name });
  const spuId = new Map(spus.map((s) => [s.name, s.id]));
  const skus = await tx
    .insert(productSku)
    .values(
      DEMO_PRODUCTS.flatMap((p, i) =>
        p.skus.map((k) => ({
          spuId: spuId.get(p.name) as number,
          skuCode: k.code,
          properties: k.props.map(([name, value]) => ({ name, value })),
          price: k.price,
          marketPrice: k.market ?? 0,
          costPrice: k.cost ?? 0,
          stock: k.stock ?? null,
          status: 'ENABLED',
          createdAt: created(p, i),
          updatedAt: created(p, i),
          createdBy: ids.zhongtai,
          updatedBy: ids.zhongtai,
        })),
      ),
    )
    .returning({ id: productSku.id, code: productSku.skuCode });
  const skuId = new Map(skus.map((k) => [k.code, k.id]));
  // Derived price range, as the product service computes it.
  await tx.execute(sql`
    UPDATE product_spu s SET
      price_min = coalesce((SELECT min(price) FROM product_sku WHERE spu_id = s.id AND archived = false AND status = 'ENABLED'), 0),
      price_max = coalesce((SELECT max(price) FROM product_sku WHERE spu_id = s.id AND archived = false AND status = 'ENABLED'), 0),
      market_price = coalesce((SELECT min(market_price) FROM product_sku WHERE spu_id = s.id AND archived = false AND status = 'ENABLED'), 0)`);

  // What an order line needs per SKU, and the weighted pick lists (retired products: no orders
  // after they went off sale; drafts never sold).
  const sold = DEMO_PRODUCTS.filter((p) => p.status !== 'DRAFT' && p.weight > 0);
  const catalog = sold.flatMap((p) =>
    p.skus.map((k) => ({
      sku_id: skuId.get(k.code),
      spu_id: spuId.get(p.name),
      spu_name: p.name,
      spec: k.props.map(([n, v]) => `${n}:${v}`).join(' / '),
      price: k.price,
      material: p.type === 'MATERIAL',
      refund_days: p.refundDays,
      until: p.offForDays ? at(p.offForDays).toISOString() : null,
      w: Math.max(1, Math.round((p.weight * 4) / p.skus.length)),
    })),
  );
  return { catalog, leafCount: leafIds.size, productCount: spus.length };
};

/** The Shanghai midnight of `now` (business days are Asia/Shanghai days). */
const shanghaiMidnight = (now: Date) =>
  new Date(Math.floor((now.getTime() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000);

export const seedDemoCommerce = async (db: DbOrTx, now = new Date()): Promise<DemoCommerceResult> => {
  const t0 = performance.now();
  const none = { categories: 0, products: 0, orders: 0, ms: 0 };
  const [state] = await queryRows<{ seeded: boolean; platforms: number }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM product_category) OR EXISTS (SELECT 1 FROM sales_order) AS seeded,
               (SELECT count(*)::int FROM source_platform) AS platforms`,
  );
  if (!state || state.seeded || state.platforms === 0) return none;
  const [people] = await queryRows<{
    admin_id: number | null;
    admin_name: string | null;
    zhongtai: number | null;
  }>(
    db,
    sql`SELECT (SELECT u.id FROM admin_user u JOIN admin_user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
                WHERE r.key = 'admin' AND u.deleted = false ORDER BY u.id LIMIT 1) AS admin_id,
               (SELECT u.username FROM admin_user u JOIN admin_user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
                WHERE r.key = 'admin' AND u.deleted = false ORDER BY u.id LIMIT 1) AS admin_name,
               (SELECT id FROM admin_user WHERE username = 'zhongtai1') AS zhongtai`,
  );
  const adminId = people?.admin_id == null ? null : Number(people.admin_id);
  const adminName = people?.admin_name ?? 'admin';
  const zhongtai = people?.zhongtai == null ? null : Number(people.zhongtai);

  return db.transaction(async (tx) => {
    const { catalog, leafCount, productCount } = await seedCatalog(tx, now, { zhongtai });
    const ex = (q: SQL) => tx.execute(q);
    const done = (orders: number): DemoCommerceResult => ({
      categories: DEMO_CATEGORIES.length + leafCount,
      products: productCount,
      orders,
      ms: Math.round(performance.now() - t0),
    });

    // ---- who buys ----------------------------------------------------------------------------------------
    await ex(sql`SELECT setseed(0.2026)`);
    await ex(sql`CREATE TEMP TABLE demo_sku ON COMMIT DROP AS
      SELECT * FROM json_to_recordset(${json(catalog)}::json)
        AS x(sku_id bigint, spu_id bigint, spu_name text, spec text, price int, material boolean, refund_days int, until timestamptz, w int)`);
    await ex(sql`ALTER TABLE demo_sku ADD PRIMARY KEY (sku_id)`);
    // Owned, valid clients: every deal client and 70% of the others buy (payers); of the rest,
    // 30% have one order that was never paid (cancelled, or awaiting confirmation).
    await ex(sql`CREATE TEMP TABLE demo_owned ON COMMIT DROP AS
      SELECT c.id AS client_id, c.owner_user_id AS owner, c.owner_dept_id AS dept, c.name, coalesce(c.mobile, '') AS mobile,
             c.grade_id, c.channel_id, c.created_at, c.owner_time, c.stage = 'DEAL' AS was_deal, random() AS r, random() AS r2,
             (SELECT username FROM admin_user WHERE id = c.owner_user_id) AS owner_name
      FROM client c WHERE c.deleted = false AND c.owner_user_id IS NOT NULL AND c.stage <> 'INVALID' ORDER BY c.id`);
    await ex(sql`CREATE TEMP TABLE demo_payer ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY client_id)::int AS k, * FROM demo_owned WHERE was_deal OR r < 0.7`);
    await ex(sql`ALTER TABLE demo_payer ADD PRIMARY KEY (k)`);
    const [counts] = await queryRows<{ payers: number; leads: number }>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM demo_payer) AS payers,
                 (SELECT count(*)::int FROM demo_owned WHERE NOT (was_deal OR r < 0.7) AND r2 < 0.3) AS leads`,
    );
    const payers = counts?.payers ?? 0;
    if (payers === 0) return done(0);
    const payerOrders = Math.max(payers, DEMO_ORDERS - (counts?.leads ?? 0));
    const midnight = shanghaiMidnight(now);
    const nowTs = sql`${now}::timestamptz`;

    // ---- the orders' plan: client, time, platform, status ----------------------------------------------------
    // Platforms: own mini-program 25%, Douyin 20%, WeChat Channels 12%, Xiaoetong 10%, Youzan 4%,
    // Taobao 4%, offline transfer 25% (the manual orders sales enter and the admin confirms).
    const platformOf = (r: SQL) => sql`CASE
        WHEN ${r} < 0.25 THEN 'OWN_MP' WHEN ${r} < 0.45 THEN 'DOUYIN' WHEN ${r} < 0.57 THEN 'WXSHOP'
        WHEN ${r} < 0.67 THEN 'XIAOETONG' WHEN ${r} < 0.71 THEN 'YOUZAN' WHEN ${r} < 0.75 THEN 'TAOBAO' ELSE 'OFFLINE' END`;
    // Payer orders: the first one of each payer is paid; the rest go to payers with a long tail
    // (some families buy a lot), over 180 days with more in recent weeks, 08:00-23:00 Shanghai time.
    // Leads: one order each that was never paid, while they were owned (owner time and later).
    await ex(sql`CREATE TEMP TABLE demo_order ON COMMIT DROP AS
      SELECT s.g AS k, p.client_id, p.owner, p.dept, p.owner_name, p.name AS buyer_name, p.mobile AS buyer_mobile,
             p.grade_id, p.channel_id, least(s.t, ${nowTs} - interval '3 minutes') AS created_at, s.platform,
             CASE WHEN s.g <= ${payers} THEN 'PAID' WHEN s.rs < 0.18 THEN 'CANCELLED'
                  WHEN s.platform = 'OFFLINE' AND s.t > ${nowTs} - interval '2 days' AND s.rs < 0.55 THEN 'PENDING'
                  ELSE 'PAID' END AS status,
             CASE WHEN s.ri < 0.72 THEN 1 WHEN s.ri < 0.93 THEN 2 ELSE 3 END AS n_items,
             random() AS r_disc, random() AS r_disc2, random() AS r_adj, random() AS r_ref, random() AS r_ref2,
             random() AS r_pay, random() AS r_misc
      FROM (
        SELECT g, pk, ${platformOf(sql`rp`)} AS platform, rs, ri,
               CASE WHEN t0 > ${nowTs} THEN t0 - interval '1 day' ELSE t0 END AS t
        FROM (
          SELECT g, CASE WHEN g <= ${payers} THEN g ELSE 1 + floor(${payers} * power(random(), 1.15))::int END AS pk,
                 random() AS rp, random() AS rs, random() AS ri,
                 ${midnight}::timestamptz - floor(180 * power(random(), 1.3)) * interval '1 day'
                   + (8 + 15 * power(random(), 0.7)) * interval '1 hour' AS t0
          FROM generate_series(1, ${payerOrders}) g
        ) a
      ) s JOIN demo_payer p ON p.k = s.pk
      UNION ALL
      SELECT ${payerOrders} + row_number() OVER (ORDER BY l.client_id)::int, l.client_id, l.owner, l.dept, l.owner_name, l.name,
             l.mobile, l.grade_id, l.channel_id,
             CASE WHEN l.pending
                  THEN greatest(l.owner_time, ${nowTs} - interval '2 days') + l.r1 * (${nowTs} - interval '3 minutes' - greatest(l.owner_time, ${nowTs} - interval '2 days'))
                  ELSE l.owner_time + l.r1 * (${nowTs} - interval '3 minutes' - l.owner_time) END,
             CASE WHEN l.pending OR l.rp < 0.6 THEN 'OFFLINE' WHEN l.rp < 0.8 THEN 'OWN_MP' ELSE 'DOUYIN' END,
             CASE WHEN l.pending THEN 'PENDING' ELSE 'CANCELLED' END,
             CASE WHEN l.ri < 0.8 THEN 1 ELSE 2 END,
             random(), random(), random(), random(), random(), random(), random()
      FROM (
        SELECT *, r2 < 0.06 AS pending, random() AS r1, random() AS rp, random() AS ri
        FROM demo_owned WHERE NOT (was_deal OR r < 0.7) AND r2 < 0.3
      ) l`);
    await ex(sql`ALTER TABLE demo_order ADD PRIMARY KEY (k)`);

    // ---- lines: SKUs by weight (retired products only before they went off sale, drafts never) ----------
    await ex(sql`CREATE TEMP TABLE demo_item ON COMMIT DROP AS
      WITH pa AS (SELECT array_agg(sku_id ORDER BY sku_id, i) AS ids, array_agg(until ORDER BY sku_id, i) AS untils
                  FROM demo_sku, generate_series(1, w) i),
           po AS (SELECT array_agg(sku_id ORDER BY sku_id, i) AS ids FROM demo_sku, generate_series(1, w) i WHERE until IS NULL)
      SELECT x.k, x.j, s.sku_id, s.spu_id, s.spu_name, s.spec, s.price, s.refund_days,
             CASE WHEN s.material THEN 1 + floor(power(x.rq, 3) * 3)::int ELSE 1 END AS qty
      FROM (
        SELECT y.k, y.j, y.rq,
               CASE WHEN pa.untils[y.ia] IS NULL OR pa.untils[y.ia] > y.created_at THEN pa.ids[y.ia] ELSE po.ids[y.ib] END AS sku_id
        FROM (
          SELECT o.k, j, o.created_at, random() AS ra, random() AS rb, random() AS rq
          FROM demo_order o, generate_series(1, o.n_items) j
        ) z
        CROSS JOIN pa CROSS JOIN po
        CROSS JOIN LATERAL (SELECT z.k, z.j, z.created_at, z.rq, 1 + floor(z.ra * cardinality(pa.ids))::int AS ia,
                                   1 + floor(z.rb * cardinality(po.ids))::int AS ib) y
      ) x JOIN demo_sku s ON s.sku_id = x.sku_id`);
    // No SKU twice in one order.
    await ex(
      sql`DELETE FROM demo_item a USING demo_item b WHERE a.k = b.k AND a.sku_id = b.sku_id AND a.j > b.j`,
    );

    // ---- money and outcome in one pass: totals; discounts (coupons on platform orders, sales discounts
    // and rounding off on manual ones); payment within 15 minutes on platforms, within ~30 hours for
    // offline transfers; refunds (3% full, 5% partial, 1% rejected, recent ones still in flight);
    // completion once the refund window is over; order numbers SO + Shanghai day + sequence, in time order.
    const [base] = await queryRows<{ n: number }>(tx, sql`SELECT nextval('sales_order_no_seq')::int AS n`);
    const first = Number(base?.n ?? 1);
    await ex(sql`CREATE TEMP TABLE demo_final ON COMMIT DROP AS
      SELECT e.*,
        CASE WHEN e.status <> 'PAID' THEN e.status
             WHEN e.refund_plan = 'FULL' THEN 'CLOSED'
             WHEN e.refund_plan IN ('NONE', 'REJECTED') AND e.pay_time < ${nowTs} - (e.max_refund_days + 1) * interval '1 day' THEN 'COMPLETED'
             ELSE 'PAID' END AS final_status,
        CASE WHEN e.refund_plan IN ('FULL', 'PARTIAL') THEN e.amount ELSE 0 END AS refund,
        'SO' || to_char((e.created_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')
          || lpad((${first} - 1 + row_number() OVER (ORDER BY e.created_at, e.k))::text, 8, '0') AS order_no
      FROM (
        -- A refund whose money would only go back later is still in flight (applied or approved).
        SELECT d.*,
          CASE WHEN d.plan0 IN ('FULL', 'PARTIAL') AND d.done_at > ${nowTs} - interval '2 minutes' THEN 'OPEN' ELSE d.plan0 END AS refund_plan,
          CASE WHEN d.plan0 IN ('FULL', 'PARTIAL') AND d.done_at <= ${nowTs} - interval '2 minutes' THEN d.done_at END AS refunded_at
        FROM (
          SELECT c.*, c.applied_at + (2 + c.r_misc * 46) * interval '1 hour' AS done_at
          FROM (
            SELECT b.*,
              CASE b.plan0 WHEN 'FULL' THEN b.pay
                   WHEN 'PARTIAL' THEN least(b.pay - 100, greatest(100, (round(b.pay * (0.2 + b.r_ref2 * 0.5) / 100) * 100)::int))
                   ELSE least(b.pay, greatest(100, (round(b.pay * 0.5 / 100) * 100)::int)) END AS amount,
              CASE WHEN b.plan0 <> 'NONE' THEN b.pay_time + b.r_ref2 * greatest(interval '0',
                   least(${nowTs} - interval '10 minutes' - b.pay_time, interval '6 days')) END AS applied_at
            FROM (
              SELECT a.*,
                CASE WHEN a.status = 'PAID' THEN least(${nowTs} - interval '1 minute',
                  a.created_at + CASE WHEN a.platform = 'OFFLINE' THEN (10 + a.r_pay * 1800) * interval '1 minute'
                                      ELSE (5 + a.r_pay * 900) * interval '1 second' END) END AS pay_time,
                CASE WHEN a.status <> 'PAID' OR a.pay = 0 THEN 'NONE'
                     WHEN a.r_ref < 0.03 THEN 'FULL'
                     WHEN a.r_ref < 0.08 THEN CASE WHEN a.pay >= 2000 THEN 'PARTIAL' ELSE 'NONE' END
                     WHEN a.r_ref < 0.09 THEN 'REJECTED'
                     WHEN a.r_ref < 0.12 AND a.created_at > ${nowTs} - interval '6 days' THEN 'OPEN'
                     ELSE 'NONE' END AS plan0
              FROM (
                SELECT z.*, z.total - z.discount + z.adjust AS pay
                FROM (
                  SELECT m.*,
                    CASE WHEN m.platform = 'OFFLINE' AND m.r_adj < 0.05 AND m.total - m.discount >= 10000
                         THEN -((m.total - m.discount) % 1000) ELSE 0 END AS adjust
                  FROM (
                    SELECT o.*, t.total, t.max_refund_days,
                      CASE
                        WHEN o.platform = 'OFFLINE' AND o.r_disc < 0.12 THEN (round(t.total * (0.05 + o.r_disc2 * 0.1) / 100) * 100)::int
                        WHEN o.platform <> 'OFFLINE' AND o.r_disc < 0.15 AND t.total >= 50000
                          THEN (ARRAY[5000, 10000, 20000, 30000])[1 + floor(o.r_disc2 * 4)::int]
                        ELSE 0 END AS discount
                    FROM demo_order o JOIN (
                      SELECT k, sum(price * qty)::int AS total, max(refund_days) AS max_refund_days FROM demo_item GROUP BY k
                    ) t ON t.k = o.k
                  ) m
                ) z
              ) a
            ) b
          ) c
        ) d
      ) e`);
    await ex(sql`ALTER TABLE demo_final ADD PRIMARY KEY (k)`);
    await ex(sql`SELECT setval('sales_order_no_seq', (SELECT ${first} - 1 + count(*) FROM demo_final))`);

    const voucherId = randomUUID();
    const voucher = coverPng('MATERIAL', 7777, 180, 320);
    await tx.insert(storedFile).values({
      id: voucherId,
      kind: 'voucher',
      contentType: 'image/png',
      fileName: 'voucher.png',
      size: voucher.length,
      data: voucher,
      createdBy: adminId,
      createdAt: new Date(now.getTime() - 181 * DAY),
    });
    const platforms = await queryRows<{ id: number; code: string }>(
      tx,
      sql`SELECT id, code FROM source_platform`,
    );
    const platformIds = json(Object.fromEntries(platforms.map((p) => [p.code, Number(p.id)])));

    // Bulk rows whose references were all read in this transaction: foreign-key triggers are skipped
    // for these inserts when the role may (a superuser: PGlite, a development server), as pg_restore
    // does; that is most of the seed's time on PGlite. Otherwise the checks simply run.
    const [role] = await queryRows<{ su: string }>(tx, sql`SELECT current_setting('is_superuser') AS su`);
    const bulk = role?.su === 'on';
    if (bulk) await ex(sql`SET LOCAL session_replication_role = replica`);

    // ---- sales_order (inserted in time order, so ids follow time) ------------------------------------------------
    await ex(sql`CREATE TEMP TABLE demo_ids ON COMMIT DROP AS SELECT 0::int AS k, 0::bigint AS id LIMIT 0`);
    await ex(sql`WITH ins AS (
      INSERT INTO sales_order (order_no, source_platform_id, external_order_no, channel_id, client_id, buyer_name, buyer_mobile,
        grade_id, total_amount, discount_amount, adjust_amount, pay_amount, refund_amount, status, refund_status, cancel_type,
        pay_method, pay_time, pay_trade_no, voucher_urls, confirmed_by, sales_user_id, sales_dept_id, created_type, remark,
        buyer_remark, version, created_at, created_by, updated_at, updated_by)
      SELECT f.order_no, (${platformIds}::jsonb ->> f.platform)::bigint,
        CASE f.platform
          WHEN 'OFFLINE' THEN NULL
          WHEN 'DOUYIN' THEN '69' || lpad(((f.k::bigint * 7919 + 104729) % 100000000000000000)::text, 17, '0')
          WHEN 'WXSHOP' THEN '37' || lpad(((f.k::bigint * 6563 + 7727) % 100000000000000000)::text, 17, '0')
          WHEN 'XIAOETONG' THEN 'o_' || to_char((f.created_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYMMDD') || '_' || lpad(f.k::text, 6, '0')
          WHEN 'YOUZAN' THEN 'E' || to_char((f.created_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDDHH24MISS') || lpad(f.k::text, 6, '0')
          WHEN 'TAOBAO' THEN lpad(((f.k::bigint * 9973 + 2203) % 1000000000000000000)::text, 19, '3')
          ELSE 'MP' || to_char((f.created_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD') || lpad(f.k::text, 8, '0') END,
        f.channel_id, f.client_id, f.buyer_name, f.buyer_mobile, f.grade_id,
        f.total, f.discount, f.adjust, f.pay, f.refund, f.final_status,
        CASE WHEN f.refund = 0 THEN 'NONE' WHEN f.refund = f.pay THEN 'FULL' ELSE 'PARTIAL' END,
        CASE WHEN f.final_status = 'CLOSED' THEN 'REFUND_CLOSE'
             WHEN f.final_status = 'CANCELLED' AND f.platform <> 'OFFLINE' THEN 'PAY_TIMEOUT'
             WHEN f.final_status = 'CANCELLED' AND f.r_misc < 0.7 THEN 'BUYER_CANCEL'
             WHEN f.final_status = 'CANCELLED' THEN 'ADMIN_CANCEL' END,
        CASE WHEN f.pay_time IS NULL THEN NULL
             WHEN f.platform = 'OWN_MP' THEN CASE WHEN f.r_misc < 0.85 THEN 'WECHAT' ELSE 'ALIPAY' END
             WHEN f.platform <> 'OFFLINE' THEN 'PLATFORM'
             WHEN f.r_misc < 0.5 THEN 'BANK_TRANSFER' WHEN f.r_misc < 0.75 THEN 'WECHAT' WHEN f.r_misc < 0.95 THEN 'ALIPAY' ELSE 'CASH' END,
        f.pay_time,
        CASE WHEN f.pay_time IS NULL THEN ''
             WHEN f.platform = 'OWN_MP' AND f.r_misc < 0.85 THEN '42000' || to_char((f.pay_time AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD') || lpad(((f.k::bigint * 48271) % 10000000000)::text, 10, '0')
             WHEN f.platform = 'OWN_MP' THEN to_char((f.pay_time AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD') || '2200' || lpad(((f.k::bigint * 16807) % 1000000000000)::text, 12, '0')
             WHEN f.platform = 'OFFLINE' AND f.r_misc < 0.5 THEN 'BT' || to_char((f.pay_time AT TIME ZONE 'UTC') + interval '8 hours', 'YYMMDD') || lpad(f.k::text, 6, '0')
             ELSE '' END,
        CASE WHEN f.pay_time IS NOT NULL AND f.platform = 'OFFLINE' THEN ARRAY[${`/api/v1/files/${voucherId}`}]::text[] ELSE '{}'::text[] END,
        CASE WHEN f.pay_time IS NOT NULL AND f.platform = 'OFFLINE' THEN ${adminId}::bigint END,
        -- Revenue: the creator of a manual order (the owner), or the owner at payment.
        CASE WHEN f.platform = 'OFFLINE' OR f.pay_time IS NOT NULL THEN f.owner END,
        CASE WHEN f.platform = 'OFFLINE' OR f.pay_time IS NOT NULL THEN f.dept END,
        CASE WHEN f.platform = 'OFFLINE' THEN 'MANUAL' ELSE 'SYNC' END,
        CASE WHEN f.platform = 'OFFLINE' THEN (${textArray(MANUAL_REMARKS)})[1 + floor(f.r_disc2 * ${MANUAL_REMARKS.length})::int] ELSE '' END,
        CASE WHEN f.platform <> 'OFFLINE' THEN (${textArray(BUYER_REMARKS)})[1 + floor(f.r_adj * ${BUYER_REMARKS.length})::int] ELSE '' END,
        1 + (f.status <> 'PENDING')::int + (f.refund > 0)::int,
        f.created_at, CASE WHEN f.platform = 'OFFLINE' THEN f.owner END,
        greatest(f.created_at, f.pay_time, f.refunded_at,
          CASE WHEN f.final_status = 'CANCELLED' THEN least(${nowTs} - interval '1 minute',
            f.created_at + CASE WHEN f.platform = 'OFFLINE' THEN interval '3 hours' ELSE interval '30 minutes' END) END),
        CASE WHEN f.pay_time IS NOT NULL AND f.platform = 'OFFLINE' THEN ${adminId}::bigint
             WHEN f.final_status = 'CANCELLED' AND f.platform = 'OFFLINE' AND f.r_misc < 0.7 THEN f.owner
             WHEN f.final_status = 'CANCELLED' AND f.platform = 'OFFLINE' THEN ${adminId}::bigint
             WHEN f.platform = 'OFFLINE' THEN f.owner END
      FROM demo_final f ORDER BY f.created_at, f.k
      RETURNING id, order_no)
      INSERT INTO demo_ids SELECT f.k, ins.id FROM ins JOIN demo_final f ON f.order_no = ins.order_no`);
    await ex(sql`ALTER TABLE demo_ids ADD PRIMARY KEY (k)`);

    // ---- order_item: ascending by line amount (the last, largest line takes the rest of the shared
    // discount, as the API does), refunds spread over the lines in order --------------------------------------
    await ex(sql`INSERT INTO order_item (order_id, spu_id, sku_id, spu_name, sku_spec, unit_price, qty, discount_share, pay_amount, refund_amount)
      SELECT id, spu_id, sku_id, spu_name, spec, price, qty, share, gross - share,
             greatest(0, least(gross - share, refund - coalesce(sum(gross - share) OVER (PARTITION BY k ORDER BY rn ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)))
      FROM (
        SELECT x.*, CASE WHEN x.rn = x.cnt THEN x.d - (x.sum_s - x.s) ELSE x.s END AS share
        FROM (
          SELECT i.k, d.id, i.spu_id, i.sku_id, i.spu_name, i.spec, i.price, i.qty, i.price * i.qty AS gross, f.refund,
                 f.discount - f.adjust AS d,
                 row_number() OVER (PARTITION BY i.k ORDER BY i.price * i.qty, i.j) AS rn,
                 count(*) OVER (PARTITION BY i.k) AS cnt,
                 round((f.discount - f.adjust)::numeric * i.price * i.qty / f.total)::int AS s,
                 sum(round((f.discount - f.adjust)::numeric * i.price * i.qty / f.total)::int) OVER (PARTITION BY i.k) AS sum_s
          FROM demo_item i JOIN demo_final f ON f.k = i.k JOIN demo_ids d ON d.k = i.k
        ) x
      ) y ORDER BY id, rn`);

    // ---- refunds: successful ones make the order's refunded amount; rejected and in-flight ones do not ----
    const [rbase] = await queryRows<{ n: number }>(tx, sql`SELECT nextval('refund_no_seq')::int AS n`);
    const rfirst = Number(rbase?.n ?? 1);
    await ex(sql`INSERT INTO refund (refund_no, order_id, items, amount, reason, status, applied_by, audited_by, audit_remark,
        refunded_at, version, created_at, created_by, updated_at, updated_by)
      SELECT 'RF' || to_char((f.applied_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')
               || lpad((${rfirst} - 1 + row_number() OVER (ORDER BY f.applied_at, f.k))::text, 8, '0'),
        d.id, '[]'::jsonb,
        f.amount,
        (${textArray(REFUND_REASONS)})[1 + floor(f.r_ref2 * ${REFUND_REASONS.length})::int],
        CASE f.refund_plan WHEN 'REJECTED' THEN 'REJECTED' WHEN 'OPEN' THEN CASE WHEN f.r_misc < 0.6 THEN 'APPLIED' ELSE 'APPROVED' END ELSE 'SUCCESS' END,
        CASE WHEN f.r_misc < 0.8 THEN f.owner ELSE ${adminId}::bigint END,
        CASE WHEN f.refund_plan = 'OPEN' AND f.r_misc < 0.6 THEN NULL ELSE ${adminId}::bigint END,
        CASE f.refund_plan WHEN 'REJECTED' THEN '已超过退款期限且已上课' ELSE '' END,
        f.refunded_at,
        CASE f.refund_plan WHEN 'FULL' THEN 3 WHEN 'PARTIAL' THEN 3 WHEN 'REJECTED' THEN 2 ELSE CASE WHEN f.r_misc < 0.6 THEN 1 ELSE 2 END END,
        f.applied_at, CASE WHEN f.r_misc < 0.8 THEN f.owner ELSE ${adminId}::bigint END,
        coalesce(f.refunded_at, least(${nowTs} - interval '1 minute', f.applied_at + interval '3 hours')),
        CASE WHEN f.refund_plan = 'OPEN' AND f.r_misc < 0.6 THEN CASE WHEN f.r_misc < 0.8 THEN f.owner ELSE ${adminId}::bigint END
             ELSE ${adminId}::bigint END
      FROM demo_final f JOIN demo_ids d ON d.k = f.k
      WHERE f.refund_plan <> 'NONE' ORDER BY f.applied_at, f.k`);
    await ex(
      sql`SELECT setval('refund_no_seq', ${rfirst} - 1 + (SELECT count(*) FROM demo_final WHERE refund_plan <> 'NONE'), true)`,
    );
    if (bulk) await ex(sql`SET LOCAL session_replication_role = origin`);

    // ---- the clients' deal fields, as confirm-payment and complete-refund leave them ----------------------------
    // A buying client was owned by its owner before its first order: owner time and, if need be,
    // creation move back 1-10 days before it (deal clients never auto-recycle by default).
    // (The name-gram GIN index normally has fastupdate off; for this bulk update it buffers, then is
    // flushed once, as the client seed does.)
    await ex(sql`ALTER INDEX client_grams_idx SET (fastupdate = on)`);
    await ex(sql`UPDATE client c SET
        deal_status = true, first_paid_at = d.first_paid, last_paid_at = d.last_paid, total_paid = d.paid,
        total_refund = d.refunded, stage = 'DEAL',
        owner_time = least(c.owner_time, d.first_order - (1 + d.r * 9) * interval '1 day'),
        created_at = least(c.created_at, d.first_order - (1 + d.r * 9) * interval '1 day' - d.r * interval '2 days'),
        updated_at = greatest(c.updated_at, d.last_change)
      FROM (
        SELECT o.client_id, min(o.pay_time) AS first_paid, max(o.pay_time) AS last_paid,
               sum(o.pay_amount) FILTER (WHERE o.pay_time IS NOT NULL) AS paid,
               sum(o.refund_amount) AS refunded, min(o.created_at) AS first_order,
               max(o.updated_at) AS last_change, random() AS r
        FROM sales_order o GROUP BY o.client_id HAVING min(o.pay_time) IS NOT NULL
      ) d WHERE c.id = d.client_id`);
    await ex(sql`SELECT gin_clean_pending_list('client_grams_idx'::regclass)`);
    await ex(sql`ALTER INDEX client_grams_idx SET (fastupdate = off)`);
    await ex(sql`UPDATE client c SET deal_status = false, first_paid_at = NULL, last_paid_at = NULL, total_paid = 0, total_refund = 0
      WHERE (c.deal_status OR c.total_paid <> 0 OR c.total_refund <> 0)
        AND NOT EXISTS (SELECT 1 FROM sales_order o WHERE o.client_id = c.id AND o.pay_time IS NOT NULL)`);
    // Their ownership history moves with them.
    await ex(sql`UPDATE client_owner_log l SET created_at = c.created_at FROM client c
      WHERE l.client_id = c.id AND l.type = 'CREATE' AND l.created_at > c.created_at`);
    await ex(sql`UPDATE client_owner_log l SET created_at = c.owner_time FROM client c
      WHERE l.client_id = c.id AND l.type IN ('CLAIM', 'ASSIGN') AND l.to_user_id = c.owner_user_id AND l.created_at > c.owner_time`);

    // ---- sales counts: the quantities paid (confirm-payment adds them; refunds do not take them back) -----
    await ex(sql`UPDATE product_sku k SET sales_count = s.qty FROM (
        SELECT oi.sku_id, sum(oi.qty)::int AS qty FROM order_item oi JOIN sales_order o ON o.id = oi.order_id
        WHERE o.pay_time IS NOT NULL GROUP BY oi.sku_id) s WHERE k.id = s.sku_id`);
    await ex(sql`UPDATE product_spu p SET sales_count = s.qty FROM (
        SELECT spu_id, sum(sales_count)::int AS qty FROM product_sku GROUP BY spu_id) s WHERE p.id = s.spu_id`);

    // ---- the audit trail of what staff did (platform orders arrive by sync and have none) --------------------
    const money = (v: SQL) => sql`to_char(${v} / 100.0, 'FM999999990.00')`;
    // The structured params are the ones the order service writes (orders.service.ts), so the console
    // renders each summary in the viewer's language (issue 16, item 11), not the stored English text.
    await ex(sql`INSERT INTO audit_log (at, actor_id, actor_name, action, target_type, target_id, summary, detail, params)
      SELECT at, actor_id, actor_name, action, 'order', id::text, summary, detail, params FROM (
        SELECT f.created_at AS at, f.owner AS actor_id, f.owner_name AS actor_name, 'order.create' AS action, d.id,
               'created order ' || f.order_no || ' for ¥' || ${money(sql`f.pay`)} AS summary, NULL::jsonb AS detail,
               jsonb_build_object('orderNo', f.order_no, 'amount', f.pay) AS params
        FROM demo_final f JOIN demo_ids d ON d.k = f.k WHERE f.platform = 'OFFLINE'
        UNION ALL
        SELECT least(${nowTs}, o.pay_time + interval '2 minutes'), ${adminId}::bigint, ${adminName}, 'order.confirm-payment', o.id,
               'payment confirmed (' || o.pay_method || ') ¥' || ${money(sql`o.pay_amount`)},
               jsonb_build_object('salesUserId', o.sales_user_id, 'paidAt', to_char(o.pay_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
               jsonb_build_object('payMethod', o.pay_method, 'amount', o.pay_amount)
        FROM sales_order o JOIN demo_ids d ON d.id = o.id WHERE o.created_type = 'MANUAL' AND o.pay_time IS NOT NULL
        UNION ALL
        SELECT o.updated_at, o.updated_by, (SELECT username FROM admin_user WHERE id = o.updated_by), 'order.cancel', o.id, 'cancelled', NULL,
               jsonb_build_object('reason', NULL)
        FROM sales_order o JOIN demo_ids d ON d.id = o.id WHERE o.created_type = 'MANUAL' AND o.status = 'CANCELLED'
        UNION ALL
        SELECT r.created_at, r.applied_by, (SELECT username FROM admin_user WHERE id = r.applied_by), 'order.refund.apply', r.order_id,
               'refund ' || r.refund_no || ' applied ¥' || ${money(sql`r.amount`)} || ': ' || r.reason, NULL,
               jsonb_build_object('refundNo', r.refund_no, 'amount', r.amount, 'reason', r.reason)
        FROM refund r JOIN demo_ids d ON d.id = r.order_id
        UNION ALL
        SELECT CASE WHEN r.status = 'SUCCESS' THEN r.created_at + (r.refunded_at - r.created_at) / 2 ELSE r.updated_at END,
               r.audited_by, ${adminName},
               CASE WHEN r.status = 'REJECTED' THEN 'order.refund.reject' ELSE 'order.refund.approve' END, r.order_id,
               'refund ' || r.refund_no || CASE WHEN r.status = 'REJECTED' THEN ' rejected: ' || r.audit_remark ELSE ' approved' END, NULL,
               CASE WHEN r.status = 'REJECTED' THEN jsonb_build_object('refundNo', r.refund_no, 'reason', nullif(r.audit_remark, ''))
                    ELSE jsonb_build_object('refundNo', r.refund_no, 'amount', r.amount) END
        FROM refund r JOIN demo_ids d ON d.id = r.order_id WHERE r.audited_by IS NOT NULL
        UNION ALL
        SELECT r.refunded_at, r.audited_by, ${adminName}, 'order.refund.success', r.order_id,
               'refund ' || r.refund_no || ' paid back ¥' || ${money(sql`r.amount`)}
                 || CASE WHEN o.status = 'CLOSED' THEN '; order closed' ELSE '' END, NULL,
               jsonb_build_object('refundNo', r.refund_no, 'amount', r.amount, 'closed', o.status = 'CLOSED')
        FROM refund r JOIN demo_ids d ON d.id = r.order_id JOIN sales_order o ON o.id = r.order_id WHERE r.status = 'SUCCESS'
      ) a ORDER BY at`);

    // Planner statistics for what the lists filter and sort on (PGlite has no autovacuum).
    await ex(sql`ANALYZE sales_order (status, pay_time, sales_user_id)`);
    const [n] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM demo_final`);
    return done(n?.n ?? 0);
  });
};
