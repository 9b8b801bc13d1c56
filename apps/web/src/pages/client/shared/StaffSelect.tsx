import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffLabel, useStaffOptions } from './queries';

type Props = {
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  disabled?: boolean;
  /** Users not to offer (e.g. the current owner of a transfer). */
  exclude?: readonly number[];
} & (
  | { multiple?: false; value?: number | null; onChange?: (value: number | null) => void }
  | { multiple: true; value?: number[]; onChange?: (value: number[]) => void }
);

/**
 * Picks staff within the caller's scope (`/clients/staff-options`), searched by name or username
 * on the server; one user, or several (round-robin assignment).
 */
export const StaffSelect = (props: Props) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { staff, loading } = useStaffOptions(text);
  const exclude = new Set(props.exclude ?? []);
  const options = staff
    .filter((s) => !exclude.has(s.id))
    .map((s) => ({
      value: s.id,
      label: staffLabel(s),
      title: s.departmentName ?? undefined,
    }));
  const common = {
    id: props.id,
    allowClear: true,
    disabled: props.disabled,
    showSearch: { filterOption: false, onSearch: setText },
    loading,
    placeholder: props.placeholder ?? t('client.pickStaff'),
    notFoundContent: loading ? t('common.loading') : t('table.empty'),
    options,
    'aria-label': props['aria-label'],
    onBlur: () => setText(''),
  } as const;
  if (props.multiple) {
    return (
      <Select<number[]>
        {...common}
        mode="multiple"
        value={props.value ?? []}
        onChange={(v) => props.onChange?.(v ?? [])}
      />
    );
  }
  return (
    <Select<number>
      {...common}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
    />
  );
};
