import { type MiddlewareFunction, redirect } from 'react-router';
import { showError } from '../components/feedback';
import i18n from '../i18n';
import { loginPath } from '../session/redirect';
import { resetSession, sessionFor } from '../session/session';
import { getToken } from '../session/token';
import { isRoutePermitted, usePermissionStore } from '../stores/permission';
import { hasInvalidNumericParam } from './paths';
import { WHITELIST } from './table';

/** The reason a failed session load shows (spec sections 4 and 8). */
const reasonOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : i18n.t('session.hasError');

/**
 * Root middleware, before any page (spec section 4). No token: only the whitelist opens, anything
 * else goes to /login?redirect=<path with its query> (on a first load boot.ts has done that before
 * the router existed). Token: /login goes home; the first navigation loads the user's info and builds the permitted routes; on failure the token is
 * cleared, the reason shown and the user sent to log in.
 */
export const authGuard: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  const fullPath = `${url.pathname}${url.search}`;
  const token = getToken();
  if (!token) {
    if (WHITELIST.includes(url.pathname)) return;
    throw redirect(loginPath(fullPath));
  }
  if (url.pathname === '/login') throw redirect('/');
  if (url.pathname === '/auth-redirect') return;
  if (usePermissionStore.getState().ready) return;
  try {
    // Started by the entry script already (boot.ts) on a first load.
    await sessionFor(token);
  } catch (error) {
    resetSession();
    showError(reasonOf(error));
    throw redirect(loginPath(fullPath));
  }
};

/**
 * Per-route middleware inside the layout: a route the user may not open shows /401; a non-numeric
 * `:id` is a 404.
 */
export const routeGuard =
  (id: string, path: string): MiddlewareFunction =>
  ({ params }) => {
    if (!isRoutePermitted(id)) throw redirect('/401');
    if (hasInvalidNumericParam(path, params)) throw redirect('/404');
  };
