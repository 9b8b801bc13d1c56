import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { pageTitle } from './title';
import { useLeafHandle, useRouteMatches } from './useRouteMeta';

/** Keeps document.title on the current route's title, in the current language. */
const useDocumentTitle = () => {
  const { t, i18n } = useTranslation();
  const handle = useLeafHandle();
  const title = handle?.meta?.title;
  useEffect(() => {
    document.title = pageTitle(
      title,
      (k) => t(k),
      (k) => i18n.exists(k),
    );
  }, [title, t, i18n]);
};

/** Pages outside the layout start at the top (the layout's AppMain handles its own pages). */
const useScrollTopOutsideLayout = () => {
  const { pathname } = useLocation();
  const inLayout = useRouteMatches().some((m) => m.id === 'layout');
  useLayoutEffect(() => {
    if (!inLayout && pathname) window.scrollTo(0, 0);
  }, [pathname, inLayout]);
};

/** A thin bar at the top while a navigation loads (guard, page chunk). */
const NavigationProgress = () => {
  const busy = useNavigation().state !== 'idle';
  return busy ? <div className="nav-progress" aria-hidden="true" /> : null;
};

export const RootShell = () => {
  useDocumentTitle();
  useScrollTopOutsideLayout();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
};
