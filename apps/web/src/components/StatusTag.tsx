import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './helpers.css';

/**
 * Tones of the usual status codes; others show neutral. The tones (helpers.css) keep antd's light
 * backgrounds with darker text, so the label reads at WCAG AA contrast (antd's presets do not).
 */
const TONES: Record<string, Tone> = {
  ENABLED: 'success',
  DISABLED: 'neutral',
  RUNNING: 'info',
  DONE: 'success',
  FAILED: 'error',
};
export type Tone = 'success' | 'neutral' | 'info' | 'warning' | 'error';

/**
 * A status code as a coloured tag with its translated label (`<i18nPrefix>.<CODE>`, by default
 * `enum.status.*`); an untranslated code shows as it is.
 */
export const StatusTag = ({
  value,
  i18nPrefix = 'enum.status',
  tones,
}: {
  value: string;
  i18nPrefix?: string;
  tones?: Record<string, Tone>;
}) => {
  const { t, i18n } = useTranslation();
  const key = `${i18nPrefix}.${value}`;
  return (
    <Tag
      className={`status-tag status-tag--${tones?.[value] ?? TONES[value] ?? 'neutral'}`}
      data-status={value}
    >
      {i18n.exists(key) ? t(key) : value}
    </Tag>
  );
};
