import type { Language } from '@educrm/contract/constants';

/** Each language named in itself. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};
