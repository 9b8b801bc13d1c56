import { describe, expect, it } from 'vitest';
import { closureOf, type PlanChunk, type PlanRoots, planChunkGroups } from './chunk-plan.ts';

const ROOTS: PlanRoots = {
  publicRoutes: /\/router\/public\.tsx$/,
  layout: /\/layout\/Layout\.tsx$/,
  home: /\/pages\/dashboard\/DashboardPage\.tsx$/,
  list: /\/ResourceTable\/ResourceTable\.tsx$/,
  routeTable: /\/router\//,
};
const ROUTER = '/src/router/routes.tsx';
const PUBLIC = '/src/router/public.tsx';

interface Spec {
  imports?: string[];
  facade?: string;
  modules?: string[];
  entry?: boolean;
  importedBy?: string;
}
const graph = (specs: Record<string, Spec>): PlanChunk[] =>
  Object.entries(specs).map(([name, s]) => ({
    fileName: `assets/${name}.js`,
    moduleIds: s.modules ?? (s.facade ? [s.facade] : [`/m/${name}.ts`]),
    imports: (s.imports ?? []).map((i) => `assets/${i}.js`),
    facadeModuleId: s.facade ?? null,
    isEntry: s.entry ?? false,
    isDynamicEntry: Boolean(s.facade) && !s.entry,
    facadeImporters: s.importedBy ? [s.importedBy] : [],
  }));

const groupOf = (plan: Map<string, string>, chunk: PlanChunk) =>
  plan.get(chunk.moduleIds[0] ?? '') ?? `auto:${chunk.fileName}`;

/** The import graph between output groups (an unplanned chunk is its own group) has no cycle. */
const groupCycle = (chunks: PlanChunk[], plan: Map<string, string>) => {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const edges = new Map<string, Set<string>>();
  for (const c of chunks)
    for (const i of c.imports) {
      const [from, to] = [groupOf(plan, c), groupOf(plan, byName.get(i) as PlanChunk)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (g: string): boolean => {
    if (state.get(g) === 'done') return false;
    if (state.get(g) === 'open') return true;
    state.set(g, 'open');
    for (const next of edges.get(g) ?? []) if (visit(next)) return true;
    state.set(g, 'done');
    return false;
  };
  return [...edges.keys()].some(visit);
};

describe('planChunkGroups', () => {
  const chunks = graph({
    index: { entry: true, facade: '/index.html', imports: ['react'] },
    react: {},
    login: { facade: '/src/pages/login/LoginPage.tsx', importedBy: PUBLIC, imports: ['form'] },
    form: { imports: ['react'] },
    layout: {
      facade: '/src/layout/Layout.tsx',
      importedBy: '/src/router/index.tsx',
      imports: ['form', 'dropdown', 'menu'],
    },
    dropdown: {},
    menu: { imports: ['dropdown'] },
    dashboard: {
      facade: '/src/pages/dashboard/DashboardPage.tsx',
      importedBy: ROUTER,
      imports: ['dropdown', 'card'],
    },
    card: {},
    rt: {
      modules: ['/src/components/ResourceTable/ResourceTable.tsx'],
      imports: ['table', 'select', 'form'],
    },
    table: { imports: ['card'] },
    select: {},
    clients: {
      facade: '/src/pages/client/ClientListPage.tsx',
      importedBy: ROUTER,
      imports: ['rt', 'phone', 'clientKit'],
    },
    myClients: {
      facade: '/src/pages/client/MyClientListPage.tsx',
      importedBy: ROUTER,
      imports: ['rt', 'clientKit'],
    },
    clientKit: {},
    phone: {},
    orders: { facade: '/src/pages/order/OrderListPage.tsx', importedBy: ROUTER, imports: ['rt', 'orderKit'] },
    orderKit: {},
    overview: { facade: '/src/pages/data/OverviewPage.tsx', importedBy: ROUTER, imports: ['table', 'chart'] },
    chart: {},
    // A dialog a page opens with import(): not a page, not planned.
    dialog: {
      facade: '/src/pages/client/ClientDialog.tsx',
      importedBy: '/src/pages/client/ClientList.tsx',
      imports: ['select', 'lazyOnly'],
    },
    lazyOnly: {},
  });
  const plan = planChunkGroups(chunks, ROOTS);
  const group = (name: string) =>
    plan.get(chunks.find((c) => c.fileName === `assets/${name}.js`)?.moduleIds[0] ?? '');

  it('leaves what the entry and the login page load to automatic splitting', () => {
    for (const name of ['index', 'react', 'login', 'form']) expect(group(name)).toBeUndefined();
  });

  it('puts the layout, the dashboard and the list machinery in one group each', () => {
    expect(['layout', 'dropdown', 'menu'].map(group)).toEqual(['layout', 'layout', 'layout']);
    expect(['dashboard', 'card'].map(group)).toEqual(['home', 'home']);
    expect(['rt', 'select'].map(group)).toEqual(['list', 'list']);
  });

  it('keeps out of the list group what a page without a list also uses', () => {
    expect(group('table')).toMatch(/^shared-4-[0-9a-f]{6}$/);
    expect(group('overview')).toMatch(/^OverviewPage-[0-9a-f]{6}$/);
    expect(group('chart')).toBe(group('overview'));
  });

  it('groups the rest of the pages by the set of pages that use it', () => {
    expect(group('clientKit')).toMatch(/^shared-2-/);
    expect(group('clients')).toBe(group('phone'));
    expect(group('clients')).not.toBe(group('myClients'));
    expect(group('orders')).toBe(group('orderKit'));
  });

  it('does not plan code reached only through a lazy import', () => {
    expect(group('dialog')).toBeUndefined();
    expect(group('lazyOnly')).toBeUndefined();
  });

  it('makes no import cycle between groups', () => {
    expect(groupCycle(chunks, plan)).toBe(false);
  });

  it('refuses a graph where no page comes from the public route module (renamed: the login page would join the groups)', () => {
    const moved = chunks.map((c) =>
      c.facadeImporters.includes(PUBLIC) ? { ...c, facadeImporters: [ROUTER] } : c,
    );
    expect(() => planChunkGroups(moved, ROOTS)).toThrow(/no lazy page is imported by a module matching/);
  });

  it('puts the code most pages use in one pages-common group, and the rest by its pages', () => {
    const page = (n: number, imports: string[]): Spec => ({
      facade: `/src/pages/p${n}/Page${n}.tsx`,
      importedBy: ROUTER,
      imports,
    });
    // Six lazy pages of the route modules (the login page one of them): common from four on.
    const wide = graph({
      index: { entry: true, facade: '/index.html' },
      login: { facade: '/src/pages/login/LoginPage.tsx', importedBy: PUBLIC },
      p1: page(1, ['kit', 'forms', 'rare']),
      p2: page(2, ['kit', 'forms', 'rare']),
      p3: page(3, ['kit', 'forms']),
      p4: page(4, ['kit', 'forms']),
      p5: page(5, ['forms']),
      kit: { imports: ['deep'] },
      deep: {},
      forms: {},
      rare: { imports: ['kit'] },
    });
    const widePlan = planChunkGroups(wide, ROOTS);
    const of = (name: string) =>
      groupOf(widePlan, wide.find((c) => c.fileName === `assets/${name}.js`) as PlanChunk);
    expect(['kit', 'deep', 'forms'].map(of)).toEqual(['pages-common', 'pages-common', 'pages-common']);
    expect(of('rare')).toMatch(/^shared-2-/);
    expect(of('p5')).toMatch(/^Page5-/);
    expect(groupCycle(wide, widePlan)).toBe(false);
  });

  it('makes no cycle and leaves the base alone on random graphs', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 100; round += 1) {
      const n = 12 + Math.floor(random() * 30);
      const specs: Record<string, Spec> = {};
      const roles = ['index', 'login', 'layout', 'dashboard', 'rt'];
      for (let i = 0; i < n; i += 1) {
        // Acyclic chunk graph: a chunk imports only chunks after it.
        const imports = Array.from({ length: n - i - 1 }, (_, k) => `c${i + 1 + k}`).filter(
          () => random() < 0.15,
        );
        const role = i < roles.length ? roles[i] : random() < 0.4 ? 'page' : 'plain';
        specs[`c${i}`] = {
          imports,
          entry: role === 'index',
          ...(role === 'index' && { facade: '/index.html' }),
          ...(role === 'login' && { facade: '/src/pages/login/LoginPage.tsx', importedBy: PUBLIC }),
          ...(role === 'layout' && { facade: '/src/layout/Layout.tsx', importedBy: ROUTER }),
          ...(role === 'dashboard' && {
            facade: '/src/pages/dashboard/DashboardPage.tsx',
            importedBy: ROUTER,
          }),
          ...(role === 'rt' && { modules: ['/src/components/ResourceTable/ResourceTable.tsx'] }),
          ...(role === 'page' && { facade: `/src/pages/p${i}/Page.tsx`, importedBy: ROUTER }),
        };
      }
      const randomChunks = graph(specs);
      const randomPlan = planChunkGroups(randomChunks, ROOTS);
      expect(groupCycle(randomChunks, randomPlan), `round ${round}`).toBe(false);
      const byName = new Map(randomChunks.map((c) => [c.fileName, c]));
      const [entry, login] = randomChunks;
      for (const name of closureOf(byName, [entry, login]))
        expect(groupOf(randomPlan, byName.get(name) as PlanChunk)).toMatch(/^auto:/);
    }
  });
});
