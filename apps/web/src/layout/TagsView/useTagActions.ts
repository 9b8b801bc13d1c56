import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../router/table';
import { isPathDirty, useDirtyStore } from '../../stores/dirty';
import { type TagView, targetAfterClose, targetAfterCloseAll } from '../../stores/tags';
import { useTagsViewStore } from '../../stores/tagsView';

/**
 * Refresh, Close, Close Others and Close All with their navigation rules (spec section 4). A tab
 * whose page holds unsaved form changes is only dropped after the user agrees to discard them.
 */
export const useTagActions = () => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const store = useTagsViewStore;

  /** Resolves true when none of these pages is dirty, or the user chose to discard. */
  const confirmDiscard = (paths: readonly string[]) =>
    new Promise<boolean>((resolve) => {
      const dirty = paths.filter((p) => isPathDirty(p));
      if (dirty.length === 0) {
        resolve(true);
        return;
      }
      modal.confirm({
        title: t('form.discardTitle'),
        content: t('form.discardTabText'),
        okText: t('form.discard'),
        cancelText: t('form.keepEditing'),
        okButtonProps: { danger: true },
        onOk: () => {
          useDirtyStore.getState().clear(dirty);
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });

  const refresh = async (view: TagView) => {
    if (!(await confirmDiscard([view.path]))) return;
    store.getState().dropCache(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };

  const close = async (view: TagView) => {
    if (view.affix) return;
    if (!(await confirmDiscard([view.path]))) return;
    store.getState().close(view.path);
    if (view.path !== pathname) return;
    navigate(targetAfterClose(store.getState().visited, view, HOME_PATH), { replace: true });
  };

  const closeOthers = async (view: TagView) => {
    const others = store.getState().visited.filter((v) => v.path !== view.path);
    if (!(await confirmDiscard(others.map((v) => v.path)))) return;
    if (view.path !== pathname) navigate(view.fullPath);
    store.getState().closeOthers(view.path);
  };

  const closeAll = async () => {
    if (!(await confirmDiscard(store.getState().visited.map((v) => v.path)))) return;
    store.getState().closeAll();
    const target = targetAfterCloseAll(store.getState().visited, pathname, HOME_PATH);
    if (target) navigate(target, { replace: true });
  };

  return { refresh, close, closeOthers, closeAll };
};
