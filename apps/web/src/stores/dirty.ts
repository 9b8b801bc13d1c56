import { create } from 'zustand';

/**
 * Forms with unsaved changes, by the page (tab path) they sit on. Closing or refreshing such a tab
 * asks first, leaving a page that is not kept alive asks first, and closing the browser tab gets the
 * browser's own "leave site?" prompt. A form registers under `path` + its own id, so one page may
 * hold several forms.
 */
interface DirtyState {
  /** `${path}#${formId}` of every dirty form. */
  forms: ReadonlySet<string>;
  set: (path: string, formId: string, dirty: boolean) => void;
  /** Forgets the dirty forms of these pages (after the user chose to discard). */
  clear: (paths: readonly string[]) => void;
}

const entry = (path: string, formId: string) => `${path}#${formId}`;
const pathOf = (key: string) => key.slice(0, key.lastIndexOf('#'));

export const useDirtyStore = create<DirtyState>()((set) => ({
  forms: new Set(),
  set: (path, formId, dirty) =>
    set((s) => {
      const key = entry(path, formId);
      if (s.forms.has(key) === dirty) return s;
      const forms = new Set(s.forms);
      if (dirty) forms.add(key);
      else forms.delete(key);
      return { forms };
    }),
  clear: (paths) =>
    set((s) => {
      const forms = new Set([...s.forms].filter((key) => !paths.includes(pathOf(key))));
      return forms.size === s.forms.size ? s : { forms };
    }),
}));

/** Whether a page (tab path) has a form with unsaved changes. */
export const isPathDirty = (path: string, forms = useDirtyStore.getState().forms) =>
  [...forms].some((key) => pathOf(key) === path);

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers need a returnValue to show the prompt.
  event.returnValue = '';
};

if (typeof window !== 'undefined') {
  useDirtyStore.subscribe((state, previous) => {
    const now = state.forms.size > 0;
    const before = previous.forms.size > 0;
    if (now && !before) window.addEventListener('beforeunload', onBeforeUnload);
    if (!now && before) window.removeEventListener('beforeunload', onBeforeUnload);
  });
}
