import { ALL_PAGES } from '@educrm/contract/access';
import type { AppRoute, PageModule, RouteMeta } from './types';

/**
 * Helpers for business modules (src/router/modules/<group>.tsx). A page takes its path, its
 * permission code and its documented default roles from the contract (packages/contract access.ts),
 * so the route table and the server can never disagree about them.
 *
 *   export const clientRoutes = groupRoute('client', { title: 'client', icon: 'team' }, [
 *     pageRoute('client.list', { title: 'clientList', page: () => import('../../pages/client/list') }),
 *   ]);
 *
 * and add `clientRoutes` to `moduleRoutes` in routes.tsx.
 */
export const pageRoute = (
  code: string,
  options: { page: () => Promise<PageModule>; title: string } & Omit<
    RouteMeta,
    'permission' | 'roles' | 'title'
  >,
): AppRoute => {
  const def = ALL_PAGES.find((p) => p.code === code);
  if (!def) throw new Error(`Unknown page code "${code}" (see packages/contract/src/access.ts)`);
  const { page, ...meta } = options;
  return { id: code, path: def.path, page, meta: { ...meta, permission: code, roles: def.roles } };
};

/** A menu group at `/<key>`: its path redirects to its first permitted child. */
export const groupRoute = (
  key: string,
  meta: Pick<RouteMeta, 'title' | 'icon' | 'alwaysShow' | 'hidden'>,
  children: AppRoute[],
): AppRoute => ({ id: `group:${key}`, path: `/${key}`, meta, children });
