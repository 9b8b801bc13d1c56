/**
 * antd's prebuilt styles for the business pages (tables, search forms, selects: the second file of
 * vite-plugins/antd-styles.ts, named in index.html's <meta name="antd-page-styles">), linked right
 * after the layout's file, before the console's own stylesheets. boot.ts calls it on a first load
 * of a page other than the dashboard; it must come before antd's first style, which reads the
 * cache map of the files loaded by then (a file that arrives later is ignored and antd computes
 * those styles itself: slower, never wrong).
 */
export const linkPageStyles = () => {
  const href = document.querySelector<HTMLMetaElement>('meta[name="antd-page-styles"]')?.content;
  const layoutStyles = document.querySelector('link[data-antd-styles]');
  if (!href || !layoutStyles || document.querySelector('link[data-antd-page-styles]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.setAttribute('data-antd-page-styles', '');
  layoutStyles.after(link);
};
