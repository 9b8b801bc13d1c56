import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HOME_PATH } from '../router/table';
import { routeTitle } from '../router/title';
import type { RouteHandle } from '../router/types';
import { useRouteMatches } from '../router/useRouteMeta';

interface Crumb {
  key: string;
  title: string;
  path: string;
  link: boolean;
}

/**
 * Breadcrumb (spec section 2): matched routes with a title, Dashboard first, `breadcrumb: false`
 * skipped; all but the last link to their page (a group link goes to its first permitted child).
 * Kept as it was while a tab refreshes through /redirect, so it does not flicker.
 */
export const Breadcrumb = () => {
  const { t, i18n } = useTranslation();
  const matches = useRouteMatches();
  const { pathname } = useLocation();
  const last = useRef<Crumb[]>([]);

  const crumbs = useMemo(() => {
    if (pathname.startsWith('/redirect/')) return last.current;
    const handles = matches
      .map((m) => m.handle)
      .filter((h): h is RouteHandle => Boolean(h?.meta?.title) && h?.meta?.breadcrumb !== false);
    const list: Crumb[] = handles.map((h, i) => ({
      key: h.id,
      title: h.meta?.title ?? '',
      path: h.fullPath,
      link: i < handles.length - 1,
    }));
    if (list[0]?.path !== HOME_PATH) {
      list.unshift({ key: 'dashboard', title: 'dashboard', path: HOME_PATH, link: list.length > 0 });
    }
    last.current = list;
    return list;
  }, [matches, pathname]);

  return (
    <AntBreadcrumb
      className="app-breadcrumb"
      aria-label={t('navbar.breadcrumb')}
      items={crumbs.map((c) => {
        const title = routeTitle(
          c.title,
          (k) => t(k),
          (k) => i18n.exists(k),
        );
        return {
          key: c.key,
          title: c.link ? <Link to={c.path}>{title}</Link> : <span aria-current="page">{title}</span>,
        };
      })}
    />
  );
};
