import { Checkbox, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

/** Stock: a number, or unlimited (null; virtual goods such as recorded courses). */
export const StockInput = ({
  value,
  onChange,
  id,
  label,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  label: string;
}) => {
  const { t } = useTranslation();
  const unlimited = value === null;
  return (
    <span className="product-stock">
      <InputNumber
        id={id}
        aria-label={label}
        min={0}
        max={10_000_000}
        precision={0}
        value={unlimited ? null : (value ?? null)}
        disabled={unlimited}
        placeholder={unlimited ? t('product.sku.unlimited') : undefined}
        onChange={(v) => onChange?.(typeof v === 'number' ? v : 0)}
        style={{ width: 110 }}
      />
      <Checkbox checked={unlimited} onChange={(e) => onChange?.(e.target.checked ? null : 0)}>
        {t('product.sku.unlimited')}
      </Checkbox>
    </span>
  );
};
