import type { Language } from '@educrm/contract/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import i18n, { currentLanguage } from './index';

/**
 * dayjs (dates in pages, antd date pickers) follows the UI language. Imported by the layout, so
 * the login page does not load dayjs.
 */
const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en', es: 'es', ja: 'ja' };

const apply = (lang: string) => {
  dayjs.locale(DAYJS_LOCALE[lang as Language] ?? 'en');
};

apply(currentLanguage());
i18n.on('languageChanged', apply);
