import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffLabel, useStaffSearch } from './lookups';

interface Common {
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  disabled?: boolean;
}

/** The options: the search's results, plus the chosen ones (with their names when known). */
const useStaffOptions = (chosen: readonly number[]) => {
  const [text, setText] = useState('');
  const { items, known, loading } = useStaffSearch(text);
  const options = items.map((s) => ({
    value: s.id,
    label: staffLabel(s),
    title: s.departmentName ?? undefined,
  }));
  for (const id of chosen) {
    if (options.some((o) => o.value === id)) continue;
    const s = known.get(id);
    options.push({ value: id, label: s ? staffLabel(s) : `#${id}`, title: s?.departmentName ?? undefined });
  }
  return { options, loading, setText };
};

/** Picks one staff member (assign target), searched by nickname or username. */
export const StaffSelect = ({
  value,
  onChange,
  placeholder,
  ...rest
}: Common & { value?: number | null; onChange?: (value: number | null) => void }) => {
  const { t } = useTranslation();
  const { options, loading, setText } = useStaffOptions(value ? [value] : []);
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={loading}
      placeholder={placeholder ?? t('client.pool.pickStaff')}
      notFoundContent={loading ? t('common.loading') : t('table.empty')}
      options={options}
      {...rest}
    />
  );
};

/** Picks several staff members (limit rules, round-robin assign). */
export const StaffMultiSelect = ({
  value,
  onChange,
  placeholder,
  ...rest
}: Common & { value?: number[]; onChange?: (value: number[]) => void }) => {
  const { t } = useTranslation();
  const { options, loading, setText } = useStaffOptions(value ?? []);
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? []}
      onChange={(v) => {
        setText('');
        onChange?.(v);
      }}
      loading={loading}
      placeholder={placeholder ?? t('client.pool.pickStaff')}
      notFoundContent={loading ? t('common.loading') : t('table.empty')}
      options={options}
      {...rest}
    />
  );
};
