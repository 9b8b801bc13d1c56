import { createHash } from 'node:crypto';
import type { ComponentType } from 'react';
import type { Plugin } from 'vite';

/** Marks the stylesheet link in index.html (login.<lang>.html leaves it out: no antd there). */
export const ANTD_STYLES_ATTR = 'data-antd-styles';

/**
 * The antd components whose styles the signed-in console draws on its first screens, in two files.
 * `layout`: what the layout and the dashboard render (menu, breadcrumb, dropdowns, avatar, badge,
 * tooltips, buttons, antd's App and its modal host), linked in index.html for every signed-in
 * page. `pages`: what a business page adds (table, search form, selects, pagination, tags),
 * linked by boot.ts when the first page is not the dashboard, so the dashboard stays within its
 * bytes budget (bench:web). Any other component still gets its styles from antd's CSS-in-JS when
 * it first renders (the cache maps name only what the files have), so a component missing here
 * costs time, never looks; the date picker, tree select, drawers and the like stay at run time.
 */
const LAYOUT = ['App', 'Avatar', 'Badge', 'Breadcrumb', 'Button', 'Dropdown', 'Menu', 'Modal', 'Tooltip'];
const PAGES = [
  'Checkbox',
  'Col',
  'Empty',
  'Form',
  'Input',
  'Pagination',
  'Popover',
  'Radio',
  'Row',
  'Select',
  'Space',
  'Spin',
  'Table',
  'Tag',
];

const CACHE_MAP = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/**
 * Renders the components above once, on the server, and returns the CSS antd's CSS-in-JS made
 * for them (`layout`, then `pages` with what `layout` has left out): what the browser would
 * otherwise compute in the first render. The rules are
 * theme-independent (antd 6 writes every token as a CSS variable; the variables themselves stay
 * at run time, so the theme colour and the compact size still apply). The text ends with antd's
 * cache map (`.data-ant-cssinjs-cache-path{content:"..."}`): @ant-design/cssinjs reads it at the
 * first style it registers and then neither computes nor injects the styles the file has. It reads
 * one map (the last file's rule wins), so `pages` carries both files' entries: it is only ever
 * linked after `layout`.
 */
export const renderAntdStyles = async (): Promise<{ layout: string; pages: string }> => {
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
  const render = (names: readonly string[]) => {
    renderToString(
      createElement(
        StyleProvider,
        { cache },
        createElement(
          antd.ConfigProvider,
          null,
          names.map((name) => {
            const C = registry[name];
            if (!C) throw new Error(`antd-styles: antd has no ${name}`);
            return createElement('div', { key: name }, createElement(C, propsOf(name)));
          }),
        ),
      ),
    );
    // `once`: only the styles the earlier files do not have.
    return extractStyle(cache, { plain: true, types: ['style'], once: true });
  };
  const layout = render(LAYOUT);
  const pages = render(PAGES);
  const layoutMap = CACHE_MAP.exec(layout)?.[1];
  const pagesMap = CACHE_MAP.exec(pages)?.[1];
  if (!layoutMap || !pagesMap) throw new Error('antd-styles: no cache map in the output');
  return {
    layout,
    pages: pages.replace(CACHE_MAP, `.data-ant-cssinjs-cache-path{content:"${layoutMap};${pagesMap}";}`),
  };
};

/** The <meta> naming the business pages' file, for boot.ts (src/theme/antdStyles.ts). */
export const PAGE_STYLES_META = 'antd-page-styles';

const assetName = (name: string, css: string) =>
  `assets/${name}-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;

/**
 * Serves antd's component styles as cacheable stylesheets instead of having antd compute and
 * inject them in the browser during the first render: `assets/antd-<hash>.css` (the layout's,
 * linked first in index.html's <head>, so the console's own CSS still comes after it) and
 * `assets/antd-pages-<hash>.css` (named in a <meta>; boot.ts links it after the first one when a
 * business page is opened). Signed-in pages only: prerender-login drops both from login.<lang>.html.
 */
export const antdStyles = (): Plugin => {
  let files: { layout: { fileName: string; css: string }; pages: { fileName: string; css: string } };
  return {
    name: 'educrm:antd-styles',
    apply: 'build',
    async buildStart() {
      const { layout, pages } = await renderAntdStyles();
      files = {
        layout: { fileName: assetName('antd', layout), css: layout },
        pages: { fileName: assetName('antd-pages', pages), css: pages },
      };
    },
    generateBundle() {
      for (const { fileName, css } of Object.values(files))
        this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'stylesheet', href: `/${files.layout.fileName}`, [ANTD_STYLES_ATTR]: true },
          injectTo: 'head-prepend',
        },
        {
          tag: 'meta',
          attrs: { name: PAGE_STYLES_META, content: `/${files.pages.fileName}`, [ANTD_STYLES_ATTR]: true },
          injectTo: 'head',
        },
      ],
    },
  };
};
