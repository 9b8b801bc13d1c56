import { LANGUAGES, type Language } from '@educrm/contract/constants';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';
import { showSuccess } from '../feedback';
import { LANGUAGE_NAMES } from './languages';

/**
 * The language choice of the login page: four plain buttons, the current one pressed and disabled
 * (the navbar's dropdown would bring antd into the login page's first load).
 */
export const LangLinks = () => {
  const { t, i18n } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const choose = async (lang: Language) => {
    await setLanguage(lang);
    showSuccess(i18n.t('lang.success'));
  };
  return (
    <fieldset className="lang-links">
      <legend className="visually-hidden">{t('lang.label')}</legend>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="lang-links__item"
          aria-pressed={lang === language}
          disabled={lang === language}
          onClick={() => choose(lang)}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </fieldset>
  );
};
