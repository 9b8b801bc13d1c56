import type { AuthProvider } from '@educrm/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { adminUser } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { DEFAULT_SCRYPT, hashPassword, type ScryptParams, verifyPassword } from '../../lib/password';
import { requestIp, requestUserAgent } from '../../lib/request-context';
import type { IssuedToken, SessionService } from './sessions';
import { checkLoginLock, clearPairFailures, recordLoginFailure } from './throttle';

export class AuthService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly now: () => Date,
    private readonly scrypt: ScryptParams = DEFAULT_SCRYPT,
  ) {}

  /** Unknown usernames still pay for one hash, so timing does not tell which usernames exist. */
  private dummy() {
    this.dummyHash ??= hashPassword('not-a-real-password', this.scrypt);
    return this.dummyHash;
  }

  async login(username: string, password: string, req: FastifyRequest): Promise<IssuedToken> {
    const now = this.now();
    const ip = requestIp(req);
    const lock = await checkLoginLock(this.db, username, ip, now);
    if (lock.locked) {
      await writeAudit(this.db, {
        action: 'auth.login.blocked',
        targetType: 'username',
        targetId: username.slice(0, 64),
        summary: 'login refused while locked',
        ip,
      });
      throw new AppError(
        429,
        'loginLocked',
        { minutes: Math.ceil(lock.retryAfterSeconds / 60) },
        { retryAfter: lock.retryAfterSeconds },
        429,
        { 'retry-after': String(lock.retryAfterSeconds) },
      );
    }
    const [user] = await this.db
      .select()
      .from(adminUser)
      .where(and(eq(adminUser.username, username), eq(adminUser.deleted, false)));
    const valid = await verifyPassword(password, user?.passwordHash ?? (await this.dummy()));
    if (!user || !valid) {
      const locked = await recordLoginFailure(this.db, username, ip, now);
      await writeAudit(this.db, {
        actorId: user?.id ?? null,
        action: 'auth.login.failed',
        targetType: 'username',
        targetId: username.slice(0, 64),
        summary: user ? 'wrong password' : 'unknown username',
        ip,
      });
      if (locked.pairLocked || locked.userLocked) {
        await writeAudit(this.db, {
          actorId: user?.id ?? null,
          action: 'auth.lock',
          targetType: 'username',
          targetId: username.slice(0, 64),
          summary: locked.userLocked ? 'username locked for the hour' : 'username and address locked',
          detail: { scope: locked.userLocked ? 'username' : 'pair', ip },
          ip,
        });
      }
      throw badRequest('loginFailed');
    }
    if (user.status !== 'ENABLED') {
      await writeAudit(this.db, {
        actorId: user.id,
        actorName: user.username,
        action: 'auth.login.failed',
        targetType: 'admin_user',
        targetId: user.id,
        summary: 'account disabled',
        ip,
      });
      throw badRequest('loginDisabled');
    }
    return this.openSession(user, req, now, undefined, (tx) => clearPairFailures(tx, username, ip));
  }

  /**
   * The session of a user who proved who they are (a password, or a third-party sign-in such as
   * WeCom): the same session row, last-login stamp and audit row either way.
   */
  openSession(
    user: { id: number; username: string; tokenVersion: number },
    req: FastifyRequest,
    now: Date,
    summary?: string,
    alsoInTx?: (tx: Tx) => Promise<unknown>,
  ): Promise<IssuedToken> {
    const ip = requestIp(req);
    return this.db.transaction(async (tx) => {
      const created = await this.sessions.create(tx, user, now, ip, requestUserAgent(req));
      await tx.update(adminUser).set({ lastLoginAt: now, lastLoginIp: ip }).where(eq(adminUser.id, user.id));
      await writeAudit(tx, {
        actorId: user.id,
        actorName: user.username,
        action: 'auth.login',
        targetType: 'session',
        targetId: created.sid,
        ...(summary ? { summary } : {}),
        ip,
      });
      await alsoInTx?.(tx);
      return created.token;
    });
  }

  async refresh(token: string, req: FastifyRequest): Promise<IssuedToken> {
    const now = this.now();
    const result = await this.sessions.refresh(token, now);
    const ip = requestIp(req);
    switch (result.kind) {
      case 'rotated':
        return result.token;
      case 'grace':
        await writeAudit(this.db, {
          actorId: result.userId,
          action: 'auth.refresh.grace',
          targetType: 'session',
          targetId: result.sid,
          summary: 'refreshed-away token presented within the grace; same successor returned',
          ip,
        });
        return result.token;
      case 'replay':
        await writeAudit(this.db, {
          actorId: result.userId,
          action: 'auth.refresh.reuse',
          targetType: 'session',
          targetId: result.sid,
          summary: 'refreshed-away token reused after the grace; session revoked',
          ip,
        });
        throw unauthorized();
      case 'too-early':
        throw badRequest('refreshTooEarly');
      case 'max-age':
        throw new AppError(401, 'sessionMaxAge');
      default:
        throw new AppError(401, 'refreshExpired');
    }
  }

  private readonly providerSources: ((origin: string) => Promise<AuthProvider[]>)[] = [];

  /** A module offering a third-party sign-in (WeCom) registers where its providers come from. */
  addProviderSource(source: (origin: string) => Promise<AuthProvider[]>) {
    this.providerSources.push(source);
  }

  /** Third-party sign-in providers that are configured; `origin` builds their redirect URLs. */
  async providers(origin: string): Promise<AuthProvider[]> {
    return (await Promise.all(this.providerSources.map((source) => source(origin)))).flat();
  }
}
