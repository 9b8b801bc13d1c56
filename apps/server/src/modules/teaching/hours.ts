import type { HourKind } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/**
 * The course-hour ledger (docs/teaching.md): every balance change is one append-only row with the
 * balance before and after, written while the (member, course) balance row is locked, so the
 * balance always equals the sum of its ledger. Unique indexes (order item + kind; roll call + charge
 * number + kind) make a retried credit, debit or reversal a no-op.
 */
export interface HourChange {
  memberId: number;
  spuId: number;
  kind: HourKind;
  delta: number;
  orderId?: number | null;
  orderItemId?: number | null;
  lessonId?: number | null;
  rollCallId?: number | null;
  chargeNo?: number | null;
  reason?: string;
  actorId: number | null;
  /** A debit may take the balance below zero (a class that allows owing hours). */
  allowOwing?: boolean;
}

export type HourResult =
  | { written: true; id: number; before: number; after: number }
  | { written: false; reason: 'duplicate' | 'insufficient'; before: number };

/** The balance row of (member, course), created at 0 when missing, locked for this transaction. */
export const lockBalance = async (tx: DbOrTx, memberId: number, spuId: number, now: Date) => {
  await tx.execute(sql`INSERT INTO hour_balance (member_user_id, spu_id, updated_at)
    VALUES (${memberId}, ${spuId}, ${now}) ON CONFLICT DO NOTHING`);
  const [b] = await queryRows<{ balance: number }>(
    tx,
    sql`SELECT balance FROM hour_balance WHERE member_user_id = ${memberId} AND spu_id = ${spuId} FOR UPDATE`,
  );
  return Number(b?.balance ?? 0);
};

export const applyHours = async (tx: DbOrTx, c: HourChange, now: Date): Promise<HourResult> => {
  const before = await lockBalance(tx, c.memberId, c.spuId, now);
  const after = before + c.delta;
  if (c.delta < 0 && after < 0 && !c.allowOwing) return { written: false, reason: 'insufficient', before };
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO hour_ledger (member_user_id, spu_id, kind, delta, balance_before, balance_after, order_id,
          order_item_id, lesson_id, roll_call_id, charge_no, reason, actor_id, created_at)
        VALUES (${c.memberId}, ${c.spuId}, ${c.kind}, ${c.delta}, ${before}, ${after}, ${c.orderId ?? null},
          ${c.orderItemId ?? null}, ${c.lessonId ?? null}, ${c.rollCallId ?? null}, ${c.chargeNo ?? null},
          ${(c.reason ?? '').slice(0, 200)}, ${c.actorId}, ${now})
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (!row) return { written: false, reason: 'duplicate', before };
  const consumption = c.kind === 'ROLLCALL' || c.kind === 'REVERSAL';
  await tx.execute(sql`UPDATE hour_balance SET balance = ${after},
      credited = credited + ${consumption ? 0 : c.delta}, consumed = consumed - ${consumption ? c.delta : 0},
      updated_at = ${now}
    WHERE member_user_id = ${c.memberId} AND spu_id = ${c.spuId}`);
  return { written: true, id: Number(row.id), before, after };
};

/**
 * A paid order: each item of an hours SKU (课时包) credits lesson hours x qty to the buyer's balance
 * of that course. Called in the payment's transaction right after enrolment; idempotent.
 */
export const creditPaidOrderHours = async (
  tx: DbOrTx,
  orderId: number,
  memberId: number,
  actorId: number | null,
  now: Date,
) => {
  const items = await queryRows<{ id: number; spu_id: number; hours: number }>(
    tx,
    sql`SELECT i.id, i.spu_id, k.lesson_hours * i.qty AS hours
        FROM order_item i JOIN product_sku k ON k.id = i.sku_id
        WHERE i.order_id = ${orderId} AND k.lesson_hours IS NOT NULL ORDER BY i.id`,
  );
  let credited = 0;
  for (const item of items) {
    const r = await applyHours(
      tx,
      {
        memberId,
        spuId: Number(item.spu_id),
        kind: 'ORDER',
        delta: Number(item.hours),
        orderId,
        orderItemId: Number(item.id),
        actorId,
      },
      now,
    );
    if (r.written) credited += Number(item.hours);
  }
  return credited;
};

/**
 * A fully refunded order: the hours it credited that are still unused leave the balance (one
 * REFUND row per item, never below zero). Called in the refund's transaction.
 */
export const refundOrderHours = async (tx: DbOrTx, orderId: number, actorId: number | null, now: Date) => {
  const credits = await queryRows<{
    member_user_id: number;
    spu_id: number;
    order_item_id: number;
    delta: number;
  }>(
    tx,
    sql`SELECT member_user_id, spu_id, order_item_id, delta FROM hour_ledger
        WHERE order_id = ${orderId} AND kind = 'ORDER' ORDER BY id`,
  );
  for (const c of credits) {
    const memberId = Number(c.member_user_id);
    const spuId = Number(c.spu_id);
    const balance = await lockBalance(tx, memberId, spuId, now);
    const take = Math.min(Number(c.delta), Math.max(balance, 0));
    if (take <= 0) continue;
    await applyHours(
      tx,
      {
        memberId,
        spuId,
        kind: 'REFUND',
        delta: -take,
        orderId,
        orderItemId: Number(c.order_item_id),
        actorId,
      },
      now,
    );
  }
};
