import type { DealListQuery, DealRow } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { offsetOf, toIso } from '../../lib/list';
import { exportMobile, maskMobile } from '../../lib/mask';
import { queryNamed } from '../../lib/named-query';
import type { Principal } from '../../types';
import { ListTotals } from './list-totals';

type Filters = Omit<Partial<DealListQuery>, 'page' | 'pageSize' | 'sort'>;
interface RawDeal {
  item_id: number;
  order_id: number;
  order_no: string;
  pay_time: Date | string;
  buyer_name: string;
  buyer_mobile: string;
  sales_user_id: number | string | null;
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
  private readonly totals: ListTotals;

  constructor(private readonly db: Db) {
    this.totals = new ListTotals(db, 'order_item');
  }

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

  /** Names by scalar subqueries (run for the page's rows only; plans faster than joins). */
  private select(where: SQL) {
    return sql`SELECT oi.id AS item_id, o.id AS order_id, o.order_no, o.pay_time, o.buyer_name, o.buyer_mobile, o.sales_user_id, oi.spu_id, oi.spu_name, oi.sku_spec,
        oi.qty, oi.pay_amount, oi.refund_amount, (SELECT su.nickname FROM admin_user su WHERE su.id = o.sales_user_id) AS sales_user_name,
        (SELECT ch.name FROM order_channel ch WHERE ch.id = o.channel_id) AS channel_name,
        (SELECT sp.name FROM source_platform sp WHERE sp.id = o.source_platform_id) AS source_platform_name, o.status AS order_status
      FROM order_item oi JOIN sales_order o ON o.id = oi.order_id
      WHERE ${where}`;
  }

  private toRow(r: RawDeal): DealRow {
    return {
      itemId: Number(r.item_id),
      orderId: Number(r.order_id),
      orderNo: r.order_no,
      payTime: toIso(r.pay_time) as string,
      buyerName: r.buyer_name,
      buyerMobile: maskMobile(r.buyer_mobile),
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

  // 成交记录 is the admin's page (DOMAIN 1.3, permissions product.order-list and product.deal.export): no data scope to apply.
  async list(_p: Principal, q: DealListQuery) {
    const where = this.where(q);
    const desc = !q.sort || q.sort.startsWith('-');
    const field = q.sort?.replace(/^-/, '') === 'payAmount' ? sql`oi.pay_amount` : sql`o.pay_time`;
    // Counting deal lines is a join per line (14-170 ms for a capped count at two million orders):
    // the total is counted only when the planner expects few lines (ListTotals).
    const page = await this.totals.page(
      sql`FROM order_item oi JOIN sales_order o ON o.id = oi.order_id WHERE ${where}`,
      // The page's line ids (planned per request), then their rows by a prepared statement.
      async () => {
        const ids = (
          await queryRows<{ id: number }>(
            this.db,
            sql`SELECT oi.id FROM order_item oi JOIN sales_order o ON o.id = oi.order_id WHERE ${where}
                ORDER BY ${field} ${desc ? sql`DESC` : sql`ASC`}, oi.id DESC LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
          )
        ).map((r) => Number(r.id));
        if (!ids.length) return [];
        const rows = await queryNamed<RawDeal>(
          this.db,
          'deal_list_rows',
          this.select(sql`oi.id = ANY(${sql.param(ids)}::bigint[])`),
        );
        const byId = new Map(rows.map((r) => [Number(r.item_id), r]));
        return ids.map((id) => byId.get(id)).filter((r): r is RawDeal => r !== undefined);
      },
      q,
    );
    return {
      items: page.items.map((r) => this.toRow(r)),
      total: page.total,
      totalExact: page.totalExact,
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
      // The export: buyer mobiles as the client export shows them (lib/mask, Decision 12).
      yield rows.map((r) => ({
        ...this.toRow(r),
        buyerMobile: exportMobile(
          p,
          r.sales_user_id == null ? null : Number(r.sales_user_id),
          r.buyer_mobile,
        ),
      }));
      before = Number(rows[rows.length - 1]?.item_id ?? 0);
    }
  }
}
