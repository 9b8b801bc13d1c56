import { CheckOutlined } from '@ant-design/icons';
import { THEME_PRESETS } from '@educrm/contract/constants';
import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Theme colour (spec section 2): the contract's presets and a custom colour. Applied through antd's
 * colorPrimary token and a CSS variable; nothing is downloaded (the template fetched a stylesheet).
 */
export const ThemePicker = ({ value, onChange }: { value: string; onChange: (color: string) => void }) => {
  const { t } = useTranslation();
  return (
    <div className="theme-picker">
      <div className="theme-picker__presets">
        {THEME_PRESETS.map((color) => {
          const selected = color.toLowerCase() === value.toLowerCase();
          return (
            <button
              key={color}
              type="button"
              className="theme-picker__swatch"
              style={{ background: color }}
              aria-label={t('settings.presetColor', { color })}
              aria-pressed={selected}
              onClick={() => onChange(color)}
            >
              {selected ? <CheckOutlined aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
      <ColorPicker
        value={value}
        disabledAlpha
        showText
        aria-label={t('settings.customColor')}
        onChangeComplete={(color) => onChange(color.toHexString())}
      />
    </div>
  );
};
