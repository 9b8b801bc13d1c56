import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Message type and storage key of the OAuth handover between the popup and its opener. */
export const OAUTH_MESSAGE = 'educrm-oauth';
export const OAUTH_STORAGE_KEY = 'x-admin-oauth-code';

/**
 * /auth-redirect: the provider sends the popup here with ?code=&state=. The code goes to the window
 * that opened the popup (postMessage to this origin only), or through localStorage when the opener
 * is gone; then the popup closes.
 */
const AuthRedirectPage = () => {
  const { t } = useTranslation();
  const [done, setDone] = useState<boolean | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    if (!code) {
      setDone(false);
      return;
    }
    const payload = { type: OAUTH_MESSAGE, code, state: params.get('state') ?? '' };
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) opener.postMessage(payload, window.location.origin);
    else localStorage.setItem(OAUTH_STORAGE_KEY, JSON.stringify({ ...payload, at: Date.now() }));
    setDone(true);
    window.close();
  }, []);

  if (done === null) return null;
  return (
    <main className="auth-redirect" role="status">
      <p>{done ? t('authRedirect.handedOver') : t('authRedirect.missingCode')}</p>
    </main>
  );
};

export default AuthRedirectPage;
