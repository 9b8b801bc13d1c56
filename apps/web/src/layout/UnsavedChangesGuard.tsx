import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { isPathDirty, useDirtyStore } from '../stores/dirty';
import { useSettingsStore } from '../stores/settings';
import { useTagsViewStore } from '../stores/tagsView';

/** Whether a page stays mounted (hidden) when another one is shown: see AppMain. */
const keptAlive = (path: string) =>
  useSettingsStore.getState().tagsView && useTagsViewStore.getState().cached.includes(path);

/**
 * Asks before leaving a page with unsaved form changes when leaving would lose them: pages that are
 * not kept alive (noCache, or the tags view switched off). Kept-alive pages keep their forms while
 * another tab is shown, so switching tabs never asks; closing their tab does (useTagActions).
 */
export const UnsavedChangesGuard = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      !keptAlive(currentLocation.pathname) &&
      isPathDirty(currentLocation.pathname),
  );

  const current = useRef(blocker);
  current.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The navigation has not happened: the page being left is still the window's.
    const path = window.location.pathname;
    const dialog = modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardPageText'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      okButtonProps: { danger: true },
      onOk: () => {
        useDirtyStore.getState().clear([path]);
        current.current.proceed?.();
      },
      onCancel: () => current.current.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker.state, modal, t]);

  return null;
};
