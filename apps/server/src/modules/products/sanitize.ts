import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

let loaded: typeof SanitizeHtml | undefined;
/** sanitize-html (and postcss, htmlparser2), loaded at the first rich text saved: ~18 MB of RSS otherwise held from start. */
const sanitizeHtml = (): typeof SanitizeHtml => {
  loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return loaded;
};

/**
 * Product details are rich text written by staff and shown to others: only formatting tags,
 * links and images survive; scripts, event handlers, styles and javascript: URLs are dropped.
 */
export const sanitizeRichText = (html: string): string =>
  sanitizeHtml()(html, {
    allowedTags: [
      'p',
      'br',
      'hr',
      'h1',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'ul',
      'ol',
      'li',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'span',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'pre',
      'code',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml().simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    },
  });
