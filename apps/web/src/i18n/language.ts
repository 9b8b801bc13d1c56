import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@educrm/contract/constants';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * Spec section 4: the language cookie wins; else the first of the browser's languages whose primary
 * subtag is supported (zh-CN -> zh, es-419 -> es); else en.
 */
export const detectLanguage = (cookie: string | undefined, browser: readonly string[]): Language => {
  if (isLanguage(cookie)) return cookie;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
};

/** The BCP 47 tag put on <html lang>. */
export const htmlLang: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es', ja: 'ja' };
