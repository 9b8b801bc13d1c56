import type {
  cancelOrder,
  changeAttribution,
  confirmPayment,
  OrderCreate,
  OrderDetail,
  RefundRow,
  refundApply,
} from '@educrm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { orderAttributionLog, orderItem, refund, salesOrder } from '../../db/schema/orders';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { toIso } from '../../lib/list';
import type { Principal } from '../../types';
import { enrolPaidOrder, revokeRefundedOrder } from '../courses/enrolment';
import { markDirty, orderDays } from '../data-centre/dirty';
import { creditPaidOrderHours, refundOrderHours } from '../teaching/hours';
import { nextNumber } from './order-numbers';
import { num, OrderQueries, type RawOrder } from './order-queries';

/** Orders, payment confirmation, refunds and revenue attribution (DOMAIN 4). */
export class OrderService extends OrderQueries {
  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    super(db);
  }

  private async loadInScope(
    db: DbOrTx,
    p: Principal,
    id: number,
    lock = false,
  ): Promise<
    RawOrder & {
      created_by: number | null;
      sales_dept_id: number | null;
      pay_trade_no: string;
      voucher_urls: string[];
      remark: string;
      confirmed_by: number | null;
    }
  > {
    const [row] = await queryRows<
      RawOrder & {
        created_by: number | null;
        sales_dept_id: number | null;
        pay_trade_no: string;
        voucher_urls: string[];
        remark: string;
        confirmed_by: number | null;
      }
    >(
      db,
      lock
        ? sql`SELECT o.* FROM sales_order o WHERE o.id = ${id} AND ${this.scope(p)} FOR UPDATE`
        : sql`${this.selectSql(sql`o.id = ${id} AND ${this.scope(p)}`)}`,
    );
    if (!row) throw notFound();
    return row;
  }

  async get(p: Principal, id: number): Promise<OrderDetail> {
    const row = await this.loadInScope(this.db, p, id);
    const [items, refunds, timeline, people] = await Promise.all([
      this.db.select().from(orderItem).where(eq(orderItem.orderId, id)).orderBy(orderItem.id),
      queryRows<{
        id: number;
        refund_no: string;
        amount: number;
        reason: string;
        status: RefundRow['status'];
        applied_by_name: string | null;
        audited_by_name: string | null;
        audit_remark: string;
        refunded_at: Date | null;
        created_at: Date;
      }>(
        this.db,
        sql`SELECT r.*, a.nickname AS applied_by_name, b.nickname AS audited_by_name FROM refund r
            LEFT JOIN admin_user a ON a.id = r.applied_by LEFT JOIN admin_user b ON b.id = r.audited_by
            WHERE r.order_id = ${id} ORDER BY r.id`,
      ),
      queryRows<{
        at: Date;
        action: string;
        actor_name: string | null;
        summary: string;
        params: Record<string, unknown> | null;
      }>(
        this.db,
        sql`SELECT at, action, actor_name, summary, params FROM audit_log WHERE target_type = 'order' AND target_id = ${String(id)} ORDER BY at, id`,
      ),
      queryRows<{ confirmed: string | null; creator: string | null }>(
        this.db,
        sql`SELECT (SELECT nickname FROM admin_user WHERE id = ${row.confirmed_by}) AS confirmed, (SELECT nickname FROM admin_user WHERE id = ${row.created_by}) AS creator`,
      ),
    ]);
    return {
      ...this.toRow(row),
      items: items.map((i) => ({
        id: i.id,
        spuId: i.spuId,
        skuId: i.skuId,
        spuName: i.spuName,
        skuSpec: i.skuSpec,
        unitPrice: i.unitPrice,
        qty: i.qty,
        discountShare: i.discountShare,
        payAmount: i.payAmount,
        refundAmount: i.refundAmount,
      })),
      refunds: refunds.map((r) => ({
        id: Number(r.id),
        refundNo: r.refund_no,
        amount: r.amount,
        reason: r.reason,
        status: r.status,
        appliedByName: r.applied_by_name,
        auditedByName: r.audited_by_name,
        auditRemark: r.audit_remark,
        refundedAt: toIso(r.refunded_at),
        createdAt: toIso(r.created_at) as string,
      })),
      payTradeNo: row.pay_trade_no,
      voucherUrls: row.voucher_urls,
      remark: row.remark,
      confirmedByName: people[0]?.confirmed ?? null,
      createdByName: people[0]?.creator ?? null,
      timeline: timeline.map((t) => ({
        at: toIso(t.at) as string,
        action: t.action,
        actorName: t.actor_name,
        summary: t.summary,
        params: t.params ?? null,
      })),
    };
  }

  private audit(
    tx: DbOrTx,
    p: Principal,
    ip: string,
    action: string,
    orderId: number,
    summary: AuditSummary,
    detail?: Record<string, unknown>,
  ) {
    return writeAudit(tx, {
      actorId: p.userId,
      actorName: p.username,
      action,
      targetType: 'order',
      targetId: orderId,
      summary,
      detail,
      ip,
    });
  }

  /**
   * Manual order for a client. Prices come from the on-sale SKUs, never from the form; the form's
   * payAmount must match. siyu may only order for their own clients; the order stays PENDING.
   * Idempotent per (creator, idempotencyKey): a double submit returns the first order.
   */
  async create(p: Principal, input: OrderCreate, ip: string): Promise<OrderDetail> {
    const existing = await this.db
      .select({ id: salesOrder.id })
      .from(salesOrder)
      .where(and(eq(salesOrder.createdBy, p.userId), eq(salesOrder.idempotencyKey, input.idempotencyKey)));
    if (existing[0]) return this.get(p, existing[0].id);

    const id = await this.db.transaction(async (tx) => {
      const [client] = await queryRows<{
        id: number;
        name: string;
        mobile: string | null;
        grade_id: number | null;
        owner_user_id: number | null;
        owner_dept_id: number | null;
      }>(
        tx,
        sql`SELECT id, name, mobile, grade_id, owner_user_id, owner_dept_id FROM client WHERE id = ${input.clientId} AND deleted = false
            AND ${scopeCondition(p, { owner: sql`owner_user_id`, dept: sql`owner_dept_id` })}`,
      );
      if (!client) throw fieldError('clientId', 'notFound');
      if (!p.isAdmin && Number(client.owner_user_id) !== p.userId)
        throw fieldError('clientId', 'orderClientNotOwned');
      const skus = await queryRows<{
        id: number;
        spu_id: number;
        spu_name: string;
        properties: { name: string; value: string }[];
        price: number;
        class_id: number | null;
      }>(
        tx,
        sql`SELECT k.id, k.spu_id, s.name AS spu_name, k.properties, k.price, k.class_id FROM product_sku k JOIN product_spu s ON s.id = k.spu_id
            WHERE k.id IN (${sql.join(
              input.items.map((i) => sql`${i.skuId}`),
              sql`, `,
            )}) AND k.status = 'ENABLED' AND k.archived = false
              AND s.status = 'ON' AND s.deleted = false`,
      );
      const lines = input.items.map((item, i) => {
        const sku = skus.find((k) => Number(k.id) === item.skuId);
        if (!sku) throw fieldError(`items.${i}.skuId`, 'orderSkuNotOnSale');
        return { sku, qty: item.qty, gross: sku.price * item.qty };
      });
      const total = lines.reduce((s, l) => s + l.gross, 0);
      if (input.discountAmount > total) throw fieldError('discountAmount', 'orderDiscountTooLarge');
      const pay = total - input.discountAmount + input.adjustAmount;
      if (pay < 0) throw fieldError('adjustAmount', 'orderPayNegative');
      if (pay !== input.payAmount)
        throw fieldError('payAmount', 'orderTotalMismatch', { amount: (pay / 100).toFixed(2) });
      // The discount is shared over the items pro rata to price × qty (DOMAIN P03); the last line takes the rest.
      let left = input.discountAmount - input.adjustAmount;
      const shares = lines.map((l, i) => {
        const share =
          i === lines.length - 1
            ? left
            : Math.round(((input.discountAmount - input.adjustAmount) * l.gross) / Math.max(total, 1));
        left -= share;
        return share;
      });
      const now = this.now();
      const orderNo = await nextNumber(tx, 'SO', now);
      const byAdmin = p.isAdmin;
      const inserted = await tx
        .insert(salesOrder)
        .values({
          orderNo,
          clientId: client.id,
          buyerName: client.name,
          buyerMobile: client.mobile ?? '',
          gradeId: client.grade_id,
          totalAmount: total,
          discountAmount: input.discountAmount,
          adjustAmount: input.adjustAmount,
          payAmount: pay,
          sourcePlatformId: input.sourcePlatformId,
          channelId: input.channelId,
          remark: input.remark,
          createdType: 'MANUAL',
          salesUserId: byAdmin
            ? client.owner_user_id == null
              ? null
              : Number(client.owner_user_id)
            : p.userId,
          salesDeptId: byAdmin
            ? client.owner_dept_id == null
              ? null
              : Number(client.owner_dept_id)
            : p.departmentId,
          idempotencyKey: input.idempotencyKey,
          createdBy: p.userId,
          updatedBy: p.userId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: salesOrder.id });
      const order = inserted[0];
      if (!order) return null; // a concurrent duplicate submission won
      await tx.insert(orderItem).values(
        lines.map((l, i) => ({
          orderId: order.id,
          spuId: Number(l.sku.spu_id),
          skuId: Number(l.sku.id),
          spuName: l.sku.spu_name,
          skuSpec: l.sku.properties.map((x) => `${x.name}:${x.value}`).join(' / '),
          unitPrice: l.sku.price,
          qty: l.qty,
          discountShare: shares[i] ?? 0,
          payAmount: l.gross - (shares[i] ?? 0),
          classId: l.sku.class_id == null ? null : Number(l.sku.class_id),
        })),
      );
      await this.audit(
        tx,
        p,
        ip,
        'order.create',
        order.id,
        said(`created order ${orderNo} for ¥${(pay / 100).toFixed(2)}`, { orderNo, amount: pay }),
      );
      return order.id;
    });
    if (id == null) {
      const [again] = await this.db
        .select({ id: salesOrder.id })
        .from(salesOrder)
        .where(and(eq(salesOrder.createdBy, p.userId), eq(salesOrder.idempotencyKey, input.idempotencyKey)));
      if (!again) throw new AppError(409, 'conflict');
      return this.get(p, again.id);
    }
    return this.get(p, id);
  }

  /**
   * PENDING → PAID (admin, offline payment with a voucher). One winner under concurrency (the
   * status is part of the UPDATE's condition). Snapshots the sales attribution and updates the
   * client's deal fields and the product sales in the same transaction.
   */
  async confirmPayment(p: Principal, id: number, input: z.infer<typeof confirmPayment>, ip: string) {
    await this.db.transaction(async (tx) => {
      const order = await this.loadInScope(tx, p, id, true);
      if (order.status !== 'PENDING') throw new AppError(409, 'orderNotPending');
      if (order.version !== input.version) throw new AppError(409, 'conflict');
      const paidAt = new Date(input.paidAt);
      if (paidAt.getTime() > this.now().getTime() + 5 * 60_000) throw fieldError('paidAt', 'dateInFuture');
      const [client] = await queryRows<{ owner_user_id: number | null; owner_dept_id: number | null }>(
        tx,
        sql`SELECT owner_user_id, owner_dept_id FROM client WHERE id = ${order.client_id} FOR UPDATE`,
      );
      // Attribution: the sales who created a manual order keeps it; otherwise the client's owner at pay time.
      const creatorIsSales =
        order.sales_user_id != null && Number(order.sales_user_id) === Number(order.created_by);
      const salesUserId = creatorIsSales
        ? Number(order.sales_user_id)
        : client?.owner_user_id == null
          ? null
          : Number(client.owner_user_id);
      const salesDeptId = creatorIsSales ? num(order.sales_dept_id) : num(client?.owner_dept_id ?? null);
      const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, id));
      for (const item of items) {
        const res = await queryRows<{ id: number }>(
          tx,
          sql`UPDATE product_sku SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock - ${item.qty} END, sales_count = sales_count + ${item.qty}
              WHERE id = ${item.skuId} AND (stock IS NULL OR stock >= ${item.qty}) RETURNING id`,
        );
        if (!res.length) throw new AppError(409, 'orderOutOfStock', { name: item.spuName });
        await tx.execute(
          sql`UPDATE product_spu SET sales_count = sales_count + ${item.qty} WHERE id = ${item.spuId}`,
        );
      }
      // The vouchers become private files (served only to staff who may see this order), unless
      // the same upload is also a product picture.
      await tx.execute(sql`
        UPDATE stored_file f SET kind = 'voucher'
        WHERE f.kind = 'image' AND f.created_by = ${p.userId}
          AND '/api/v1/files/' || f.id IN (${sql.join(
            input.voucherUrls.map((u) => sql`${u}`),
            sql`, `,
          )})
          AND NOT EXISTS (SELECT 1 FROM product_spu s
            WHERE s.cover_url = '/api/v1/files/' || f.id OR '/api/v1/files/' || f.id = ANY(s.slider_urls))`);
      await tx
        .update(salesOrder)
        .set({
          status: 'PAID',
          payMethod: input.payMethod,
          payTime: paidAt,
          payTradeNo: input.payTradeNo,
          voucherUrls: input.voucherUrls,
          confirmedBy: p.userId,
          salesUserId,
          salesDeptId,
          version: sql`${salesOrder.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(and(eq(salesOrder.id, id), eq(salesOrder.status, 'PENDING')));
      // Late data for the data centre: the payment's day (possibly past) and the client's former
      // first payment (no longer first when this one is earlier).
      await markDirty(tx, [paidAt]);
      await markDirty(
        tx,
        sql`SELECT min(pay_time) AS ts FROM sales_order WHERE client_id = ${order.client_id} AND id <> ${id}`,
      );
      await tx.execute(sql`
        UPDATE client SET deal_status = true,
          first_paid_at = CASE WHEN first_paid_at IS NULL OR first_paid_at > ${paidAt} THEN ${paidAt} ELSE first_paid_at END,
          last_paid_at = CASE WHEN last_paid_at IS NULL OR last_paid_at < ${paidAt} THEN ${paidAt} ELSE last_paid_at END,
          total_paid = total_paid + ${order.pay_amount},
          stage = 'DEAL', updated_at = ${this.now()}
        WHERE id = ${order.client_id}`);
      const enrolled = await enrolPaidOrder(tx, id, paidAt, p.userId, this.now());
      if (enrolled.member != null) await creditPaidOrderHours(tx, id, enrolled.member, p.userId, this.now());
      await this.audit(
        tx,
        p,
        ip,
        'order.confirm-payment',
        id,
        said(`payment confirmed (${input.payMethod}) ¥${(order.pay_amount / 100).toFixed(2)}`, {
          payMethod: input.payMethod,
          amount: order.pay_amount,
        }),
        { salesUserId, paidAt: input.paidAt },
      );
    });
  }

  async cancel(p: Principal, id: number, input: z.infer<typeof cancelOrder>, ip: string) {
    await this.db.transaction(async (tx) => {
      const order = await this.loadInScope(tx, p, id, true);
      if (order.status !== 'PENDING') throw new AppError(409, 'orderNotPending');
      if (order.version !== input.version) throw new AppError(409, 'conflict');
      if (!p.isAdmin && Number(order.created_by) !== p.userId) throw forbidden();
      await tx
        .update(salesOrder)
        .set({
          status: 'CANCELLED',
          cancelType: p.isAdmin ? 'ADMIN_CANCEL' : 'BUYER_CANCEL',
          version: sql`${salesOrder.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(salesOrder.id, id));
      await this.audit(
        tx,
        p,
        ip,
        'order.cancel',
        id,
        said(`cancelled${input.reason ? `: ${input.reason}` : ''}`, {
          reason: input.reason || null,
        }),
      );
    });
  }

  /** Refunds in flight or done never exceed what was paid (the order row is locked while checking). */
  async applyRefund(p: Principal, id: number, input: z.infer<typeof refundApply>, ip: string) {
    return this.db.transaction(async (tx) => {
      const order = await this.loadInScope(tx, p, id, true);
      if (order.status !== 'PAID' && order.status !== 'COMPLETED')
        throw new AppError(409, 'refundOrderNotPaid');
      const [open] = await queryRows<{ sum: number }>(
        tx,
        sql`SELECT coalesce(sum(amount), 0)::bigint AS sum FROM refund WHERE order_id = ${id} AND status IN ('APPLIED', 'APPROVED', 'SUCCESS')`,
      );
      const left = Number(order.pay_amount) - Number(open?.sum ?? 0);
      if (input.amount > left)
        throw fieldError('amount', 'refundAboveLeft', { amount: (left / 100).toFixed(2) });
      if (input.items.length) {
        const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, id));
        let sum = 0;
        for (const [i, part] of input.items.entries()) {
          const item = items.find((x) => x.id === part.itemId);
          if (!item) throw fieldError(`items.${i}.itemId`, 'notFound');
          if (part.amount > item.payAmount - item.refundAmount)
            throw fieldError(`items.${i}.amount`, 'refundAboveLeft', {
              amount: ((item.payAmount - item.refundAmount) / 100).toFixed(2),
            });
          sum += part.amount;
        }
        if (sum !== input.amount) throw fieldError('items', 'refundItemsMismatch');
      }
      const refundNo = await nextNumber(tx, 'RF', this.now());
      const [created] = await tx
        .insert(refund)
        .values({
          refundNo,
          orderId: id,
          amount: input.amount,
          reason: input.reason,
          items: input.items,
          appliedBy: p.userId,
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .returning({ id: refund.id });
      await this.audit(
        tx,
        p,
        ip,
        'order.refund.apply',
        id,
        said(`refund ${refundNo} applied ¥${(input.amount / 100).toFixed(2)}: ${input.reason}`, {
          refundNo,
          amount: input.amount,
          reason: input.reason,
        }),
      );
      return created?.id as number;
    });
  }

  private async loadRefund(tx: DbOrTx, p: Principal, refundId: number) {
    const [r] = await tx.select().from(refund).where(eq(refund.id, refundId)).for('update');
    if (!r) throw notFound();
    const order = await this.loadInScope(tx, p, r.orderId, true);
    return { r, order };
  }

  async approveRefund(p: Principal, refundId: number, remark: string, ip: string) {
    await this.db.transaction(async (tx) => {
      const { r } = await this.loadRefund(tx, p, refundId);
      if (r.status !== 'APPLIED') throw new AppError(409, 'refundBadState', { status: r.status });
      await tx
        .update(refund)
        .set({
          status: 'APPROVED',
          auditedBy: p.userId,
          auditRemark: remark,
          updatedAt: this.now(),
          version: sql`${refund.version} + 1`,
        })
        .where(eq(refund.id, refundId));
      await this.audit(
        tx,
        p,
        ip,
        'order.refund.approve',
        r.orderId,
        said(`refund ${r.refundNo} approved`, {
          refundNo: r.refundNo,
          amount: r.amount,
        }),
      );
    });
  }

  async rejectRefund(p: Principal, refundId: number, remark: string, ip: string) {
    await this.db.transaction(async (tx) => {
      const { r } = await this.loadRefund(tx, p, refundId);
      if (r.status !== 'APPLIED' && r.status !== 'APPROVED')
        throw new AppError(409, 'refundBadState', { status: r.status });
      await tx
        .update(refund)
        .set({
          status: 'REJECTED',
          auditedBy: p.userId,
          auditRemark: remark,
          updatedAt: this.now(),
          version: sql`${refund.version} + 1`,
        })
        .where(eq(refund.id, refundId));
      await this.audit(
        tx,
        p,
        ip,
        'order.refund.reject',
        r.orderId,
        said(`refund ${r.refundNo} rejected${remark ? `: ${remark}` : ''}`, {
          refundNo: r.refundNo,
          reason: remark || null,
        }),
      );
    });
  }

  /**
   * APPROVED → SUCCESS: the money went back. Adds to the order's and items' refunded amounts, sets
   * PARTIAL/FULL, closes the order on a full refund, and updates the client's refund total.
   */
  async completeRefund(p: Principal, refundId: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const { r, order } = await this.loadRefund(tx, p, refundId);
      if (r.status !== 'APPROVED') throw new AppError(409, 'refundBadState', { status: r.status });
      const refunded = order.refund_amount + r.amount;
      if (refunded > order.pay_amount)
        throw new AppError(409, 'refundAboveLeft', {
          amount: ((order.pay_amount - order.refund_amount) / 100).toFixed(2),
        });
      const full = refunded === order.pay_amount;
      const now = this.now();
      await tx
        .update(refund)
        .set({ status: 'SUCCESS', refundedAt: now, updatedAt: now, version: sql`${refund.version} + 1` })
        .where(eq(refund.id, refundId));
      await tx
        .update(salesOrder)
        .set({
          refundAmount: refunded,
          refundStatus: full ? 'FULL' : 'PARTIAL',
          ...(full ? { status: 'CLOSED', cancelType: 'REFUND_CLOSE' } : {}),
          version: sql`${salesOrder.version} + 1`,
          updatedAt: now,
          updatedBy: p.userId,
        })
        .where(eq(salesOrder.id, order.id));
      // Item refunds: the split given at apply time, else spread over items in order.
      const items = await tx
        .select()
        .from(orderItem)
        .where(eq(orderItem.orderId, order.id))
        .orderBy(orderItem.id);
      const split = (r.items as { itemId: number; amount: number }[]) ?? [];
      let rest = r.amount;
      for (const item of items) {
        const part = split.length
          ? (split.find((s) => s.itemId === item.id)?.amount ?? 0)
          : Math.min(rest, item.payAmount - item.refundAmount);
        if (part <= 0) continue;
        rest -= part;
        await tx
          .update(orderItem)
          .set({ refundAmount: item.refundAmount + part })
          .where(eq(orderItem.id, item.id));
      }
      await tx.execute(
        sql`UPDATE client SET total_refund = total_refund + ${r.amount}, updated_at = ${now} WHERE id = ${order.client_id}`,
      );
      if (full) {
        await revokeRefundedOrder(tx, order.id, now);
        await refundOrderHours(tx, order.id, p.userId, now);
      }
      await this.audit(
        tx,
        p,
        ip,
        'order.refund.success',
        order.id,
        said(
          `refund ${r.refundNo} paid back ¥${(r.amount / 100).toFixed(2)}${full ? '; order closed' : ''}`,
          {
            refundNo: r.refundNo,
            amount: r.amount,
            closed: full,
          },
        ),
      );
    });
  }

  /** The only way revenue moves between sales staff: admin, with a reason, audited. */
  async changeAttribution(p: Principal, id: number, input: z.infer<typeof changeAttribution>, ip: string) {
    await this.db.transaction(async (tx) => {
      const order = await this.loadInScope(tx, p, id, true);
      if (order.version !== input.version) throw new AppError(409, 'conflict');
      const [user] = await queryRows<{ id: number; department_id: number | null; nickname: string }>(
        tx,
        sql`SELECT id, department_id, nickname FROM admin_user WHERE id = ${input.salesUserId} AND deleted = false`,
      );
      if (!user) throw fieldError('salesUserId', 'notFound');
      await tx
        .update(salesOrder)
        .set({
          salesUserId: input.salesUserId,
          salesDeptId: num(user.department_id),
          version: sql`${salesOrder.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(salesOrder.id, id));
      // Revenue moved between sales on the order's past days: recompute them.
      await markDirty(tx, orderDays(id));
      await tx.insert(orderAttributionLog).values({
        orderId: id,
        fromUserId: num(order.sales_user_id),
        toUserId: input.salesUserId,
        reason: input.reason,
        operatorId: p.userId,
      });
      await this.audit(
        tx,
        p,
        ip,
        'order.attribution',
        id,
        said(`revenue moved to ${user.nickname}: ${input.reason}`, {
          to: user.nickname,
          reason: input.reason,
        }),
        { from: order.sales_user_id, to: input.salesUserId },
      );
    });
  }
}
