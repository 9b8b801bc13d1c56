import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './helpers.css';

/** Keeps the first 3 and the last 4 characters (138****1234); short values are fully masked. */
export const maskMiddle = (value: string): string =>
  value.length <= 7
    ? '*'.repeat(value.length)
    : `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;

export const copyText = async (text: string) => {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain HTTP (no secure context): the old way.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
};

/**
 * A value shown masked with a reveal toggle and a copy button. `onReveal` lets a page log the
 * reveal (or fetch the clear value); without `value` revealed nothing is shown in clear.
 */
export const MaskedText = ({
  value,
  mask = maskMiddle,
  copyable = true,
  revealable = true,
  label,
}: {
  value: string;
  mask?: (value: string) => string;
  copyable?: boolean;
  revealable?: boolean;
  /** What the value is, for screen readers ("Mobile"). */
  label?: string;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState(false);
  if (!value) return <span className="masked-text masked-text--empty">-</span>;
  return (
    <Space size={2} className="masked-text">
      <span className="masked-text__value">{shown ? value : mask(value)}</span>
      {revealable ? (
        <Button
          type="text"
          size="small"
          aria-pressed={shown}
          aria-label={`${shown ? t('common.hide') : t('common.reveal')}${label ? ` ${label}` : ''}`}
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setShown((v) => !v)}
        />
      ) : null}
      {copyable ? (
        <Button
          type="text"
          size="small"
          aria-label={`${t('common.copy')}${label ? ` ${label}` : ''}`}
          icon={<CopyOutlined />}
          onClick={async () => {
            await copyText(value);
            void message.success(t('common.copied'));
          }}
        />
      ) : null}
    </Space>
  );
};
