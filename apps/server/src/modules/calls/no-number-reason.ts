import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { ruleRefused } from '../clients/common';

/**
 * Why no caller number could be taken for a call, and when calling will work: the soonest way out
 * first (a busy line frees within minutes, a window opens later today, a used quota or an ended
 * window returns tomorrow at the earliest window start). `usable` is the caller's numbers
 * (NumberService.usableBy); `today` and `hhmm` are the Shanghai day and time of the attempt.
 */
export const noNumberReason = async (db: DbOrTx, usable: SQL, today: string, hhmm: string) => {
  const numbers = await queryRows<{ start: string; end: string; busy: boolean; spent: boolean }>(
    db,
    sql`SELECT n.call_window_start AS start, n.call_window_end AS end,
               n.active_calls >= n.concurrency AS busy,
               (CASE WHEN n.today_key = ${today} THEN n.today_calls ELSE 0 END) >= n.daily_limit AS spent
        FROM caller_number n
        WHERE n.deleted = false AND n.status = 'AVAILABLE' AND ${usable}`,
  );
  if (!numbers.length) return ruleRefused('callNoNumberAssigned');
  const open = numbers.filter((n) => !n.spent);
  if (open.some((n) => n.start <= hhmm && hhmm < n.end)) return ruleRefused('callLinesBusy');
  const laterToday = open
    .filter((n) => hhmm < n.start)
    .map((n) => n.start)
    .sort()[0];
  if (laterToday) return ruleRefused('callWindowLater', { time: laterToday });
  const tomorrow = numbers.map((n) => n.start).sort()[0] ?? '';
  // Every number still under its quota has closed for today: the window ended, else the quota is used.
  return ruleRefused(open.length ? 'callWindowEnded' : 'callQuotaUsed', { time: tomorrow });
};
