import type { AuthProvider, MfaChallenge, MfaLoginResult } from '@educrm/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { adminUser } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { AppError, badRequest, fieldError, unauthorized } from '../../lib/errors';
import { DEFAULT_SCRYPT, hashPassword, type ScryptParams, verifyPassword } from '../../lib/password';
import { requestIp, requestUserAgent } from '../../lib/request-context';
import type { MfaService } from './mfa';
import type { IssuedToken, SessionService } from './sessions';
import { checkLoginLock, clearPairFailures, recordLoginFailure } from './throttle';

export class AuthService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly now: () => Date,
    private readonly scrypt: ScryptParams = DEFAULT_SCRYPT,
    private readonly mfa?: MfaService,
  ) {}

  /** Unknown usernames still pay for one hash, so timing does not tell which usernames exist. */
  private dummy() {
    this.dummyHash ??= hashPassword('not-a-real-password', this.scrypt);
    return this.dummyHash;
  }

  async login(username: string, password: string, req: FastifyRequest): Promise<IssuedToken | MfaChallenge> {
    const now = this.now();
    const ip = requestIp(req);
    const lock = await checkLoginLock(this.db, username, ip, now);
    if (lock.locked) {
      await writeAudit(this.db, {
        action: 'auth.login.blocked',
        targetType: 'username',
        targetId: username.slice(0, 64),
        summary: said('login refused while locked', { username: username.slice(0, 64) }),
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
        summary: user
          ? said('wrong password', { username: username.slice(0, 64), password: true })
          : said('unknown username', { username: username.slice(0, 64), unknown: true }),
        ip,
      });
      if (locked.pairLocked || locked.userLocked) {
        await writeAudit(this.db, {
          actorId: user?.id ?? null,
          action: 'auth.lock',
          targetType: 'username',
          targetId: username.slice(0, 64),
          summary: locked.userLocked
            ? said('username locked for the hour', { username: username.slice(0, 64), withIp: false })
            : said('username and address locked', { username: username.slice(0, 64), withIp: true }),
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
        summary: said('account disabled', { username: user.username, disabled: true }),
        ip,
      });
      throw badRequest('loginDisabled');
    }
    const challenge = await this.mfa?.challenge(user);
    if (challenge) {
      await writeAudit(this.db, {
        actorId: user.id,
        actorName: user.username,
        action: 'auth.login.challenge',
        targetType: 'admin_user',
        targetId: user.id,
        summary: challenge.mfa_setup
          ? said('password ok; enrolment required by role', { via: 'PASSWORD', setup: true })
          : said('password ok; code required', { via: 'PASSWORD', setup: false }),
        ip,
      });
      return challenge;
    }
    return this.openSession(user, req, now, undefined, (tx) => clearPairFailures(tx, username, ip));
  }

  /**
   * The session of a user who proved who they are (a password and, where required, a second-step
   * code, or a third-party sign-in such as WeCom): the same session row, last-login stamp and audit
   * row either way. `alsoInTx` runs in the same transaction.
   */
  openSession(
    user: { id: number; username: string; tokenVersion: number },
    req: FastifyRequest,
    now: Date,
    via?: string,
    alsoInTx?: (tx: Tx) => Promise<unknown>,
  ): Promise<IssuedToken> {
    return this.db.transaction(async (tx) => {
      const token = await this.issue(tx, user, req, now, via);
      await alsoInTx?.(tx);
      return token;
    });
  }

  /**
   * A third-party sign-in (WeCom) stands for the password: an account with a second step (enrolled,
   * or required by a role) gets the same challenge as a password login, answered at
   * POST /api/v1/admin/login/mfa; any other account gets its session at once.
   */
  async afterFirstFactor(
    user: typeof adminUser.$inferSelect,
    req: FastifyRequest,
    now: Date,
    via: string,
  ): Promise<IssuedToken | MfaChallenge> {
    const challenge = await this.mfa?.challenge(user);
    if (!challenge) return this.openSession(user, req, now, via);
    await writeAudit(this.db, {
      actorId: user.id,
      actorName: user.username,
      action: 'auth.login.challenge',
      targetType: 'admin_user',
      targetId: user.id,
      summary: said(`${via} ok; ${challenge.mfa_setup ? 'enrolment required by role' : 'code required'}`, {
        via: 'WECOM',
        setup: Boolean(challenge.mfa_setup),
      }),
      ip: requestIp(req),
    });
    return challenge;
  }

  /** Opens the session inside a transaction the caller already holds (the MFA step spends its code in it). */
  private async issue(
    tx: DbOrTx,
    user: { id: number; username: string; tokenVersion: number },
    req: FastifyRequest,
    now: Date,
    /** A third-party sign-in (`WeCom <corp>/<userid>`); a password sign-in without. */
    via?: string,
    /** Opened by the second step (POST /api/v1/admin/login/mfa). */
    secondStep = false,
  ): Promise<IssuedToken> {
    const ip = requestIp(req);
    const created = await this.sessions.create(tx, user, now, ip, requestUserAgent(req));
    await tx.update(adminUser).set({ lastLoginAt: now, lastLoginIp: ip }).where(eq(adminUser.id, user.id));
    await writeAudit(tx, {
      actorId: user.id,
      actorName: user.username,
      action: 'auth.login',
      targetType: 'session',
      targetId: created.sid,
      summary: secondStep
        ? said('signed in with the second-step code', { via: 'MFA' })
        : via
          ? said(`signed in via ${via}`, { via: 'WECOM' })
          : said('signed in', { via: 'PASSWORD' }),
      ip,
    });
    return created.token;
  }

  /**
   * The second step of a sign-in: the ticket from the login call and a code (TOTP or recovery).
   * Wrong codes count as failed logins (same locks); after enrolling at sign-in the recovery codes
   * come back once with the token.
   */
  async loginMfa(ticketText: string, code: string, req: FastifyRequest): Promise<MfaLoginResult> {
    const mfa = this.mfa;
    if (!mfa) throw unauthorized();
    const ticket = mfa.openTicket(ticketText);
    const now = this.now();
    const ip = requestIp(req);
    const [user] = await this.db
      .select()
      .from(adminUser)
      .where(and(eq(adminUser.id, ticket.u), eq(adminUser.deleted, false)));
    if (user?.status !== 'ENABLED' || user.tokenVersion !== ticket.v)
      throw new AppError(401, 'mfaTicketExpired');
    const lock = await checkLoginLock(this.db, user.username, ip, now);
    if (lock.locked)
      throw new AppError(
        429,
        'loginLocked',
        { minutes: Math.ceil(lock.retryAfterSeconds / 60) },
        { retryAfter: lock.retryAfterSeconds },
        429,
        { 'retry-after': String(lock.retryAfterSeconds) },
      );
    const secret = ticket.s ?? mfa.secretOf(user);
    if (!secret) throw new AppError(401, 'mfaTicketExpired');
    const result = await this.db.transaction(async (tx) => {
      if (!(await mfa.spend(tx, user.id, secret, code))) return null;
      const recovery = ticket.s ? await mfa.enable(tx, user.id, secret) : undefined;
      if (recovery) {
        await writeAudit(tx, {
          actorId: user.id,
          actorName: user.username,
          action: 'auth.mfa.enable',
          targetType: 'admin_user',
          targetId: user.id,
          summary: said('enrolled at sign-in (required by role)', { atSignIn: true }),
          ip,
        });
      }
      const token = await this.issue(tx, user, req, now, undefined, true);
      await clearPairFailures(tx, user.username, ip);
      return recovery ? { ...token, recovery_codes: recovery } : token;
    });
    if (result) return result;
    await recordLoginFailure(this.db, user.username, ip, now);
    await writeAudit(this.db, {
      actorId: user.id,
      actorName: user.username,
      action: 'auth.login.failed',
      targetType: 'admin_user',
      targetId: user.id,
      summary: said('wrong or reused second-step code', { username: user.username, code: true }),
      ip,
    });
    throw fieldError('code', 'mfaCodeInvalid');
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
          summary: said('refreshed-away token presented within the grace; same successor returned', {}),
          ip,
        });
        return result.token;
      case 'replay':
        await writeAudit(this.db, {
          actorId: result.userId,
          action: 'auth.refresh.reuse',
          targetType: 'session',
          targetId: result.sid,
          summary: said('refreshed-away token reused after the grace; session revoked', {}),
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
