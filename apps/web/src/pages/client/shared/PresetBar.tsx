import { Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { activePreset, applyPreset, type ListPreset } from './presets';
import './client.css';

/**
 * The quick presets above a list (全部 / 今日待跟进 / …): each writes its filters to the page's
 * URL, so the search form and the table follow. The choice shows at once, before the URL has.
 */
export const PresetBar = ({ id, presets }: { id: string; presets: readonly ListPreset[] }) => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const preset = activePreset(presets, search);
  // The choice shows until the URL has caught up (then the URL speaks again).
  const [pending, setPending] = useState<string | null>(null);
  const [seen, setSeen] = useState(preset);
  if (seen !== preset) {
    setSeen(preset);
    setPending(null);
  }
  return (
    <div className="client-presets" data-testid={`${id}-presets`}>
      <span className="client-presets__label" id={`${id}-presets-label`}>
        {t('client.presets.label')}
      </span>
      {/* Radio buttons, not a Segmented control: a Segmented marks its item selected only when its
          sliding thumb's transition ends, which a busy browser can leave pending, so the choice
          did not show (and a test waiting for it lost the click). A radio is checked at once. */}
      <Radio.Group
        aria-labelledby={`${id}-presets-label`}
        optionType="button"
        buttonStyle="solid"
        value={pending ?? preset ?? ''}
        onChange={(e) => {
          const key = String(e.target.value);
          setPending(key);
          setSearch((current) => applyPreset(presets, current, key), { replace: true });
        }}
        options={presets.map((p) => ({ value: p.key, label: t(`client.presets.${p.key}`) }))}
      />
    </div>
  );
};
