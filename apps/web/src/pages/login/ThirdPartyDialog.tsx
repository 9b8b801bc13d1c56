import type { AuthProvider } from '@educrm/contract/auth';
import { Button, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAuthProviders } from '../../api/auth';
import { AntdProvider } from '../../components/AntdProvider';
import { showError } from '../../components/feedback';

type Providers = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; providers: AuthProvider[] };

/**
 * The third-party login dialog listing the configured providers (GET /api/v1/admin/auth-providers).
 * None configured is said plainly; the WeCom sandbox corp's (WECOM_DEMO_SIGNIN) is labelled a demo.
 * A provider opens its sign-in page in a popup, which comes back through /auth-redirect.
 */
const ThirdPartyDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<Providers>({ state: 'loading' });

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setProviders({ state: 'loading' });
    getAuthProviders()
      .then((result) => !cancelled && setProviders({ state: 'ready', providers: result.providers }))
      .catch(() => !cancelled && setProviders({ state: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [open]);

  const openProvider = (provider: AuthProvider) => {
    const popup = window.open(provider.authorizeUrl, 'educrm-oauth', 'width=540,height=640');
    if (!popup) showError(t('login.popupBlocked'));
  };

  return (
    <AntdProvider>
      <Modal open={open} title={t('login.thirdpartyTitle')} footer={null} onCancel={onClose}>
        {providers.state === 'loading' ? <Spin /> : null}
        {providers.state === 'failed' ? <p role="alert">{t('login.providersFailed')}</p> : null}
        {providers.state === 'ready' && providers.providers.length === 0 ? (
          <p className="login-no-providers">{t('login.noProviders')}</p>
        ) : null}
        {providers.state === 'ready' && providers.providers.length > 0 ? (
          <ul className="login-providers">
            {providers.providers.map((provider) => (
              <li key={provider.key}>
                <Button onClick={() => openProvider(provider)}>
                  {t(provider.demo ? 'login.signInWithDemo' : 'login.signInWith', { name: provider.name })}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </Modal>
    </AntdProvider>
  );
};

export default ThirdPartyDialog;
