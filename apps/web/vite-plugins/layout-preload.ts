import type { Plugin } from 'vite';
import { type ClosureChunk, chunksOf, ownClosure } from './chunk-closure.ts';

/** Marks what index.html loads for a signed-in page only (login.<lang>.html leaves it out). */
export const SIGNED_IN_ATTR = 'data-signed-in';

const LAYOUT_MODULE = /[\\/]src[\\/]layout[\\/]Layout\.tsx$/;

/** The layout chunk's own closure (chunk-closure.ts). */
export const layoutClosure = (chunks: readonly ClosureChunk[]): { js: string[]; css: string[] } => {
  // (The layout module sits in a chunk group, chunk-groups.ts: a chunk without a facade of its own.)
  const layout = chunks.find((c) => c.moduleIds.some((id) => LAYOUT_MODULE.test(id)));
  if (!layout) throw new Error('layout-preload: no chunk for layout/Layout.tsx');
  return ownClosure(chunks, layout.fileName);
};

/**
 * index.html names the layout's chunks (`modulepreload`, low priority) and stylesheets: the server
 * answers index.html to a page request only with the session cookie (without it, the prerendered
 * login page: apps/server/src/plugins/spa.ts), so a signed-in first load fetches the layout while
 * the entry script downloads and runs, instead of after it (boot.ts's `loadLayout()` then finds
 * them loaded: Vite's preload helper skips a file a <link> already names). Low priority: the
 * entry, its stylesheets and the session call go first on a slow link.
 */
export const layoutPreload = (): Plugin => ({
  name: 'educrm:layout-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) => {
      if (!ctx.bundle) return [];
      const { js, css } = layoutClosure(chunksOf(ctx.bundle));
      return [
        ...css.map((href) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${href}`, [SIGNED_IN_ATTR]: true },
          injectTo: 'head' as const,
        })),
        ...js.map((href) => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            crossorigin: true,
            href: `/${href}`,
            fetchpriority: 'low',
            [SIGNED_IN_ATTR]: true,
          },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
});
