import type { AuthProvider, MfaChallenge } from '@educrm/contract/auth';
import { PRODUCT_TITLE } from '@educrm/contract/constants';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getAuthProviders, login } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { LangLinks } from '../../components/LangSelect/LangLinks';
import { listenForOutcome, takeStoredOutcome } from '../../session/oauth';
import { safeRedirect } from '../../session/redirect';
import { writeToken } from '../../session/token';
import { isValidUsername } from '../../utils/validate';
import { ErrorIcon, EyeIcon, EyeOffIcon, LockIcon, UserIcon } from './icons';
import { MfaStep } from './MfaStep';
import { PRERENDERED_TESTID, readPrerendered, removePrerendered } from './prerendered';
import { ThirdPartyButton } from './ThirdPartyButton';
import { useWarmLayout } from './warmLayout';
import './login.css';

interface LoginValues {
  username: string;
  password: string;
}
type FieldErrors = Partial<Record<keyof LoginValues, string>>;

/** Where to go after login: the redirect target, with the login page's other query params kept. */
const targetOf = (params: URLSearchParams): string => {
  const target = safeRedirect(params.get('redirect'), window.location.origin);
  const url = new URL(target, window.location.origin);
  for (const [key, value] of params)
    if (key !== 'redirect' && !url.searchParams.has(key)) url.searchParams.append(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * `prerendered`: the build renders the page to static HTML with it (src/prerender/login.tsx), so the
 * login page shows before any script has run; that copy's submit stays disabled (typing works,
 * submitting waits for this component, which takes over what was typed: ./prerendered.ts).
 *
 * Login (spec section 2): username (trimmed, 4-16 rule), password (sent as typed, show/hide,
 * caps-lock hint), Enter submits, errors beside the fields and the server's answer above the form.
 * Plain HTML styled by login.css: no antd on this page keeps its first load within budget.
 */
const LoginPage = ({ prerendered = false }: { prerendered?: boolean }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [typedBefore] = useState(readPrerendered);
  const [values, setValues] = useState<LoginValues>(() => ({
    username: typedBefore?.username ?? '',
    password: typedBefore?.password ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [capsLock, setCapsLock] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // A third-party sign-in that needs the second step, handed over while this page was not open.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(() => {
    const stored = typeof window === 'undefined' ? null : takeStoredOutcome();
    return stored?.ok && stored.mfa ? stored.mfa : null;
  });
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const warmLayout = useWarmLayout();
  // The third-party entry shows only when a provider is configured (GET /api/v1/admin/auth-providers).
  const [providers, setProviders] = useState<AuthProvider[]>([]);
  useEffect(() => {
    let cancelled = false;
    getAuthProviders()
      .then((result) => !cancelled && setProviders(result.providers))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  // The provider's window (via /auth-redirect) signed in, or was refused: go on, or say why.
  useEffect(
    () =>
      listenForOutcome((outcome) => {
        if (outcome.ok && outcome.mfa) setChallenge(outcome.mfa);
        else if (outcome.ok) navigate(targetOf(params), { replace: true });
        else setServerError(outcome.error || t('login.failed'));
      }),
    [navigate, params, t],
  );

  // The static copy of this page (login.<lang>.html) leaves in the frame this one mounts; what was
  // typed there stays typed (also keys pressed since the first render), and the caret goes back to
  // the password field if it was there (after autoFocus has put it on the username).
  useLayoutEffect(() => {
    const late = readPrerendered();
    removePrerendered();
    if (late && (late.username !== typedBefore?.username || late.password !== typedBefore?.password))
      setValues({ username: late.username, password: late.password });
  }, [typedBefore]);
  useEffect(() => {
    if (typedBefore?.focused === 'password') passwordRef.current?.focus();
  }, [typedBefore]);

  const check = (name: keyof LoginValues, value: string): string | undefined => {
    if (name === 'username') {
      if (!value.trim()) return t('login.usernameRequired');
      if (!isValidUsername(value)) return t('login.usernameRule');
      return undefined;
    }
    return value ? undefined : t('login.passwordRequired');
  };

  const change = (name: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    warmLayout();
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: check(name, value) }));
    if (serverError) setServerError(null);
  };

  const blur = (name: keyof LoginValues) => () => {
    if (values[name]) setErrors((e) => ({ ...e, [name]: check(name, values[name]) }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const found: FieldErrors = {
      username: check('username', values.username),
      password: check('password', values.password),
    };
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setServerError(null);
    setLoading(true);
    try {
      const result = await login(
        { username: values.username.trim(), password: values.password },
        { silent: true },
      );
      if ('mfa_required' in result) {
        setChallenge(result);
        setLoading(false);
        return;
      }
      writeToken(result);
      navigate(targetOf(params), { replace: true });
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      setErrors({ username: fields.username, password: fields.password });
      setServerError(error instanceof Error && error.message ? error.message : t('login.failed'));
      setLoading(false);
    }
  };

  const watchCapsLock = (event: React.KeyboardEvent) => setCapsLock(event.getModifierState('CapsLock'));

  return (
    <div className="login-page" data-testid={prerendered ? PRERENDERED_TESTID : 'login-page'}>
      <main className="login-card">
        <div className="login-brand">
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span>{PRODUCT_TITLE}</span>
        </div>
        <h1 className="login-title">{t('login.title')}</h1>
        {serverError ? (
          <div className="login-error" role="alert">
            <ErrorIcon />
            <span>{serverError}</span>
          </div>
        ) : null}
        {challenge ? (
          <MfaStep
            challenge={challenge}
            onDone={(token) => {
              writeToken(token);
              navigate(targetOf(params), { replace: true });
            }}
            onBack={() => {
              setChallenge(null);
              setValues((v) => ({ ...v, password: '' }));
            }}
          />
        ) : (
          <form className="login-form" onSubmit={submit} noValidate>
            <div className="login-field">
              <label htmlFor={`${id}-username`}>{t('login.username')}</label>
              <div className={`login-input${errors.username ? ' login-input--error' : ''}`}>
                <UserIcon />
                <input
                  ref={usernameRef}
                  id={`${id}-username`}
                  name="username"
                  type="text"
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                  // biome-ignore lint/a11y/noAutofocus: the login page has one task; the field is where it starts
                  autoFocus
                  value={values.username}
                  onChange={change('username')}
                  onBlur={blur('username')}
                  aria-invalid={Boolean(errors.username)}
                  aria-describedby={`${id}-username-error`}
                />
              </div>
              <div className="login-field__error" id={`${id}-username-error`}>
                {errors.username ?? ''}
              </div>
            </div>
            <div className="login-field">
              <label htmlFor={`${id}-password`}>{t('login.password')}</label>
              <div className={`login-input${errors.password ? ' login-input--error' : ''}`}>
                <LockIcon />
                <input
                  ref={passwordRef}
                  id={`${id}-password`}
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={values.password}
                  onChange={change('password')}
                  onBlur={() => {
                    setCapsLock(false);
                    blur('password')();
                  }}
                  onKeyDown={watchCapsLock}
                  onKeyUp={watchCapsLock}
                  aria-invalid={Boolean(errors.password)}
                  aria-describedby={`${id}-password-error ${id}-capslock`}
                />
                <button
                  type="button"
                  className="login-input__toggle"
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  aria-pressed={showPassword}
                  onClick={() => {
                    setShowPassword((v) => !v);
                    passwordRef.current?.focus();
                  }}
                >
                  {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                </button>
              </div>
              <div className="login-field__error" id={`${id}-password-error`}>
                {errors.password ?? ''}
              </div>
              <div className="login-capslock" id={`${id}-capslock`} aria-live="polite">
                {capsLock ? t('login.capsLock') : ''}
              </div>
            </div>
            <button
              type="submit"
              className="login-submit"
              aria-busy={loading}
              disabled={loading || prerendered}
            >
              {loading ? <span className="login-submit__spinner" aria-hidden="true" /> : null}
              {t('login.logIn')}
            </button>
          </form>
        )}
        {challenge || providers.length === 0 ? null : <ThirdPartyButton />}
        <LangLinks />
      </main>
    </div>
  );
};

export default LoginPage;
