import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { recordError } from '../errors/capture';

/**
 * The router's error element: a page chunk that failed to load (e.g. after a deployment) or an
 * unexpected loader error. Logged, then offered a reload.
 */
export const RouteErrorBoundary = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    recordError(error, 'route error');
  }, [error]);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <div className="route-error" role="alert">
      <h1>{t('errorPage.appErrorTitle')}</h1>
      {detail ? <p className="route-error__detail">{detail}</p> : null}
      <button
        type="button"
        className="plain-button plain-button--primary"
        onClick={() => window.location.reload()}
      >
        {t('errorPage.reload')}
      </button>
    </div>
  );
};
