import type { MfaSetup } from '@educrm/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import {
  disableMfa,
  enableMfa,
  getMfaStatus,
  mfaKeys,
  newRecoveryCodes,
  startMfaSetup,
} from '../../api/profile';

const MfaQr = lazy(() => import('./MfaQr'));

const RecoveryCodes = ({ codes }: { codes: string[] }) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('profile.mfaRecoveryTitle')}
      description={
        <>
          <p>{t('profile.mfaRecoveryHint')}</p>
          <ul className="mfa-recovery" data-testid="mfa-recovery-codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <Typography.Text copyable={{ text: codes.join('\n') }} />
        </>
      }
    />
  );
};

/** A 6-digit code field with its error beside it. */
const CodeInput = ({
  value,
  onChange,
  error,
  onEnter,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  onEnter: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="mfa-code">
      <label htmlFor="mfa-code">{t('profile.mfaCode')}</label>
      <Input
        id="mfa-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={11}
        value={value}
        status={error ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value.trim())}
        onPressEnter={onEnter}
        style={{ width: 180 }}
        aria-invalid={Boolean(error)}
        aria-describedby="mfa-code-error"
      />
      <div className="mfa-code__error" id="mfa-code-error" role="alert">
        {error ?? ''}
      </div>
    </div>
  );
};

/**
 * Two-step verification on the profile page: enrol with a QR code (the QR library loads only
 * here), see the recovery codes once, make new ones, or turn it off unless a role requires it.
 */
export const MfaPanel = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: mfaKeys.status, queryFn: getMfaStatus });
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async <T,>(action: () => Promise<T>, done: (result: T) => void) => {
    if (!/^\d{6}$/.test(code) && !/^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(code)) {
      setError(t('profile.mfaCodeRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      done(await action());
      setCode('');
      await queryClient.invalidateQueries({ queryKey: mfaKeys.status });
    } catch (err) {
      const field = isApiError(err) ? err.fields.code : undefined;
      setError(field ?? (err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(false);
    }
  };

  if (!status.data)
    return status.isError ? <Alert type="error" title={status.error.message} /> : <Skeleton active />;
  const s = status.data;

  return (
    <div className="mfa-panel" data-testid="mfa-panel">
      <p>
        <Tag color={s.enabled ? 'green' : 'default'}>
          {s.enabled ? t('profile.mfaStatusOn') : t('profile.mfaStatusOff')}
        </Tag>
      </p>
      <p>{t('profile.mfaIntro')}</p>
      {s.required ? (
        <Alert type="info" showIcon title={t('profile.mfaRequired')} style={{ marginBottom: 16 }} />
      ) : null}
      {codes ? <RecoveryCodes codes={codes} /> : null}
      {!s.enabled && !setup ? (
        <Button
          type="primary"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              setSetup(await startMfaSetup());
              setCodes(null);
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('profile.mfaEnable')}
        </Button>
      ) : null}
      {!s.enabled && setup ? (
        <div className="mfa-setup">
          <p>{t('profile.mfaScan')}</p>
          <Space align="start" size="large" wrap>
            <Suspense fallback={<Skeleton.Image active style={{ width: 176, height: 176 }} />}>
              <MfaQr value={setup.otpauthUrl} label={t('profile.mfaScan')} />
            </Suspense>
            <div>
              <Typography.Text code copyable data-testid="mfa-secret">
                {setup.secret}
              </Typography.Text>
              <CodeInput
                value={code}
                onChange={setCode}
                error={error}
                onEnter={() =>
                  run(
                    () => enableMfa(code),
                    (r) => finishEnable(r.recoveryCodes),
                  )
                }
              />
              <Button
                type="primary"
                loading={busy}
                onClick={() =>
                  run(
                    () => enableMfa(code),
                    (r) => finishEnable(r.recoveryCodes),
                  )
                }
              >
                {t('profile.mfaConfirm')}
              </Button>
            </div>
          </Space>
        </div>
      ) : null}
      {s.enabled ? (
        <div className="mfa-manage">
          <p>{t('profile.mfaRecoveryLeft', { count: s.recoveryCodesLeft })}</p>
          <p>{t('profile.mfaDisableHint')}</p>
          <CodeInput value={code} onChange={setCode} error={error} onEnter={() => undefined} />
          <Space>
            <Button
              loading={busy}
              onClick={() =>
                run(
                  () => newRecoveryCodes(code),
                  (r) => setCodes(r.recoveryCodes),
                )
              }
            >
              {t('profile.mfaRecoveryNew')}
            </Button>
            <Button
              danger
              disabled={s.required}
              loading={busy}
              onClick={() =>
                run(
                  () => disableMfa(code),
                  () => {
                    setCodes(null);
                    message.success(t('profile.mfaDisabled'));
                  },
                )
              }
            >
              {t('profile.mfaDisable')}
            </Button>
          </Space>
        </div>
      ) : null}
    </div>
  );

  function finishEnable(recoveryCodes: string[]) {
    setSetup(null);
    setCodes(recoveryCodes);
    message.success(t('profile.mfaEnabled'));
  }
};
