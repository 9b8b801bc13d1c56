import { ADMIN_ROLE } from '@educrm/contract/access';
import { matchPath } from 'react-router';
import { create } from 'zustand';
import { flattenRoutes } from '../router/paths';
import { type Access, collectIds, filterRoutes } from '../router/permission';
import { resolvedLayoutRoutes } from '../router/table';
import type { ResolvedRoute } from '../router/types';

/**
 * The permitted route tree, built from the user's roles and permission codes after /admin/info.
 * The router itself keeps the whole static table; its middleware asks `isPermitted(routeId)`.
 */
export interface PermissionState {
  ready: boolean;
  routes: ResolvedRoute[];
  ids: ReadonlySet<string>;
  generate: (roles: readonly string[], codes: readonly string[]) => void;
  reset: () => void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  ready: false,
  routes: [],
  ids: new Set(),
  generate: (roles, codes) => {
    const access: Access = { isAdmin: roles.includes(ADMIN_ROLE), codes: new Set(codes) };
    const routes = filterRoutes(resolvedLayoutRoutes, access);
    set({ ready: true, routes, ids: collectIds(routes) });
  },
  reset: () => set({ ready: false, routes: [], ids: new Set() }),
}));

export const isRoutePermitted = (id: string) => usePermissionStore.getState().ids.has(id);

/** Whether a concrete path (e.g. a restored tab) is a page of the permitted tree. */
export const isPathPermitted = (pathname: string): boolean =>
  flattenRoutes(usePermissionStore.getState().routes).some(
    (route) => Boolean(route.page) && matchPath({ path: route.fullPath, end: true }, pathname) !== null,
  );
