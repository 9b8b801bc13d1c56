import { createHash } from 'node:crypto';
import type { ComponentType } from 'react';
import type { Plugin } from 'vite';

/** Marks the stylesheet link in index.html (login.<lang>.html leaves it out: no antd there). */
export const ANTD_STYLES_ATTR = 'data-antd-styles';

/**
 * The antd components whose styles the signed-in console draws on its first screens: the layout
 * (menu, breadcrumb, dropdowns, avatar, badge, tooltips), the dashboard, the lists (table, search
 * form, pagination, tags) and the dialogs every page opens. Any other component still gets its
 * styles from antd's CSS-in-JS when it first renders (the cache map below only names these), so a
 * component missing here costs time, never looks. Every entry adds to each signed-in page's bytes
 * (bench:web's /dashboard budget): the date picker, tree select and input number (search forms'
 * "more filters"), upload, steps, calendar and the like stay at run time.
 */
const COMPONENTS = [
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Breadcrumb',
  'Button',
  'Checkbox',
  'Drawer',
  'Dropdown',
  'Empty',
  'Form',
  'Input',
  'Menu',
  'Modal',
  'Pagination',
  'Popover',
  'Radio',
  'Result',
  'Segmented',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
] as const;

/**
 * Renders the components above once, on the server, and returns the CSS antd's CSS-in-JS made
 * for them: what the browser would otherwise compute in the layout's first render. The rules are
 * theme-independent (antd 6 writes every token as a CSS variable; the variables themselves stay
 * at run time, so the theme colour and the compact size still apply). The text ends with antd's
 * cache map (`.data-ant-cssinjs-cache-path{content:"..."}`): @ant-design/cssinjs reads it at the
 * first style it registers and then neither computes nor injects the styles the file has.
 */
export const renderAntdStyles = async (): Promise<string> => {
  if (process.env.NODE_ENV !== 'production')
    throw new Error(
      'antd-styles: NODE_ENV must be production (antd names its classes differently otherwise)',
    );
  const [{ createCache, extractStyle, StyleProvider }, antd, { createElement }, { renderToString }] =
    await Promise.all([
      import('@ant-design/cssinjs'),
      import('antd'),
      import('react'),
      import('react-dom/server'),
    ]);
  // The props a component needs to render at all.
  const propsOf = (name: string): Record<string, unknown> | null => {
    if (name === 'Dropdown') return { menu: { items: [] }, children: createElement('span') };
    if (name === 'Menu') return { items: [] };
    return null;
  };
  const cache = createCache();
  const registry = antd as unknown as Record<string, ComponentType<Record<string, unknown>>>;
  renderToString(
    createElement(
      StyleProvider,
      { cache },
      createElement(
        antd.ConfigProvider,
        null,
        COMPONENTS.map((name) => {
          const C = registry[name];
          if (!C) throw new Error(`antd-styles: antd has no ${name}`);
          return createElement('div', { key: name }, createElement(C, propsOf(name)));
        }),
      ),
    ),
  );
  const css = extractStyle(cache, { plain: true, types: ['style'] });
  if (!css.includes('data-ant-cssinjs-cache-path'))
    throw new Error('antd-styles: no cache map in the output');
  return css;
};

/**
 * Serves antd's component styles as one cacheable stylesheet (`assets/antd-<hash>.css`, linked first
 * in index.html's <head>, so the console's own CSS still comes after it) instead of having
 * antd compute and inject them in the browser during the layout's first render. Signed-in pages
 * only: prerender-login drops the link from login.<lang>.html.
 */
export const antdStyles = (): Plugin => {
  let css = '';
  let fileName = '';
  return {
    name: 'educrm:antd-styles',
    apply: 'build',
    async buildStart() {
      css = await renderAntdStyles();
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'stylesheet', href: `/${fileName}`, [ANTD_STYLES_ATTR]: true },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
};
