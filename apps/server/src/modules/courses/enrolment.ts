import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { said, writeAudit } from '../../lib/audit';
import { expiryOf } from './delivery';

/**
 * Delivery of paid orders (DOMAIN 4.2, 6.2). Called by the order service inside its payment and
 * refund transactions, so enrolment commits or rolls back with the payment.
 */

/**
 * The member of a mobile: the existing one, or a new one (ON CONFLICT on the unique mobile, so two
 * transactions creating the same member end with one row). Links the member and the client to
 * each other when neither has a link yet (a member links to at most one client).
 */
export const ensureMember = async (
  tx: DbOrTx,
  input: { mobile: string; nickname: string; clientId: number | null; source: 'ORDER' | 'IMPORT' | 'ADMIN' },
  now: Date,
): Promise<{ id: number; created: boolean }> => {
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO member_user (mobile, nickname, source, registered_at, created_at, updated_at)
        VALUES (${input.mobile}, ${input.nickname.slice(0, 64)}, ${input.source}, ${now}, ${now}, ${now})
        ON CONFLICT (mobile) DO NOTHING RETURNING id`,
  );
  let id = inserted[0]?.id;
  if (id == null) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM member_user WHERE mobile = ${input.mobile}`,
    );
    id = row?.id;
  }
  if (id == null) throw new Error('member not found after upsert');
  if (input.clientId != null) await linkIfFree(tx, Number(id), input.clientId, now);
  return { id: Number(id), created: inserted.length > 0 };
};

/** Links member and client when both are free; a taken side is left alone. */
export const linkIfFree = async (tx: DbOrTx, memberId: number, clientId: number, now: Date) => {
  const linked = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE member_user SET client_id = ${clientId}, updated_at = ${now}
        WHERE id = ${memberId} AND client_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM member_user m WHERE m.client_id = ${clientId})
        RETURNING id`,
  );
  if (linked.length)
    await tx.execute(
      sql`UPDATE client SET member_user_id = ${memberId} WHERE id = ${clientId} AND member_user_id IS NULL`,
    );
};

interface PaidItem {
  id: number;
  spu_id: number;
  sku_id: number;
  class_id: number | null;
  product_type: string;
  spu_mode: string | null;
  spu_days: number | null;
  spu_date: string | null;
  sku_mode: string | null;
  sku_days: number | null;
  sku_date: string | null;
}

export interface EnrolResult {
  member: number | null;
  students: number;
  entitlements: number;
  overCapacity: number[];
}

/**
 * A paid order: the buyer's member (found by normalised mobile, or created), one class student
 * (join ORDER) per item bound to a class, and one course user per course item (everything but
 * MATERIAL), expiring by the SKU's (else the product's) validity. The partial unique indexes on
 * order_item_id with ON CONFLICT DO NOTHING make a retried or concurrent call enrol nothing twice.
 * A full class still enrols; the class is reported (and audited) as over capacity (Decision 7).
 */
export const enrolPaidOrder = async (
  tx: DbOrTx,
  orderId: number,
  paidAt: Date,
  actorId: number | null,
  now: Date,
): Promise<EnrolResult> => {
  const result: EnrolResult = { member: null, students: 0, entitlements: 0, overCapacity: [] };
  const [order] = await queryRows<{
    client_id: number;
    buyer_mobile: string;
    buyer_name: string;
    pay_amount: number;
    client_mobile: string | null;
    client_name: string | null;
  }>(
    tx,
    sql`SELECT o.client_id, o.buyer_mobile, o.buyer_name, o.pay_amount, c.mobile AS client_mobile, c.name AS client_name
        FROM sales_order o LEFT JOIN client c ON c.id = o.client_id WHERE o.id = ${orderId}`,
  );
  if (!order) return result;
  const mobile = /^1[3-9]\d{9}$/.test(order.buyer_mobile) ? order.buyer_mobile : order.client_mobile;
  if (!mobile) return result;
  const clientId = Number(order.client_id);
  const member = await ensureMember(
    tx,
    { mobile, nickname: order.buyer_name || order.client_name || '', clientId, source: 'ORDER' },
    now,
  );
  result.member = member.id;
  await tx.execute(sql`
    UPDATE member_user SET order_count = order_count + 1, total_paid = total_paid + ${order.pay_amount}, updated_at = ${now}
    WHERE id = ${member.id}`);
  await tx.execute(
    sql`UPDATE sales_order SET member_user_id = ${member.id} WHERE id = ${orderId} AND member_user_id IS NULL`,
  );
  const items = await queryRows<PaidItem>(
    tx,
    sql`SELECT i.id, i.spu_id, i.sku_id, i.class_id, s.product_type,
               s.validity_mode AS spu_mode, s.validity_days AS spu_days, s.validity_date::text AS spu_date,
               k.validity_mode AS sku_mode, k.validity_days AS sku_days, k.validity_date::text AS sku_date
        FROM order_item i JOIN product_spu s ON s.id = i.spu_id JOIN product_sku k ON k.id = i.sku_id
        WHERE i.order_id = ${orderId} ORDER BY i.id`,
  );
  for (const item of items) {
    const expires = expiryOf(
      { mode: item.sku_mode, days: item.sku_days, date: item.sku_date },
      { mode: item.spu_mode, days: item.spu_days, date: item.spu_date },
      paidAt,
    );
    if (item.class_id != null) {
      const classId = Number(item.class_id);
      const added = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO class_student (class_id, member_user_id, client_id, order_id, order_item_id, join_type, joined_at, deadline, created_by, created_at, updated_at)
            SELECT ${classId}, ${member.id}, ${clientId}, ${orderId}, ${item.id}, 'ORDER', ${paidAt}, ${expires}, ${actorId}, ${now}, ${now}
            WHERE EXISTS (SELECT 1 FROM course_class WHERE id = ${classId} AND deleted = false)
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (added.length) {
        result.students += 1;
        const [cls] = await queryRows<{ over: boolean; name: string }>(
          tx,
          sql`UPDATE course_class SET student_count = student_count + 1, updated_at = ${now} WHERE id = ${classId}
              RETURNING capacity > 0 AND student_count > capacity AS over, name`,
        );
        if (cls?.over) {
          result.overCapacity.push(classId);
          await writeAudit(tx, {
            actorId,
            action: 'course.class.over-capacity',
            targetType: 'class',
            targetId: classId,
            summary: said(`class ${cls.name} is over capacity after order ${orderId}`, {
              name: cls.name,
              orderId,
            }),
          });
        }
      }
    }
    if (item.class_id != null || item.product_type !== 'MATERIAL') {
      const granted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO course_user (member_user_id, spu_id, sku_id, source, order_id, order_item_id, granted_at, expires_at, created_by, created_at, updated_at)
            VALUES (${member.id}, ${item.spu_id}, ${item.sku_id}, 'ORDER', ${orderId}, ${item.id}, ${paidAt}, ${expires}, ${actorId}, ${now}, ${now})
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      result.entitlements += granted.length;
    }
  }
  return result;
};

/**
 * A fully refunded order: its NORMAL class students become REFUNDED (the class counts drop) and its
 * live entitlements REVOKED. A partial refund changes nothing (DOMAIN 6.2): the caller calls this
 * only on a full refund.
 */
export const revokeRefundedOrder = async (tx: DbOrTx, orderId: number, now: Date) => {
  const students = await queryRows<{ class_id: number }>(
    tx,
    sql`UPDATE class_student SET status = 'REFUNDED', version = version + 1, updated_at = ${now}
        WHERE order_id = ${orderId} AND status = 'NORMAL' RETURNING class_id`,
  );
  for (const s of students)
    await tx.execute(
      sql`UPDATE course_class SET student_count = greatest(student_count - 1, 0), updated_at = ${now} WHERE id = ${s.class_id}`,
    );
  const revoked = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE course_user SET status = 'REVOKED', revoked_at = ${now}, reason = 'REFUND', version = version + 1, updated_at = ${now}
        WHERE order_id = ${orderId} AND status IN ('ACTIVE','EXPIRED') RETURNING id`,
  );
  return { students: students.length, entitlements: revoked.length };
};
