import fs from 'node:fs/promises';
import path from 'node:path';
import { SSR_DIR } from '@educrm/contract/ssr';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { type ClosureChunk, chunksOf, ownClosure } from './chunk-closure.ts';
import { layoutClosure } from './layout-preload.ts';
import { productionBuilds } from './production-builds.ts';

/** A page module of the route table, relative to the web app's root. */
const PAGE_MODULE = /^src\/pages\/.+Page\.tsx$/;
/** What every page module exports in the SSR build (src/ssr/assets.ts SOURCE_EXPORT). */
const SOURCE_EXPORT = '__ssrSource';

const relative = (root: string, id: string) => path.relative(root, id).split(path.sep).join('/');

/**
 * Each page module's own files in the client build: the JS of its chunk's static closure and their
 * stylesheets, less what index.html loads already (the entry's closure and the layout's).
 */
export const pageAssets = (chunks: readonly ClosureChunk[], root: string) => {
  const layout = layoutClosure(chunks);
  const inLayout = new Set([...layout.js, ...layout.css]);
  const pages: Record<string, { css: string[]; js: string[] }> = {};
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const source = relative(root, id);
      if (!PAGE_MODULE.test(source)) continue;
      const { js, css } = ownClosure(chunks, chunk.fileName);
      pages[source] = { js: js.filter((f) => !inLayout.has(f)), css: css.filter((f) => !inLayout.has(f)) };
    }
  }
  return pages;
};

/**
 * In the SSR build (and the unit tests of src/ssr), every page module names its source, so a
 * render knows which page's files to link. `root`: the web app's directory.
 */
export const pageSource = (root: string): Plugin => ({
  name: 'educrm:ssr-page-source',
  transform(code, id) {
    const source = relative(root, id.split('?')[0] ?? id);
    if (!PAGE_MODULE.test(source)) return null;
    return { code: `${code}\nexport const ${SOURCE_EXPORT} = ${JSON.stringify(source)};\n`, map: null };
  },
});

/**
 * Builds the server render (src/ssr/worker.ts, one bundle with React, antd and every page, for a
 * worker thread of the API server) into `<outDir>/server/`, with `page-assets.json`: each page
 * module's own files in this client build, which the server links in the page it renders.
 * Runs in writeBundle (the client bundle is known), before precompress's closeBundle (which leaves
 * this folder alone).
 */
export const ssrBundle = (): Plugin => {
  let root = '';
  let outDir = '';
  return {
    name: 'educrm:ssr-bundle',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const target = path.join(outDir, SSR_DIR);
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react(), productionBuilds(), pageSource(root)],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/ssr/worker.ts',
          outDir: target,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          sourcemap: false,
          target: 'node22',
          rolldownOptions: {
            output: { entryFileNames: 'worker.js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        },
      });
      const pages = pageAssets(chunksOf(bundle), root);
      if (Object.keys(pages).length === 0) throw new Error('ssr-bundle: no page modules in the client build');
      await fs.writeFile(path.join(target, 'page-assets.json'), JSON.stringify(pages, null, 1));
    },
  };
};
