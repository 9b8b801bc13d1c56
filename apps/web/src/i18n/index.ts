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
 * Messages of the business areas (src/i18n/areas/<area>.<lang>.ts, keys `<area>.*`) are their own
 * chunks too, loaded with the first business page (loadAreaMessages), so the login page and the
 * dashboard do not carry them.
 */
export const AREAS = ['client', 'dict', 'order', 'product', 'call', 'course', 'audit', 'wecom'] as const;
export type Area = (typeof AREAS)[number];
type Loader = () => Promise<{ default: Messages }>;
const AREA_LOADERS: Record<Language, Record<Area, Loader>> = {
  zh: {
    client: () => import('./areas/client.zh'),
    dict: () => import('./areas/dict.zh'),
    order: () => import('./areas/order.zh'),
    product: () => import('./areas/product.zh'),
    call: () => import('./areas/call.zh'),
    course: () => import('./areas/course.zh'),
    audit: () => import('./areas/audit.zh'),
    wecom: () => import('./areas/wecom.zh'),
  },
  en: {
    client: () => import('./areas/client.en'),
    dict: () => import('./areas/dict.en'),
    order: () => import('./areas/order.en'),
    product: () => import('./areas/product.en'),
    call: () => import('./areas/call.en'),
    course: () => import('./areas/course.en'),
    audit: () => import('./areas/audit.en'),
    wecom: () => import('./areas/wecom.en'),
  },
  es: {
    client: () => import('./areas/client.es'),
    dict: () => import('./areas/dict.es'),
    order: () => import('./areas/order.es'),
    product: () => import('./areas/product.es'),
    call: () => import('./areas/call.es'),
    course: () => import('./areas/course.es'),
    audit: () => import('./areas/audit.es'),
    wecom: () => import('./areas/wecom.es'),
  },
  ja: {
    client: () => import('./areas/client.ja'),
    dict: () => import('./areas/dict.ja'),
    order: () => import('./areas/order.ja'),
    product: () => import('./areas/product.ja'),
    call: () => import('./areas/call.ja'),
    course: () => import('./areas/course.ja'),
    audit: () => import('./areas/audit.ja'),
    wecom: () => import('./areas/wecom.ja'),
  },
};
/** Whether a business page has asked for the area messages (then a language switch loads them too). */
let areasWanted = false;
const areasLoaded = new Set<Language>();

const loadAreasOf = async (lang: Language) => {
  if (areasLoaded.has(lang)) return;
  const bundles = await Promise.all(AREAS.map((area) => AREA_LOADERS[lang][area]()));
  i18n.addResourceBundle(
    lang,
    'translation',
    Object.fromEntries(AREAS.map((area, i) => [area, bundles[i]?.default ?? {}])),
    true,
    true,
  );
  areasLoaded.add(lang);
};

/** Loads a language's messages once (and the business areas' when a business page was opened). */
export const loadLanguage = async (lang: Language) => {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const { default: messages } = await LOADERS[lang]();
    i18n.addResourceBundle(lang, 'translation', messages, true, true);
  }
  if (areasWanted) await loadAreasOf(lang);
};

/** Loads the business areas' messages of the UI language; the route table calls it with every business page. */
export const loadAreaMessages = async () => {
  areasWanted = true;
  await loadAreasOf(currentLanguage());
};

/** <html lang> follows the UI language (dayjs follows in ./dayjs.ts, loaded with the layout). */
i18n.on('languageChanged', (lng) => {
  const lang = lng as Language;
  if (typeof document !== 'undefined' && htmlLang[lang]) document.documentElement.lang = htmlLang[lang];
});

/** Resolves when the UI language is ready; main.tsx renders after it. */
export const i18nReady: Promise<void> = (async () => {
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: initialLanguage,
    fallbackLng: false,
    supportedLngs: ['zh', 'en', 'es', 'ja'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // A language chunk that fails to load (network) must not keep the console from starting.
  await loadLanguage(initialLanguage).catch(() => undefined);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[initialLanguage];
})();

/** The language of the UI right now (sent as Accept-Language on every request). */
export const currentLanguage = (): Language =>
  (i18n.resolvedLanguage ?? i18n.language ?? initialLanguage) as Language;

export default i18n;
