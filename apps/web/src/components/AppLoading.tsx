import { useTranslation } from 'react-i18next';

/** Shown while the first navigation resolves (session check, first chunks). Pure CSS. */
export const AppLoading = () => {
  const { t } = useTranslation();
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span className="app-loading__text">{t('common.loading')}</span>
    </div>
  );
};
