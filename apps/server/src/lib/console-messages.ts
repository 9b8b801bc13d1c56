import type { I18nLike, Language } from '@educrm/contract';
import * as areas from '../../../web/src/i18n/areas';
import en from '../../../web/src/i18n/en';
import es from '../../../web/src/i18n/es';
import ja from '../../../web/src/i18n/ja';
import zh from '../../../web/src/i18n/zh';

/**
 * The console's own messages (apps/web/src/i18n, base and business areas, merged as the console
 * merges them), for the few texts the server renders exactly as the console does: the audit
 * summaries, action and target labels of the audit export (renderer: @educrm/contract audit-text).
 * One copy of the messages: the server's bundle inlines these files.
 */
interface Tree {
  [key: string]: string | Tree;
}

const merge = (a: Tree, b: Tree): Tree => {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
  }
  return out;
};

const TREES: Record<Language, Tree> = {
  zh: merge(zh, areas.zh),
  en: merge(en, areas.en),
  es: merge(es, areas.es),
  ja: merge(ja, areas.ja),
};

const lookup = (tree: Tree, key: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** i18next's `{{name}}` interpolation (no escaping: the texts go to a spreadsheet, not to HTML). */
const fill = (template: string, values: Record<string, unknown> = {}) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });

const cache = new Map<Language, I18nLike>();

/** The console's messages in one language, as the shared renderers read them. */
export const consoleMessages = (lang: Language): I18nLike => {
  const known = cache.get(lang);
  if (known) return known;
  const tree = TREES[lang];
  const i18n: I18nLike = {
    language: lang,
    resolvedLanguage: lang,
    exists: (key) => lookup(tree, key) !== undefined,
    t: (key, options) => {
      const template = lookup(tree, key);
      return template === undefined ? key : fill(template, options);
    },
  };
  cache.set(lang, i18n);
  return i18n;
};
