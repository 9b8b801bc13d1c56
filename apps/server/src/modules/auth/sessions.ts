import { type KeyObject, randomUUID, type webcrypto } from 'node:crypto';
import { broadestScope, type DataScope, effectiveCodes } from '@educrm/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Database, type Db, type DbOrTx, queryRows } from '../../db/client';
import { session } from '../../db/schema';
import type { Principal } from '../../types';
import { AuthCache } from './auth-cache';
import { cryptoKeyFromSecret, keyFromSecret, signAccessToken, verifyAccessToken } from './tokens';

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

/**
 * The per-request session check: the session must be live and name this token (or the previous
 * one within its grace), the user enabled and on the same token version. Constant text: prepared.
 */
const AUTHENTICATE_SQL = `
  SELECT u.id AS user_id, u.username, u.nickname, u.department_id, u.avatar_url, u.introduction, u.lang,
         s.current_jti, s.prev_valid_until, s.absolute_expires_at,
         r.key AS role_key, r.data_scope, CASE WHEN r.key = 'admin' THEN NULL ELSE r.permissions END AS permissions
  FROM session s
  JOIN admin_user u ON u.id = s.user_id
  LEFT JOIN admin_user_role ur ON ur.user_id = u.id
  LEFT JOIN role r ON r.id = ur.role_id AND r.status = 'ENABLED'
  WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.absolute_expires_at > $3
    AND (s.current_jti = $4 OR (s.prev_jti = $4 AND s.prev_valid_until > $3))
    AND u.status = 'ENABLED' AND u.deleted = false AND u.token_version = s.token_version`;

export class SessionService {
  private readonly key: KeyObject;
  private readonly db: Db;
  constructor(
    private readonly database: Database,
    private readonly secret: string,
    private readonly times: TokenTimes,
    readonly cache: AuthCache = new AuthCache(),
  ) {
    this.db = database.db;
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

  private verifyKey: Promise<webcrypto.CryptoKey> | null = null;
  verify(token: string, now: Date) {
    if (!this.verifyKey) this.verifyKey = cryptoKeyFromSecret(this.secret);
    return this.verifyKey.then((key) => verifyAccessToken(key, token, now));
  }

  /**
   * Loads the principal behind a token in one query: the session must be live and name this token
   * (or the previous one within its grace), the user enabled and on the same token version.
   */
  async authenticate(token: string, now: Date): Promise<Principal | null> {
    // Keyed by the exact token: a hit skips the signature check too (it was checked when cached,
    // and the entry never outlives the token's expiry).
    const cached = this.cache.get(token, now.getTime());
    if (cached) return cached;
    const epoch = this.cache.begin();
    const claims = await this.verify(token, now);
    if (!claims) return null;
    // One row per enabled role of the user (one row with NULL role columns when it has none).
    const rows = await this.database.prepared<{
      user_id: number | string;
      username: string;
      nickname: string;
      department_id: number | string | null;
      avatar_url: string;
      introduction: string;
      lang: string | null;
      current_jti: string;
      prev_valid_until: Date | string | null;
      absolute_expires_at: Date | string;
      role_key: string | null;
      data_scope: DataScope | null;
      permissions: string[] | null;
    }>('educrm_authenticate', AUTHENTICATE_SQL, [claims.sid, Number(claims.sub), now, claims.jti]);
    const row = rows[0];
    if (!row) return null;
    const roles = rows.filter((r) => r.role_key != null);
    const roleKeys = roles.map((r) => r.role_key as string).sort();
    const codes = effectiveCodes(
      roleKeys,
      roles.flatMap((r) => r.permissions ?? []),
    ).sort();
    const principal: Principal = {
      userId: Number(row.user_id),
      username: row.username,
      nickname: row.nickname,
      departmentId: row.department_id == null ? null : Number(row.department_id),
      sessionId: claims.sid,
      jti: claims.jti,
      roleKeys,
      permissions: new Set(codes),
      permissionList: codes,
      dataScope: roles.length ? broadestScope(roles.map((r) => r.data_scope as DataScope)) : 'SELF',
      isAdmin: roleKeys.includes('admin'),
      avatarUrl: row.avatar_url,
      introduction: row.introduction,
      lang: row.lang,
    };
    // Cached no longer than this token is valid: its expiry, the session's age, and the grace of a
    // refreshed-away token.
    const validUntil = Math.min(
      claims.exp * 1000,
      new Date(row.absolute_expires_at).getTime(),
      row.current_jti === claims.jti
        ? Number.POSITIVE_INFINITY
        : new Date(row.prev_valid_until ?? 0).getTime(),
    );
    this.cache.set(token, principal, validUntil, now.getTime(), epoch);
    return principal;
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
