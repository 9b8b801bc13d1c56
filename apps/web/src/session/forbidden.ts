import { onForbidden } from '../api/http';
import { isPathPermitted } from '../stores/permission';
import { useTagsViewStore } from '../stores/tagsView';
import { reloadPermissions } from './session';

type Navigate = (to: string, opts: { replace: boolean }) => unknown;

const currentLocation = () => {
  const { pathname, search, hash } = window.location;
  return { pathname, fullPath: `${pathname}${search}${hash}` };
};

let running: Promise<void> | null = null;

/**
 * A 403 from the API means the user's permissions changed under them: re-read info, rebuild the
 * permitted routes, close tabs that are no longer permitted and run the guard again on the current
 * page (which shows /401 when it is no longer allowed). Parallel 403s share one reload.
 */
export const installForbiddenHandler = (navigate: Navigate, where = currentLocation) => {
  const off = onForbidden(() => {
    if (running) return;
    running = reloadPermissions()
      .then(() => {
        const tags = useTagsViewStore.getState();
        for (const view of tags.visited)
          if (!view.affix && !isPathPermitted(view.path)) tags.close(view.path);
        const { pathname, fullPath } = where();
        if (!isPathPermitted(pathname)) navigate(fullPath, { replace: true });
      })
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  });
  return () => {
    off();
  };
};
