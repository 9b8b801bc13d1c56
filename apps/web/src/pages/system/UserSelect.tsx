import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from './queries';

/** Picks one admin user by typing part of the nickname or username (server-side search). */
export const UserSelect = ({
  value,
  onChange,
  id,
  placeholder,
  ...aria
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { users, loading } = useUserSearch(text, value ? [value] : []);
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={loading}
      placeholder={placeholder ?? t('system.user.pickUser')}
      notFoundContent={loading ? t('common.loading') : t('table.empty')}
      options={users.map((u) => ({ value: u.id, label: `${u.nickname} (${u.username})` }))}
      {...aria}
    />
  );
};
