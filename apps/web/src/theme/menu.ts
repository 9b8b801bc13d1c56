import type { ThemeConfig } from 'antd';

/**
 * The sidebar's dark menu (the template's colours, flush items, 54 px collapsed). Given to the root
 * ConfigProvider (components/AntdProvider.tsx) rather than a ConfigProvider of its own around the
 * menu: a nested theme makes antd derive and register a second token set on every first load
 * (bench/README.md, #17 round 10). The sidebar is the console's only antd Menu (dropdown menus are
 * styled by Dropdown's own tokens).
 */
export const MENU_TOKENS: NonNullable<ThemeConfig['components']>['Menu'] = {
  darkItemBg: '#304156',
  darkSubMenuItemBg: '#1f2d3d',
  darkItemColor: '#bfcbd9',
  darkItemHoverBg: '#263445',
  darkItemSelectedBg: '#263445',
  darkPopupBg: '#1f2d3d',
  collapsedWidth: 54,
  itemBorderRadius: 0,
  itemMarginInline: 0,
  itemMarginBlock: 0,
};
