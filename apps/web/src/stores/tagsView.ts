import { create } from 'zustand';
import {
  addView,
  delAll,
  delOthers,
  delView,
  dropCache,
  type TagsState,
  type TagView,
  withAffix,
} from './tags';

const storageKey = (userId: number) => `educrm-tags:${userId}`;

/**
 * Visited tabs and the pages kept alive. The tab list survives a browser reload for the same user
 * (sessionStorage, keyed by user id) and is cleared on logout.
 */
export interface TagsViewState extends TagsState {
  userId: number | null;
  add: (view: TagView) => void;
  setAffix: (affix: readonly TagView[]) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  /** Forget a page's kept-alive instance (Refresh): it mounts afresh on the next visit. */
  dropCache: (path: string) => void;
  /** Restores this user's tabs of this browser session, keeping only those still permitted. */
  hydrate: (userId: number, isPermitted: (path: string) => boolean) => void;
  /** Logout: all tabs closed and the saved list removed. */
  reset: () => void;
}

const readSaved = (userId: number): TagView[] => {
  try {
    const raw = sessionStorage.getItem(storageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter(
          (v): v is TagView =>
            typeof v?.path === 'string' && typeof v?.fullPath === 'string' && typeof v?.title === 'string',
        )
      : [];
  } catch {
    return [];
  }
};

export const useTagsViewStore = create<TagsViewState>()((set, get) => {
  const apply = (next: (s: TagsState) => TagsState) =>
    set((s) => {
      const result = next(s);
      return result === s ? s : { visited: result.visited, cached: result.cached };
    });
  return {
    visited: [],
    cached: [],
    userId: null,
    add: (view) => apply((s) => addView(s, view)),
    setAffix: (affix) => apply((s) => withAffix(s, affix)),
    close: (path) => apply((s) => delView(s, path)),
    closeOthers: (path) => apply((s) => delOthers(s, path)),
    closeAll: () => apply(delAll),
    dropCache: (path) => apply((s) => dropCache(s, path)),
    hydrate: (userId, isPermitted) => {
      if (get().userId === userId) return;
      const visited = readSaved(userId).filter((v) => isPermitted(v.path));
      set({ userId, visited, cached: [] });
    },
    reset: () => {
      const { userId } = get();
      if (userId !== null) sessionStorage.removeItem(storageKey(userId));
      set({ visited: [], cached: [], userId: null });
    },
  };
});

useTagsViewStore.subscribe((state, previous) => {
  if (state.userId === null || state.visited === previous.visited) return;
  try {
    sessionStorage.setItem(
      storageKey(state.userId),
      JSON.stringify(
        state.visited.map(({ path, fullPath, title, noCache }) => ({ path, fullPath, title, noCache })),
      ),
    );
  } catch {
    // storage full or disabled: tabs just do not survive a reload
  }
});
