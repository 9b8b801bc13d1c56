import { createHash } from 'node:crypto';

/** A chunk of the first (planning) build, as rolldown reports it. */
export interface PlanChunk {
  fileName: string;
  moduleIds: string[];
  /** Chunks it imports statically (file names). */
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The modules that import the facade module with `import()`. */
  facadeImporters: string[];
}

/** Which modules anchor each tier (matched against module ids). */
export interface PlanRoots {
  /** The route module of the pages outside the layout (login, errors): what they load is left as it is. */
  publicRoutes: RegExp;
  layout: RegExp;
  home: RegExp;
  /** The shared list machinery every business list page renders (ResourceTable). */
  list: RegExp;
  /** The route table's modules: the lazy chunks they import are the pages. */
  routeTable: RegExp;
}

/** The chunks `roots` load statically (themselves and what they import, transitively). */
export const closureOf = (byName: Map<string, PlanChunk>, roots: (PlanChunk | undefined)[]) => {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of byName.get(name)?.imports ?? []) visit(next);
  };
  for (const root of roots) if (root) visit(root.fileName);
  return seen;
};

/**
 * Code used by at least this share of the route table's lazy pages is one file, `pages-common`,
 * rather than one file per set of pages: the business pages share most of their antd and list code
 * in a dozen groups that differ by a page or two (a first load of /client/list asked for 14 of
 * them), and per file a first load pays a request slot (six on HTTP/1.1) and the renderer's
 * per-module work (bench/README.md, #17 round 12). A page that uses less of it loads a little more.
 */
export const COMMON_SHARE = 0.65;

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);

/**
 * Which group (output chunk) each module goes to, from the chunk graph of a build with rolldown's
 * automatic splitting. Automatic splitting cuts the code by the exact set of lazy imports that reach
 * it, which leaves a signed-in first load of /client/list with ~80 files: over HTTP/1.1's six
 * connections per host, a queue. Here what a first load needs statically is cut in tiers instead:
 *
 * - base: the entry's and the public pages' static code: left to automatic splitting (the login
 *   page must load nothing of the layout);
 * - `layout`: the rest of the layout's static code (loaded by every signed-in page);
 * - `home`: the rest of the dashboard's;
 * - `list`: the rest of the list machinery's (ResourceTable and its controls), but for what a
 *   page without a list also uses (a chart page loads none of it);
 * - `pages-common`: the rest of the code most business pages use (COMMON_SHARE);
 * - the rest of each business page's static code, one group per set of pages that use it (the
 *   client pages share one, a page alone has its own).
 *
 * Each tier only imports from the tiers before it (a tier is a static closure minus the earlier
 * ones, and a closure holds everything its members import); `list` also imports page groups, each
 * used by a page without a list, so never importing `list`; a page group imports only from groups
 * used by more pages than its own. So the groups form no import cycle even though they do not pull
 * their dependencies in (`includeDependenciesRecursively: false`). Code reached only through a lazy
 * import (dialogs, drawers, charts) is not planned: automatic splitting keeps it out of first loads.
 */
export const planChunkGroups = (chunks: PlanChunk[], roots: PlanRoots): Map<string, string> => {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const facade = (re: RegExp) => chunks.find((c) => c.facadeModuleId && re.test(c.facadeModuleId));
  const holding = (re: RegExp) => chunks.find((c) => c.moduleIds.some((id) => re.test(id)));
  /** The lazy pages a module matching `re` imports (a route module's `page: () => import(...)`). */
  const lazyPagesOf = (re: RegExp) =>
    chunks.filter((c) => c.isDynamicEntry && c.facadeImporters.some((id) => re.test(id)));
  const entries = chunks.filter((c) => c.isEntry);

  const assigned = new Map<string, string>();
  const publicPages = lazyPagesOf(roots.publicRoutes);
  // A renamed route module would otherwise spread the login page's code into the layout's groups.
  if (!publicPages.length)
    throw new Error(`no lazy page is imported by a module matching ${roots.publicRoutes}`);
  const base = closureOf(byName, [...entries, ...publicPages]);
  const open = (name: string) => !base.has(name) && !assigned.has(name);
  for (const [group, root] of [
    ['layout', facade(roots.layout)],
    ['home', facade(roots.home)],
  ] as const)
    for (const name of closureOf(byName, [root])) if (open(name)) assigned.set(name, group);

  const pages = lazyPagesOf(roots.routeTable);
  const usersOf = new Map<string, PlanChunk[]>();
  const listUsers = new Set<PlanChunk>();
  const list = holding(roots.list);
  for (const page of pages) {
    const closure = closureOf(byName, [page]);
    if (list && closure.has(list.fileName)) listUsers.add(page);
    for (const name of closure) if (open(name)) usersOf.set(name, [...(usersOf.get(name) ?? []), page]);
  }
  // The list machinery, without what a page that has no list also uses (a chart page's table).
  for (const name of closureOf(byName, [list]))
    if (open(name) && usersOf.get(name)?.every((page) => listUsers.has(page))) assigned.set(name, 'list');
  const commonMin = Math.max(2, Math.ceil(pages.length * COMMON_SHARE));
  for (const [name, users] of usersOf) {
    if (!open(name)) continue;
    // Static imports only reach code used by at least the same pages, so `pages-common` imports
    // only earlier tiers, and the groups below import it, never the reverse.
    if (users.length >= commonMin) {
      assigned.set(name, 'pages-common');
      continue;
    }
    const ids = users.map((u) => u.facadeModuleId ?? u.fileName).sort();
    const first = (ids[0] ?? '').replace(/^.*[\\/]/, '').replace(/\.\w+$/, '');
    // Hashed: two pages may share a file name (member lists), and two groups must not share a name.
    assigned.set(name, `${users.length === 1 ? first : `shared-${users.length}`}-${shortHash(ids.join())}`);
  }

  const plan = new Map<string, string>();
  for (const [name, group] of assigned)
    for (const id of byName.get(name)?.moduleIds ?? []) plan.set(id, group);
  return plan;
};
