// The WeCom server API client (DOMAIN 9.2, 9.3): one access token per app, cached in the database
// and refreshed by one server at a time (a lease taken with a conditional UPDATE), dropped and
// retried once on 40014 / 42001; -1 retried with backoff; 45009 pauses that API until the next
// minute window; a token bucket per (corp, API). Tokens and secrets never reach a log or a response:
// errors carry the API path (no query string), the errcode and errmsg only.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wecomApp } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { type Json, sandboxCorp } from './simulator';

export const WECOM_DEFAULT_BASE = 'https://qyapi.weixin.qq.com';

/** One protocol call: GET/POST a /cgi-bin path with a query and a JSON body; answers the JSON body. */
export type WecomTransport = (
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string>,
  body?: Json,
) => Promise<Json>;

export class WecomNetworkError extends Error {}

/** The real HTTP implementation: fetch against the configured base URL (WECOM_API_BASE). */
export const httpTransport =
  (baseUrl: string, timeoutMs = 10_000): WecomTransport =>
  async (method, path, query, body) => {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: body ? { 'content-type': 'application/json' } : undefined,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new WecomNetworkError(`${path}: ${(e as Error).name}`);
    }
    if (!res.ok) throw new WecomNetworkError(`${path}: HTTP ${res.status}`);
    try {
      return (await res.json()) as Json;
    } catch {
      throw new WecomNetworkError(`${path}: not JSON`);
    }
  };

/** The sandbox implementation: the simulated corp of this process (simulator.ts). */
export const sandboxTransport =
  (corpId: string): WecomTransport =>
  async (method, path, query, body) =>
    sandboxCorp(corpId).handle(method, path, query, body);

export class WecomApiError extends Error {
  constructor(
    readonly api: string,
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`${api}: errcode ${errcode} ${errmsg}`.slice(0, 300));
  }
}

/** A token bucket per (corp, API): `rate` calls per second with a burst of `rate`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly pausedUntil = new Map<string, number>();
  constructor(
    readonly rate = 20,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Waits for a token (and for a 45009 pause of this API to end). */
  async take(key: string, sleep: (ms: number) => Promise<void>) {
    for (;;) {
      const pause = (this.pausedUntil.get(key) ?? 0) - this.clock();
      if (pause > 0) {
        await sleep(pause);
        continue;
      }
      const now = this.clock();
      const b = this.buckets.get(key) ?? { tokens: this.rate, at: now };
      b.tokens = Math.min(this.rate, b.tokens + ((now - b.at) / 1000) * this.rate);
      b.at = now;
      this.buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - b.tokens) / this.rate) * 1000));
    }
  }

  /** 45009: this API is paused until the start of the next minute window. */
  pauseUntilNextMinute(key: string): number {
    const now = this.clock();
    const until = (Math.floor(now / 60_000) + 1) * 60_000;
    this.pausedUntil.set(key, Math.max(until, this.pausedUntil.get(key) ?? 0));
    return until - now;
  }
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const TOKEN_MARGIN_MS = 5 * 60_000;
const LEASE_MS = 15_000;

export interface WecomAppCredentials {
  id: number;
  corpId: string;
  secret: string;
}

export interface WecomClientOptions {
  db: Db;
  box: SecretBox;
  app: WecomAppCredentials;
  transport: WecomTransport;
  limiter: RateLimiter;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Counts every protocol call (sync runs report them). */
  onCall?: (path: string) => void;
  tokens?: TokenCache;
}

/**
 * The tokens one server holds: an in-process copy of each app's token (the database row holds the
 * shared one) and the single flight of its refresh. One per process; tests make one per "server".
 */
export class TokenCache {
  readonly owner = randomBytes(8).toString('hex');
  readonly inflight = new Map<number, Promise<string>>();
  readonly memo = new Map<number, { token: string; sealed: string; expiresAt: number }>();
  /** Forgets an app's token (secret rotated, app disabled). */
  forget(appId: number) {
    this.memo.delete(appId);
  }
}
export const processTokens = new TokenCache();

export class WecomClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly cache: TokenCache;
  constructor(private readonly o: WecomClientOptions) {
    this.cache = o.tokens ?? processTokens;
    this.sleep = o.sleep ?? realSleep;
    this.now = o.now ?? (() => Date.now());
  }

  get corpId() {
    return this.o.app.corpId;
  }

  /** The app's access token; `stale` is a token the API refused, which must not be handed out again. */
  async token(stale?: string): Promise<string> {
    const id = this.o.app.id;
    const m = this.cache.memo.get(id);
    if (m && m.token !== stale && m.expiresAt - TOKEN_MARGIN_MS > this.now()) return m.token;
    let p = this.cache.inflight.get(id);
    if (!p) {
      p = this.refresh(stale).finally(() => this.cache.inflight.delete(id));
      this.cache.inflight.set(id, p);
    }
    const token = await p;
    if (token === stale) return this.refresh(stale);
    return token;
  }

  /** Shared across servers: reuse a fresh token in the row, or take the lease and fetch one. */
  private async refresh(stale?: string): Promise<string> {
    const { db, box, app } = this.o;
    // Waiting for another server's refresh is real time (not the injectable sleep of pauses).
    for (let waited = 0; ; waited++) {
      const [row] = await db
        .select({
          sealed: wecomApp.tokenSealed,
          expiresAt: wecomApp.tokenExpiresAt,
        })
        .from(wecomApp)
        .where(eq(wecomApp.id, app.id));
      if (!row) throw new WecomApiError('gettoken', 40013, 'app not found');
      if (row.sealed && row.expiresAt && row.expiresAt.getTime() - TOKEN_MARGIN_MS > this.now()) {
        const token = box.open(row.sealed);
        if (token !== stale) {
          this.cache.memo.set(app.id, { token, sealed: row.sealed, expiresAt: row.expiresAt.getTime() });
          return token;
        }
      }
      const nowDate = new Date(this.now());
      const [won] = await db
        .update(wecomApp)
        .set({ tokenLeaseUntil: new Date(this.now() + LEASE_MS), tokenLeaseOwner: this.cache.owner })
        .where(
          and(
            eq(wecomApp.id, app.id),
            or(isNull(wecomApp.tokenLeaseUntil), lt(wecomApp.tokenLeaseUntil, nowDate)),
            row.sealed === null ? isNull(wecomApp.tokenSealed) : eq(wecomApp.tokenSealed, row.sealed),
          ),
        )
        .returning({ id: wecomApp.id });
      if (won) {
        try {
          const res = await this.fetchToken();
          const sealed = box.seal(res.token);
          const expiresAt = this.now() + res.expiresIn * 1000;
          await db
            .update(wecomApp)
            .set({
              tokenSealed: sealed,
              tokenExpiresAt: new Date(expiresAt),
              tokenLeaseUntil: null,
              tokenLeaseOwner: null,
            })
            .where(and(eq(wecomApp.id, app.id), eq(wecomApp.tokenLeaseOwner, this.cache.owner)));
          this.cache.memo.set(app.id, { token: res.token, sealed, expiresAt });
          return res.token;
        } catch (e) {
          await db
            .update(wecomApp)
            .set({ tokenLeaseUntil: null, tokenLeaseOwner: null })
            .where(and(eq(wecomApp.id, app.id), eq(wecomApp.tokenLeaseOwner, this.cache.owner)));
          throw e;
        }
      }
      if (waited > 400) throw new WecomApiError('gettoken', -1, 'token refresh by another server timed out');
      await realSleep(50);
    }
  }

  private async fetchToken(): Promise<{ token: string; expiresIn: number }> {
    const { app, transport } = this.o;
    for (let attempt = 0; ; attempt++) {
      this.o.onCall?.('/cgi-bin/gettoken');
      let res: Json;
      try {
        res = await transport('GET', '/cgi-bin/gettoken', { corpid: app.corpId, corpsecret: app.secret });
      } catch (e) {
        if (attempt < 3 && e instanceof WecomNetworkError) {
          await this.sleep(200 * 2 ** attempt);
          continue;
        }
        throw e;
      }
      const code = Number(res.errcode ?? 0);
      if (code === 0 && typeof res.access_token === 'string')
        return { token: res.access_token, expiresIn: Number(res.expires_in ?? 7200) };
      if (code === -1 && attempt < 3) {
        await this.sleep(200 * 2 ** attempt);
        continue;
      }
      throw new WecomApiError('/cgi-bin/gettoken', code, String(res.errmsg ?? ''));
    }
  }

  /** Drops the refused token here and in the shared row, unless another call already replaced it. */
  private async dropToken(token: string) {
    const id = this.o.app.id;
    const m = this.cache.memo.get(id);
    if (m && m.token !== token) return;
    this.cache.memo.delete(id);
    if (m)
      await this.o.db
        .update(wecomApp)
        .set({ tokenExpiresAt: new Date(0) })
        .where(and(eq(wecomApp.id, id), eq(wecomApp.tokenSealed, m.sealed)));
  }

  /** One API call with the rules of DOMAIN 9.3. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string> = {},
    body?: Json,
  ): Promise<Json> {
    const key = `${this.o.app.corpId}|${path}`;
    let tokenRetried = false;
    let stale: string | undefined;
    let busy = 0;
    let limited = 0;
    for (;;) {
      await this.o.limiter.take(key, this.sleep);
      const token = await this.token(stale);
      this.o.onCall?.(path);
      let res: Json;
      try {
        res = await this.o.transport(method, path, { ...query, access_token: token }, body);
      } catch (e) {
        if (e instanceof WecomNetworkError && busy < 3) {
          await this.sleep(250 * 2 ** busy++);
          continue;
        }
        throw e;
      }
      const code = Number(res.errcode ?? 0);
      if (code === 0) return res;
      if ((code === 40014 || code === 42001) && !tokenRetried) {
        tokenRetried = true;
        stale = token;
        await this.dropToken(token);
        continue;
      }
      if (code === -1 && busy < 3) {
        await this.sleep(250 * 2 ** busy++);
        continue;
      }
      if (code === 45009 && limited < 3) {
        limited++;
        const wait = this.o.limiter.pauseUntilNextMinute(key);
        await this.sleep(wait);
        continue;
      }
      if (code === 45033 && limited < 3) {
        limited++;
        await this.sleep(1000);
        continue;
      }
      throw new WecomApiError(path, code, String(res.errmsg ?? ''));
    }
  }

  get(path: string, query: Record<string, string> = {}) {
    return this.call('GET', path, query);
  }
  post(path: string, body: Json, query: Record<string, string> = {}) {
    return this.call('POST', path, query, body);
  }
}

/** Tells a caller whether the sealed token column of an app is set (tests use it; never the value). */
export const tokenCached = async (db: Db, appId: number) => {
  const [row] = await db
    .select({ set: sql<boolean>`${wecomApp.tokenSealed} IS NOT NULL` })
    .from(wecomApp)
    .where(eq(wecomApp.id, appId));
  return row?.set ?? false;
};
