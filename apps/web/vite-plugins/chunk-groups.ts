import react from '@vitejs/plugin-react';
import type { CodeSplittingGroup, RolldownOptions, RolldownOutput } from 'rolldown';
import { build, type Plugin } from 'vite';
import { type PlanChunk, type PlanRoots, planChunkGroups } from './chunk-plan.ts';
import { escLayers } from './esc-layers.ts';

/**
 * Everything the entry script imports statically (React, the router, i18next, axios, the route
 * table, the session code: rolldown's `$initial` tag) goes into ONE file instead of ~25 small ones:
 * served over HTTP/1.1 (six connections per host) a first load is otherwise a queue, and every
 * response carries ~1 kB of security headers. main.tsx has no top-level await, so rolldown's
 * common-chunk merging stays on (it is switched off for a graph with top-level await).
 */
const ENTRY_GROUP: CodeSplittingGroup = { name: 'entry', tags: ['$initial'], priority: 100 };

/**
 * ...except React DOM (and its scheduler), a second file of about the same size: index.html
 * preloads it beside the entry, so the two stream in and compile on two background threads at
 * once. A first load has nothing else to run until both are compiled (bench/README.md, #17 round 10).
 */
const REACT_DOM_GROUP: CodeSplittingGroup = {
  name: 'react-dom',
  test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
  priority: 110,
};

const SRC = String.raw`[\\/]src[\\/]`;
export const PLAN_ROOTS: PlanRoots = {
  publicRoutes: new RegExp(`${SRC}router[\\\\/]public\\.tsx$`),
  layout: new RegExp(`${SRC}layout[\\\\/]Layout\\.tsx$`),
  home: new RegExp(`${SRC}pages[\\\\/]dashboard[\\\\/]DashboardPage\\.tsx$`),
  list: new RegExp(`${SRC}components[\\\\/]ResourceTable[\\\\/]ResourceTable\\.tsx$`),
  routeTable: new RegExp(`${SRC}router[\\\\/]`),
};

/** Records, per lazy chunk's facade module, the modules that import it with `import()`. */
const importersOf = (into: Map<string, string[]>): Plugin => ({
  name: 'educrm:chunk-plan-importers',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk' && file.facadeModuleId)
        into.set(file.facadeModuleId, [...(this.getModuleInfo(file.facadeModuleId)?.dynamicImporters ?? [])]);
  },
});

/** The chunk graph of a build with the entry group only (no files written, nothing minified). */
const planningBuild = async (root: string, rolldownOptions: RolldownOptions | undefined) => {
  const importers = new Map<string, string[]>();
  const { output: _output, ...input } = rolldownOptions ?? {};
  const result = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    // The plugins that change which modules the build has (the plan is by module).
    plugins: [react(), escLayers(), importersOf(importers)],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { ...input, output: { codeSplitting: { groups: [ENTRY_GROUP] } } },
    },
  })) as RolldownOutput | RolldownOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  return outputs
    .flatMap((o) => o.output)
    .filter((f) => f.type === 'chunk')
    .map(
      (c): PlanChunk => ({
        fileName: c.fileName,
        moduleIds: c.moduleIds,
        imports: c.imports,
        facadeModuleId: c.facadeModuleId,
        isEntry: c.isEntry,
        isDynamicEntry: c.isDynamicEntry,
        facadeImporters: (c.facadeModuleId && importers.get(c.facadeModuleId)) || [],
      }),
    );
};

/**
 * Chunk groups (rolldown `output.codeSplitting.groups`): the entry group, then what a signed-in
 * first load needs statically cut in a few large files per tier (layout, dashboard, list
 * machinery, the page), planned from a first build's chunk graph (chunk-plan.ts). The planning
 * build costs a few seconds of `vite build`; a dev server does not run it.
 */
export const chunkGroups = (): Plugin => ({
  name: 'educrm:chunk-groups',
  apply: 'build',
  async config(config) {
    const root = config.root ?? process.cwd();
    const chunks = await planningBuild(root, config.build?.rolldownOptions);
    const plan = planChunkGroups(chunks, PLAN_ROOTS);
    const planned: CodeSplittingGroup = {
      name: (id) => plan.get(id) ?? null,
      debugName: 'first-load plan',
      includeDependenciesRecursively: false,
    };
    return {
      build: {
        rolldownOptions: { output: { codeSplitting: { groups: [REACT_DOM_GROUP, ENTRY_GROUP, planned] } } },
      },
    };
  },
});
