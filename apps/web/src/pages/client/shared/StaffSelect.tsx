import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listStaffOptions, optionKeys } from '../../../api/clients';
import { useServerOptions } from '../../../components/ServerSearch/useServerOptions';
import { staffLabel } from './queries';

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
  const staff = useServerOptions({
    key: (term) => optionKeys.staff(term),
    fetch: async (term, ctx) => (await listStaffOptions(term || undefined, ctx)).items,
    toOption: (s) => ({ value: s.id, label: staffLabel(s), title: s.departmentName ?? undefined }),
    staleTime: 60_000,
  });
  const exclude = new Set(props.exclude ?? []);
  const options = staff.options.filter((o) => !exclude.has(Number(o.value)));
  const loading = staff.isFetching;
  const setText = staff.onSearch;
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
