import { getInfo, logout as logoutCall } from '../api/auth';
import i18n from '../i18n';
import { isPathPermitted, usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import { clearToken, getToken } from './token';

/** Spec section 5: admin info must have data, and a user needs at least one role. */
const fetchInfo = async (token: string) => {
  const info = await getInfo(token);
  if (!info) throw new Error(i18n.t('session.infoFailed'));
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(i18n.t('session.noRoles'));
  return info;
};

let loading: Promise<void> | null = null;

/**
 * Before any page (spec section 4): POST info, build the permitted routes, restore this user's
 * tabs. Navigations that arrive while it runs share the one call.
 */
export const loadSession = (token: string): Promise<void> => {
  loading ??= (async () => {
    const info = await fetchInfo(token);
    useUserStore.getState().setInfo(info);
    usePermissionStore.getState().generate(info.roles, info.permissions);
    // The UI language stays this browser's (cookie, else the browser's: spec section 4), whatever
    // the account's language says: a choice made in one browser never changes another's.
    useTagsViewStore.getState().hydrate(info.id, isPathPermitted);
  })().finally(() => {
    loading = null;
  });
  return loading;
};

let early: { token: string; promise: Promise<void> } | null = null;

/**
 * The entry script starts the session load at once (boot.ts), in parallel with the language file
 * and the layout's and page's chunks, instead of after the router has settled.
 */
export const startSessionEarly = (token: string) => {
  const promise = loadSession(token);
  promise.catch(() => undefined); // the guard reports the failure
  early = { token, promise };
};

/** The guard's session load: the one the entry script started for this token, else a new one. */
export const sessionFor = (token: string): Promise<void> => {
  const started = early;
  early = null;
  return started?.token === token ? started.promise : loadSession(token);
};

/** Clears the token cookies, the user, the permitted routes and every tab. */
export const resetSession = () => {
  early = null;
  clearToken();
  useUserStore.getState().reset();
  usePermissionStore.getState().reset();
  useTagsViewStore.getState().reset();
};

/** Log out: tell the server, then sign out here even if that call failed. */
export const logout = async () => {
  const token = getToken();
  if (token) await logoutCall(token).catch(() => undefined);
  resetSession();
};

/** After a 403: re-read info and rebuild the permitted routes (roles may have been edited). */
export const reloadPermissions = async (): Promise<void> => {
  const token = getToken();
  if (!token || loading) return;
  const info = await fetchInfo(token);
  useUserStore.getState().setInfo(info);
  usePermissionStore.getState().generate(info.roles, info.permissions);
};
