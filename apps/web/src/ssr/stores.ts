import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';
import { useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';

/** The stores a signed-in page reads while it renders. */
const STORES = [useAppStore, useUserStore, usePermissionStore, useTagsViewStore, useSettingsStore] as const;

type AnyStore = {
  getState: () => object;
  getInitialState: () => object;
  setState: (state: never, replace: true) => void;
};
const stores = STORES as unknown as readonly AnyStore[];

/** Each store's state before any render (this module loads before the first one). */
const pristine = stores.map((s) => ({ ...s.getInitialState() }));

/**
 * A render on the server reads a zustand store's initial state (its server snapshot), not its
 * current one: what a render has set (user, routes, tags, language) goes there too, just before
 * React renders.
 */
export const syncServerSnapshots = () => {
  for (const store of stores) Object.assign(store.getInitialState(), store.getState());
};

/** Every store back as it was before any render: nothing of one user stays for the next render. */
export const resetStores = () => {
  stores.forEach((store, i) => {
    const state = pristine[i] as never;
    Object.assign(store.getInitialState(), state);
    store.setState(state, true);
  });
};
