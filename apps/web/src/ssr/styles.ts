import { type createCache, extractStyle } from '@ant-design/cssinjs';

type StyleCache = ReturnType<typeof createCache>;

/** The cache paths of the styles each prebuilt antd stylesheet has (vite-plugins/antd-styles.ts). */
export interface PrebuiltStyles {
  /** antd-<hash>.css, linked by index.html on every signed-in page. */
  layout: ReadonlySet<string>;
  /** antd-pages-<hash>.css (its map names both files' styles), linked for every page but the dashboard. */
  pages: ReadonlySet<string>;
}

const CACHE_MAP = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/** The cache paths named by a prebuilt stylesheet's cache map rule (`path:hash;path:hash`). */
export const cachePathsOf = (css: string): Set<string> => {
  const map = CACHE_MAP.exec(css)?.[1] ?? '';
  return new Set(
    map
      .split(';')
      .map((entry) => entry.slice(0, entry.lastIndexOf(':')))
      .filter(Boolean),
  );
};

/** The last update stamp of a cache entry so far: a render's entries are the ones stamped after it. */
export const stampOf = (cache: StyleCache): number => Math.max(-1, ...cache.updateTimes.values());

/**
 * The CSS antd's CSS-in-JS used while the page rendered on the server (the entries the render
 * stamped after `since`: every component instance touches its entries while it renders), less
 * what the page's prebuilt stylesheets have: the theme's CSS variables (for this render's class
 * names) and the components those files leave out. The cache lives across renders, so antd
 * computes a component's styles once per worker, not once per page. Without its cache map rule:
 * the browser's antd reads the prebuilt files' map, which a later rule would replace.
 */
export const extractStyles = (
  cache: StyleCache,
  since: number,
  prebuilt: PrebuiltStyles,
  pageStyles: boolean,
): string => {
  const linked = pageStyles ? prebuilt.pages : prebuilt.layout;
  cache.extracted.clear();
  for (const [key, stamp] of cache.updateTimes) {
    const prebuiltStyle =
      key.startsWith('style%') && linked.has(key.slice('style%'.length).replace(/%/g, '|'));
    if (stamp <= since || prebuiltStyle) cache.extracted.add(key);
  }
  return extractStyle(cache, { plain: true, types: ['token', 'style', 'cssVar'], once: true })
    .replace(/\.data-ant-cssinjs-cache-path\{[^}]*\}/g, '')
    .trim();
};
