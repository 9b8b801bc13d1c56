import { randomUUID } from 'node:crypto';
import { broadestScope, type DataScope, effectiveCodes } from '@educrm/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { session } from '../../db/schema';
import type { Principal } from '../../types';
import { keyFromSecret, signAccessToken, verifyAccessToken } from './tokens';

/** How long a refreshed-away token keeps working, so requests in flight and other tabs finish. */
export const REFRESH_GRACE_SECONDS = 30;

export interface TokenTimes {
  accessTtl: number;
  refreshWindow: number;
  sessionMaxAge: number;
}

export interface IssuedToken {
  access_token: string;
  access_expire: number;
  refresh_after: number;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export class SessionService {
  private readonly key: Uint8Array;
  constructor(
    private readonly db: Db,
    secret: string,
    private readonly times: TokenTimes,
  ) {
    this.key = keyFromSecret(secret);
  }

  private async sign(
    userId: number,
    sid: string,
    jti: string,
    iat: number,
    exp: number,
  ): Promise<IssuedToken> {
    const token = await signAccessToken(this.key, { sub: String(userId), sid, jti, iat, exp });
    return {
      access_token: token,
      access_expire: exp,
      refresh_after: Math.max(iat, exp - this.times.refreshWindow),
    };
  }

  /** Token expiry never passes the session's absolute age. */
  private expiryFor(iat: number, absoluteExpires: Date) {
    return Math.min(iat + this.times.accessTtl, unix(absoluteExpires));
  }

  async create(
    tx: DbOrTx,
    user: { id: number; tokenVersion: number },
    now: Date,
    ip: string,
    userAgent: string,
  ): Promise<{ sid: string; token: IssuedToken }> {
    const sid = randomUUID();
    const jti = randomUUID();
    const iat = unix(now);
    const absoluteExpiresAt = new Date(now.getTime() + this.times.sessionMaxAge * 1000);
    const exp = this.expiryFor(iat, absoluteExpiresAt);
    await tx.insert(session).values({
      id: sid,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      currentJti: jti,
      currentIat: iat,
      currentExp: exp,
      authTime: now,
      absoluteExpiresAt,
      lastSeenAt: now,
      ip,
      userAgent,
    });
    return { sid, token: await this.sign(user.id, sid, jti, iat, exp) };
  }

  verify(token: string, now: Date) {
    return verifyAccessToken(this.key, token, now);
  }

  /**
   * Loads the principal behind a token in one query: the session must be live and name this token
   * (or the previous one within its grace), the user enabled and on the same token version.
   */
  async authenticate(token: string, now: Date): Promise<Principal | null> {
    const claims = await this.verify(token, now);
    if (!claims) return null;
    const [row] = await queryRows<{
      user_id: number;
      username: string;
      nickname: string;
      department_id: number | null;
      roles: { key: string; scope: DataScope; perms: string[] }[] | null;
    }>(
      this.db,
      sql`
      SELECT u.id AS user_id, u.username, u.nickname, u.department_id,
        (SELECT json_agg(json_build_object('key', r.key, 'scope', r.data_scope, 'perms', r.permissions))
           FROM admin_user_role ur JOIN role r ON r.id = ur.role_id AND r.status = 'ENABLED'
          WHERE ur.user_id = u.id) AS roles
      FROM session s JOIN admin_user u ON u.id = s.user_id
      WHERE s.id = ${claims.sid}
        AND s.user_id = ${Number(claims.sub)}
        AND s.revoked_at IS NULL
        AND s.absolute_expires_at > ${now}
        AND (s.current_jti = ${claims.jti} OR (s.prev_jti = ${claims.jti} AND s.prev_valid_until > ${now}))
        AND u.status = 'ENABLED' AND u.deleted = false
        AND u.token_version = s.token_version`,
    );
    if (!row) return null;
    const roles = row.roles ?? [];
    const roleKeys = roles.map((r) => r.key).sort();
    return {
      userId: Number(row.user_id),
      username: row.username,
      nickname: row.nickname,
      departmentId: row.department_id == null ? null : Number(row.department_id),
      sessionId: claims.sid,
      jti: claims.jti,
      roleKeys,
      permissions: new Set(
        effectiveCodes(
          roleKeys,
          roles.flatMap((r) => r.perms ?? []),
        ),
      ),
      dataScope: roles.length ? broadestScope(roles.map((r) => r.scope)) : 'SELF',
      isAdmin: roleKeys.includes('admin'),
    };
  }

  /**
   * Rotates the token of a session. Outcomes: a new token; the same successor again when the old
   * token is presented within the grace (another tab got there first); or a replay, which revokes
   * the whole session.
   */
  async refresh(
    token: string,
    now: Date,
  ): Promise<
    | { kind: 'rotated' | 'grace'; token: IssuedToken; sid: string; userId: number }
    | { kind: 'too-early' | 'invalid' | 'max-age' }
    | { kind: 'replay'; sid: string; userId: number }
  > {
    const claims = await this.verify(token, now);
    if (!claims) return { kind: 'invalid' };
    const nowSec = unix(now);
    const [row] = await this.db
      .select()
      .from(session)
      .where(and(eq(session.id, claims.sid), isNull(session.revokedAt)));
    if (!row || row.userId !== Number(claims.sub)) return { kind: 'invalid' };
    if (row.absoluteExpiresAt <= now) return { kind: 'max-age' };

    if (row.prevJti === claims.jti) {
      if (row.prevValidUntil && row.prevValidUntil > now) {
        return {
          kind: 'grace',
          sid: row.id,
          userId: row.userId,
          token: await this.sign(row.userId, row.id, row.currentJti, row.currentIat, row.currentExp),
        };
      }
      await this.revoke(row.id, 'refresh-replay', now);
      return { kind: 'replay', sid: row.id, userId: row.userId };
    }
    if (row.currentJti !== claims.jti) {
      await this.revoke(row.id, 'refresh-replay', now);
      return { kind: 'replay', sid: row.id, userId: row.userId };
    }
    if (nowSec < claims.exp - this.times.refreshWindow) return { kind: 'too-early' };
    if (unix(row.absoluteExpiresAt) <= nowSec) return { kind: 'max-age' };

    const jti = randomUUID();
    const exp = this.expiryFor(nowSec, row.absoluteExpiresAt);
    // Compare-and-swap on the current jti: of two concurrent refreshes exactly one rotates.
    const swapped = await this.db
      .update(session)
      .set({
        prevJti: claims.jti,
        prevValidUntil: new Date(now.getTime() + REFRESH_GRACE_SECONDS * 1000),
        currentJti: jti,
        currentIat: nowSec,
        currentExp: exp,
        lastSeenAt: now,
      })
      .where(and(eq(session.id, row.id), eq(session.currentJti, claims.jti), isNull(session.revokedAt)))
      .returning({ id: session.id });
    if (swapped.length === 0) return this.refresh(token, now);
    return {
      kind: 'rotated',
      sid: row.id,
      userId: row.userId,
      token: await this.sign(row.userId, row.id, jti, nowSec, exp),
    };
  }

  async revoke(sid: string, reason: string, now: Date, tx: DbOrTx = this.db): Promise<boolean> {
    const res = await tx
      .update(session)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(session.id, sid), isNull(session.revokedAt)))
      .returning({ id: session.id });
    return res.length > 0;
  }

  /** Ends every live session of a user (disable, password change); `exceptSid` keeps the caller's. */
  async revokeAllOf(userId: number, reason: string, now: Date, tx: DbOrTx = this.db, exceptSid?: string) {
    const res = await queryRows<{ id: string }>(
      tx,
      sql`
      UPDATE session SET revoked_at = ${now}, revoked_reason = ${reason}
      WHERE user_id = ${userId} AND revoked_at IS NULL ${exceptSid ? sql`AND id <> ${exceptSid}` : sql``}
      RETURNING id`,
    );
    return res.length;
  }
}
