import type { Principal } from '../../types';

const TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

/**
 * A short-lived cache of principals by access token, so that the per-request session check
 * does not cost a database round trip. It is kept coherent with the database:
 * - any change that can alter an authentication outcome (session revoked or rotated, user or role
 *   changed) fires a NOTIFY from database triggers; every server instance LISTENs and clears;
 * - routes that make such changes also clear the local cache before they answer (config
 *   `changesAuth`), so the caller's own next request never sees a stale entry;
 * - an entry never outlives 5 s, nor the validity of the token it was read for;
 * - a read that raced with a clear is not stored (epoch check);
 * - while the LISTEN connection is down, nothing is cached.
 */
export class AuthCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();
  private epoch = 0;
  private listening = false;

  get(key: string, nowMs: number): Principal | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.until <= nowMs) {
      this.entries.delete(key);
      return null;
    }
    return hit.principal;
  }

  /** The epoch to pass back to `set`: a clear in between makes the read too old to store. */
  begin() {
    return this.epoch;
  }

  set(key: string, principal: Principal, validUntilMs: number, nowMs: number, epoch: number) {
    if (!this.listening || epoch !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { principal, until: Math.min(validUntilMs, nowMs + TTL_MS) });
  }

  clear() {
    this.epoch++;
    this.entries.clear();
  }

  /** Caching is on only while change notifications can reach this instance. */
  setListening(on: boolean) {
    this.listening = on;
    this.clear();
  }
}
