import { COOKIE, type Language } from '@educrm/contract/constants';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, htmlLang } from './language';
import type { Messages } from './types';

/** Each language is its own chunk: the first load carries only the UI language. */
const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
  ja: () => import('./ja'),
};

/** The UI language at start: the language cookie, else the browser's, else en. */
export const initialLanguage = detectLanguage(
  Cookies.get(COOKIE.language),
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
);

/**
 * Messages of the business areas (src/i18n/areas/<area>.<lang>.ts, keys `<area>.*`) are ONE chunk
 * per language (areas/all.<lang>.ts: one request instead of eight on a first business page),
 * loaded with the first business page (loadAreaMessages), so the login page and the dashboard do
 * not carry them.
 */
export const AREAS = ['client', 'dict', 'order', 'product', 'call', 'course', 'audit', 'wecom'] as const;
export type Area = (typeof AREAS)[number];
const AREA_LOADERS: Record<Language, () => Promise<{ default: Record<Area, Messages> }>> = {
  zh: () => import('./areas/all.zh'),
  en: () => import('./areas/all.en'),
  es: () => import('./areas/all.es'),
  ja: () => import('./areas/all.ja'),
};
/** Whether a business page has asked for the area messages (then a language switch loads them too). */
let areasWanted = false;
/** A language's area messages, loading or loaded (dropped after a failure, so the next call retries). */
const areasOf = new Map<Language, Promise<void>>();

/**
 * The UI language's messages are asked for now, while the entry script evaluates: before boot.ts
 * queues the layout's and the page's chunks, and not after i18next's init (which defers its
 * loading by a task), so the file is not the last in line for one of six HTTP/1.1 connections.
 */
let initialMessages: Promise<{ default: Messages }> | null = LOADERS[initialLanguage]();
initialMessages.catch(() => undefined);
const messagesOf = (lang: Language) => {
  const started = lang === initialLanguage ? initialMessages : null;
  initialMessages = null;
  return started ?? LOADERS[lang]();
};

/** <html lang> follows the UI language (dayjs follows in ./dayjs.ts, loaded with the layout). */
i18n.on('languageChanged', (lng) => {
  const lang = lng as Language;
  if (typeof document !== 'undefined' && htmlLang[lang]) document.documentElement.lang = htmlLang[lang];
});

const initDone = i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLanguage,
  fallbackLng: false,
  supportedLngs: ['zh', 'en', 'es', 'ja'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Adds messages to a language's bundle by their top-level keys, as they are: the core file's and
 * the areas' top-level keys never clash (keys.test.ts), so no deep merge is needed, and the modules'
 * objects are not copied (i18next's default copies through JSON and merges deeply: ~25 ms of a
 * cold /client/list load on a 2-core machine, for the areas' file).
 */
const addMessages = (lang: Language, messages: Messages | Record<Area, Messages>) =>
  i18n.addResourceBundle(lang, 'translation', messages, false, true, { skipCopy: true });

const loadAreasOf = (lang: Language): Promise<void> => {
  let loading = areasOf.get(lang);
  if (!loading) {
    // The file is asked for at once; the bundle is added once i18next's store exists.
    loading = Promise.all([AREA_LOADERS[lang](), initDone]).then(([{ default: areas }]) => {
      addMessages(lang, areas);
    });
    areasOf.set(lang, loading);
    loading.catch(() => areasOf.delete(lang));
  }
  return loading;
};

/** Loads a language's messages once (and the business areas' when a business page was opened). */
export const loadLanguage = async (lang: Language) => {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const { default: messages } = await messagesOf(lang);
    addMessages(lang, messages);
  }
  if (areasWanted) await loadAreasOf(lang);
};

/** Loads the business areas' messages of the UI language; the route table calls it with every business page. */
export const loadAreaMessages = async () => {
  areasWanted = true;
  await loadAreasOf(currentLanguage());
};

/** Resolves when the UI language is ready; main.tsx renders after it. */
export const i18nReady: Promise<void> = (async () => {
  await initDone;
  // A language chunk that fails to load (network) must not keep the console from starting.
  await loadLanguage(initialLanguage).catch(() => undefined);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[initialLanguage];
})();

/** The language of the UI right now (sent as Accept-Language on every request). */
export const currentLanguage = (): Language =>
  (i18n.resolvedLanguage ?? i18n.language ?? initialLanguage) as Language;

export default i18n;
