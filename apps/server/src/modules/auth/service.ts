import type { AuthProvider, MfaChallenge, MfaLoginResult } from '@educrm/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { adminUser } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { AppError, badRequest, fieldError, unauthorized } from '../../lib/errors';
import { DEFAULT_SCRYPT, hashPassword, type ScryptParams, verifyPassword } from '../../lib/password';
import { requestIp, requestUserAgent } from '../../lib/request-context';
import type { MfaService } from './mfa';
import type { IssuedToken, SessionService } from './sessions';
import { loginSucceeded, type Reservation, releaseLoginAttempt, reserveLoginAttempt } from './throttle';

/** 429 with Retry-After: the username (or the username from this address) is locked. */
const lockedOut = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'loginLocked',
    { minutes: Math.ceil(retryAfterSeconds / 60) },
    { retryAfter: retryAfterSeconds },
    429,
    { 'retry-after': String(retryAfterSeconds) },
  );

type ProviderSource = (origin: string, nonce: string) => Promise<AuthProvider[]>;

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
    // The attempt counts as a failure before the password is checked (given back when it is right).
    const attempt = await reserveLoginAttempt(this.db, username, ip, now);
    if (attempt.locked) {
      await writeAudit(this.db, {
        action: 'auth.login.blocked',
        targetType: 'username',
        targetId: username.slice(0, 64),
        summary: said('login refused while locked', { username: username.slice(0, 64) }),
        ip,
      });
      throw lockedOut(attempt.retryAfterSeconds);
    }
    const [user] = await this.db
      .select()
      .from(adminUser)
      .where(and(eq(adminUser.username, username), eq(adminUser.deleted, false)));
    const valid = await verifyPassword(password, user?.passwordHash ?? (await this.dummy()));
    if (!user || !valid) {
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
      await this.auditLock(attempt, username, user?.id ?? null, ip);
      throw badRequest('loginFailed');
    }
    if (user.status !== 'ENABLED') {
      await releaseLoginAttempt(this.db, username, ip);
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
      // The password was right; the second step's codes are counted on their own.
      await releaseLoginAttempt(this.db, username, ip);
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
    return this.openSession(user, req, now, undefined, (tx) => loginSucceeded(tx, username, ip));
  }

  /** The failed attempt that locked a counter says so in the audit log. */
  private async auditLock(attempt: Reservation, username: string, userId: number | null, ip: string) {
    if (attempt.locked || !(attempt.pairLocked || attempt.userLocked)) return;
    await writeAudit(this.db, {
      actorId: userId,
      action: 'auth.lock',
      targetType: 'username',
      targetId: username.slice(0, 64),
      summary: attempt.userLocked
        ? said('username locked for the hour', { username: username.slice(0, 64), withIp: false })
        : said('username and address locked', { username: username.slice(0, 64), withIp: true }),
      detail: { scope: attempt.userLocked ? 'username' : 'pair', ip },
      ip,
    });
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
   * POST /api/v1/admin/login/mfa; any other account gets its session at once. It never hands out
   * an enrolment secret: an account a role requires to enrol is refused, and told to sign in with
   * its password first (enrolling then), since the third party alone must not choose the second factor.
   */
  async afterFirstFactor(
    user: typeof adminUser.$inferSelect,
    req: FastifyRequest,
    now: Date,
    via: string,
  ): Promise<IssuedToken | MfaChallenge> {
    const challenge = await this.mfa?.challenge(user);
    if (!challenge) return this.openSession(user, req, now, via);
    const audit = (action: string, summary: AuditSummary) =>
      writeAudit(this.db, {
        actorId: user.id,
        actorName: user.username,
        action,
        targetType: 'admin_user',
        targetId: user.id,
        summary,
        ip: requestIp(req),
      });
    if (challenge.mfa_setup) {
      await audit(
        'auth.login.failed',
        said(`${via} ok; enrolment required by role, refused until a password sign-in`, {
          username: user.username,
          enrolFirst: true,
        }),
      );
      throw badRequest('mfaEnrolWithPassword');
    }
    await audit('auth.login.challenge', said(`${via} ok; code required`, { via: 'WECOM', setup: false }));
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
   * Wrong codes count as failed logins (same locks, reserved before the code is checked); after
   * enrolling at sign-in the recovery codes come back once with the token, and the enrolment ticket
   * is spent (a second use would replace the codes).
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
    // An enrolment ticket is spent once the account has a second step.
    const secret = ticket.s ? (user.mfaSecret ? null : ticket.s) : mfa.secretOf(user);
    if (!secret) throw new AppError(401, 'mfaTicketExpired');
    const attempt = await reserveLoginAttempt(this.db, user.username, ip, now);
    if (attempt.locked) throw lockedOut(attempt.retryAfterSeconds);
    const result = await this.db.transaction(async (tx) => {
      if (!(await mfa.spend(tx, user.id, secret, code))) return null;
      const recovery = ticket.s ? await mfa.enable(tx, user.id, secret, { firstOnly: true }) : undefined;
      if (recovery === null) throw new AppError(401, 'mfaTicketExpired');
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
      await loginSucceeded(tx, user.username, ip);
      return recovery ? { ...token, recovery_codes: recovery } : token;
    });
    if (result) return result;
    await this.auditLock(attempt, user.username, user.id, ip);
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

  private readonly providerSources: ProviderSource[] = [];

  /** A module offering a third-party sign-in (WeCom) registers where its providers come from. */
  addProviderSource(source: ProviderSource) {
    this.providerSources.push(source);
  }

  /**
   * Third-party sign-in providers that are configured; `origin` builds their redirect URLs, and
   * their states are bound to the browser's sign-in nonce (signin-nonce.ts).
   */
  async providers(origin: string, nonce: string): Promise<AuthProvider[]> {
    return (await Promise.all(this.providerSources.map((source) => source(origin, nonce)))).flat();
  }
}
