import type { MfaChallenge, TokenResult } from '@educrm/contract/auth';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginMfa } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { ErrorIcon } from './icons';

// Only an account that must enrol at sign-in loads the QR code (and antd with it).
const MfaQr = lazy(() => import('../profile/MfaQr'));

const CODE = /^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/;

/**
 * The second sign-in step (plain HTML like the rest of the login page): a code from the
 * authenticator app or a recovery code; when a role requires the second step and the account has
 * none, the QR code to enrol first, and after it the recovery codes, shown once.
 */
export const MfaStep = ({
  challenge,
  onDone,
  onBack,
}: {
  challenge: MfaChallenge;
  onDone: (token: TokenResult) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [recovery, setRecovery] = useState<{ codes: string[]; token: TokenResult } | null>(null);
  const setup = challenge.mfa_setup;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (!CODE.test(code.trim())) {
      setError(t('login.mfaCodeRequired'));
      return;
    }
    setLoading(true);
    setError(null);
    setServerError(null);
    try {
      const { recovery_codes, ...token } = await loginMfa(challenge.mfa_ticket, code.trim());
      if (recovery_codes?.length) {
        setRecovery({ codes: recovery_codes, token });
        setLoading(false);
      } else onDone(token);
    } catch (err) {
      const field = isApiError(err) ? err.fields.code : undefined;
      if (field) setError(field);
      else setServerError(err instanceof Error && err.message ? err.message : t('login.failed'));
      setLoading(false);
    }
  };

  if (recovery) {
    return (
      <div className="login-mfa" data-testid="login-mfa-recovery">
        <h2 className="login-mfa__title">{t('login.mfaRecoveryTitle')}</h2>
        <p className="login-mfa__hint">{t('login.mfaRecoveryHint')}</p>
        <ul className="login-mfa__codes">
          {recovery.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="login-submit" onClick={() => onDone(recovery.token)}>
          {t('login.mfaContinue')}
        </button>
      </div>
    );
  }

  return (
    <div className="login-mfa" data-testid="login-mfa">
      <h2 className="login-mfa__title">{t('login.mfaTitle')}</h2>
      {serverError ? (
        <div className="login-error" role="alert">
          <ErrorIcon />
          <span>{serverError}</span>
        </div>
      ) : null}
      <p className="login-mfa__hint">{setup ? t('login.mfaSetupHint') : t('login.mfaHint')}</p>
      {setup ? (
        <div className="login-mfa__setup">
          <Suspense fallback={<div className="login-mfa__qr-placeholder" />}>
            <MfaQr value={setup.otpauth_url} label={t('login.mfaSetupHint')} />
          </Suspense>
          <div className="login-mfa__secret">
            <span>{t('login.mfaSecret')}</span>
            <code data-testid="login-mfa-secret">{setup.secret}</code>
          </div>
        </div>
      ) : null}
      <form className="login-form" onSubmit={submit} noValidate>
        <div className="login-field">
          <label htmlFor={`${id}-code`}>{t('login.mfaCode')}</label>
          <div className={`login-input${error ? ' login-input--error' : ''}`}>
            <input
              id={`${id}-code`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={11}
              // biome-ignore lint/a11y/noAutofocus: the step has one field
              autoFocus
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (error) setError(null);
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={`${id}-code-error`}
            />
          </div>
          <div className="login-field__error" id={`${id}-code-error`}>
            {error ?? ''}
          </div>
        </div>
        <button type="submit" className="login-submit" aria-busy={loading} disabled={loading}>
          {loading ? <span className="login-submit__spinner" aria-hidden="true" /> : null}
          {t('login.mfaVerify')}
        </button>
      </form>
      <button type="button" className="login-mfa__back" onClick={onBack}>
        {t('login.mfaBack')}
      </button>
    </div>
  );
};
