import type { HourBalanceRow, HourGrantBody, HourLedgerRow } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { said } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import { offsetOf, toIso } from '../../lib/list';
import type { Principal } from '../../types';
import { auditOf } from '../courses/common';
import { applyHours } from './hours';
import { lessonScope } from './scope';

const audit = auditOf('member');

/** A member's hour balances and ledger (the member drawer), and the admin's manual grant. */
export class HourService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** 404 unless the member exists and (scope not ALL) their client is in the caller's scope. */
  private async assertMember(p: Principal, memberId: number, db: DbOrTx = this.db) {
    const [m] = await queryRows<{ id: number; nickname: string }>(
      db,
      sql`SELECT m.id, m.nickname FROM member_user m LEFT JOIN client c ON c.id = m.client_id
          WHERE m.id = ${memberId} AND ${lessonScope(p)}`,
    );
    if (!m) throw notFound();
    return m;
  }

  async balances(p: Principal, memberId: number, db: DbOrTx = this.db): Promise<HourBalanceRow[]> {
    await this.assertMember(p, memberId, db);
    const rows = await queryRows<{
      spu_id: number;
      spu_name: string;
      balance: number;
      credited: number;
      consumed: number;
      updated_at: Date;
    }>(
      db,
      sql`SELECT b.spu_id, s.name AS spu_name, b.balance, b.credited, b.consumed, b.updated_at
          FROM hour_balance b JOIN product_spu s ON s.id = b.spu_id
          WHERE b.member_user_id = ${memberId} ORDER BY b.updated_at DESC, b.spu_id`,
    );
    return rows.map((r) => ({
      memberId,
      spuId: Number(r.spu_id),
      spuName: r.spu_name,
      balance: r.balance,
      credited: r.credited,
      consumed: r.consumed,
      updatedAt: toIso(r.updated_at) ?? '',
    }));
  }

  async ledger(p: Principal, q: { memberId: number; spuId?: number; page: number; pageSize: number }) {
    await this.assertMember(p, q.memberId);
    const parts: SQL[] = [sql`h.member_user_id = ${q.memberId}`];
    if (q.spuId) parts.push(sql`h.spu_id = ${q.spuId}`);
    const where = sql.join(parts, sql` AND `);
    const rows = await queryRows<{
      id: number;
      spu_id: number;
      spu_name: string;
      kind: HourLedgerRow['kind'];
      delta: number;
      balance_before: number;
      balance_after: number;
      order_id: number | null;
      lesson_id: number | null;
      lesson_date: string | null;
      class_name: string | null;
      reason: string;
      actor_name: string | null;
      created_at: Date;
    }>(
      this.db,
      sql`SELECT h.id, h.spu_id, s.name AS spu_name, h.kind, h.delta, h.balance_before, h.balance_after,
            h.order_id, h.lesson_id, l.lesson_date::text AS lesson_date, k.name AS class_name, h.reason,
            coalesce(nullif(u.nickname, ''), u.username) AS actor_name, h.created_at
          FROM hour_ledger h JOIN product_spu s ON s.id = h.spu_id
          LEFT JOIN lesson l ON l.id = h.lesson_id LEFT JOIN course_class k ON k.id = l.class_id
          LEFT JOIN admin_user u ON u.id = h.actor_id
          WHERE ${where} ORDER BY h.id DESC LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
    );
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM hour_ledger h WHERE ${where}`,
    );
    const items: HourLedgerRow[] = rows.map((r) => ({
      id: Number(r.id),
      memberId: q.memberId,
      spuId: Number(r.spu_id),
      spuName: r.spu_name,
      kind: r.kind,
      delta: r.delta,
      balanceBefore: r.balance_before,
      balanceAfter: r.balance_after,
      orderId: r.order_id == null ? null : Number(r.order_id),
      lessonId: r.lesson_id == null ? null : Number(r.lesson_id),
      lessonDate: r.lesson_date,
      className: r.class_name,
      reason: r.reason,
      actorName: r.actor_name,
      createdAt: toIso(r.created_at) ?? '',
    }));
    return { items, total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  /** Gift or manual hours with a reason (admin); never below zero; audited. */
  async grant(p: Principal, body: HourGrantBody, ip: string) {
    return this.db.transaction(async (tx) => {
      const member = await this.assertMember(p, body.memberId, tx);
      const [spu] = await queryRows<{ name: string }>(
        tx,
        sql`SELECT name FROM product_spu WHERE id = ${body.spuId} AND deleted = false`,
      );
      if (!spu) throw fieldError('spuId', 'notFound');
      const r = await applyHours(
        tx,
        {
          memberId: body.memberId,
          spuId: body.spuId,
          kind: body.kind,
          delta: body.hours,
          reason: body.reason,
          actorId: p.userId,
        },
        this.now(),
      );
      if (!r.written) throw fieldError('hours', 'hoursBelowZero', { balance: r.before });
      await audit(
        tx,
        p,
        ip,
        'teaching.hours.grant',
        body.memberId,
        said(`${body.kind} ${body.hours} hours of ${spu.name} to ${member.nickname}: ${body.reason}`, {
          hourKind: body.kind,
          hours: body.hours,
          course: spu.name,
          name: member.nickname,
          reason: body.reason,
        }),
        { spuId: body.spuId, before: r.before, after: r.after },
      );
      return (await this.balances(p, body.memberId, tx)).find((b) => b.spuId === body.spuId);
    });
  }
}
