import { Drawer, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemePicker } from '../../components/ThemePicker/ThemePicker';
import { useAppStore } from '../../stores/app';
import { type SettingsValues, useSettingsStore } from '../../stores/settings';

type BooleanSetting = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'supportPinyinSearch';

const SettingSwitch = ({ name, label }: { name: BooleanSetting; label: string }) => {
  const id = useId();
  const value = useSettingsStore((s) => s[name]);
  const change = useSettingsStore((s) => s.change);
  return (
    <div className="settings-item">
      <label htmlFor={id}>{label}</label>
      <Switch
        id={id}
        checked={value}
        onChange={(checked) => change(name, checked as SettingsValues[typeof name])}
      />
    </div>
  );
};

/** Settings (spec section 2): theme colour, tags view, fixed header, sidebar logo, pinyin (zh only). */
const SettingsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const theme = useSettingsStore((s) => s.theme);
  const change = useSettingsStore((s) => s.change);
  const language = useAppStore((s) => s.language);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      size={280}
      closable={{ 'aria-label': t('settings.close') }}
    >
      <div className="settings-item settings-item--block">
        <span className="settings-item__label">{t('settings.theme')}</span>
        <ThemePicker value={theme} onChange={(color) => change('theme', color)} />
      </div>
      <SettingSwitch name="tagsView" label={t('settings.tagsView')} />
      <SettingSwitch name="fixedHeader" label={t('settings.fixedHeader')} />
      <SettingSwitch name="sidebarLogo" label={t('settings.sidebarLogo')} />
      {language === 'zh' ? (
        <SettingSwitch name="supportPinyinSearch" label={t('settings.pinyinSearch')} />
      ) : null}
    </Drawer>
  );
};

export default SettingsDrawer;
