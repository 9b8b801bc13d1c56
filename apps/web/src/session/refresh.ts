import type { TokenResult } from '@educrm/contract/auth';
import { serverNowSeconds } from './clock';
import { readToken, type StoredToken, writeToken } from './token';

/** Spec section 4: refresh when now lies between the refresh time and the expiry. */
export const isRefreshDue = (t: StoredToken | null, now = serverNowSeconds()): t is StoredToken =>
  Boolean(t && t.refreshAfter > 0 && t.refreshAfter <= now && now < t.expire);

const LOCK_NAME = 'educrm-token-refresh';
/** After a failed refresh, wait this long before trying again (the next request reports a dead token). */
const RETRY_AFTER_FAILURE_MS = 10_000;

let pending: Promise<void> | null = null;
let failedAt = 0;

/** Runs fn under the cross-tab Web Lock when the browser has one (secure contexts), else directly. */
const withTabLock = async (fn: () => Promise<void>): Promise<void> => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) await locks.request(LOCK_NAME, fn);
  else await fn();
};

/**
 * Refreshes the token once if it is due. One refresh at a time in this tab (callers share the
 * promise) and across tabs (the Web Lock); inside the lock the cookie is read again, so a tab that
 * waited finds the token another tab already replaced and does nothing.
 */
export const refreshIfDue = (call: (token: string) => Promise<TokenResult>): Promise<void> => {
  if (!isRefreshDue(readToken())) return Promise.resolve();
  if (Date.now() - failedAt < RETRY_AFTER_FAILURE_MS) return Promise.resolve();
  pending ??= withTabLock(async () => {
    const current = readToken();
    if (!isRefreshDue(current)) return;
    try {
      writeToken(await call(current.token));
    } catch {
      failedAt = Date.now();
    }
  }).finally(() => {
    pending = null;
  });
  return pending;
};
