import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showWarning } from '../feedback';

/** Fullscreen toggle (spec section 2); warns 'you browser can not work' when unsupported. */
export const Screenfull = () => {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      showWarning(t('screenfull.unsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      showWarning(t('screenfull.unsupported'));
    }
  };

  const label = full ? t('screenfull.exit') : t('screenfull.enter');
  return (
    <Button
      type="text"
      className="right-menu-item"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      title={label}
      aria-pressed={full}
      onClick={toggle}
    />
  );
};
