import type { ClaimQuota, ClientListRow } from '@educrm/contract/clients';

/** Seconds from `iso` to `now` (0 when unreadable or in the future). */
export const secondsSince = (iso: string | null, now: Date = new Date()): number => {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(at) ? Math.max(0, (now.getTime() - at) / 1000) : 0;
};

/** Seconds until `iso` (negative once it has passed; null when unknown / never). */
export const secondsUntil = (iso: string | null, now: Date = new Date()): number | null => {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(at) ? (at - now.getTime()) / 1000 : null;
};

/** Until when the caller may not claim a pool row (their own former client, in the ban); null = now. */
export const claimBlockedUntil = (
  row: Pick<ClientListRow, 'claimableFrom'>,
  now: Date = new Date(),
): string | null => {
  const left = secondsUntil(row.claimableFrom, now);
  return left !== null && left > 0 ? row.claimableFrom : null;
};

/** Claims left today (never negative). */
export const claimsLeft = (q: Pick<ClaimQuota, 'claimedToday' | 'claimDailyLimit'>): number =>
  Math.max(0, q.claimDailyLimit - q.claimedToday);

/**
 * How full a quota is: `full` at the cap, `low` from 80 % on, otherwise `ok`; a missing cap (null)
 * is never full.
 */
export const usageLevel = (used: number, cap: number | null): 'ok' | 'low' | 'full' => {
  if (cap === null) return 'ok';
  if (used >= cap) return 'full';
  return used >= cap * 0.8 ? 'low' : 'ok';
};

/** Percentage for a progress bar (0-100; 0 without a cap). */
export const usagePercent = (used: number, cap: number | null): number =>
  cap === null || cap <= 0 ? (cap === 0 ? 100 : 0) : Math.min(100, Math.round((used / cap) * 100));
