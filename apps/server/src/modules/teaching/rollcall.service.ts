import { formatMessage, type Language, type RollCallRow, type RollCallStatus } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { said } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { toIso } from '../../lib/list';
import { maskMobile } from '../../lib/mask';
import type { Principal } from '../../types';
import { auditOf } from '../courses/common';
import { applyHours } from './hours';
import { getLesson, lessonLabel } from './lesson-queries';
import { lessonScope } from './scope';

const audit = auditOf('lesson');

/** Statuses that consume the lesson's hours; ABSENT only when the class says so, LEAVE never. */
const charges = (status: RollCallStatus, absentDeducts: boolean) =>
  status === 'PRESENT' || status === 'LATE' || (status === 'ABSENT' && absentDeducts);

/** Why one student's mark did not happen (rolls back that student's transaction only). */
class Refused extends Error {
  constructor(
    readonly key: 'rollCallNotExpected' | 'hoursInsufficient',
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/**
 * 点名 (docs/teaching.md). The expected students are the class's NORMAL students plus anyone already
 * marked. Each student's mark is one transaction that locks the lesson row first, so two staff
 * marking the same lesson at once are serialised; the roll-call row's `debited` and `charges` with
 * the ledger's unique index keep one debit per (lesson, student), a reversal when it changes away.
 */
export class RollCallService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async sheet(p: Principal, lessonId: number, db: DbOrTx = this.db) {
    const lesson = await getLesson(db, lessonId);
    const rows = await queryRows<{
      member_id: number;
      nickname: string;
      mobile: string;
      client_name: string | null;
      status: RollCallStatus | null;
      debited: number;
      balance: number | null;
      marked_by_name: string | null;
      marked_at: Date | null;
    }>(
      db,
      sql`WITH expected AS (
            SELECT cs.member_user_id AS member_id, cs.client_id FROM class_student cs
            WHERE cs.class_id = ${lesson.classId} AND cs.status = 'NORMAL'
            UNION ALL
            SELECT rc.member_user_id, NULL FROM roll_call rc WHERE rc.lesson_id = ${lessonId}
          ), e AS (SELECT member_id, max(client_id) AS client_id FROM expected GROUP BY member_id)
          SELECT m.id AS member_id, m.nickname, m.mobile, c.name AS client_name, rc.status,
            coalesce(rc.debited, 0) AS debited, hb.balance,
            coalesce(nullif(u.nickname, ''), u.username) AS marked_by_name, rc.marked_at
          FROM e JOIN member_user m ON m.id = e.member_id
          LEFT JOIN client c ON c.id = coalesce(e.client_id, m.client_id)
          LEFT JOIN roll_call rc ON rc.lesson_id = ${lessonId} AND rc.member_user_id = m.id
          LEFT JOIN hour_balance hb ON hb.member_user_id = m.id AND hb.spu_id = ${lesson.spuId ?? 0}
          LEFT JOIN admin_user u ON u.id = rc.marked_by
          WHERE ${lessonScope(p)}
          ORDER BY m.nickname, m.id`,
    );
    const items: RollCallRow[] = rows.map((r) => ({
      memberId: Number(r.member_id),
      nickname: r.nickname,
      mobile: maskMobile(r.mobile),
      clientName: r.client_name,
      status: r.status,
      debited: r.debited,
      balance: r.balance == null ? (lesson.spuId == null ? null : 0) : r.balance,
      markedByName: r.marked_by_name,
      markedAt: toIso(r.marked_at),
    }));
    return { lesson, items };
  }

  /** Marks each student in its own transaction; refused students are listed with the reason. */
  async mark(
    p: Principal,
    lessonId: number,
    marks: { memberId: number; status: RollCallStatus }[],
    ip: string,
    lang: Language,
  ) {
    const lesson = await getLesson(this.db, lessonId);
    if (lesson.status === 'CANCELLED') throw new AppError(409, 'lessonCancelled');
    let marked = 0;
    const refused: { memberId: number; message: string }[] = [];
    const seen = new Set<number>();
    for (const m of marks) {
      if (seen.has(m.memberId)) continue;
      seen.add(m.memberId);
      try {
        if (await this.markOne(p, lessonId, m.memberId, m.status, ip)) marked += 1;
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
        refused.push({ memberId: m.memberId, message: formatMessage(lang, e.key, e.params) });
      }
    }
    return { marked, refused, sheet: await this.sheet(p, lessonId) };
  }

  private markOne(p: Principal, lessonId: number, memberId: number, status: RollCallStatus, ip: string) {
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const [l] = await queryRows<{
        status: string;
        hours: number;
        class_id: number;
        spu_id: number | null;
        absent_deducts: boolean | null;
        allow_owing: boolean | null;
      }>(
        tx,
        sql`SELECT l.status, l.hours, l.class_id, k.spu_id, s.absent_deducts, s.allow_owing
            FROM lesson l JOIN course_class k ON k.id = l.class_id
            LEFT JOIN teaching_class_setting s ON s.class_id = l.class_id
            WHERE l.id = ${lessonId} FOR UPDATE OF l`,
      );
      if (!l) throw notFound();
      if (l.status === 'CANCELLED') throw new AppError(409, 'lessonCancelled');
      const [student] = await queryRows<{ id: number | null; nickname: string }>(
        tx,
        sql`SELECT (SELECT cs.id FROM class_student cs WHERE cs.class_id = ${l.class_id}
                  AND cs.member_user_id = m.id AND cs.status = 'NORMAL' LIMIT 1) AS id, m.nickname
            FROM member_user m WHERE m.id = ${memberId}
              AND (EXISTS (SELECT 1 FROM class_student cs WHERE cs.class_id = ${l.class_id}
                    AND cs.member_user_id = m.id AND cs.status = 'NORMAL')
                OR EXISTS (SELECT 1 FROM roll_call rc WHERE rc.lesson_id = ${lessonId} AND rc.member_user_id = m.id))`,
      );
      if (!student) throw new Refused('rollCallNotExpected');
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO roll_call (lesson_id, member_user_id, class_student_id, status, marked_by, marked_at)
            VALUES (${lessonId}, ${memberId}, ${student.id}, ${status}, ${p.userId}, ${now})
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      const [rc] = await queryRows<{ id: number; status: RollCallStatus; debited: number; charges: number }>(
        tx,
        sql`SELECT id, status, debited, charges FROM roll_call
            WHERE lesson_id = ${lessonId} AND member_user_id = ${memberId} FOR UPDATE`,
      );
      if (!rc) throw notFound();
      const fresh = inserted.length > 0;
      if (!fresh && rc.status === status) return false;
      const spuId = l.spu_id == null ? null : Number(l.spu_id);
      const want = spuId != null && charges(status, Boolean(l.absent_deducts)) ? l.hours : 0;
      let debited = rc.debited;
      let chargeNo = rc.charges;
      if (spuId != null && debited === 0 && want > 0) {
        chargeNo += 1;
        const r = await applyHours(
          tx,
          {
            memberId,
            spuId,
            kind: 'ROLLCALL',
            delta: -want,
            lessonId,
            rollCallId: Number(rc.id),
            chargeNo,
            actorId: p.userId,
            allowOwing: Boolean(l.allow_owing),
          },
          now,
        );
        if (!r.written && r.reason === 'insufficient')
          throw new Refused('hoursInsufficient', { name: student.nickname, balance: r.before, hours: want });
        debited = want;
      } else if (spuId != null && debited > 0 && want === 0) {
        await applyHours(
          tx,
          {
            memberId,
            spuId,
            kind: 'REVERSAL',
            delta: debited,
            lessonId,
            rollCallId: Number(rc.id),
            chargeNo,
            actorId: p.userId,
          },
          now,
        );
        debited = 0;
      }
      await tx.execute(sql`UPDATE roll_call SET status = ${status}, debited = ${debited}, charges = ${chargeNo},
          marked_by = ${p.userId}, marked_at = ${now}, version = version + 1 WHERE id = ${rc.id}`);
      await tx.execute(
        sql`UPDATE lesson SET status = 'COMPLETED', updated_at = ${now} WHERE id = ${lessonId} AND status = 'SCHEDULED'`,
      );
      const row = await getLesson(tx, lessonId);
      await audit(
        tx,
        p,
        ip,
        'teaching.rollcall.mark',
        lessonId,
        said(
          `roll call ${lessonLabel(row)}: ${student.nickname} ${fresh ? '' : `${rc.status} -> `}${status}`,
          {
            lesson: lessonLabel(row),
            name: student.nickname,
            rollCallStatusFrom: fresh ? null : rc.status,
            rollCallStatus: status,
          },
        ),
        { memberId, debited },
      );
      return true;
    });
  }
}
