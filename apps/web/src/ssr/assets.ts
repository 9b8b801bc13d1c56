import { flattenRoutes } from '../router/paths';
import { resolvedLayoutRoutes } from '../router/table';

/** A page module (`src/pages/…Page.tsx`) -> its own files in the client build (vite-plugins/ssr-bundle.ts). */
export type PageAssets = Readonly<Record<string, { css: string[]; js: string[] }>>;

/** What the SSR build adds to every page module (vite-plugins/ssr-bundle.ts): its source path. */
export const SOURCE_EXPORT = '__ssrSource';

/** The client build's files of a layout route's page, or undefined when the build does not list it. */
export const assetsOf = async (pages: PageAssets, routeId: string) => {
  const route = flattenRoutes(resolvedLayoutRoutes).find((r) => r.id === routeId);
  if (!route?.page) return undefined;
  const module = (await route.page()) as unknown as Record<string, unknown>;
  const source = module[SOURCE_EXPORT];
  return typeof source === 'string' ? pages[source] : undefined;
};
