import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listMembers, wecomKeys } from '../../../api/wecom';
import { useClientOptions } from '../../client/shared/clientOptions';
import { tagOptionsOf, useTagLibrary } from './queries';

/** Picks WeCom tags (grouped by tag group); value = WeCom tag ids. */
export const TagPicker = ({
  value,
  onChange,
  id,
  corpId,
  ...aria
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  /** Only this corp's tags (a relation's tags come from its corp's library). */
  corpId?: string;
  'aria-label'?: string;
}) => {
  const { t } = useTranslation();
  const tags = useTagLibrary();
  const groups = corpId ? tags.data?.filter((g) => g.corpId === corpId) : tags.data;
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={tags.isFetching}
      placeholder={t('wecom.contact.pickTags')}
      optionFilterProp="label"
      notFoundContent={tags.isFetching ? t('common.loading') : t('wecom.tag.none')}
      options={tagOptionsOf(groups)}
      style={{ width: '100%' }}
      {...aria}
    />
  );
};

/** Members who have customer contact (the follow staff of external contacts), for filters and transfer. */
export const useFollowMembers = () => {
  const query = useQuery({
    queryKey: [...wecomKeys.members, 'follow-options'],
    queryFn: () => listMembers({ hasCustomerContact: 'true', pageSize: 100, sort: 'name' }),
    staleTime: 60_000,
  });
  return {
    options: (query.data?.items ?? []).map((m) => ({
      value: m.userid,
      label: `${m.name} (${m.userid})`,
    })),
    loading: query.isFetching,
  };
};

/** Picks a WeCom member by userid (transfer takeover). */
export const MemberPicker = ({
  value,
  onChange,
  exclude = [],
  ...aria
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  exclude?: readonly string[];
  'aria-label'?: string;
}) => {
  const { t } = useTranslation();
  const members = useFollowMembers();
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={members.loading}
      placeholder={t('wecom.contact.pickMember')}
      options={members.options.filter((o) => !exclude.includes(o.value))}
      style={{ width: '100%' }}
      {...aria}
    />
  );
};

/** Picks a client by name or phone (the server searches within the caller's scope). */
export const ClientPicker = ({
  value,
  onChange,
  ...aria
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  'aria-label'?: string;
}) => {
  const { t } = useTranslation();
  const clients = useClientOptions();
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: clients.onSearch }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={clients.isFetching}
      placeholder={t('wecom.contact.pickClient')}
      notFoundContent={clients.isFetching ? t('common.loading') : t('table.empty')}
      options={clients.options}
      style={{ width: '100%' }}
      {...aria}
    />
  );
};
