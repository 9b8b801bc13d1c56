import type { DealListQuery, DealRow } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { offsetOf, toIso } from '../../lib/list';
import { maskMobile } from '../../lib/mask';
import type { Principal } from '../../types';

type Filters = Omit<Partial<DealListQuery>, 'page' | 'pageSize' | 'sort'>;
interface RawDeal {
  item_id: number;
  order_id: number;
  order_no: string;
  pay_time: Date | string;
  buyer_name: string;
  buyer_mobile: string;
  spu_id: number;
  spu_name: string;
  sku_spec: string;
  qty: number;
  pay_amount: number;
  refund_amount: number;
  sales_user_name: string | null;
  channel_name: string | null;
  source_platform_name: string | null;
  order_status: DealRow['orderStatus'];
}

/** Deal history (/product/order-list): one row per paid order item with paid, refunded and net. */
export class DealService {
  constructor(private readonly db: Db) {}

  private where(f: Filters): SQL {
    const conds: SQL[] = [sql`o.pay_time IS NOT NULL`];
    if (f.spuId) conds.push(sql`oi.spu_id = ${f.spuId}`);
    if (f.skuId) conds.push(sql`oi.sku_id = ${f.skuId}`);
    if (f.payFrom) conds.push(sql`o.pay_time >= ${new Date(f.payFrom)}`);
    if (f.payTo) conds.push(sql`o.pay_time <= ${new Date(f.payTo)}`);
    if (f.sourcePlatformId) conds.push(sql`o.source_platform_id = ${f.sourcePlatformId}`);
    if (f.channelId) conds.push(sql`o.channel_id = ${f.channelId}`);
    if (f.salesUserId) conds.push(sql`o.sales_user_id = ${f.salesUserId}`);
    return sql.join(conds, sql` AND `);
  }

  private select(where: SQL) {
    return sql`SELECT oi.id AS item_id, o.id AS order_id, o.order_no, o.pay_time, o.buyer_name, o.buyer_mobile, oi.spu_id, oi.spu_name, oi.sku_spec,
        oi.qty, oi.pay_amount, oi.refund_amount, su.nickname AS sales_user_name, ch.name AS channel_name, sp.name AS source_platform_name, o.status AS order_status
      FROM order_item oi JOIN sales_order o ON o.id = oi.order_id
      LEFT JOIN admin_user su ON su.id = o.sales_user_id
      LEFT JOIN order_channel ch ON ch.id = o.channel_id
      LEFT JOIN source_platform sp ON sp.id = o.source_platform_id
      WHERE ${where}`;
  }

  private toRow(p: Principal, r: RawDeal): DealRow {
    return {
      itemId: Number(r.item_id),
      orderId: Number(r.order_id),
      orderNo: r.order_no,
      payTime: toIso(r.pay_time) as string,
      buyerName: r.buyer_name,
      buyerMobile: p.permissions.has('client.phone.view') ? r.buyer_mobile : maskMobile(r.buyer_mobile),
      spuId: Number(r.spu_id),
      spuName: r.spu_name,
      skuSpec: r.sku_spec,
      qty: r.qty,
      payAmount: r.pay_amount,
      refundAmount: r.refund_amount,
      netAmount: r.pay_amount - r.refund_amount,
      salesUserName: r.sales_user_name,
      channelName: r.channel_name,
      sourcePlatformName: r.source_platform_name,
      orderStatus: r.order_status,
    };
  }

  async list(p: Principal, q: DealListQuery) {
    const where = this.where(q);
    const desc = !q.sort || q.sort.startsWith('-');
    const field = q.sort?.replace(/^-/, '') === 'payAmount' ? sql`oi.pay_amount` : sql`o.pay_time`;
    const [items, [count]] = await Promise.all([
      queryRows<RawDeal>(
        this.db,
        sql`${this.select(where)} ORDER BY ${field} ${desc ? sql`DESC` : sql`ASC`}, oi.id DESC LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
      ),
      queryRows<{ n: number; paid: number; refunded: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM order_item oi JOIN sales_order o ON o.id = oi.order_id WHERE ${where} LIMIT 10001) t`,
      ),
    ]);
    const total = count?.n ?? 0;
    return {
      items: items.map((r) => this.toRow(p, r)),
      total: Math.min(total, 10_000),
      totalExact: total <= 10_000,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async count(f: Filters, cap: number) {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM order_item oi JOIN sales_order o ON o.id = oi.order_id WHERE ${this.where(f)} LIMIT ${cap}) t`,
    );
    return row?.n ?? 0;
  }

  async *batches(p: Principal, f: Filters): AsyncIterable<DealRow[]> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await queryRows<RawDeal>(
        this.db,
        sql`${this.select(sql`${this.where(f)} AND oi.id < ${before}`)} ORDER BY oi.id DESC LIMIT 2000`,
      );
      if (!rows.length) return;
      yield rows.map((r) => this.toRow(p, r));
      before = Number(rows[rows.length - 1]?.item_id ?? 0);
    }
  }
}
