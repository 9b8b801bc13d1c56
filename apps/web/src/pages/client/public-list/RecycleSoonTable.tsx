import type { ClientListRow } from '@educrm/contract/clients';
import { Alert, App, Button, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../api/list';
import { listRecycleSoon, poolKeys, setClientLock } from '../../../api/pool';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { parseTime, timeAgo } from '../../../utils/time';
import { LevelTag, StageTag } from '../shared/labels';
import { PhoneText } from '../shared/PhoneText';
import { staffLabel, useStaffSearch } from './lookups';
import { secondsUntil } from './poolFormat';

const at = (iso: string | null) => (iso ? parseTime(iso, '{y}-{m}-{d} {h}:{i}') : '-');

/**
 * 即将掉入公海: owned clients the hourly auto-recycle will move to the pool within the reminder
 * window of the pool settings. The owner can follow them up (in the drawer) or lock them.
 */
export const RecycleSoonTable = ({
  onOpen,
  onChanged,
}: {
  onOpen: (id: number) => void;
  onChanged: () => Promise<unknown>;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  // All visible clients (data scope applies: a sales user sees their own), else the caller's own.
  const scope = can('client.list') ? 'all' : 'mine';
  const [staffText, setStaffText] = useState('');
  const staff = useStaffSearch(staffText, scope === 'all');
  const fetch = useMemo(() => (params: ListParams) => listRecycleSoon(params, scope), [scope]);

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('client.pool.keyword'),
        placeholder: t('client.pool.keywordHint'),
      },
      ...(scope === 'all'
        ? [
            {
              type: 'select' as const,
              name: 'ownerUserId',
              label: t('client.pool.owner'),
              multiple: true,
              numeric: true,
              loading: staff.loading,
              onSearch: setStaffText,
              options: [...staff.known.values()].map((s) => ({ value: s.id, label: staffLabel(s) })),
            },
          ]
        : []),
    ],
    [t, scope, staff.known, staff.loading],
  );

  const columns: ResourceColumn<ClientListRow>[] = [
    {
      key: 'name',
      title: t('client.pool.name'),
      render: (_, c) => (
        <Button type="link" size="small" className="pool-name-link" onClick={() => onOpen(c.id)}>
          {c.name}
        </Button>
      ),
    },
    {
      key: 'mobile',
      title: t('client.pool.mobile'),
      render: (_, c) => <PhoneText clientId={c.id} mobile={c.mobile} masked={c.mobileMasked} name={c.name} />,
    },
    {
      key: 'recycleAt',
      title: t('client.pool.recycleAt'),
      render: (_, c) => {
        const left = secondsUntil(c.recycleAt);
        return (
          <>
            {at(c.recycleAt)}
            {left === null ? null : (
              <span className="pool-cell-sub pool-due">
                {left > 0
                  ? t('client.pool.recycleIn', { time: timeAgo(left, t) })
                  : t('client.pool.recycleDue')}
              </span>
            )}
          </>
        );
      },
    },
    {
      key: 'owner',
      title: t('client.pool.owner'),
      render: (_, c) => (
        <>
          {c.ownerName ?? '-'}
          {c.ownerDeptName ? <span className="pool-cell-sub">{c.ownerDeptName}</span> : null}
        </>
      ),
    },
    {
      key: 'lastFollowTime',
      title: t('client.pool.lastFollow'),
      sortField: 'lastFollowTime',
      render: (_, c) =>
        c.lastFollowTime ? (
          <Tooltip title={c.lastFollowContent || undefined}>
            <span>{at(c.lastFollowTime)}</span>
            {c.lastFollowContent ? (
              <span className="pool-cell-sub pool-snippet">{c.lastFollowContent}</span>
            ) : null}
          </Tooltip>
        ) : (
          <span className="pool-cell-sub">{t('client.pool.neverFollowed')}</span>
        ),
    },
    { key: 'stage', title: t('client.pool.stage'), render: (_, c) => <StageTag stage={c.stage} /> },
    { key: 'level', title: t('client.pool.level'), render: (_, c) => <LevelTag level={c.level} /> },
    { key: 'grade', title: t('client.pool.grade'), render: (_, c) => c.gradeName ?? '-' },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      fixed: 'right',
      render: (_, c) => (
        <RowActions
          label={c.name}
          inline={2}
          actions={[
            { key: 'detail', label: t('client.pool.detail'), onClick: () => onOpen(c.id) },
            {
              key: 'lock',
              label: t('client.pool.lock'),
              permission: 'client.lock',
              hidden: c.locked,
              confirm: {
                title: t('client.pool.lockTitle', { name: c.name }),
                content: t('client.pool.lockText'),
                okText: t('client.pool.lock'),
                danger: false,
                refusedTitle: t('client.pool.lockRefused'),
                onConfirm: async () => {
                  await setClientLock(c.id, true);
                  void message.success(t('client.pool.lockedDone', { name: c.name }));
                  await onChanged();
                },
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <Alert className="pool-soon-hint" type="warning" showIcon title={t('client.pool.soonHint')} />
      <ResourceTable<ClientListRow>
        tableKey="client.recycle-soon"
        title={t('client.pool.tabSoon')}
        queryKey={poolKeys.recycleSoon}
        fetch={fetch}
        columns={columns}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        tableProps={{ scroll: { x: 'max-content' } }}
        filters={filters}
        defaultSort="lastFollowTime"
      />
    </>
  );
};
