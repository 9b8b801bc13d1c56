import type { Page } from 'playwright-core';
import { strayLatinWords } from '../../apps/web/src/i18n/latin';

/**
 * The tour's in-page checks (scripts/tour.mjs, issue 16). Each answers a list of findings, a short
 * text per finding (what and where), so the summary can count them and the log can name them.
 */
export interface PageFindings {
  /** The document is wider than the window (a horizontal scrollbar on the whole page). */
  overflow: string[];
  /** Texts that look like i18n keys (`call.sms.sign`) or a template left unfilled (`{{count}}`). */
  keys: string[];
  /** Chinese characters in the chrome of an en or es page (data cells are left out). */
  chinese: string[];
  /**
   * English left in a zh or ja page: Latin words in any visible text (menus, headers, buttons, empty
   * states, and table cells too: the demo data is Chinese) or placeholder or title, but for codes,
   * the allowed words (apps/web/src/i18n/latin.ts), `<code>`, inputs and the user's own content.
   */
  english: string[];
  /** Buttons, tags, headers and labels narrower than their text. */
  cut: string[];
}

/**
 * Where data lives: the demo data is Chinese, so Chinese text inside these is not chrome. Table
 * body cells, tree nodes (departments, categories), chosen select values, description values,
 * list items, the signed-in user's name, chart labels, inputs.
 */
export const DATA_SELECTORS = [
  '.ant-table-tbody td',
  '.ant-tree-title',
  '.ant-select-selection-item',
  '.ant-select-selection-overflow',
  '.ant-descriptions-item-content',
  '.ant-list-item',
  '.ant-list-item-meta',
  // Avatars (a person's initial) and the signed-in user's name in the navbar (AvatarMenu).
  '.ant-avatar',
  '.avatar-button__name',
  '[data-user-content]',
  'input',
  'textarea',
];

/**
 * Where a code is shown on purpose, as a code: `<code>` (a job's name or an audit action under its
 * translated label, a cron expression). Key-like text inside is not a finding; the label above it,
 * when it falls back to the code, still is.
 */
export const CODE_SELECTORS = ['code', 'kbd', 'samp'];

/** The signed-in user's name (the navbar's), which greetings and the profile show inside chrome. */
const USER_NAME_SELECTOR = '.avatar-button__name';

/** Elements whose text must never be cut. */
export const LABEL_SELECTORS = [
  '.ant-btn',
  '.ant-tag',
  '.ant-table-thead th',
  '.ant-tabs-tab-btn',
  '.ant-radio-button-wrapper',
  '.ant-segmented-item-label',
  '.ant-form-item-label > label',
  '.ant-card-head-title',
  '.ant-statistic-title',
  '.ant-menu-title-content',
  '.ant-breadcrumb-link',
  '.tags-view__item',
];

/** Runs the checks in the page. `lang` decides whether Chinese characters count. */
export const checkPage = async (page: Page, lang: string): Promise<PageFindings> => {
  const found = await page.evaluate(
    ({ lang, dataSelectors, labelSelectors, codeSelectors, userNameSelector }) => {
      const describe = (el: Element) => {
        const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean)[0] : '';
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
      };
      const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
      const visible = (el: Element) =>
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        el.getBoundingClientRect().width > 0;

      const overflow: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth + 1) {
        // The widest culprits: elements whose right edge passes the window.
        const wide = Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && visible(el))
          .filter(
            (el) =>
              !el.parentElement || el.parentElement.getBoundingClientRect().right <= root.clientWidth + 1,
          )
          .slice(0, 3)
          .map(describe);
        overflow.push(`document ${root.scrollWidth} px > ${root.clientWidth} px (${wide.join(', ')})`);
      }

      const KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z][a-zA-Z0-9_-]*)+[:：]?$/;
      const NOT_KEY = /\.(com|cn|net|org|io|local|test|png|jpe?g|gif|webp|xlsx|csv|pdf|txt|json|js|ts)$/i;
      const looksLikeKey = (text: string) =>
        (KEY.test(text) && !NOT_KEY.test(text)) || /\{\{\s*\w+\s*\}\}/.test(text);
      const HAN = /\p{Script=Han}/u;
      const dataSelector = dataSelectors.join(', ');
      const codeSelector = codeSelectors.join(', ');
      // The user's name is data wherever it shows ("Hello, 超级管理员", the profile's heading).
      const userName = document.querySelector(userNameSelector)?.textContent?.trim() ?? '';
      const chrome = (text: string) => (userName ? text.split(userName).join(' ') : text);

      // English in zh and ja: the texts are sent back and judged by strayLatinWords outside the page.
      // An element's text is the text of its own text nodes together (React writes `v{n}` as two).
      const checksEnglish = lang === 'zh' || lang === 'ja';
      const englishSkip = ['input', 'textarea', '.ant-avatar', '[data-user-content]', ...codeSelectors].join(
        ', ',
      );
      const ownText = (el: Element) => {
        let text = '';
        for (const child of Array.from(el.childNodes))
          text += child.nodeType === Node.TEXT_NODE ? (child.textContent ?? '') : ' ';
        return text.replace(/\s+/g, ' ').trim();
      };
      const seenOwner = new Set<Element>();

      const keys: string[] = [];
      const chinese: string[] = [];
      const english: { where: string; text: string }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('script, style, noscript') || !visible(parent)) continue;
        if (looksLikeKey(text) && !parent.closest(codeSelector))
          keys.push(`${describe(parent)}: ${short(text)}`);
        if ((lang === 'en' || lang === 'es') && HAN.test(chrome(text)) && !parent.closest(dataSelector))
          chinese.push(`${describe(parent)}: ${short(text)}`);
        if (checksEnglish && !seenOwner.has(parent) && !parent.closest(englishSkip)) {
          seenOwner.add(parent);
          english.push({ where: describe(parent), text: ownText(parent) });
        }
      }
      for (const el of Array.from(document.querySelectorAll('[placeholder], [title], [aria-label]'))) {
        if (!visible(el)) continue;
        for (const attr of ['placeholder', 'title', 'aria-label']) {
          const text = el.getAttribute(attr)?.trim();
          if (!text) continue;
          if (looksLikeKey(text)) keys.push(`${describe(el)}[${attr}]: ${short(text)}`);
          if ((lang === 'en' || lang === 'es') && attr === 'placeholder' && HAN.test(text))
            chinese.push(`${describe(el)}[${attr}]: ${short(text)}`);
          if (checksEnglish && attr !== 'aria-label')
            english.push({ where: `${describe(el)}[${attr}]`, text });
        }
      }

      // Cut: the element's content is wider than its box (scrollWidth) and its text, laid out, passes
      // the box's edges. The second test leaves out what only widens the scroll area without covering
      // text: the shadow pseudo-element of a fixed table column (30 px past a sticky header cell),
      // icons and badges hanging over an edge on purpose.
      const textPasses = (el: HTMLElement) => {
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        return Array.from(range.getClientRects()).some(
          (r) => r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1),
        );
      };
      const cut: string[] = [];
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(labelSelectors.join(', ')))) {
        if (!visible(el)) continue;
        if (el.scrollWidth > el.clientWidth + 1 && textPasses(el))
          cut.push(`${describe(el)}: ${short((el.textContent ?? '').trim())}`);
      }
      return { overflow, keys, chinese, english, cut };
    },
    {
      lang,
      dataSelectors: DATA_SELECTORS,
      labelSelectors: LABEL_SELECTORS,
      codeSelectors: CODE_SELECTORS,
      userNameSelector: USER_NAME_SELECTOR,
    },
  );
  const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
  const english = found.english.flatMap(({ where, text }) => {
    const words = strayLatinWords(text);
    return words.length ? [`${where}: ${short(text)} [${words.join(' ')}]`] : [];
  });
  return { ...found, english };
};
