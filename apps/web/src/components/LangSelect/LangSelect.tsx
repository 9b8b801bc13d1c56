import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@educrm/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { profileKeys, saveLanguage } from '../../api/profile';
import { getToken } from '../../session/token';
import { useAppStore } from '../../stores/app';
import { showSuccess } from '../feedback';
import { LANGUAGE_NAMES } from './languages';

/**
 * Language selector (spec section 2): the current one disabled; 'Switch Language Success'. Signed
 * in, the choice is also kept on the account (PUT /profile/language), quietly.
 */
export const LangSelect = ({ className }: { className?: string }) => {
  const { t, i18n } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const queryClient = useQueryClient();
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
          if (getToken()) {
            void saveLanguage(lang)
              .then(() => queryClient.invalidateQueries({ queryKey: profileKeys.profile }))
              .catch(() => undefined);
          }
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
