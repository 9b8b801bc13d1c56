import type { DataScope } from '@educrm/contract';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { ScryptParams } from './lib/password';

/** The signed-in staff member behind a request, loaded fresh from the database each time. */
export interface Principal {
  userId: number;
  username: string;
  nickname: string;
  departmentId: number | null;
  sessionId: string;
  jti: string;
  roleKeys: string[];
  permissions: Set<string>;
  /** The same codes, sorted (what the info call answers). */
  permissionList: string[];
  dataScope: DataScope;
  isAdmin: boolean;
  /** Display fields loaded with the session check, so the info call needs no second query. */
  avatarUrl: string;
  introduction: string;
  lang: string | null;
}

/** How a route is reached: public, any signed-in user, or a permission code (a list means any of them). */
export type RouteAccess =
  | { public: true }
  | { authenticated: true }
  | { permission: string | readonly string[] };

export interface AppDeps {
  config: Config;
  database: Database;
  /** Signing key for access tokens. */
  secretKey: string;
  /** Injectable clock: tests move time to exercise refresh windows and expiry. */
  now?: () => Date;
  /** Tests lower the scrypt cost to keep the suite fast; production uses the default. */
  scrypt?: ScryptParams;
  /** Directory of the built console; absent in API tests. */
  webDistDir?: string;
  logger?: boolean | object;
  /** The process's logger (main.ts: JSON or readable lines); wins over `logger`. */
  loggerInstance?: import('fastify').FastifyBaseLogger;
  /** Where the logger keeps its last error entries (System > Server). */
  recentErrors?: import('./lib/logging').RecentErrors;
  /** PGlite: the token `npm run backup` presents to take a backup through this process. */
  backupToken?: string;
  /** The durable job queue; buildApp makes one (started lazily by the first send, or by main.ts). */
  queue?: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Pick<AppDeps, 'now' | 'queue'>> & AppDeps;
    db: Db;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
