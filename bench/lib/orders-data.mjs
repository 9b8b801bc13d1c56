// The order benchmark data set (bench:orders), loaded on top of the client data set
// (clients-data.mjs): a catalogue of 60 products / ~120 SKUs and N orders over the past 365 days on
// random clients (attributed to the client's owner), 1-3 lines each, 18% cancelled, recent ones
// pending, 3% fully and 5% partly refunded. INSERT ... SELECT generate_series in batches, secondary
// indexes dropped during the load and rebuilt as the migrations define them, foreign-key triggers
// off for the load (the bench database belongs to the run; the superuser may).
import { seconds, withoutIndexes } from './clients-data.mjs';

const SUBJECTS = ['数学', '语文', '英语', '物理', '化学', '编程', '美术', '口才'];
const KINDS = [
  ['同步提分直播课', 'LIVE', 298000],
  ['思维训练营', 'CAMP', 89900],
  ['精讲录播课', 'RECORDED', 19900],
  ['体验课', 'LIVE', 990],
  ['练习册', 'MATERIAL', 3980],
  ['冲刺营', 'CAMP', 49900],
  ['一对一辅导', 'LIVE', 680000],
  ['学习会员', 'MEMBERSHIP', 36500],
];

/** Categories, 64 products (8 subjects × 8 kinds) and 1-3 SKUs each; returns { skus, prices, spus, names }. */
const loadCatalog = async (client) => {
  const q = async (text, params) => (await client.query(text, params)).rows;
  const [root] = await q(`INSERT INTO product_category (name, sort) VALUES ('学科课程', 1) RETURNING id`);
  const leaves = await q(
    `INSERT INTO product_category (parent_id, name, sort) SELECT $1::bigint, s, i FROM unnest($2::text[]) WITH ORDINALITY u(s, i) RETURNING id`,
    [root.id, SUBJECTS],
  );
  const spus = await q(
    `INSERT INTO product_spu (name, category_id, product_type, status, price_min, price_max, cover_url)
     SELECT s.subject || k.kind, ($1::bigint[])[s.i], k.type, 'ON', k.price, k.price, '/api/v1/files/00000000-0000-4000-8000-000000000000'
     FROM unnest($2::text[]) WITH ORDINALITY s(subject, i),
          unnest($3::text[], $4::text[], $5::int[]) k(kind, type, price)
     ORDER BY s.i, k.kind RETURNING id, name, price_min`,
    [
      leaves.map((l) => Number(l.id)),
      SUBJECTS,
      KINDS.map((k) => k[0]),
      KINDS.map((k) => k[1]),
      KINDS.map((k) => k[2]),
    ],
  );
  const skus = await q(
    `INSERT INTO product_sku (spu_id, sku_code, price, stock, status, properties)
     SELECT s.id, 'B' || s.id || '-' || v, s.price_min + (v - 1) * 10000, NULL, 'ENABLED',
            jsonb_build_array(jsonb_build_object('name', '班型', 'value', (ARRAY['标准班','精品班','VIP班'])[v]))
     FROM unnest($1::bigint[], $2::int[]) s(id, price_min), generate_series(1, 1 + (s.id % 3)::int) v
     ORDER BY s.id, v RETURNING id, spu_id, price`,
    [spus.map((s) => Number(s.id)), spus.map((s) => Number(s.price_min))],
  );
  const name = new Map(spus.map((s) => [Number(s.id), s.name]));
  return {
    skus: skus.map((k) => Number(k.id)),
    spus: skus.map((k) => Number(k.spu_id)),
    prices: skus.map((k) => Number(k.price)),
    names: skus.map((k) => name.get(Number(k.spu_id))),
  };
};

/**
 * Loads `orders` orders (ids 1..N in time order on a fresh table), their lines and refunds.
 * A line's SKU is a function of (order id, line number), so order totals and lines agree without
 * a staging table.
 */
export const loadOrders = async (client, { orders: n, clients }) => {
  const t0 = performance.now();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET session_replication_role = replica`);
  const cat = await loadCatalog(client);
  const nsku = cat.skus.length;
  const rebuild = await withoutIndexes(client, ['sales_order', 'order_item', 'refund']);
  const platforms = (await client.query(`SELECT id, code FROM source_platform ORDER BY id`)).rows;
  const offline = Number(platforms.find((p) => p.code === 'OFFLINE')?.id);
  const now = Date.now() / 1000;
  const span = 365 * 86400;
  // The SKU of line k of order g, and how many lines order g has (72% one, 21% two, 7% three).
  const sku = (g, k) => `1 + ((${g}::bigint * 2654435761 + ${k} * 40503) % ${nsku})::int`;
  const lines = (g) =>
    `CASE WHEN (${g}::bigint * 7) % 100 < 72 THEN 1 WHEN (${g}::bigint * 7) % 100 < 93 THEN 2 ELSE 3 END`;
  const batch = 250_000;
  await client.query('SELECT setseed(0.5)');
  for (let start = 1; start <= n; start += batch) {
    const end = Math.min(n, start + batch - 1);
    await client.query(
      `INSERT INTO sales_order (order_no, source_platform_id, external_order_no, channel_id, client_id, buyer_name, buyer_mobile,
         grade_id, total_amount, pay_amount, refund_amount, status, refund_status, cancel_type, pay_method, pay_time,
         sales_user_id, sales_dept_id, created_type, created_at, created_by, updated_at, version)
       SELECT 'SO' || to_char((s.t AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD') || lpad(s.g::text, 8, '0'),
         s.platform, CASE WHEN s.platform <> $6::bigint THEN 'EXT' || lpad((s.g::bigint * 7919 % 100000000000)::text, 11, '0') END,
         c.channel_id, c.id, c.name, coalesce(c.mobile, ''), c.grade_id,
         s.total, s.total,
         CASE s.refund WHEN 'FULL' THEN s.total WHEN 'PARTIAL' THEN s.first_price / 2 ELSE 0 END,
         s.status, s.refund, CASE WHEN s.status = 'CANCELLED' THEN CASE WHEN s.platform = $6::bigint THEN 'BUYER_CANCEL' ELSE 'PAY_TIMEOUT' END
                                  WHEN s.status = 'CLOSED' THEN 'REFUND_CLOSE' END,
         CASE WHEN s.paid THEN CASE WHEN s.platform = $6::bigint THEN 'BANK_TRANSFER' ELSE 'PLATFORM' END END,
         CASE WHEN s.paid THEN s.t + interval '3 minutes' END,
         CASE WHEN s.paid OR s.platform = $6::bigint THEN c.owner_user_id END, CASE WHEN s.paid OR s.platform = $6::bigint THEN c.owner_dept_id END,
         CASE WHEN s.platform = $6::bigint THEN 'MANUAL' ELSE 'SYNC' END, s.t, CASE WHEN s.platform = $6::bigint THEN c.owner_user_id END, s.t, 2
       FROM (
         SELECT r.*, r.status IN ('PAID', 'COMPLETED', 'CLOSED') AS paid,
                CASE WHEN r.status = 'CLOSED' THEN 'FULL' WHEN r.status IN ('PAID', 'COMPLETED') AND r.rr < 0.05 AND r.first_price >= 200 THEN 'PARTIAL' ELSE 'NONE' END AS refund
         FROM (
           SELECT g, to_timestamp($3::float8 - $4::float8 + (g::float8 / $5::int) * $4::float8 + random() * 3600) AS t,
                  1 + floor(random() * $7::int)::bigint AS client_id, random() AS rr,
                  ($8::bigint[])[1 + floor(random() * cardinality($8::bigint[]))::int] AS platform,
                  CASE WHEN random() < 0.18 THEN 'CANCELLED'
                       WHEN g > $5::int - $5::int / 700 THEN CASE WHEN random() < 0.3 THEN 'PENDING' ELSE 'PAID' END
                       WHEN random() < 0.03 THEN 'CLOSED'
                       WHEN g > $5::int - $5::int / 36 THEN 'PAID' ELSE 'COMPLETED' END AS status,
                  (SELECT sum(($9::int[])[${sku('g', 'k')}]) FROM generate_series(1, ${lines('g')}) k)::int AS total,
                  ($9::int[])[${sku('g', 1)}] AS first_price
           FROM generate_series($1::int, $2::int) g
         ) r
       ) s JOIN client c ON c.id = s.client_id
       ORDER BY s.g`,
      [start, end, now, span, n, offline, clients, platforms.map((p) => Number(p.id)), cat.prices],
    );
    process.stdout.write(
      `\r  orders ${end.toLocaleString('en')} / ${n.toLocaleString('en')} (${seconds(t0)})`,
    );
  }
  process.stdout.write('\n');
  const t1 = performance.now();
  for (let start = 1; start <= n; start += batch) {
    const end = Math.min(n, start + batch - 1);
    await client.query(
      `INSERT INTO order_item (order_id, spu_id, sku_id, spu_name, sku_spec, unit_price, qty, pay_amount, refund_amount)
       SELECT o.id, ($1::bigint[])[x.i], ($2::bigint[])[x.i], ($3::text[])[x.i], '班型:标准班', ($4::int[])[x.i], 1, ($4::int[])[x.i],
              CASE WHEN o.refund_status = 'FULL' THEN ($4::int[])[x.i] WHEN o.refund_status = 'PARTIAL' AND x.k = 1 THEN o.refund_amount ELSE 0 END
       FROM sales_order o
       CROSS JOIN LATERAL (SELECT k, ${sku('o.id', 'k')} AS i FROM generate_series(1, ${lines('o.id')}) k) x
       WHERE o.id BETWEEN $5 AND $6::bigint ORDER BY o.id, x.k`,
      [cat.spus, cat.skus, cat.names, cat.prices, start, end],
    );
    process.stdout.write(`\r  order lines for ${end.toLocaleString('en')} orders (${seconds(t1)})`);
  }
  process.stdout.write('\n');
  await client.query(
    `INSERT INTO refund (refund_no, order_id, amount, reason, status, refunded_at, created_at, updated_at, version)
     SELECT 'RF' || lpad(o.id::text, 12, '0'), o.id, o.refund_amount, '家庭原因暂停学习', 'SUCCESS',
            o.pay_time + interval '2 days', o.pay_time + interval '1 day', o.pay_time + interval '2 days', 3
     FROM sales_order o WHERE o.refund_amount > 0 ORDER BY o.id`,
  );
  await client.query(`SELECT setval('sales_order_no_seq', $1)`, [n + 1]);
  await client.query(`SET session_replication_role = origin`);
  await rebuild();
  const t2 = performance.now();
  for (const t of ['sales_order', 'order_item', 'refund', 'product_spu', 'product_sku'])
    await client.query(`VACUUM ANALYZE ${t}`);
  console.log(`  VACUUM ANALYZE (${seconds(t2)}); orders load total ${seconds(t0)}`);
};
