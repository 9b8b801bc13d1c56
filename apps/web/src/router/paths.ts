import { isExternal } from '../utils/validate';
import type { AppRoute, ResolvedRoute } from './types';

/** A child path against its parent: absolute and external paths stand alone. */
export const resolvePath = (base: string, path: string): string => {
  if (isExternal(path)) return path;
  if (path.startsWith('/')) return path;
  const joined = `${base.replace(/\/+$/, '')}/${path}`;
  return joined.replace(/\/{2,}/g, '/') || '/';
};

export const resolveRoutes = (routes: readonly AppRoute[], base = '/'): ResolvedRoute[] =>
  routes.map((route): ResolvedRoute => {
    const { children, ...rest } = route;
    const fullPath = resolvePath(base, route.path);
    return children
      ? { ...rest, fullPath, children: resolveRoutes(children, fullPath) }
      : { ...rest, fullPath };
  });

/** Every route of a tree, depth first. */
export const flattenRoutes = <T extends AppRoute & { children?: T[] }>(routes: readonly T[]): T[] =>
  routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);

const NUMERIC_PARAM = /^(id|\w+Id)$/;

/** Spec section 5: `:id` (and `:somethingId`) params are digits only; a route with another value is a 404. */
export const hasInvalidNumericParam = (path: string, params: Record<string, string | undefined>): boolean =>
  [...path.matchAll(/:(\w+)/g)].some(([, name]) => {
    if (!name || !NUMERIC_PARAM.test(name)) return false;
    return !/^\d+$/.test(params[name] ?? '');
  });
