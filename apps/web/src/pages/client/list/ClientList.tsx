import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { ClientListRow } from '@educrm/contract/clients';
import { Button, Tooltip } from 'antd';
import { type Key, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  bulkDeleteClients,
  CLIENTS_EXPORT_URL,
  clientKeys,
  listClients,
  listMyClients,
} from '../../../api/clients';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { useUserStore } from '../../../stores/user';
import { formatMoney } from '../../../utils/number';
import { parseTime } from '../../../utils/time';
import { daysUntil, isOverdue } from '../shared/followUp';
import { LazyClientDrawer } from '../shared/LazyClientDrawer';
import { ClientTagList, LevelTag, LockMark, StageTag } from '../shared/labels';
import { PhoneText } from '../shared/PhoneText';
import { PresetBar } from '../shared/PresetBar';
import { applyPreset, CLIENT_PRESETS } from '../shared/presets';
import { useClientActions } from '../shared/useClientActions';
import { RecycleReminder } from './RecycleReminder';
import { type ClientListMode, useClientFilters } from './useClientFilters';
import '../shared/client.css';

/** Fetched when the user starts an import, not with the list. */
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

const when = (iso: string | null) => (iso ? (parseTime(iso, '{y}-{m}-{d} {h}:{i}') ?? '-') : '-');
/** Fewer days than this before the auto-recycle are shown as a warning. */
const RECYCLE_WARN_DAYS = 3;

/**
 * 全部客户 (`all`: the caller's data scope) and 我的客户 (`mine`: owner = me) — one component
 * (DOMAIN 3.4): presets, search form, columns, row and bulk actions, create, import, export
 * (All clients), and the client drawer.
 */
export const ClientList = ({ mode }: { mode: ClientListMode }) => {
  const { t } = useTranslation();
  const can = useCan();
  const dataScope = useUserStore((s) => s.dataScope);
  const [search, setSearch] = useSearchParams();
  const filters = useClientFilters(mode);
  const [openId, setOpenId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const actions = useClientActions({ onOpenClient: setOpenId });

  const columns: ResourceColumn<ClientListRow>[] = [
    {
      key: 'name',
      title: t('client.field.name'),
      render: (_, c) => (
        <>
          <Button type="link" className="client-name-link" onClick={() => setOpenId(c.id)}>
            {c.name}
          </Button>
          <LockMark locked={c.locked} />
          {c.studentName || c.gradeName ? (
            <span className="client-sub">{[c.studentName, c.gradeName].filter(Boolean).join(' · ')}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'mobile',
      title: t('client.field.mobile'),
      render: (_, c) => <PhoneText clientId={c.id} mobile={c.mobile} masked={c.mobileMasked} name={c.name} />,
    },
    { key: 'stage', title: t('client.field.stage'), render: (_, c) => <StageTag stage={c.stage} /> },
    { key: 'level', title: t('client.field.level'), render: (_, c) => <LevelTag level={c.level} /> },
    ...(mode === 'all' && dataScope !== 'SELF'
      ? [
          {
            key: 'owner',
            title: t('client.field.owner'),
            render: (_: unknown, c: ClientListRow) => (
              <>
                {c.ownerName ?? '-'}
                {c.ownerDeptName ? <span className="client-sub">{c.ownerDeptName}</span> : null}
              </>
            ),
          },
        ]
      : []),
    {
      key: 'lastFollow',
      title: t('client.field.lastFollow'),
      sortField: 'lastFollowTime',
      render: (_, c) =>
        c.lastFollowTime ? (
          <>
            {when(c.lastFollowTime)}
            {c.lastFollowContent ? (
              <Tooltip title={c.lastFollowContent}>
                <span className="client-sub">{c.lastFollowContent}</span>
              </Tooltip>
            ) : null}
          </>
        ) : (
          <span className="client-muted">{t('client.neverFollowed')}</span>
        ),
    },
    {
      key: 'nextFollow',
      title: t('client.field.nextFollow'),
      sortField: 'nextFollowTime',
      render: (_, c) =>
        c.nextFollowTime ? (
          <span className={isOverdue(c.nextFollowTime) ? 'client-overdue' : undefined}>
            {when(c.nextFollowTime)}
            {isOverdue(c.nextFollowTime) ? <span className="client-sub">{t('client.overdue')}</span> : null}
          </span>
        ) : (
          '-'
        ),
    },
    {
      key: 'recycle',
      title: t('client.field.recycleIn'),
      render: (_, c) => {
        const days = daysUntil(c.recycleAt);
        if (days === null) return <span className="client-muted">{c.locked ? t('client.locked') : '-'}</span>;
        return (
          <Tooltip title={when(c.recycleAt)}>
            <span className={days < RECYCLE_WARN_DAYS ? 'client-soon' : undefined}>
              {t('client.daysLeft', { count: days })}
            </span>
          </Tooltip>
        );
      },
    },
    { key: 'tags', title: t('client.field.tags'), render: (_, c) => <ClientTagList tags={c.tags} /> },
    {
      key: 'totalPaid',
      title: t('client.field.totalPaid'),
      sortField: 'totalPaid',
      align: 'right',
      render: (_, c) => formatMoney(c.totalPaid),
    },
    {
      key: 'createdAt',
      title: t('client.field.createdAt'),
      sortField: 'createdAt',
      render: (_, c) => when(c.createdAt),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, c) => (
        <RowActions label={c.name} actions={actions.actionsFor(c, { details: true })} inline={2} />
      ),
    },
  ];

  const bulk = (kind: 'transfer' | 'release' | 'tags' | 'level' | 'stage') => (ids: Key[]) =>
    actions.requestBulk(kind, ids.map(Number));

  return (
    <div className="client-page" data-testid={mode === 'all' ? 'client-list-page' : 'client-my-list-page'}>
      <h1 className="visually-hidden">{t(mode === 'all' ? 'route.clientList' : 'route.clientMyList')}</h1>
      {mode === 'mine' ? (
        <RecycleReminder
          onShow={() => setSearch(applyPreset(CLIENT_PRESETS, search, 'recycle'), { replace: true })}
        />
      ) : null}
      <PresetBar id={`client-${mode}`} presets={CLIENT_PRESETS} />
      <ResourceTable<ClientListRow>
        tableKey={mode === 'all' ? 'client.list' : 'client.my-list'}
        title={t(mode === 'all' ? 'route.clientList' : 'route.clientMyList')}
        queryKey={mode === 'all' ? clientKeys.list : clientKeys.mine}
        fetch={mode === 'all' ? listClients : listMyClients}
        columns={columns}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        filters={filters}
        defaultSort="-createdAt"
        toolbar={
          <>
            {can('client.create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={actions.openCreate}>
                {t('client.create')}
              </Button>
            ) : null}
            {can('client.import') ? (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                {t('client.import.button')}
              </Button>
            ) : null}
          </>
        }
        bulkActions={[
          {
            key: 'transfer',
            label: t('client.bulk.transfer'),
            permission: 'client.transfer',
            run: bulk('transfer'),
          },
          {
            key: 'release',
            label: t('client.bulk.release'),
            permission: 'client.release',
            run: bulk('release'),
          },
          { key: 'tags', label: t('client.bulk.tags'), permission: 'client.tag', run: bulk('tags') },
          { key: 'level', label: t('client.bulk.level'), permission: 'client.update', run: bulk('level') },
          { key: 'stage', label: t('client.bulk.stage'), permission: 'client.update', run: bulk('stage') },
          {
            key: 'delete',
            label: t('client.bulk.delete'),
            permission: 'client.delete',
            danger: true,
            confirm: (n) => t('client.bulk.deleteText', { n }),
            run: async (ids) => {
              const result = await bulkDeleteClients({ ids: ids.map(Number) });
              await actions.refresh();
              return result;
            },
          },
        ]}
        export={
          mode === 'all'
            ? { url: CLIENTS_EXPORT_URL, permission: 'client.export', fileName: 'clients.xlsx' }
            : undefined
        }
      />
      <LazyClientDrawer clientId={openId} onClose={() => setOpenId(null)} />
      {actions.element}
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
};
