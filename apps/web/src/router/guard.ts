import { type MiddlewareFunction, redirect } from 'react-router';
import { isApiError } from '../api/errors';
import { showError } from '../components/feedback';
import i18n from '../i18n';
import { loginPath } from '../session/redirect';
import { resetSession, sessionFor } from '../session/session';
import { getToken } from '../session/token';
import { isRoutePermitted, usePermissionStore } from '../stores/permission';
import { hasInvalidNumericParam } from './paths';
import { WHITELIST } from './table';

/** A failure that says nothing about the session: no answer, or the server failing. */
const isTransient = (error: unknown): boolean =>
  isApiError(error) &&
  (error.status === undefined || error.status === 0 || error.status === 429 || error.status >= 500);

/** The reason a failed session load shows (spec sections 4 and 8). */
const reasonOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : i18n.t('session.hasError');

/**
 * Root middleware, before any page (spec section 4). No token: only the whitelist opens, anything
 * else goes to /login?redirect=<path with its query> (on a first load boot.ts has done that before
 * the router existed). Token: /login goes home; the first navigation loads the user's info and builds the permitted routes; when the server
 * refuses it (401, no data, no role) the token is cleared, the reason shown and the user sent to log
 * in. A call that got no answer (timeout, network) or a failing server keeps the session: the root
 * error element shows the reason and a reload (a loaded server must not sign a working user out).
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
    // No answer, or the server failing (timeout, network, 5xx, 429): the session may well be fine.
    // Keep it, and let the root error element offer a reload; only a refusal signs out.
    if (isTransient(error)) throw error;
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
