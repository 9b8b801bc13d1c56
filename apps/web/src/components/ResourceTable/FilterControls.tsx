import { DatePicker, InputNumber, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpandedTreeSelect } from '../ExpandedTreeSelect';
import { dateRangePresets, type FilterField, type TreeOption } from './listState';

/**
 * The search form's heavier controls (tree select, date range, number range): their own chunk,
 * fetched when a field that uses one is first shown (LazyFilterControl). A list's first screen
 * shows its first three fields, which are mostly text and selects, so the table's first row does
 * not wait for the tree select's and the date picker's code.
 */
/** `value`, `onChange` and `id` (the label's target) come from Form.Item, through LazyFilterControl. */
export type FilterControlProps = {
  field: FilterField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
};

const NumberRange = ({ value, onChange, label }: FilterControlProps & { label: string }) => {
  const { t } = useTranslation();
  const [min = null, max = null] = (value as [number | null, number | null] | undefined) ?? [];
  return (
    <Space.Compact block>
      <InputNumber
        value={min}
        aria-label={`${label} ${t('table.min')}`}
        placeholder={t('table.min')}
        onChange={(v) => onChange?.([v, max])}
        style={{ width: '50%' }}
      />
      <InputNumber
        value={max}
        aria-label={`${label} ${t('table.max')}`}
        placeholder={t('table.max')}
        onChange={(v) => onChange?.([min, v])}
        style={{ width: '50%' }}
      />
    </Space.Compact>
  );
};

export default function FilterControl({ field, value, onChange, id }: FilterControlProps) {
  const { t } = useTranslation();
  const presets = useMemo(() => dateRangePresets(), []);
  switch (field.type) {
    case 'treeSelect':
      return (
        <ExpandedTreeSelect
          id={id}
          value={value}
          onChange={onChange}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={field.placeholder ?? t('table.any')}
          aria-label={field.label}
          loading={field.loading}
          treeData={field.treeData as TreeOption[] as never}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          id={id}
          value={value as [Dayjs | null, Dayjs | null] | undefined}
          onChange={onChange}
          allowEmpty={[true, true]}
          presets={presets.map((p) => ({ label: t(`dateRange.${p.key}`), value: p.value }))}
          aria-label={field.label}
          style={{ width: '100%' }}
        />
      );
    case 'numberRange':
      return <NumberRange field={field} value={value} onChange={onChange} label={field.label} />;
    default:
      return null;
  }
}
