import type { IndexHtmlTransformContext, Plugin } from 'vite';

/** Marks what index.html loads for a signed-in page only (login.<lang>.html leaves it out). */
export const SIGNED_IN_ATTR = 'data-signed-in';

const LAYOUT_MODULE = /[\\/]src[\\/]layout[\\/]Layout\.tsx$/;

type Chunk = { fileName: string; imports: string[]; moduleIds: string[]; isEntry: boolean; css: string[] };

/**
 * The layout chunk and what it imports statically, minus the entry's own closure (index.html loads
 * that already): JS files, then their stylesheets, in import order.
 */
export const layoutClosure = (chunks: readonly Chunk[]): { js: string[]; css: string[] } => {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string, into = new Set<string>()) => {
    const chunk = byName.get(start);
    if (!chunk || into.has(start)) return into;
    into.add(start);
    for (const imported of chunk.imports) closure(imported, into);
    return into;
  };
  const entry = chunks.find((c) => c.isEntry);
  // (The layout module sits in a chunk group, chunk-groups.ts: a chunk without a facade of its own.)
  const layout = chunks.find((c) => c.moduleIds.some((id) => LAYOUT_MODULE.test(id)));
  if (!layout) throw new Error('layout-preload: no chunk for layout/Layout.tsx');
  const inEntry = entry ? closure(entry.fileName) : new Set<string>();
  const js = [...closure(layout.fileName)].filter((f) => !inEntry.has(f));
  const css = [...new Set(js.flatMap((f) => byName.get(f)?.css ?? []))];
  return { js, css };
};

const chunksOf = (bundle: NonNullable<IndexHtmlTransformContext['bundle']>): Chunk[] =>
  Object.values(bundle).flatMap((f) =>
    f.type === 'chunk'
      ? [
          {
            fileName: f.fileName,
            imports: f.imports,
            moduleIds: f.moduleIds,
            isEntry: f.isEntry,
            css: [...(f.viteMetadata?.importedCss ?? [])],
          },
        ]
      : [],
  );

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
