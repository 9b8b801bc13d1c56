import type { Plugin } from 'vite';
import { type ClosureChunk, chunksOf, ownClosure } from './chunk-closure.ts';
import { PLAN_ROOTS } from './chunk-groups.ts';
import { layoutClosure } from './layout-preload.ts';

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its
 * functions compiled while it streams in, on a background thread, instead of each one on the main
 * thread the first time it is called. Other engines read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The files whose code a signed-in first load runs nearly whole: the layout's closure and the
 * dashboard's (both minus the entry's). Not the entry itself: it is on the critical path from the
 * first byte (nothing else can run before it), and compiling all of it up front delayed its
 * evaluation more than it saved (bench/README.md, #17 round 10).
 */
export const hintedFiles = (chunks: readonly ClosureChunk[]): string[] => {
  const home = chunks.find((c) => c.moduleIds.some((id) => PLAN_ROOTS.home.test(id)));
  if (!home) throw new Error('compile-hints: no chunk for pages/dashboard/DashboardPage.tsx');
  return [...new Set([...layoutClosure(chunks).js, ...ownClosure(chunks, home.fileName).js])];
};

/** Marks hintedFiles() with COMPILE_HINT once the bundle is complete (the files' names keep their hash). */
export const compileHints = (): Plugin => ({
  name: 'educrm:compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const fileName of hintedFiles(chunksOf(bundle))) {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
        chunk.code = COMPILE_HINT + chunk.code;
        // A `--sourcemap` build's map (an asset beside the chunk by now): the hint's line maps to nothing.
        const map = bundle[`${fileName}.map`];
        if (map?.type === 'asset') {
          const json = JSON.parse(String(map.source)) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  },
});
