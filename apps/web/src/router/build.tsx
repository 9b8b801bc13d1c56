import { type RouteObject, redirect } from 'react-router';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { usePermissionStore } from '../stores/permission';
import { isExternal } from '../utils/validate';
import { routeGuard } from './guard';
import { groupTarget } from './permission';
import type { ResolvedRoute, RouteHandle } from './types';

const handleOf = (route: ResolvedRoute): RouteHandle => ({
  id: route.id,
  fullPath: route.fullPath,
  ...(route.meta ? { meta: route.meta } : {}),
});

const lazyPage = (route: ResolvedRoute): RouteObject['lazy'] =>
  route.page
    ? async () => {
        const load = route.page;
        const module = load ? await load() : undefined;
        return { Component: module?.default ?? null };
      }
    : undefined;

/** A whole-screen page outside the layout: no permission check. */
export const toPublicRouteObject = (route: ResolvedRoute): RouteObject => ({
  id: route.id,
  path: route.path,
  handle: handleOf(route),
  lazy: lazyPage(route),
  ErrorBoundary: RouteErrorBoundary,
});

/**
 * A route inside the layout: guarded (permission, numeric ids); a group gets an index child that
 * redirects to its fixed target or its first permitted child. External links are menu entries only.
 */
export const toLayoutRouteObject = (route: ResolvedRoute): RouteObject => {
  const children = (route.children ?? []).filter((child) => !isExternal(child.path));
  return {
    id: route.id,
    path: route.path,
    handle: handleOf(route),
    middleware: [routeGuard(route.id, route.path)],
    lazy: lazyPage(route),
    ...(route.page ? { ErrorBoundary: RouteErrorBoundary } : {}),
    ...(route.children
      ? {
          children: [
            {
              index: true,
              loader: () => {
                const target = groupTarget(usePermissionStore.getState().routes, route.id);
                return redirect(target ?? '/404');
              },
            },
            ...children.map(toLayoutRouteObject),
          ],
        }
      : {}),
  };
};
