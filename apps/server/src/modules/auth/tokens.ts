import { createSecretKey, type KeyObject, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const TOKEN_ISSUER = 'educrm';
export const TOKEN_AUDIENCE = 'educrm-console';

export interface AccessClaims {
  sub: string;
  sid: string;
  jti: string;
  iat: number;
  exp: number;
}

/** Imported once: jose would otherwise import raw key bytes on every sign and verify. */
export const keyFromSecret = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));
/** The same key as a WebCrypto key: jose's verify then skips its per-call import. */
export const cryptoKeyFromSecret = (secret: string): Promise<webcrypto.CryptoKey> =>
  webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

/** HS256 signing is deterministic: the same claims give the same token (used by the refresh grace). */
export const signAccessToken = (key: KeyObject, claims: AccessClaims): Promise<string> =>
  new SignJWT({ sid: claims.sid, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(key);

/** Verifies signature, algorithm, issuer, audience, type and expiry; null when anything is off. */
export const verifyAccessToken = async (
  key: KeyObject | webcrypto.CryptoKey,
  token: string,
  now: Date,
): Promise<AccessClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
    });
    if (payload.typ !== 'access' || typeof payload.sid !== 'string') return null;
    return {
      sub: payload.sub as string,
      sid: payload.sid,
      jti: payload.jti as string,
      iat: payload.iat as number,
      exp: payload.exp as number,
    };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
};
