import type { ResolvedRoute } from '../../router/types';
import { isExternal } from '../../utils/validate';

/** One sidebar entry: a link (internal or external) or a submenu. */
export interface MenuNode {
  key: string;
  title?: string;
  icon?: string;
  path: string;
  external: boolean;
  children?: MenuNode[];
}

const visible = (routes: readonly ResolvedRoute[] = []) => routes.filter((r) => !r.meta?.hidden);

/**
 * The sidebar tree (spec section 2, the template's rules): hidden routes are skipped; a group with
 * one visible child that has no children of its own (or with none, the group standing in) shows as
 * that single link unless `alwaysShow`; a link needs a title; otherwise a submenu.
 */
export const buildMenu = (routes: readonly ResolvedRoute[]): MenuNode[] =>
  visible(routes).flatMap((route): MenuNode[] => {
    const children = visible(route.children);
    const only = children.length === 1 ? children[0] : children.length === 0 ? route : undefined;
    if (only && !visible(only === route ? [] : only.children).length && !route.meta?.alwaysShow) {
      const title = only.meta?.title ?? (only === route ? undefined : route.meta?.title);
      if (!title) return [];
      return [
        {
          key: only.fullPath,
          title,
          icon: only.meta?.icon ?? route.meta?.icon,
          path: only.fullPath,
          external: isExternal(only.fullPath),
        },
      ];
    }
    const sub = buildMenu(route.children ?? []);
    if (!route.meta?.title || sub.length === 0) return sub;
    return [
      {
        key: route.fullPath,
        title: route.meta.title,
        icon: route.meta.icon,
        path: route.fullPath,
        external: false,
        children: sub,
      },
    ];
  });

/** The submenu keys that contain a path (to open them for the active entry). */
export const openKeysFor = (nodes: readonly MenuNode[], path: string): string[] => {
  for (const node of nodes) {
    if (!node.children) continue;
    if (node.children.some((c) => c.path === path)) return [node.key];
    const deeper = openKeysFor(node.children, path);
    if (deeper.length) return [node.key, ...deeper];
  }
  return [];
};
