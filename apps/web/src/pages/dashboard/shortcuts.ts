import { HOME_PATH } from '../../router/table';
import type { ResolvedRoute } from '../../router/types';
import { isExternal } from '../../utils/validate';

export interface Shortcut {
  path: string;
  title: string;
  icon?: string;
  /** A business page (it has a permission code), as opposed to dashboard or profile. */
  business: boolean;
}

/** The pages the user may open from the permitted tree (visible, no parameters, not the dashboard). */
export const shortcutsOf = (routes: readonly ResolvedRoute[], parentIcon?: string): Shortcut[] =>
  routes.flatMap((route) => {
    if (route.meta?.hidden) return [];
    const icon = route.meta?.icon ?? parentIcon;
    const own =
      route.page && route.meta?.title && route.fullPath !== HOME_PATH && !route.fullPath.includes(':')
        ? !isExternal(route.fullPath)
          ? [
              {
                path: route.fullPath,
                title: route.meta.title,
                icon,
                business: Boolean(route.meta.permission),
              },
            ]
          : []
        : [];
    return [...own, ...shortcutsOf(route.children ?? [], icon)];
  });
