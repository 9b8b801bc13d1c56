import { ROOT_PLACEHOLDER, SSR_PAINT_ATTR, SSR_STATE_ID, type SsrPage } from '@educrm/contract';
import { escapeHtml } from '../lib/html';

/** JSON inside <script type="application/json">: no `<` can close the element or open a comment. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The server-rendered markup is a picture of the page until the console's scripts have rendered
 * over it: its test ids are renamed (tests and the bench wait for the live page, and count this
 * one apart, as they do the prerendered login page) and it is inert (no dead controls to click or
 * focus). `display: contents` (global.css) keeps the layout's height chain from #root.
 */
export const paintOf = (markup: string) =>
  `<div ${SSR_PAINT_ATTR}="" inert="">${markup.replace(/ data-testid="/g, ' data-ssr-testid="')}</div>`;

/**
 * index.html with a rendered page in it: lang and title, antd's business-page stylesheet where
 * the page needs it (boot.ts would link it), the render's own antd rules right after antd's
 * prebuilt stylesheets, the page chunk's stylesheets and scripts, the markup in #root and React
 * Query's state for the console to start from (src/api/queryClient.ts). Throws when index.html
 * does not have the shape the build writes (the caller then answers it as it is).
 */
export const ssrHtml = (indexHtml: string, page: SsrPage): string => {
  const antdLink = /<link [^>]*data-antd-styles[^>]*>/.exec(indexHtml)?.[0];
  const pageStylesHref = /<meta name="antd-page-styles" content="([^"]+)"/.exec(indexHtml)?.[1];
  if (!antdLink || !pageStylesHref || !indexHtml.includes(ROOT_PLACEHOLDER))
    throw new Error('ssr: index.html is not the one the build writes');
  const afterAntd = [
    page.pageStyles ? `<link rel="stylesheet" href="${pageStylesHref}" data-antd-page-styles="">` : '',
    page.styles ? `<style data-ssr-styles="">${page.styles.replace(/<\/style/gi, '<\\/style')}</style>` : '',
  ].join('');
  const head = [
    ...page.css.map((href) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(href)}">`),
    ...page.js.map(
      (href) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(href)}" fetchpriority="low">`,
    ),
  ].join('\n    ');
  const state = `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(page.state)}</script>`;
  // Replacer functions: a replacement string would read `$&` and the like in the page's text.
  return indexHtml
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(antdLink, () => `${antdLink}${afterAntd}`)
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace(ROOT_PLACEHOLDER, () => `<div id="root">${paintOf(page.markup)}</div>${state}`);
};
