/**
 * The details editor's HTML allowlist: the same tags and attributes the server keeps
 * (apps/server/src/modules/products/sanitize.ts). The server sanitises every save; this copy keeps
 * pasted or loaded markup from carrying scripts, handlers or styles into the editing page.
 */
const TAGS = new Set([
  'P',
  'BR',
  'HR',
  'H1',
  'H2',
  'H3',
  'H4',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SPAN',
  'A',
  'IMG',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'PRE',
  'CODE',
]);
const ATTRIBUTES: Record<string, readonly string[]> = {
  A: ['href', 'title'],
  IMG: ['src', 'alt', 'width', 'height'],
  TD: ['colspan', 'rowspan'],
  TH: ['colspan', 'rowspan'],
};
/** Elements dropped with their content (the rest are unwrapped: their text stays). */
const DROP = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'svg',
  'MATH',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
]);

const safeUrl = (url: string, image: boolean) => {
  const value = url.trim();
  if (/^(https?:|mailto:|tel:)/i.test(value)) return !image || /^https?:/i.test(value);
  if (image && /^data:image\/(png|jpe?g|gif|webp);/i.test(value)) return true;
  // Relative links (our own /api/v1/files/... pictures), never protocol-relative ones.
  return /^\/(?!\/)/.test(value);
};

const cleanNode = (node: Element) => {
  for (const child of [...node.children]) {
    if (DROP.has(child.tagName) || DROP.has(child.tagName.toUpperCase())) {
      child.remove();
      continue;
    }
    cleanNode(child);
    if (!TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = ATTRIBUTES[child.tagName] ?? [];
    for (const attr of [...child.attributes]) {
      const keep =
        allowed.includes(attr.name) &&
        (attr.name !== 'href' || safeUrl(attr.value, false)) &&
        (attr.name !== 'src' || safeUrl(attr.value, true));
      if (!keep) child.removeAttribute(attr.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
  // Comments go too.
  for (const child of [...node.childNodes]) if (child.nodeType === 8) child.remove();
};

/** Markup with only the allowed tags and attributes (parsed in an inert document: nothing runs or loads). */
export const cleanHtml = (html: string): string => {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanNode(doc.body);
  return doc.body.innerHTML;
};

/** Markup that shows nothing ("<p><br></p>" after clearing the editor) counts as empty. */
export const isBlankHtml = (html: string) =>
  !/<img/i.test(html) && html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';
