import { afterEach, describe, expect, test } from 'vitest';
import { OAUTH_STORAGE_KEY, parseOutcome, takeStoredOutcome } from './oauth';

// The unit suite runs in Node: a Map-backed localStorage is enough here.
const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  },
});

const challenge = { mfa_required: true, mfa_ticket: 't-1', mfa_setup: null };

describe('third-party sign-in hand-over', () => {
  afterEach(() => localStorage.clear());

  test('an outcome carries the second step when the account has two-step verification', () => {
    expect(parseOutcome({ type: 'educrm-oauth', ok: true, mfa: challenge })).toEqual({
      type: 'educrm-oauth',
      ok: true,
      mfa: challenge,
    });
    // Anything that is not a challenge is dropped, the outcome stays a plain success.
    expect(parseOutcome({ type: 'educrm-oauth', ok: true, mfa: { mfa_ticket: 1 } })).toEqual({
      type: 'educrm-oauth',
      ok: true,
    });
    expect(parseOutcome({ type: 'other', ok: true })).toBeNull();
  });

  test('a stored outcome is taken once, and only while recent', () => {
    localStorage.setItem(
      OAUTH_STORAGE_KEY,
      JSON.stringify({ type: 'educrm-oauth', ok: true, mfa: challenge, at: Date.now() }),
    );
    expect(takeStoredOutcome()).toMatchObject({ ok: true, mfa: { mfa_ticket: 't-1' } });
    expect(takeStoredOutcome()).toBeNull();
    localStorage.setItem(
      OAUTH_STORAGE_KEY,
      JSON.stringify({ type: 'educrm-oauth', ok: true, at: Date.now() - 10 * 60_000 }),
    );
    expect(takeStoredOutcome()).toBeNull();
  });
});
