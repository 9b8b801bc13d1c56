import type { MfaChallenge, MfaRecoveryCodes, MfaSetup, MfaStatus } from '@educrm/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { adminUser } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { AppError, fieldError } from '../../lib/errors';
import { SecretBox, SecretBoxError } from '../../lib/secret-box';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri } from '../../lib/totp';
import type { Principal } from '../../types';

export const MFA_ISSUER = 'EduCRM';
export const MFA_TICKET_SECONDS = 300;

interface Ticket {
  /** user id */
  u: number;
  /** expiry, unix ms */
  e: number;
  /** token version at password check: a password change in between voids the ticket */
  v: number;
  /** enrolment secret when a role requires the second step and the user has none */
  s?: string;
}

type MfaUser = {
  id: number;
  username: string;
  tokenVersion: number;
  mfaSecret: string | null;
};

/**
 * The TOTP second factor: enrolment (profile page, or at sign-in when a role requires it), the
 * sign-in ticket between the password and the code, code checks that accept a time step once,
 * and hashed one-time recovery codes. Secrets are sealed with SecretBox at rest.
 */
export class MfaService {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Db,
    secretKey: string,
    private readonly now: () => Date,
  ) {
    this.box = new SecretBox(secretKey);
  }

  async requiredFor(db: DbOrTx, userId: number): Promise<boolean> {
    const [row] = await queryRows<{ required: boolean | null }>(
      db,
      sql`SELECT bool_or(r.require_mfa) AS required FROM admin_user_role ur
          JOIN role r ON r.id = ur.role_id AND r.status = 'ENABLED' WHERE ur.user_id = ${userId}`,
    );
    return Boolean(row?.required);
  }

  /** What the login call answers after a correct password: null (no second step) or the challenge. */
  async challenge(user: MfaUser): Promise<MfaChallenge | null> {
    const enrolled = user.mfaSecret != null;
    if (!enrolled && !(await this.requiredFor(this.db, user.id))) return null;
    const ticket: Ticket = {
      u: user.id,
      e: this.now().getTime() + MFA_TICKET_SECONDS * 1000,
      v: user.tokenVersion,
    };
    let setup: MfaChallenge['mfa_setup'] = null;
    if (!enrolled) {
      ticket.s = newTotpSecret();
      setup = { secret: ticket.s, otpauth_url: otpauthUri(MFA_ISSUER, user.username, ticket.s) };
    }
    return { mfa_required: true, mfa_ticket: this.box.seal(JSON.stringify(ticket)), mfa_setup: setup };
  }

  /** The ticket's user and enrolment secret, or 401 when it is forged or expired. */
  openTicket(sealed: string): Ticket {
    try {
      const t = JSON.parse(this.box.open(sealed)) as Ticket;
      if (typeof t.u === 'number' && t.e > this.now().getTime()) return t;
    } catch (err) {
      if (!(err instanceof SecretBoxError) && !(err instanceof SyntaxError)) throw err;
    }
    throw new AppError(401, 'mfaTicketExpired');
  }

  /**
   * Checks a code against the user's secret (or the given enrolment secret) and spends it: a TOTP
   * step is accepted once (a conditional UPDATE, so two requests with one code get one success), a
   * recovery code is removed from the list. Returns false when the code is wrong or spent.
   */
  async spend(tx: DbOrTx, userId: number, secret: string, code: string): Promise<boolean> {
    const step = matchTotp(secret, code, this.now());
    if (step != null) {
      const won = await tx
        .update(adminUser)
        .set({ mfaLastStep: step })
        .where(and(eq(adminUser.id, userId), lt(adminUser.mfaLastStep, step)))
        .returning({ id: adminUser.id });
      return won.length > 0;
    }
    if (!/^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/.test(code.trim())) return false;
    const normalized = code.trim().toLowerCase().replace('-', '');
    const hash = hashRecoveryCode(`${normalized.slice(0, 5)}-${normalized.slice(5)}`);
    const used = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE admin_user SET mfa_recovery = array_remove(mfa_recovery, ${hash})
          WHERE id = ${userId} AND ${hash} = ANY(mfa_recovery) RETURNING id`,
    );
    return used.length > 0;
  }

  secretOf(user: { mfaSecret: string | null }): string | null {
    return user.mfaSecret ? this.box.open(user.mfaSecret) : null;
  }

  /**
   * Turns the second factor on with a fresh set of recovery codes (shown once). `firstOnly`: only
   * for an account without one (enrolling at sign-in), else null.
   */
  async enable(tx: DbOrTx, userId: number, secret: string): Promise<string[]>;
  async enable(
    tx: DbOrTx,
    userId: number,
    secret: string,
    opts: { firstOnly: true },
  ): Promise<string[] | null>;
  async enable(tx: DbOrTx, userId: number, secret: string, opts?: { firstOnly: true }) {
    const codes = newRecoveryCodes();
    const done = await tx
      .update(adminUser)
      .set({
        mfaSecret: this.box.seal(secret),
        mfaPendingSecret: null,
        mfaEnabledAt: this.now(),
        mfaRecovery: codes.map(hashRecoveryCode),
      })
      .where(and(eq(adminUser.id, userId), opts?.firstOnly ? isNull(adminUser.mfaSecret) : undefined))
      .returning({ id: adminUser.id });
    return done.length > 0 ? codes : null;
  }

  // ---- the profile page ------------------------------------------------------------------------

  async status(p: Principal): Promise<MfaStatus> {
    const [row] = await this.db
      .select({ secret: adminUser.mfaSecret, recovery: adminUser.mfaRecovery })
      .from(adminUser)
      .where(eq(adminUser.id, p.userId));
    return {
      enabled: row?.secret != null,
      required: await this.requiredFor(this.db, p.userId),
      recoveryCodesLeft: row?.recovery.length ?? 0,
    };
  }

  /** A new secret waiting for its first code (replaces any earlier pending one). */
  async setup(p: Principal): Promise<MfaSetup> {
    const secret = newTotpSecret();
    await this.db
      .update(adminUser)
      .set({ mfaPendingSecret: this.box.seal(secret) })
      .where(eq(adminUser.id, p.userId));
    return { secret, otpauthUrl: otpauthUri(MFA_ISSUER, p.username, secret) };
  }

  async confirmSetup(p: Principal, code: string, ip: string): Promise<MfaRecoveryCodes> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ pending: adminUser.mfaPendingSecret })
        .from(adminUser)
        .where(eq(adminUser.id, p.userId))
        .for('update');
      if (!row?.pending) throw new AppError(409, 'mfaNotPending');
      const secret = this.box.open(row.pending);
      if (!(await this.spend(tx, p.userId, secret, code))) throw fieldError('code', 'mfaCodeInvalid');
      const recoveryCodes = await this.enable(tx, p.userId, secret);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'auth.mfa.enable',
        targetType: 'admin_user',
        targetId: p.userId,
        summary: said('enrolled', { atSignIn: false }),
        ip,
      });
      return { recoveryCodes };
    });
  }

  /** New recovery codes (the old ones stop working); needs a current code. */
  async regenerateRecovery(p: Principal, code: string, ip: string): Promise<MfaRecoveryCodes> {
    return this.db.transaction(async (tx) => {
      const secret = await this.currentSecret(tx, p.userId);
      if (!(await this.spend(tx, p.userId, secret, code))) throw fieldError('code', 'mfaCodeInvalid');
      const recoveryCodes = newRecoveryCodes();
      await tx
        .update(adminUser)
        .set({ mfaRecovery: recoveryCodes.map(hashRecoveryCode) })
        .where(eq(adminUser.id, p.userId));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'auth.mfa.recovery',
        targetType: 'admin_user',
        targetId: p.userId,
        summary: said('new recovery codes', {}),
        ip,
      });
      return { recoveryCodes };
    });
  }

  async disable(p: Principal, code: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (await this.requiredFor(tx, p.userId)) throw new AppError(409, 'mfaRequiredByRole');
      const secret = await this.currentSecret(tx, p.userId);
      if (!(await this.spend(tx, p.userId, secret, code))) throw fieldError('code', 'mfaCodeInvalid');
      await tx
        .update(adminUser)
        .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaRecovery: [] })
        .where(eq(adminUser.id, p.userId));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'auth.mfa.disable',
        targetType: 'admin_user',
        targetId: p.userId,
        summary: said('second step turned off', {}),
        ip,
      });
    });
  }

  private async currentSecret(tx: DbOrTx, userId: number): Promise<string> {
    const [row] = await tx
      .select({ mfaSecret: adminUser.mfaSecret })
      .from(adminUser)
      .where(eq(adminUser.id, userId))
      .for('update');
    const secret = row ? this.secretOf(row) : null;
    if (!secret) throw new AppError(409, 'mfaNotPending');
    return secret;
  }
}
