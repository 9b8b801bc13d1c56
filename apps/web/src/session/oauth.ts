/**
 * The third-party sign-in hand-over between the login page and /auth-redirect (the provider's
 * popup lands there). The popup exchanges the code for a session itself (the token cookies are
 * shared with the opener), then tells the login page the outcome: postMessage to this origin
 * only, or through localStorage when the opener is gone. Kept tiny: the login page imports it.
 */
import type { MfaChallenge } from '@educrm/contract/auth';

export const OAUTH_MESSAGE = 'educrm-oauth';
export const OAUTH_STORAGE_KEY = 'x-admin-oauth-result';

/** `mfa`: the account has two-step verification; the login page asks for the code. */
export type OAuthOutcome =
  | { type: typeof OAUTH_MESSAGE; ok: true; mfa?: MfaChallenge }
  | { type: typeof OAUTH_MESSAGE; ok: false; error: string };

const mfaOf = (value: unknown): MfaChallenge | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const m = value as Record<string, unknown>;
  return m.mfa_required === true && typeof m.mfa_ticket === 'string' ? (value as MfaChallenge) : undefined;
};

/** Reads an outcome from a message or a storage value; anything else is null. */
export const parseOutcome = (data: unknown): OAuthOutcome | null => {
  const value = typeof data === 'string' ? safeJson(data) : data;
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.type !== OAUTH_MESSAGE || typeof v.ok !== 'boolean') return null;
  if (v.ok) {
    const mfa = mfaOf(v.mfa);
    return mfa ? { type: OAUTH_MESSAGE, ok: true, mfa } : { type: OAUTH_MESSAGE, ok: true };
  }
  return { type: OAUTH_MESSAGE, ok: false, error: typeof v.error === 'string' ? v.error : '' };
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Hands the outcome to the window that opened the popup; false when there is none. */
export const handOver = (outcome: OAuthOutcome): boolean => {
  const opener = typeof window === 'undefined' ? null : (window.opener as Window | null);
  if (opener && !opener.closed) {
    try {
      opener.postMessage(outcome, window.location.origin);
      return true;
    } catch {
      // A cross-origin opener (not ours): fall through to storage.
    }
  }
  try {
    localStorage.setItem(OAUTH_STORAGE_KEY, JSON.stringify({ ...outcome, at: Date.now() }));
  } catch {
    // Storage off: the popup shows the outcome itself.
  }
  return false;
};

/**
 * The login page's side: calls `onOutcome` once per outcome from the popup (message from this
 * origin, or the storage fallback). Returns the clean-up.
 */
export const listenForOutcome = (onOutcome: (outcome: OAuthOutcome) => void): (() => void) => {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const outcome = parseOutcome(event.data);
    if (outcome) onOutcome(outcome);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== OAUTH_STORAGE_KEY || !event.newValue) return;
    const outcome = parseOutcome(event.newValue);
    localStorage.removeItem(OAUTH_STORAGE_KEY);
    if (outcome) onOutcome(outcome);
  };
  window.addEventListener('message', onMessage);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('message', onMessage);
    window.removeEventListener('storage', onStorage);
  };
};

/**
 * An outcome the popup stored for a login page that was not open (the popup then went to /login
 * itself): taken once, and only if recent.
 */
export const takeStoredOutcome = (maxAgeMs = 120_000): OAuthOutcome | null => {
  try {
    const raw = localStorage.getItem(OAUTH_STORAGE_KEY);
    if (!raw) return null;
    localStorage.removeItem(OAUTH_STORAGE_KEY);
    const at = Number((safeJson(raw) as { at?: unknown } | null)?.at);
    return Number.isFinite(at) && Date.now() - at <= maxAgeMs ? parseOutcome(raw) : null;
  } catch {
    return null;
  }
};
