import { ALL_PAGES } from '@educrm/contract/access';
import { loadAreaMessages } from '../i18n';
import type { AppRoute, PageModule, RouteMeta } from './types';

/**
 * Helpers for business modules (src/router/modules/<group>.tsx). A page takes its path, its
 * permission code and its documented default roles from the contract (packages/contract access.ts),
 * so the route table and the server can never disagree about them.
 *
 *   export const clientRoutes = groupRoute('client', { title: 'client', icon: 'team' }, [
 *     pageRoute('client.list', { page: () => import('../../pages/client/list') }), // title: route.clientList
 *   ]);
 *
 * and add `clientRoutes` to `moduleRoutes` in routes.tsx.
 */
/**
 * The title key (under `route.*`) of a page code: its camel case ('client.list' -> 'clientList',
 * 'system.admin-list' -> 'systemAdminList'). System > Roles labels its permission tree with these,
 * so a module's pageRoute should use `title: pageTitleKey(code)` (the default).
 */
export const pageTitleKey = (code: string): string =>
  code.replace(/[.-]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const pageRoute = (
  code: string,
  options: { page: () => Promise<PageModule>; title?: string } & Omit<
    RouteMeta,
    'permission' | 'roles' | 'title'
  >,
): AppRoute => {
  const def = ALL_PAGES.find((p) => p.code === code);
  if (!def) throw new Error(`Unknown page code "${code}" (see packages/contract/src/access.ts)`);
  const { page, title = pageTitleKey(code), ...meta } = options;
  // A business page comes with the business areas' messages (one chunk per language, see
  // i18n/index.ts), asked for before the page's chunk so it is not queued behind its preloads.
  const withMessages = () => {
    const messages = loadAreaMessages();
    return Promise.all([page(), messages]).then(([module]) => module);
  };
  return {
    id: code,
    path: def.path,
    page: withMessages,
    meta: { ...meta, title, permission: code, roles: def.roles },
  };
};

/** Whether a route's page comes with the business areas' messages (every pageRoute has a permission). */
export const withAreaMessages = (meta: RouteMeta | undefined): boolean => Boolean(meta?.permission);

/** A menu group at `/<key>`: its path redirects to its first permitted child. */
export const groupRoute = (
  key: string,
  meta: Pick<RouteMeta, 'title' | 'icon' | 'alwaysShow' | 'hidden'>,
  children: AppRoute[],
): AppRoute => ({ id: `group:${key}`, path: `/${key}`, meta, children });
