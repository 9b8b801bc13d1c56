import { SettingOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/settings';

const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

/** The settings handle on the right edge (shown when showSettings); the drawer loads on first use. */
export const SettingsPanel = () => {
  const { t } = useTranslation();
  const theme = useSettingsStore((s) => s.theme);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        hidden={open}
        className="settings-handle"
        style={{ background: theme }}
        aria-label={t('settings.open')}
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <SettingOutlined aria-hidden="true" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
