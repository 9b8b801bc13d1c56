import type { Db } from '../../db/client';
import type { wecomApp } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import {
  httpTransport,
  RateLimiter,
  sandboxTransport,
  type TokenCache,
  WecomApiError,
  WecomClient,
  type WecomTransport,
} from '../../providers/wecom/client';
import { ensureSandbox } from './sandbox-store';

export interface WecomGatewayOptions {
  db: Db;
  box: SecretBox;
  /** WECOM_API_BASE: the WeCom server API of LIVE apps. */
  apiBase: string;
  /** Calls per second per (corp, API) (DOMAIN 9.3: 20). */
  rate?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  tokens?: TokenCache;
}

/** Builds the API client of an app: the sandbox corp or the WeCom HTTP API, per the app's mode. */
export class WecomGateway {
  readonly limiter: RateLimiter;
  constructor(readonly o: WecomGatewayOptions) {
    this.limiter = new RateLimiter(o.rate ?? 20, o.now);
  }

  transportOf(app: Pick<typeof wecomApp.$inferSelect, 'mode' | 'corpId'>): WecomTransport {
    if (app.mode !== 'SANDBOX') return httpTransport(this.o.apiBase);
    const inner = sandboxTransport(app.corpId);
    // The sandbox corp is rebuilt from our tables once per process (sandbox-store.ts).
    return async (method, path, query, body) => {
      await ensureSandbox(this.o.db, app.corpId);
      return inner(method, path, query, body);
    };
  }

  clientFor(
    app: Pick<typeof wecomApp.$inferSelect, 'id' | 'mode' | 'corpId' | 'secretSealed'>,
    onCall?: (path: string) => void,
  ): WecomClient {
    return new WecomClient({
      db: this.o.db,
      box: this.o.box,
      app: { id: app.id, corpId: app.corpId, secret: this.o.box.open(app.secretSealed) },
      transport: this.transportOf(app),
      limiter: this.limiter,
      sleep: this.o.sleep,
      now: this.o.now,
      tokens: this.o.tokens,
      onCall,
    });
  }
}

export { WecomApiError };
