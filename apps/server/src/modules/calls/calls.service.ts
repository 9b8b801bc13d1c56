import { type CallListQuery, type CallRow, maskMobile, type RenderedScript } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { said } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, notFound } from '../../lib/errors';
import { offsetOf, toIso } from '../../lib/list';
import { inIdOrder, queryNamed } from '../../lib/named-query';
import { sqlIn } from '../../lib/sql-in';
import type { CallReceipt } from '../../providers/call/types';
import type { ProviderRegistry } from '../../providers/registry';
import type { Principal } from '../../types';
import {
  clientIsReadable,
  clientReadable,
  loadWritableClient,
  ruleRefused,
  shanghaiDayKey,
} from '../clients/common';
import type { FollowUpService } from '../clients/follow-ups.service';
import { ListTotals } from '../orders/list-totals';
import { auditOf, shanghaiHhmm } from './common';
import { noNumberReason } from './no-number-reason';
import type { NumberService } from './numbers.service';
import type { ScriptService } from './scripts.service';

/**
 * Calls: a full page is counted (capped) only when the planner expects at most this many rows; above,
 * its estimate (a number's 30-day window of ~1,700 calls took 0.3-1.2 ms to count on every view).
 */
export const CALL_COUNT_WHEN_ESTIMATED_AT_MOST = 1000;
/** A binding / call not ended after this long is closed by the sweep (no receipt will come). */
export const STALE_CALL_MS = 2 * 60 * 60 * 1000;
const RANK: Record<string, number> = { DIALING: 0, RINGING: 1, ANSWERED: 2, ENDED: 3, FAILED: 3 };

type Raw = {
  id: number;
  call_id: string | null;
  provider: string;
  number_id: number | null;
  number: string | null;
  user_id: number | null;
  user_name: string | null;
  client_id: number | null;
  client_name: string | null;
  callee_masked: string;
  display_number: string;
  status: string;
  started_at: Date | string;
  ring_at: Date | string | null;
  answered_at: Date | string | null;
  ended_at: Date | string | null;
  talk_seconds: number;
  status_code: string;
  end_reason: string;
  hangup_by: string | null;
  recording_url: string | null;
  follow_up_id: number | null;
};

const n = (v: number | string | null) => (v == null ? null : Number(v));
const toRow = (r: Raw): CallRow => ({
  id: Number(r.id),
  callId: r.call_id,
  provider: r.provider,
  numberId: n(r.number_id),
  number: r.number,
  userId: n(r.user_id),
  userName: r.user_name,
  clientId: n(r.client_id),
  clientName: r.client_name,
  callee: r.callee_masked,
  displayNumber: r.display_number,
  status: r.status as CallRow['status'],
  startedAt: toIso(r.started_at) as string,
  ringAt: toIso(r.ring_at),
  answeredAt: toIso(r.answered_at),
  endedAt: toIso(r.ended_at),
  talkSeconds: r.talk_seconds,
  statusCode: r.status_code,
  endReason: r.end_reason,
  hangupBy: r.hangup_by as CallRow['hangupBy'],
  recordingUrl: r.recording_url,
  followUpId: n(r.follow_up_id),
});

const SELECT = sql`SELECT c.*, num.number, coalesce(nullif(u.nickname, ''), u.username) AS user_name, cl.name AS client_name
  FROM call_record c
  LEFT JOIN caller_number num ON num.id = c.number_id
  LEFT JOIN admin_user u ON u.id = c.user_id
  LEFT JOIN client cl ON cl.id = c.client_id`;

const talkText = (s: number) =>
  s >= 60 ? `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒` : `${s}秒`;

/**
 * Outbound calls (DOMAIN 7.1): starting a call takes a slot of a number the caller may use in one
 * conditional UPDATE (status, window, daily limit and concurrency re-checked under the row lock,
 * so concurrent calls never overrun a number on PostgreSQL), then asks the provider. Receipts are
 * applied once per receipt key, in any order; the first one that ends the call frees the slot and
 * writes the CALL follow-up (Decision 5 through FollowUpService) in the same transaction.
 */
export class CallService {
  private readonly totals: ListTotals;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly providers: ProviderRegistry,
    private readonly numbers: NumberService,
    private readonly scripts: ScriptService,
    private readonly followUps: FollowUpService,
  ) {
    this.totals = new ListTotals(db, 'call_record', CALL_COUNT_WHEN_ESTIMATED_AT_MOST);
    providers.callSink = (receipts) => this.applyReceipts('sandbox', receipts).then(() => undefined);
  }

  private visible(p: Principal): SQL {
    return scopeCondition(p, { owner: sql`c.user_id`, dept: sql`c.dept_id` });
  }

  async list(p: Principal, q: CallListQuery, extra?: SQL) {
    let scope = this.visible(p);
    // A client the caller may read shows all its calls (whoever dialled).
    if (q.clientId && (await clientIsReadable(this.db, p, q.clientId))) scope = sql`TRUE`;
    if (extra) scope = sql`(${scope} OR ${extra})`;
    const conds: SQL[] = [scope];
    if (q.clientId) conds.push(sql`c.client_id = ${q.clientId}`);
    if (q.numberId) conds.push(sql`c.number_id = ${q.numberId}`);
    if (q.userId?.length) conds.push(sqlIn(sql`c.user_id`, q.userId));
    if (q.status?.length) conds.push(sqlIn(sql`c.status`, q.status));
    if (q.answered !== undefined)
      conds.push(q.answered ? sql`c.answered_at IS NOT NULL` : sql`c.answered_at IS NULL`);
    const unwindowed = sql.join(conds, sql` AND `);
    const from = q.from ? new Date(q.from) : undefined;
    const to = q.to ? new Date(q.to) : undefined;
    if (from) conds.push(sql`c.started_at >= ${from}`);
    if (to) conds.push(sql`c.started_at <= ${to}`);
    const where = sql.join(conds, sql` AND `);
    // A random window is a new WHERE per request: its estimate scales the unwindowed one (ListTotals).
    const timeWindow = { base: sql`FROM call_record c WHERE ${unwindowed}`, column: 'started_at', from, to };
    const byTalk = q.sort?.replace(/^-/, '') === 'talkSeconds';
    const asc = Boolean(q.sort && !q.sort.startsWith('-'));
    // The (…, started_at DESC NULLS LAST, id DESC NULLS LAST) indexes serve this order forwards or
    // backwards only with the same NULLS placement (the columns are NOT NULL: no other effect).
    const dir = sql.raw(asc ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');
    const order = byTalk
      ? sql`c.talk_seconds ${sql.raw(asc ? 'ASC' : 'DESC')}, c.id DESC`
      : sql`c.started_at ${dir}, c.id ${dir}`;
    // Totals never count millions of rows per view (ListTotals, bench:calls): a page that is not
    // full is its own total; a full one shows a capped count when the planner expects few rows,
    // its estimate otherwise.
    const page = await this.totals.pageOfIds(
      sql`FROM call_record c WHERE ${where}`,
      // The page's ids (planned per request: the filters decide the index), then their rows by a
      // named prepared statement of constant text (lib/named-query: its joins planned once).
      async (limit) =>
        (
          await queryRows<{ id: number }>(
            this.db,
            sql`SELECT c.id FROM call_record c WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offsetOf(q)}`,
          )
        ).map((r) => Number(r.id)),
      async (ids) =>
        inIdOrder(
          ids,
          await queryNamed<Raw>(
            this.db,
            'call_list_rows',
            sql`${SELECT} WHERE c.id = ANY(${sql.param(ids)}::bigint[])`,
          ),
        ),
      q,
      timeWindow,
    );
    return { ...page, items: page.items.map(toRow), page: q.page, pageSize: q.pageSize };
  }

  async get(p: Principal, id: number, db: DbOrTx = this.db): Promise<CallRow> {
    const [row] = await queryRows<Raw>(
      db,
      sql`${SELECT} WHERE c.id = ${id} AND (${this.visible(p)} OR (c.client_id IS NOT NULL AND EXISTS (
            SELECT 1 FROM client WHERE client.id = c.client_id AND ${clientReadable(p)})))`,
    );
    if (!row) throw notFound();
    return toRow(row);
  }

  /** Starts a call to a client: the number, the provider call, and what the call panel shows. */
  async start(
    p: Principal,
    input: { clientId: number; numberId?: number },
    ip: string,
  ): Promise<{ call: CallRow; scripts: RenderedScript[] }> {
    const c = await loadWritableClient<{
      id: number;
      name: string;
      student_name: string;
      grade_id: number | null;
      mobile: string | null;
      do_not_call: boolean;
    }>(
      this.db,
      p,
      input.clientId,
      sql`id, name, student_name, grade_id, mobile, do_not_call`,
      'callClientNotOwned',
    );
    if (c.do_not_call) throw ruleRefused('callDoNotCall');
    if (!c.mobile) throw ruleRefused('callNoMobile');

    const now = this.now();
    const today = shanghaiDayKey(now);
    const hhmm = shanghaiHhmm(now);
    const usable = await this.numbers.usableBy(p);
    const candidates = await queryRows<{ id: number; number: string; provider: string }>(
      this.db,
      sql`SELECT n.id, n.number, n.provider FROM caller_number n
          WHERE n.deleted = false AND n.status = 'AVAILABLE' AND ${usable}
            AND n.call_window_start <= ${hhmm} AND ${hhmm} < n.call_window_end
            AND n.active_calls < n.concurrency
            AND (CASE WHEN n.today_key = ${today} THEN n.today_calls ELSE 0 END) < n.daily_limit
            ${input.numberId ? sql`AND n.id = ${input.numberId}` : sql``}
          ORDER BY (n.mode = 'FIXED' AND n.assigned_user_ids @> ARRAY[${p.userId}]::bigint[]) DESC,
                   (CASE WHEN n.today_key = ${today} THEN n.today_calls ELSE 0 END), n.id
          LIMIT 20`,
    );
    let taken: { recordId: number; number: string; provider: string; numberId: number } | null = null;
    for (const cand of candidates) {
      taken = await this.db.transaction(async (tx) => {
        // The slot: every rule re-checked on the locked row (READ COMMITTED re-evaluates the WHERE).
        const got = await queryRows<{ id: number }>(
          tx,
          sql`UPDATE caller_number SET
                today_calls = CASE WHEN today_key = ${today} THEN today_calls + 1 ELSE 1 END,
                today_key = ${today},
                active_calls = active_calls + 1
              WHERE id = ${cand.id} AND deleted = false AND status = 'AVAILABLE'
                AND call_window_start <= ${hhmm} AND ${hhmm} < call_window_end
                AND active_calls < concurrency
                AND (CASE WHEN today_key = ${today} THEN today_calls ELSE 0 END) < daily_limit
              RETURNING id`,
        );
        if (!got.length) return null;
        const [rec] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO call_record (provider, number_id, user_id, dept_id, client_id, callee_masked, display_number, status, started_at)
              VALUES (${cand.provider}, ${cand.id}, ${p.userId}, ${p.departmentId}, ${c.id}, ${maskMobile(c.mobile as string)},
                      ${cand.number}, 'DIALING', ${now})
              RETURNING id`,
        );
        if (!rec) throw new Error('insert failed');
        await auditOf(
          tx,
          p,
          ip,
          'call.start',
          'client',
          c.id,
          said(`call ${rec.id} via ${cand.number}`, { callId: rec.id, number: cand.number }),
        );
        return {
          recordId: Number(rec.id),
          number: cand.number,
          provider: cand.provider,
          numberId: Number(cand.id),
        };
      });
      if (taken) break;
    }
    if (!taken) {
      if (input.numberId) throw ruleRefused('callNumberNotAllowed');
      throw await noNumberReason(this.db, usable, today, hhmm);
    }

    try {
      const provider = await this.providers.call(taken.provider);
      const [me] = await queryRows<{ mobile: string | null }>(
        this.db,
        sql`SELECT mobile FROM admin_user WHERE id = ${p.userId}`,
      );
      const res = await provider.start({
        recordId: taken.recordId,
        callerMobile: me?.mobile ?? '',
        callee: c.mobile,
        number: taken.number,
        poolKey: await this.providers.poolKey(),
        expiresAt: new Date(now.getTime() + 30 * 60 * 1000),
        record: true,
      });
      await this.db.execute(
        sql`UPDATE call_record SET call_id = ${res.callId}, display_number = ${res.displayNumber} WHERE id = ${taken.recordId}`,
      );
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 200) : String(err);
      await this.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE call_record SET status = 'FAILED', ended_at = ${this.now()}, status_code = 'PROVIDER_ERROR',
                end_reason = ${reason} WHERE id = ${taken.recordId}`,
        );
        await this.releaseSlot(tx, taken.numberId, today, true);
      });
      throw new AppError(502, 'callProviderFailed', { reason }, null, 502);
    }
    const scripts = await this.scripts.renderFor(this.db, p, {
      name: c.name,
      studentName: c.student_name,
      gradeId: c.grade_id == null ? null : Number(c.grade_id),
    });
    return { call: await this.get(p, taken.recordId), scripts };
  }

  private async releaseSlot(tx: DbOrTx, numberId: number | null, day: string | null, uncount: boolean) {
    if (numberId == null) return;
    await tx.execute(
      sql`UPDATE caller_number SET active_calls = greatest(active_calls - 1, 0)
            ${uncount && day ? sql`, today_calls = CASE WHEN today_key = ${day} THEN greatest(today_calls - 1, 0) ELSE today_calls END` : sql``}
          WHERE id = ${numberId}`,
    );
  }

  /**
   * Applies receipts: each key once (a second delivery changes nothing), merged into the record
   * whatever the order (times are kept once known, the status only moves forward), and the first
   * receipt that ends the call frees its slot and writes the CALL follow-up.
   */
  async applyReceipts(provider: string, receipts: CallReceipt[]) {
    let applied = 0;
    let duplicates = 0;
    let unknown = 0;
    for (const r of receipts) {
      const outcome = await this.db.transaction(async (tx) => {
        const fresh = await queryRows<{ k: string }>(
          tx,
          sql`INSERT INTO provider_receipt (provider, receipt_key, received_at) VALUES (${provider}, ${r.key.slice(0, 200)}, ${this.now()})
              ON CONFLICT DO NOTHING RETURNING receipt_key AS k`,
        );
        if (!fresh.length) return 'duplicate' as const;
        const [rec] = await queryRows<{
          id: number;
          status: string;
          number_id: number | null;
          user_id: number | null;
          dept_id: number | null;
          client_id: number | null;
          answered_at: Date | null;
          started_at: Date;
        }>(
          tx,
          sql`SELECT id, status, number_id, user_id, dept_id, client_id, answered_at, started_at FROM call_record
              WHERE provider = ${provider} AND ${
                r.recordId != null ? sql`id = ${r.recordId}` : sql`call_id = ${r.callId ?? ''}`
              } FOR UPDATE`,
        );
        if (!rec) return 'unknown' as const;
        const ended = rec.status === 'ENDED' || rec.status === 'FAILED';
        const target = r.event === 'END' ? 'ENDED' : r.event === 'ANSWER' ? 'ANSWERED' : 'RINGING';
        const status = (RANK[target] ?? 0) > (RANK[rec.status] ?? 0) ? target : rec.status;
        const ending = !ended && status === 'ENDED';
        // Locks in start()'s order, the number's row before its call_number_day row: the UPDATE
        // below may answer the call (its trigger then updates that day row), and releaseSlot
        // updates the number after it; two calls of one number would otherwise deadlock.
        if (ending && rec.number_id != null)
          await tx.execute(sql`SELECT 1 FROM caller_number WHERE id = ${rec.number_id} FOR NO KEY UPDATE`);
        await tx.execute(
          sql`UPDATE call_record SET
                status = ${status},
                ring_at = coalesce(ring_at, ${r.ringAt ?? null}::timestamptz),
                answered_at = coalesce(answered_at, ${r.answeredAt ?? null}::timestamptz),
                ended_at = coalesce(ended_at, ${r.endedAt ?? null}::timestamptz),
                talk_seconds = ${r.talkSeconds != null ? sql`greatest(talk_seconds, ${r.talkSeconds})` : sql`talk_seconds`},
                status_code = ${r.statusCode ? sql`${r.statusCode}` : sql`status_code`},
                end_reason = ${r.endReason ? sql`${r.endReason.slice(0, 200)}` : sql`end_reason`},
                hangup_by = coalesce(${r.hangupBy ?? null}, hangup_by),
                recording_url = coalesce(${r.recordingUrl ?? null}, recording_url),
                call_id = coalesce(call_id, ${r.callId ?? null}),
                raw = ${JSON.stringify(r.raw ?? null)}::jsonb
              WHERE id = ${rec.id}`,
        );
        if (ending) {
          await this.releaseSlot(tx, rec.number_id == null ? null : Number(rec.number_id), null, false);
          if (rec.client_id != null) {
            const [after] = await queryRows<{
              talk_seconds: number;
              answered_at: Date | null;
              end_reason: string;
            }>(tx, sql`SELECT talk_seconds, answered_at, end_reason FROM call_record WHERE id = ${rec.id}`);
            const talk = after?.talk_seconds ?? 0;
            const answered = Boolean(after?.answered_at) || talk > 0;
            const followUpId = await this.followUps.recordAutomatic(
              {
                clientId: Number(rec.client_id),
                source: 'CALL',
                type: 'CALL',
                content: answered
                  ? `外呼已接通，通话 ${talkText(talk)}`
                  : `外呼未接通${after?.end_reason ? `：${after.end_reason}` : ''}`,
                talkSeconds: talk,
                callRecordId: Number(rec.id),
                userId: rec.user_id == null ? null : Number(rec.user_id),
                deptId: rec.dept_id == null ? null : Number(rec.dept_id),
              },
              tx,
            );
            await tx.execute(sql`UPDATE call_record SET follow_up_id = ${followUpId} WHERE id = ${rec.id}`);
          }
        }
        return 'applied' as const;
      });
      if (outcome === 'applied') applied++;
      else if (outcome === 'duplicate') duplicates++;
      else unknown++;
    }
    return { applied, duplicates, unknown };
  }

  /** Closes calls with no end receipt after STALE_CALL_MS (frees their slots, writes their follow-ups). */
  async sweepStale(now: Date) {
    const stale = await queryRows<{ id: number; provider: string }>(
      this.db,
      sql`SELECT id, provider FROM call_record WHERE status NOT IN ('ENDED','FAILED') AND started_at < ${new Date(now.getTime() - STALE_CALL_MS)}
          ORDER BY started_at LIMIT 500`,
    );
    let closed = 0;
    for (const s of stale) {
      const r = await this.applyReceipts(s.provider, [
        {
          key: `sweep:${s.id}`,
          recordId: Number(s.id),
          callId: null,
          event: 'END',
          endedAt: now,
          statusCode: 'NO_RECEIPT',
          endReason: '未收到话单',
          raw: { sweep: true },
        },
      ]);
      closed += r.applied;
    }
    return closed;
  }
}
