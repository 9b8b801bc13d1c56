import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLinkClicks } from '../../router/linkClicks';
import { routeTitle } from '../../router/title';
import { useLeafHandle } from '../../router/useRouteMeta';
import { useAppStore } from '../../stores/app';
import { usePermissionStore } from '../../stores/permission';
import { useSettingsStore } from '../../stores/settings';
import { RouteIcon } from '../icons';
import { Logo } from './Logo';
import { buildMenu, type MenuNode, openKeysFor } from './menu';

type Items = NonNullable<MenuProps['items']>;

/** The collapsible sidebar (spec section 2) built from the permitted routes. */
export const Sidebar = () => {
  const { t, i18n } = useTranslation();
  const routes = usePermissionStore((s) => s.routes);
  const opened = useAppStore((s) => s.sidebar.opened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  const { pathname } = useLocation();
  const activeMenu = useLeafHandle()?.meta?.activeMenu;
  const selected = activeMenu ?? pathname;
  // One array per selection: antd's Menu copies a new `selectedKeys` array into its state in a
  // layout effect, so each Sidebar render with a fresh one cost the whole menu a synchronous re-render.
  const selectedKeys = useMemo(() => [selected], [selected]);

  const nodes = useMemo(() => buildMenu(routes), [routes]);
  const items = useMemo(() => {
    const title = (key?: string) =>
      routeTitle(
        key,
        (k) => t(k),
        (k) => i18n.exists(k),
      );
    const toItems = (list: readonly MenuNode[]): Items =>
      list.map((node) =>
        node.children
          ? {
              key: node.key,
              icon: <RouteIcon name={node.icon} />,
              label: title(node.title),
              children: toItems(node.children),
            }
          : {
              key: node.key,
              icon: <RouteIcon name={node.icon} />,
              label: node.external ? (
                <a href={node.path} target="_blank" rel="noopener noreferrer">
                  {title(node.title)}
                </a>
              ) : (
                <a href={node.path}>{title(node.title)}</a>
              ),
            },
      );
    return toItems(nodes);
  }, [nodes, t, i18n]);

  const onLinkClick = useLinkClicks();

  const collapsed = !opened && !mobile;
  return (
    <div className="sidebar-container">
      {showLogo ? <Logo collapsed={collapsed} /> : null}
      {/* The menu's links are plain anchors navigated by one handler (useLinkClicks), not a Link each. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click event */}
      <nav className="sidebar-scroll" aria-label={t('navbar.mainMenu')} onClick={onLinkClick}>
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          // A tooltip names an icon-only item; expanded, antd would still wrap every item (those of
          // closed submenus too, rendered once to register their keys) in an idle Tooltip.
          tooltip={collapsed ? undefined : false}
          items={items}
          selectedKeys={selectedKeys}
          // Collapsed, an open key is a flyout over the page: open the current section only inline.
          defaultOpenKeys={collapsed ? [] : openKeysFor(nodes, selected)}
        />
      </nav>
    </div>
  );
};
