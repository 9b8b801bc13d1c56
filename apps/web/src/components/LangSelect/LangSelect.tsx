import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@educrm/contract/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';
import { showSuccess } from '../feedback';
import { LANGUAGE_NAMES } from './languages';

/**
 * Language selector (spec section 2): the current one disabled; 'Switch Language Success'. The
 * choice is this browser's (its language cookie, spec section 4), never the account's: another
 * browser of the same user keeps its own language.
 */
export const LangSelect = ({ className }: { className?: string }) => {
  const { t, i18n } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
          disabled: lang === language,
        })),
        onClick: async ({ key }) => {
          const lang = key as Language;
          await setLanguage(lang);
          showSuccess(i18n.t('lang.success'));
        },
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        title={t('lang.label')}
        aria-label={`${t('lang.label')}: ${LANGUAGE_NAMES[language]}`}
      />
    </Dropdown>
  );
};
