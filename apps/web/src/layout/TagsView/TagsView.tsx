import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routeTitle } from '../../router/title';
import { useLeafHandle } from '../../router/useRouteMeta';
import { usePermissionStore } from '../../stores/permission';
import { NO_NAME, type TagView } from '../../stores/tags';
import { useTagsViewStore } from '../../stores/tagsView';
import { affixViews } from './affix';
import { useTagActions } from './useTagActions';

/** Adds a tab for the current page; a query-only change updates its tab. */
const useVisitTracking = () => {
  const { pathname, search } = useLocation();
  const handle = useLeafHandle();
  const add = useTagsViewStore((s) => s.add);
  const routes = usePermissionStore((s) => s.routes);
  const setAffix = useTagsViewStore((s) => s.setAffix);

  useEffect(() => {
    setAffix(affixViews(routes));
  }, [routes, setAffix]);

  useEffect(() => {
    if (!handle || pathname.startsWith('/redirect/')) return;
    add({
      path: pathname,
      fullPath: `${pathname}${search}`,
      title: handle.meta?.title ?? NO_NAME,
      noCache: handle.meta?.noCache ?? false,
    });
  }, [pathname, search, handle, add]);
};

type TagCommand = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/**
 * One tab with its right-click menu. Memoised on the view, its title and whether it is active: the
 * tags bar re-renders while a page loads (a tab added, affix tabs set, a query change), and a tab
 * that re-rendered its Dropdown (a new menu each time) under a right-click could lose the menu.
 */
const TagItem = memo(function TagItem({
  view,
  active,
  title,
  onCommand,
}: {
  view: TagView;
  active: boolean;
  title: string;
  onCommand: (command: TagCommand, view: TagView) => void;
}) {
  const { t } = useTranslation();
  const menu = useMemo<MenuProps>(
    () => ({
      items: [
        { key: 'refresh', label: t('tagsView.refresh') },
        ...(view.affix ? [] : [{ key: 'close', label: t('tagsView.close') }]),
        { key: 'closeOthers', label: t('tagsView.closeOthers') },
        { key: 'closeAll', label: t('tagsView.closeAll') },
      ],
      onClick: ({ key }) => onCommand(key as TagCommand, view),
    }),
    [t, view, onCommand],
  );
  return (
    <Dropdown trigger={['contextMenu']} menu={menu} autoFocus>
      <span
        className={`tags-view__item${active ? ' tags-view__item--active' : ''}`}
        data-path={view.path}
        data-affix={view.affix ? 'true' : undefined}
      >
        <Link
          to={view.fullPath}
          className="tags-view__link"
          aria-current={active ? 'page' : undefined}
          onAuxClick={(e) => {
            if (e.button === 1 && !view.affix) {
              e.preventDefault();
              onCommand('close', view);
            }
          }}
        >
          {title}
        </Link>
        {view.affix ? null : (
          <button
            type="button"
            className="tags-view__close"
            aria-label={t('tagsView.closeTab', { title })}
            onClick={() => onCommand('close', view)}
          >
            <CloseOutlined aria-hidden="true" />
          </button>
        )}
      </span>
    </Dropdown>
  );
});

/** The tags bar (spec section 2): a tab per visited page, right-click menu, pinned tabs first. */
export const TagsView = () => {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const visited = useTagsViewStore((s) => s.visited);
  const actions = useTagActions();
  const scroller = useRef<HTMLDivElement>(null);
  useVisitTracking();

  // Keep the active tab in view: the strip scrolls sideways; the window must not move (kept-alive
  // pages restore their own scroll position).
  useEffect(() => {
    if (!visited.some((v) => v.path === pathname)) return;
    const strip = scroller.current;
    const active = strip?.querySelector<HTMLElement>('.tags-view__item--active');
    if (!strip || !active) return;
    const left = active.offsetLeft - 10;
    const right = active.offsetLeft + active.offsetWidth + 10 - strip.clientWidth;
    if (left < strip.scrollLeft) strip.scrollLeft = left;
    else if (right > strip.scrollLeft) strip.scrollLeft = right;
  }, [pathname, visited]);

  const titleOf = (view: TagView) =>
    routeTitle(
      view.title,
      (k) => t(k),
      (k) => i18n.exists(k),
    );

  // One stable command handler for every tab (the actions change with the location).
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  const onCommand = useCallback((command: TagCommand, view: TagView) => {
    const a = latest.current;
    if (command === 'refresh') void a.refresh(view);
    else if (command === 'close') void a.close(view);
    else if (command === 'closeOthers') void a.closeOthers(view);
    else void a.closeAll();
  }, []);

  return (
    <nav className="tags-view" aria-label={t('tagsView.label')}>
      <div
        className="tags-view__scroll"
        ref={scroller}
        onWheel={(e) => {
          if (scroller.current && e.deltaY) scroller.current.scrollLeft += e.deltaY;
        }}
      >
        {visited.map((view) => (
          <TagItem
            key={view.path}
            view={view}
            active={view.path === pathname}
            title={titleOf(view)}
            onCommand={onCommand}
          />
        ))}
      </div>
    </nav>
  );
};
