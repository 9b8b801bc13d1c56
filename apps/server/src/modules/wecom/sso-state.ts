import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../lib/same-secret';

/**
 * The `state` of a WeCom sign-in: `appId.issuedAt.random.hmac`. The HMAC also covers the browser's
 * sign-in nonce (auth/signin-nonce.ts), so a state only works in the browser it was issued to, for
 * 10 minutes.
 */
export const SSO_STATE_TTL_MS = 10 * 60_000;

const mac = (secretKey: string, body: string, nonce: string) =>
  createHmac('sha256', secretKey).update(`wecom-sso:${body}|${nonce}`).digest('base64url');

export const newSsoState = (secretKey: string, appId: number, nonce: string, now: Date): string => {
  const body = `${appId}.${now.getTime()}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${mac(secretKey, body, nonce)}`;
};

/** The app id of a state issued to this browser (its nonce) and not expired, else null. */
export const ssoStateApp = (
  secretKey: string,
  state: string,
  nonce: string | undefined,
  now: Date,
): number | null => {
  const parts = state.split('.');
  if (!nonce || parts.length !== 4) return null;
  if (!sameSecret(parts[3] as string, mac(secretKey, parts.slice(0, 3).join('.'), nonce))) return null;
  if (now.getTime() - Number(parts[1]) > SSO_STATE_TTL_MS) return null;
  return Number(parts[0]);
};
