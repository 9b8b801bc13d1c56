import type { ResolvedRoute } from '../../router/types';
import { isExternal } from '../../utils/validate';

/** One searchable page: its path, its title chain (group > page) and, in zh, the pinyin of its title. */
export interface SearchEntry {
  path: string;
  title: string[];
  external: boolean;
  pinyinTitle?: string;
}

/**
 * The search pool from the permitted routes (spec section 2, the template's rules): hidden routes
 * and their subtree are skipped; a route with a title becomes an entry titled by its ancestors'
 * titles and its own; routes with parameters (edit/:id) cannot be opened from a search.
 */
export const buildPool = (
  routes: readonly ResolvedRoute[],
  translate: (title: string) => string,
  prefix: readonly string[] = [],
): SearchEntry[] =>
  routes.flatMap((route) => {
    if (route.meta?.hidden) return [];
    const title = route.meta?.title ? [...prefix, translate(route.meta.title)] : [...prefix];
    const external = isExternal(route.fullPath);
    const hasParams = !external && route.fullPath.includes('/:');
    const own: SearchEntry[] =
      route.meta?.title && !hasParams ? [{ path: route.fullPath, title, external }] : [];
    return [...own, ...buildPool(route.children ?? [], translate, title)];
  });

/** Toneless pinyin of each entry's last title segment, syllables joined: 个人中心 -> gerenzhongxin. */
export const withPinyin = (
  pool: readonly SearchEntry[],
  toPinyin: (text: string) => string[],
): SearchEntry[] =>
  pool.map((entry) => ({
    ...entry,
    pinyinTitle: toPinyin(entry.title[entry.title.length - 1] ?? '').join(''),
  }));

export const FUSE_OPTIONS = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'pinyinTitle', weight: 0.3 },
    { name: 'path', weight: 0.3 },
  ],
};
