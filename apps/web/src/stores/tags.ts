/**
 * The tags view's rules as pure functions (spec section 4 and the template's behaviour, with its
 * Close All bug fixed). The zustand store in tagsView.ts applies them; tags.test.ts covers them.
 */
export interface TagView {
  /** Tab key: the pathname. */
  path: string;
  /** Pathname + query of the last visit (a query-only change updates the tab). */
  fullPath: string;
  /** Title key of the route (`route.*`), "no-name" when the route has none. */
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagsState {
  visited: TagView[];
  /** Paths whose page is kept alive. */
  cached: string[];
}

export const NO_NAME = 'no-name';

export const addView = (state: TagsState, view: TagView): TagsState => {
  const existing = state.visited.find((v) => v.path === view.path);
  const visited = existing
    ? existing.fullPath === view.fullPath
      ? state.visited
      : state.visited.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath } : v))
    : [...state.visited, view];
  const cached =
    view.noCache || state.cached.includes(view.path) ? state.cached : [...state.cached, view.path];
  return visited === state.visited && cached === state.cached ? state : { visited, cached };
};

/** Affix tabs come first, in route-table order; the other tabs keep their order after them. */
export const withAffix = (state: TagsState, affix: readonly TagView[]): TagsState => {
  const affixPaths = new Set(affix.map((v) => v.path));
  const affixViews = affix.map((a) => {
    const seen = state.visited.find((v) => v.path === a.path);
    return { ...a, fullPath: seen?.fullPath ?? a.fullPath, affix: true };
  });
  const rest = state.visited.filter((v) => !affixPaths.has(v.path)).map((v) => ({ ...v, affix: false }));
  return { ...state, visited: [...affixViews, ...rest] };
};

export const delView = (state: TagsState, path: string): TagsState => ({
  visited: state.visited.filter((v) => v.path !== path || v.affix),
  cached: state.cached.filter((p) => p !== path),
});

export const delOthers = (state: TagsState, path: string): TagsState => ({
  visited: state.visited.filter((v) => v.affix || v.path === path),
  cached: state.cached.filter((p) => p === path),
});

export const delAll = (state: TagsState): TagsState => ({
  visited: state.visited.filter((v) => v.affix),
  cached: [],
});

export const dropCache = (state: TagsState, path: string): TagsState => ({
  ...state,
  cached: state.cached.filter((p) => p !== path),
});

/**
 * Where to go after the active tab closed: the last remaining tab; none left: the dashboard is
 * reloaded through /redirect, anything else goes home.
 */
export const targetAfterClose = (
  remaining: readonly TagView[],
  closed: TagView,
  homePath: string,
): string => {
  const last = remaining[remaining.length - 1];
  if (last) return last.fullPath;
  return closed.path === homePath ? `/redirect${closed.fullPath}` : '/';
};

/**
 * After Close All: stay when the current page still has a tab (an affix page), else go to the
 * last remaining tab (the last affix tab), else home. The template left you on an untagged page.
 */
export const targetAfterCloseAll = (
  remaining: readonly TagView[],
  currentPath: string,
  homePath: string,
): string | null => {
  if (remaining.some((v) => v.path === currentPath)) return null;
  const last = remaining[remaining.length - 1];
  if (last) return last.fullPath;
  return homePath;
};
