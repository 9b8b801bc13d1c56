import type { ResolvedRoute } from './types';

/** What the user holds: admin sees every route; others the routes whose page code they hold. */
export interface Access {
  isAdmin: boolean;
  codes: ReadonlySet<string>;
}

/** A route without a permission code is open to everyone (spec section 6). */
export const canAccess = (route: ResolvedRoute, access: Access): boolean =>
  access.isAdmin || !route.meta?.permission || access.codes.has(route.meta.permission);

/**
 * The permitted tree: routes the user may open, children filtered the same way, and groups left
 * without any child dropped (so empty groups are hidden and their path is not permitted).
 */
export const filterRoutes = (routes: readonly ResolvedRoute[], access: Access): ResolvedRoute[] =>
  routes.flatMap((route) => {
    if (!canAccess(route, access)) return [];
    if (!route.children) return [route];
    const children = filterRoutes(route.children, access);
    if (children.length === 0 && !route.page) return [];
    return [{ ...route, children }];
  });

export const collectIds = (routes: readonly ResolvedRoute[]): Set<string> => {
  const ids = new Set<string>();
  const visit = (list: readonly ResolvedRoute[]) => {
    for (const route of list) {
      ids.add(route.id);
      visit(route.children ?? []);
    }
  };
  visit(routes);
  return ids;
};

const findById = (routes: readonly ResolvedRoute[], id: string): ResolvedRoute | undefined => {
  for (const route of routes) {
    if (route.id === id) return route;
    const found = findById(route.children ?? [], id);
    if (found) return found;
  }
  return undefined;
};

const isExternalPath = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

/**
 * Where a group path goes: its fixed redirect, else its first permitted child that can be opened
 * without parameters (visible children first). Null when the group has no such child.
 */
export const groupTarget = (permitted: readonly ResolvedRoute[], groupId: string): string | null => {
  const group = findById(permitted, groupId);
  if (!group) return null;
  if (group.redirect) return group.redirect;
  const candidates = (group.children ?? []).filter(
    (child) => !isExternalPath(child.fullPath) && !child.fullPath.includes(':'),
  );
  const first = candidates.find((child) => !child.meta?.hidden) ?? candidates[0];
  return first?.fullPath ?? null;
};
