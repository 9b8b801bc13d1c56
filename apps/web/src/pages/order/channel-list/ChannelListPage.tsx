import { DICT_STATUSES, type DictStatus } from '@educrm/contract/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteChannel, dictKeys, listChannelTree, updateChannel } from '../../../api/dictionaries';
import type { ListParams } from '../../../api/list';
import type { FilterField } from '../../../components/ResourceTable/listState';
import type { ResourceColumn } from '../../../components/ResourceTable/ResourceTable';
import { DictTable } from '../shared/dict/DictTable';
import { matchesKeyword, param, wholeList } from '../shared/dict/localList';
import { useDictRefresh } from '../shared/dict/useDictRefresh';
import { type ChannelEditing, ChannelForm } from './ChannelForm';
import { type ChannelTreeRow, channelTreeRows, flattenChannels } from './channelTree';

const WRITE = 'order.channel.write';
const TREE_KEY = [...dictKeys.channels, 'tree'] as const;

/** The tree, searched by code/name and status on this side (the server answers the whole tree). */
const fetchTree = async (params: ListParams) => {
  const { items } = await listChannelTree();
  const keyword = param(params, 'keyword');
  const status = param(params, 'status');
  const rows = channelTreeRows(items, (c) => matchesKeyword(c, keyword) && (!status || c.status === status));
  return wholeList(rows, flattenChannels(items).length);
};

/** Order management > Order channels (订单渠道): how an order was converted, in two levels. */
const ChannelListPage = () => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ChannelEditing | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const tree = useQuery({ queryKey: TREE_KEY, queryFn: listChannelTree, staleTime: 30_000 });
  const nodes = tree.data?.items ?? [];

  const refresh = useDictRefresh();

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('dict.keyword'), placeholder: t('dict.keywordHint') },
      {
        type: 'select',
        name: 'status',
        label: t('dict.status'),
        options: DICT_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<ChannelTreeRow>[] = [
    { key: 'name', title: t('dict.name'), dataIndex: 'name' },
    {
      key: 'code',
      title: t('dict.code'),
      render: (_, c) => <code className="dict-code">{c.code}</code>,
    },
    {
      key: 'level',
      title: t('dict.channel.level'),
      render: (_, c) => (c.parentId == null ? t('dict.channel.levelTop') : t('dict.channel.levelSub')),
    },
    { key: 'remark', title: t('dict.remark'), ellipsis: true, render: (_, c) => c.remark || '-' },
  ];

  const setStatus = (c: ChannelTreeRow, status: DictStatus) =>
    updateChannel(c.id, {
      code: c.code,
      name: c.name,
      parentId: c.parentId,
      sort: c.sort,
      remark: c.remark,
      status,
      version: c.version,
    });

  return (
    <div className="dict-page" data-testid="channel-list-page">
      <h1 className="visually-hidden">{t('route.orderChannelList')}</h1>
      <DictTable<ChannelTreeRow>
        tableKey="order.channels"
        title={t('route.orderChannelList')}
        queryKey={dictKeys.channels}
        fetch={fetchTree}
        paginated={false}
        columns={columns}
        filters={filters}
        write={WRITE}
        createLabel={t('dict.channel.create')}
        onCreate={() => setEditing({ mode: 'create', parentId: null })}
        onEdit={(channel) => setEditing({ mode: 'edit', channel })}
        setStatus={setStatus}
        remove={(c) => deleteChannel(c.id)}
        onChanged={refresh}
        extraActions={(c) => [
          {
            key: 'addChild',
            label: t('dict.channel.addChild'),
            permission: WRITE,
            hidden: c.parentId != null,
            onClick: () => setEditing({ mode: 'create', parentId: c.id }),
          },
        ]}
        tableProps={{
          expandable: {
            expandedRowKeys: nodes.filter((n) => !collapsed.has(n.id)).map((n) => n.id),
            onExpand: (expanded, record) =>
              setCollapsed((prev) => {
                const next = new Set(prev);
                if (expanded) next.delete(record.id);
                else next.add(record.id);
                return next;
              }),
          },
        }}
      />
      {editing ? (
        <ChannelForm
          editing={editing}
          tree={nodes}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
    </div>
  );
};

export default ChannelListPage;
