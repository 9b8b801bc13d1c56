import type { ResolvedRoute } from '../../router/types';
import { NO_NAME, type TagView } from '../../stores/tags';

/** Affix tabs of the permitted tree, in route-table order (spec: pinned tabs first). */
export const affixViews = (routes: readonly ResolvedRoute[]): TagView[] =>
  routes.flatMap((route) => [
    ...(route.meta?.affix && route.page
      ? [{ path: route.fullPath, fullPath: route.fullPath, title: route.meta.title ?? NO_NAME, affix: true }]
      : []),
    ...affixViews(route.children ?? []),
  ]);
