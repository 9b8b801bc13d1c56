import { matchPath } from 'react-router';
import { requestEarly } from './api/http';
import { loadAreaMessages } from './i18n';
import { loadLayout } from './router';
import { withAreaMessages } from './router/group';
import { flattenRoutes } from './router/paths';
import { HOME_PATH, resolvedLayoutRoutes, resolvedPublicRoutes, WHITELIST } from './router/table';
import type { ResolvedRoute } from './router/types';
import { loginPath } from './session/redirect';
import { startSessionEarly } from './session/session';
import { getToken } from './session/token';
import { linkPageStyles } from './theme/antdStyles';
import { isExternal } from './utils/validate';

const pagesOf = (routes: ResolvedRoute[]) =>
  flattenRoutes(routes).filter((r) => r.page && !isExternal(r.fullPath));

/** The page route a path opens (the first match, as in the route table). */
const pageFor = (routes: ResolvedRoute[], pathname: string) =>
  pagesOf(routes).find((r) => matchPath({ path: r.fullPath, end: true }, pathname));

const preload = (route: ResolvedRoute | undefined) => {
  // A chunk that fails here is requested again (and reported) when the router needs it.
  route?.page?.().catch(() => undefined);
};

/**
 * The list call a page declares in `meta.firstList`, as ResourceTable makes it for a plain URL
 * (components/ResourceTable/listState.ts: page 1, the default page size, the default sort, no
 * filters); a URL with a query is left to the page (its filters decide the call).
 */
/** DEFAULT_PAGE_SIZE of @educrm/contract/list (whose schemas would bring zod into the entry; boot.test.ts). */
export const FIRST_PAGE_SIZE = 20;

export const firstListCall = (route: ResolvedRoute | undefined, search: string) => {
  const list = route?.meta?.firstList;
  if (!list || search.replace(/^\?/, '') !== '') return undefined;
  const params: Record<string, string | number> = { page: 1, pageSize: FIRST_PAGE_SIZE };
  if (list.sort) params.sort = list.sort;
  return { url: list.url, params };
};

/**
 * What the entry script starts before the language file has loaded and the router exists, so a
 * first load is not a chain (entry -> language -> router -> session info -> layout -> page):
 * - no token, a path outside the whitelist: the address becomes /login?redirect=<path and query>
 *   at once (spec section 4, as the guard does), so the router only ever matches and loads the
 *   login page: a deep link downloads nothing of the page it names;
 * - a token: the session info call starts now (the guard awaits this one), and the layout's and
 *   the target page's chunks are requested with it (Vite's preload map adds `modulepreload` links
 *   for every chunk they import), all in parallel with the language file, and a list page's first
 *   call (meta.firstList), handed to the page's identical call when it makes it (api/early.ts),
 *   and, for a page other than the dashboard, antd's prebuilt styles of tables and forms;
 * - a page outside the layout (login, 401, 404): its chunk, in parallel with the language file.
 */
export const boot = () => {
  const { pathname, search } = window.location;
  const token = getToken();
  if (!token) {
    if (WHITELIST.includes(pathname)) preload(pageFor(resolvedPublicRoutes, pathname));
    else {
      window.history.replaceState(window.history.state, '', loginPath(`${pathname}${search}`));
      preload(pageFor(resolvedPublicRoutes, '/login'));
    }
    return;
  }
  if (pathname === '/auth-redirect') return;
  startSessionEarly(token);
  const publicPage = pathname === '/login' ? undefined : pageFor(resolvedPublicRoutes, pathname);
  if (publicPage) return preload(publicPage);
  // Signed in, /login and / go home (the guard's and the table's redirects).
  const target = pathname === '/' || pathname === '/login' ? HOME_PATH : pathname;
  // The dashboard draws only the layout's antd components; a business page adds tables and forms.
  if (target !== HOME_PATH) linkPageStyles();
  const page = pageFor(resolvedLayoutRoutes, target);
  const list = firstListCall(page, search);
  if (list) requestEarly(list.url, list.params);
  // A business page's messages file (one per language), also before the chunks.
  if (withAreaMessages(page?.meta)) loadAreaMessages().catch(() => undefined);
  // The chunks one task later: axios sends the info and list calls after a few microtasks, and
  // Vite's preload helper adds its modulepreload links at once; on HTTP/1.1 (six connections) a
  // request is sent in the order it was made, so the calls the guard and the page wait for would
  // otherwise be the last in line behind ~45-95 chunks (bench/README.md, #17 round 5).
  setTimeout(() => {
    preload(page);
    loadLayout().catch(() => undefined);
  }, 0);
};
