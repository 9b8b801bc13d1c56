import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/settings';

const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

/** The settings button of the navbar (shown when showSettings); the drawer loads on first use. */
export const SettingsPanel = () => {
  const { t } = useTranslation();
  const theme = useSettingsStore((s) => s.theme);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        type="text"
        className="right-menu-item settings-handle"
        style={{ color: theme }}
        icon={<SettingOutlined aria-hidden="true" />}
        title={t('settings.open')}
        aria-label={t('settings.open')}
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
      {loaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
