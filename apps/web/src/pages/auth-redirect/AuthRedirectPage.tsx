import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { wecomLogin } from '../../api/auth';
import { handOver } from '../../session/oauth';
import { getToken, writeToken } from '../../session/token';

type Stage =
  | { state: 'confirm' }
  | { state: 'working' }
  | { state: 'done' }
  | { state: 'failed'; message: string };

/**
 * /auth-redirect: the provider (WeCom's QR / OAuth2 page, or the demo sandbox's member chooser) sends
 * the sign-in window here with ?code=&state=. The code is exchanged for a session here (the same
 * session as a password login; the token cookies are shared with the login page), then the login
 * page that opened this window is told and this window closes. Opened on its own (no opener), it
 * goes on to the console. Refusals (unbound or disabled user, expired code) are shown here and
 * on the login page. A browser that is already signed in is asked first: a link must not swap the
 * session for another account's without the user saying so.
 */
const AuthRedirectPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(() => (getToken() ? { state: 'confirm' } : { state: 'working' }));
  const started = useRef(false);

  const exchange = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setStage({ state: 'working' });
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state') ?? '';
    if (!code) {
      const message = t('authRedirect.missingCode');
      setStage({ state: 'failed', message });
      handOver({ type: 'educrm-oauth', ok: false, error: message });
      return;
    }
    wecomLogin(code, state)
      .then((result) => {
        if ('mfa_required' in result) {
          // Two-step verification: the login page asks for the code (this window has no form).
          setStage({ state: 'done' });
          if (handOver({ type: 'educrm-oauth', ok: true, mfa: result })) window.close();
          else navigate('/login', { replace: true });
          return;
        }
        writeToken(result);
        setStage({ state: 'done' });
        if (handOver({ type: 'educrm-oauth', ok: true })) window.close();
        else navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : t('login.failed');
        setStage({ state: 'failed', message });
        handOver({ type: 'educrm-oauth', ok: false, error: message });
      });
  }, [navigate, t]);

  useEffect(() => {
    if (stage.state === 'working') exchange();
  }, [stage.state, exchange]);

  const keepSession = () => {
    if (window.opener) window.close();
    else navigate('/', { replace: true });
  };

  return (
    <main className="auth-redirect" role="status" data-testid="auth-redirect">
      {stage.state === 'confirm' ? (
        <div className="auth-redirect__confirm">
          <p>{t('authRedirect.replaceQuestion')}</p>
          <p>
            <button type="button" onClick={keepSession}>
              {t('authRedirect.replaceCancel')}
            </button>{' '}
            <button type="button" onClick={exchange}>
              {t('authRedirect.replaceConfirm')}
            </button>
          </p>
        </div>
      ) : null}
      {stage.state === 'working' ? <p>{t('authRedirect.working')}</p> : null}
      {stage.state === 'done' ? <p>{t('authRedirect.handedOver')}</p> : null}
      {stage.state === 'failed' ? (
        <>
          <p role="alert">{stage.message}</p>
          <p>
            <a href="/login">{t('authRedirect.backToLogin')}</a>
          </p>
        </>
      ) : null}
    </main>
  );
};

export default AuthRedirectPage;
