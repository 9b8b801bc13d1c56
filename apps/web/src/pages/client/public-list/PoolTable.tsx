import { SettingOutlined } from '@ant-design/icons';
import { type ClaimQuota, type ClientListRow, POOL_REASONS } from '@educrm/contract/clients';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bulkAssignClients,
  bulkClaimClients,
  bulkDeleteClients,
  claimClient,
  listPoolClients,
  poolKeys,
} from '../../../api/pool';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import { parseTime, timeAgo } from '../../../utils/time';
import { ClientTagList, LevelTag, levelOptions } from '../shared/labels';
import { PhoneText } from '../shared/PhoneText';
import { useClientTags, useDictOptions } from '../shared/queries';
import { AssignDialog, BulkAssignPicker } from './AssignDialog';
import { staffLabel, useStaffSearch } from './lookups';
import { claimBlockedUntil, claimsLeft, secondsSince } from './poolFormat';

const REASON_TONES: Record<string, Tone> = {
  AUTO_NO_FOLLOW: 'warning',
  AUTO_NO_DEAL: 'warning',
  MANUAL_RELEASE: 'info',
  IMPORT_UNASSIGNED: 'neutral',
  OWNER_LEFT: 'neutral',
};

const at = (iso: string | null) => (iso ? parseTime(iso, '{y}-{m}-{d} {h}:{i}') : '-');

/**
 * The pool list (公海客户, DOMAIN 3.4): filters by pool reason, pool time, previous owner, source,
 * grade, level and tags; claim (row and bulk, within the limits, each refusal shown with the
 * server's reason), assign and delete for the admin, and the client drawer on a row.
 */
export const PoolTable = ({
  quota,
  onOpen,
  onChanged,
  onSettings,
  settingsLoading = false,
}: {
  quota: ClaimQuota | undefined;
  onOpen: (id: number) => void;
  /** After an ownership change: refresh the lists and the quota. */
  onChanged: () => Promise<unknown>;
  /** Opens the pool settings (shown with client.pool.config). */
  onSettings: (() => void) | null;
  settingsLoading?: boolean;
}) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const dict = useDictOptions();
  const tags = useClientTags();
  const [staffText, setStaffText] = useState('');
  const staff = useStaffSearch(staffText);
  const [assigning, setAssigning] = useState<ClientListRow | null>(null);
  const [claiming, setClaiming] = useState<number | null>(null);
  const bulkUsers = useRef<number[]>([]);

  const quotaLine = (q: ClaimQuota | undefined): ReactNode =>
    q ? (
      <p className="pool-muted">
        {t('client.pool.quotaLine', {
          claimed: q.claimedToday,
          cap: q.claimDailyLimit,
          owned: q.owned,
          limit: q.ownerLimit ?? t('client.pool.noLimit'),
        })}
      </p>
    ) : null;

  const claim = async (row: ClientListRow) => {
    setClaiming(row.id);
    let refusal: unknown = null;
    try {
      await claimClient(row.id);
      void message.success(t('client.pool.claimed', { name: row.name }));
    } catch (error) {
      refusal = error;
    } finally {
      setClaiming(null);
    }
    // Refreshes the lists and the quota (the refusal then shows the standing it was refused on).
    await onChanged().catch(() => undefined);
    if (!refusal) return;
    modal.error({
      title: t('client.pool.claimRefused', { name: row.name }),
      content: (
        <>
          <p className="pool-refusal" data-testid="claim-refusal">
            {refusal instanceof Error && refusal.message ? refusal.message : t('http.error')}
          </p>
          {quotaLine(queryClient.getQueryData<ClaimQuota>(poolKeys.quota) ?? quota)}
        </>
      ),
      okText: t('common.ok'),
    });
  };

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('client.pool.keyword'),
        placeholder: t('client.pool.keywordHint'),
      },
      {
        type: 'select',
        name: 'poolReason',
        label: t('client.pool.poolReason'),
        multiple: true,
        options: POOL_REASONS.map((r) => ({ value: r, label: t(`client.poolReason.${r}`) })),
      },
      { type: 'dateRange', name: 'pool', label: t('client.pool.poolTime'), from: 'poolFrom', to: 'poolTo' },
      {
        type: 'select',
        name: 'preOwnerUserId',
        label: t('client.pool.preOwner'),
        multiple: true,
        numeric: true,
        loading: staff.loading,
        onSearch: setStaffText,
        options: [...staff.known.values()].map((s) => ({ value: s.id, label: staffLabel(s) })),
      },
      {
        type: 'select',
        name: 'sourcePlatformId',
        label: t('client.pool.source'),
        multiple: true,
        numeric: true,
        loading: dict.loading,
        options: dict.platforms.map((p) => ({ value: p.id, label: p.name, search: `${p.name} ${p.code}` })),
      },
      {
        type: 'select',
        name: 'gradeId',
        label: t('client.pool.grade'),
        multiple: true,
        numeric: true,
        loading: dict.loading,
        options: dict.grades.map((g) => ({ value: g.id, label: g.name })),
      },
      {
        type: 'select',
        name: 'level',
        label: t('client.pool.level'),
        multiple: true,
        options: levelOptions(t),
      },
      {
        type: 'select',
        name: 'tagIds',
        label: t('client.pool.tags'),
        multiple: true,
        numeric: true,
        loading: tags.loading,
        options: tags.tags.map((tag) => ({ value: tag.id, label: tag.name })),
      },
    ],
    [t, staff.known, staff.loading, dict, tags],
  );

  const columns: ResourceColumn<ClientListRow>[] = [
    {
      key: 'name',
      title: t('client.pool.name'),
      render: (_, c) => (
        <>
          <Button type="link" size="small" className="pool-name-link" onClick={() => onOpen(c.id)}>
            {c.name}
          </Button>
          {c.studentName ? (
            <span className="pool-cell-sub">{t('client.pool.student', { name: c.studentName })}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'mobile',
      title: t('client.pool.mobile'),
      render: (_, c) => <PhoneText clientId={c.id} mobile={c.mobile} masked={c.mobileMasked} name={c.name} />,
    },
    {
      key: 'poolReason',
      title: t('client.pool.poolReason'),
      render: (_, c) =>
        c.poolReason ? (
          <StatusTag value={c.poolReason} i18nPrefix="client.poolReason" tones={REASON_TONES} />
        ) : (
          '-'
        ),
    },
    {
      key: 'poolTime',
      title: t('client.pool.poolTime'),
      sortField: 'poolTime',
      render: (_, c) => (
        <>
          {at(c.poolTime)}
          {c.poolTime ? (
            <span className="pool-cell-sub">
              {t('client.pool.inPoolFor', { time: timeAgo(secondsSince(c.poolTime), t) })}
            </span>
          ) : null}
        </>
      ),
    },
    { key: 'preOwner', title: t('client.pool.preOwner'), render: (_, c) => c.preOwnerName ?? '-' },
    {
      key: 'followCount',
      title: t('client.pool.followCount'),
      dataIndex: 'followCount',
      align: 'right',
      width: 90,
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
    { key: 'grade', title: t('client.pool.grade'), render: (_, c) => c.gradeName ?? '-' },
    { key: 'level', title: t('client.pool.level'), render: (_, c) => <LevelTag level={c.level} /> },
    {
      key: 'source',
      title: t('client.pool.source'),
      render: (_, c) => (
        <>
          {c.sourcePlatformName ?? '-'}
          {c.channelName ? <span className="pool-cell-sub">{c.channelName}</span> : null}
        </>
      ),
    },
    { key: 'tags', title: t('client.pool.tags'), render: (_, c) => <ClientTagList tags={c.tags} /> },
    {
      key: 'createdAt',
      title: t('client.pool.createdAt'),
      sortField: 'createdAt',
      render: (_, c) => at(c.createdAt),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      fixed: 'right',
      render: (_, c) => {
        const bannedUntil = claimBlockedUntil(c);
        return (
          <RowActions
            label={c.name}
            inline={3}
            actions={[
              {
                key: 'claim',
                label: t('client.pool.claim'),
                permission: 'client.claim',
                disabled: claiming !== null || bannedUntil !== null,
                tooltip: bannedUntil ? t('client.pool.claimFrom', { date: at(bannedUntil) }) : undefined,
                onClick: () => void claim(c),
              },
              {
                key: 'assign',
                label: t('client.pool.assign'),
                permission: 'client.assign',
                onClick: () => setAssigning(c),
              },
              { key: 'detail', label: t('client.pool.detail'), onClick: () => onOpen(c.id) },
            ]}
          />
        );
      },
    },
  ];

  const withQueryClient = (node: ReactNode) => (
    // Confirm dialogs render outside the layout's React Query provider.
    <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
  );

  return (
    <>
      <ResourceTable<ClientListRow>
        tableKey="client.pool"
        title={t('route.clientPublicList')}
        queryKey={poolKeys.pool}
        fetch={listPoolClients}
        columns={columns}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        tableProps={{ scroll: { x: 'max-content' } }}
        filters={filters}
        defaultSort="-poolTime"
        toolbar={
          onSettings ? (
            <Button icon={<SettingOutlined />} loading={settingsLoading} onClick={onSettings}>
              {t('client.pool.settings')}
            </Button>
          ) : null
        }
        bulkActions={[
          {
            key: 'claim',
            label: t('client.pool.bulkClaim'),
            permission: 'client.claim',
            confirm: (count) => (
              <>
                <p>{t('client.pool.bulkClaimText', { count })}</p>
                {quota && count > claimsLeft(quota) ? (
                  <p className="pool-warning">
                    {t('client.pool.bulkClaimOver', { count: claimsLeft(quota) })}
                  </p>
                ) : null}
                {quotaLine(quota)}
              </>
            ),
            run: async (ids) => {
              const result = await bulkClaimClients(ids.map(Number));
              await onChanged();
              return result;
            },
          },
          {
            key: 'assign',
            label: t('client.pool.bulkAssign'),
            permission: 'client.assign',
            confirm: (count) => {
              bulkUsers.current = [];
              return withQueryClient(
                <BulkAssignPicker count={count} onChange={(ids) => (bulkUsers.current = ids)} />,
              );
            },
            run: async (ids) => {
              if (!bulkUsers.current.length) throw new Error(t('client.pool.pickStaffFirst'));
              const result = await bulkAssignClients(ids.map(Number), bulkUsers.current);
              await onChanged();
              return result;
            },
          },
          {
            key: 'delete',
            label: t('client.bulk.delete'),
            permission: 'client.delete',
            danger: true,
            confirm: (count) => t('client.pool.bulkDeleteText', { count }),
            run: async (ids) => {
              const result = await bulkDeleteClients(ids.map(Number));
              await onChanged();
              return result;
            },
          },
        ]}
      />
      <AssignDialog client={assigning} onClose={() => setAssigning(null)} onDone={() => void onChanged()} />
    </>
  );
};
