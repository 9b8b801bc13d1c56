import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../router/table';
import { type TagView, targetAfterClose, targetAfterCloseAll } from '../../stores/tags';
import { useTagsViewStore } from '../../stores/tagsView';

/** Refresh, Close, Close Others and Close All with their navigation rules (spec section 4). */
export const useTagActions = () => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const store = useTagsViewStore;

  const refresh = (view: TagView) => {
    store.getState().dropCache(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };

  const close = (view: TagView) => {
    if (view.affix) return;
    store.getState().close(view.path);
    if (view.path !== pathname) return;
    navigate(targetAfterClose(store.getState().visited, view, HOME_PATH), { replace: true });
  };

  const closeOthers = (view: TagView) => {
    if (view.path !== pathname) navigate(view.fullPath);
    store.getState().closeOthers(view.path);
  };

  const closeAll = () => {
    store.getState().closeAll();
    const target = targetAfterCloseAll(store.getState().visited, pathname, HOME_PATH);
    if (target) navigate(target, { replace: true });
  };

  return { refresh, close, closeOthers, closeAll };
};
