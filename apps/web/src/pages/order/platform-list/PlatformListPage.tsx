import {
  DICT_STATUSES,
  type DictStatus,
  PLATFORM_TYPES,
  type PlatformRow,
} from '@educrm/contract/dictionaries';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deletePlatform, dictKeys, listPlatforms, updatePlatform } from '../../../api/dictionaries';
import type { FilterField } from '../../../components/ResourceTable/listState';
import type { ResourceColumn } from '../../../components/ResourceTable/ResourceTable';
import { parseTime } from '../../../utils/time';
import { DictTable } from '../shared/dict/DictTable';
import { useDictRefresh } from '../shared/dict/useDictRefresh';
import { PlatformForm } from './PlatformForm';

const WRITE = 'order.platform.write';

type Editing = { platform: PlatformRow | null } | null;

/** Order management > Source platforms (来源平台): where orders are paid and leads come from. */
const PlatformListPage = () => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = useDictRefresh();

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('dict.keyword'), placeholder: t('dict.keywordHint') },
      {
        type: 'select',
        name: 'type',
        label: t('dict.platform.type'),
        options: PLATFORM_TYPES.map((v) => ({ value: v, label: t(`dict.platform.types.${v}`) })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('dict.status'),
        options: DICT_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<PlatformRow>[] = [
    {
      key: 'name',
      title: t('dict.name'),
      sortField: 'name',
      render: (_, p) => (
        <>
          {p.name}
          <code className="dict-cell-sub dict-code">{p.code}</code>
        </>
      ),
    },
    { key: 'type', title: t('dict.platform.type'), render: (_, p) => t(`dict.platform.types.${p.type}`) },
    {
      key: 'syncEnabled',
      title: t('dict.platform.syncEnabled'),
      render: (_, p) =>
        p.syncEnabled ? (
          <Tag className="status-tag status-tag--info">{t('dict.platform.syncOn')}</Tag>
        ) : (
          <span className="dict-cell-sub">{t('dict.platform.syncOff')}</span>
        ),
    },
    { key: 'remark', title: t('dict.remark'), ellipsis: true, render: (_, p) => p.remark || '-' },
    {
      key: 'createdAt',
      title: t('dict.createdAt'),
      sortField: 'createdAt',
      render: (_, p) => parseTime(p.createdAt, '{y}-{m}-{d} {h}:{i}'),
    },
  ];

  const setStatus = (p: PlatformRow, status: DictStatus) =>
    updatePlatform(p.id, {
      code: p.code,
      name: p.name,
      type: p.type,
      syncEnabled: p.syncEnabled,
      sort: p.sort,
      remark: p.remark,
      status,
      version: p.version,
    });

  return (
    <div className="dict-page" data-testid="platform-list-page">
      <h1 className="visually-hidden">{t('route.orderPlatformList')}</h1>
      <DictTable<PlatformRow>
        tableKey="order.platforms"
        title={t('route.orderPlatformList')}
        queryKey={dictKeys.platforms}
        fetch={listPlatforms}
        columns={columns}
        filters={filters}
        defaultSort="sort"
        sortField="sort"
        write={WRITE}
        createLabel={t('dict.platform.create')}
        onCreate={() => setEditing({ platform: null })}
        onEdit={(platform) => setEditing({ platform })}
        setStatus={setStatus}
        remove={(p) => deletePlatform(p.id)}
        onChanged={refresh}
      />
      {editing ? (
        <PlatformForm
          platform={editing.platform}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
    </div>
  );
};

export default PlatformListPage;
