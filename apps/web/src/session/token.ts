import type { TokenResult } from '@educrm/contract/auth';
import { COOKIE } from '@educrm/contract/constants';
import Cookies from 'js-cookie';
import { localDateOf } from './clock';

/**
 * The session lives in three cookies (spec section 4), shared by every tab: the token, its expiry
 * and its refresh time (server unix seconds). They expire with the token, SameSite=Strict, Secure
 * over https. Every request reads the token from here, so a refresh in one tab reaches all tabs.
 */
export interface StoredToken {
  token: string;
  expire: number;
  refreshAfter: number;
}

const NAMES = [COOKIE.token, COOKIE.tokenExpire, COOKIE.tokenRefresh] as const;

const attributes = (expires?: Date): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'Strict',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
  ...(expires ? { expires } : {}),
});

export const getToken = (): string | undefined => Cookies.get(COOKIE.token) || undefined;

export const readToken = (): StoredToken | null => {
  const token = getToken();
  if (!token) return null;
  return {
    token,
    expire: Number(Cookies.get(COOKIE.tokenExpire)) || 0,
    refreshAfter: Number(Cookies.get(COOKIE.tokenRefresh)) || 0,
  };
};

export const writeToken = (result: TokenResult) => {
  const attrs = attributes(localDateOf(result.access_expire));
  Cookies.set(COOKIE.token, result.access_token, attrs);
  Cookies.set(COOKIE.tokenExpire, String(result.access_expire), attrs);
  Cookies.set(COOKIE.tokenRefresh, String(result.refresh_after), attrs);
};

export const clearToken = () => {
  for (const name of NAMES) Cookies.remove(name, attributes());
};
