import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Checkbox, InputNumber, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A number shown in a table cell with an edit button; editing shows an input with save and cancel
 * (Enter saves, Escape cancels). `allowUnlimited`: a checkbox makes the value null (unlimited stock).
 */
export const InlineNumber = ({
  value,
  display,
  label,
  onSave,
  min = 0,
  max,
  precision = 0,
  allowUnlimited = false,
  editable,
  testId,
}: {
  value: number | null;
  display: ReactNode;
  /** Accessible name of the edit button and the input ("Stock of A-1"). */
  label: string;
  onSave: (value: number | null) => Promise<boolean>;
  min?: number;
  max?: number;
  precision?: number;
  allowUnlimited?: boolean;
  editable: boolean;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | null>(value);
  const [unlimited, setUnlimited] = useState(value === null);
  const [saving, setSaving] = useState(false);

  if (!editing)
    return (
      <span className="product-inline" data-testid={testId}>
        <span className="product-nowrap">{display}</span>
        {editable ? (
          <Tooltip title={label}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={label}
              onClick={() => {
                setDraft(value ?? 0);
                setUnlimited(value === null);
                setEditing(true);
              }}
            />
          </Tooltip>
        ) : null}
      </span>
    );

  const next = allowUnlimited && unlimited ? null : draft;
  const valid = next === null ? allowUnlimited && unlimited : Number.isFinite(next) && next >= min;
  const save = async () => {
    if (!valid) return;
    if (next === value) {
      setEditing(false);
      return;
    }
    setSaving(true);
    const ok = await onSave(next).finally(() => setSaving(false));
    if (ok) setEditing(false);
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') void save();
    if (e.key === 'Escape') setEditing(false);
  };

  return (
    <Space size={4} wrap data-testid={testId}>
      <InputNumber
        autoFocus
        size="small"
        aria-label={label}
        value={unlimited && allowUnlimited ? null : draft}
        disabled={unlimited && allowUnlimited}
        min={min}
        max={max}
        precision={precision}
        onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
        onKeyDown={keys}
        style={{ width: 120 }}
      />
      {allowUnlimited ? (
        <Checkbox checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)}>
          {t('product.sku.unlimited')}
        </Checkbox>
      ) : null}
      <Button
        type="primary"
        size="small"
        icon={<CheckOutlined />}
        aria-label={t('form.save')}
        loading={saving}
        disabled={!valid}
        onClick={() => void save()}
      />
      <Button
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('form.cancel')}
        onClick={() => setEditing(false)}
      />
    </Space>
  );
};
