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

/** Loads a language's messages once. */
export const loadLanguage = async (lang: Language) => {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: messages } = await LOADERS[lang]();
  i18n.addResourceBundle(lang, 'translation', messages, true, true);
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
