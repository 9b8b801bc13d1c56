import type { FollowUpRow } from '@educrm/contract/clients';
import { App, Button, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteFollowUp, FOLLOW_UPS_EXPORT_URL, followUpKeys, listFollowUps } from '../../../api/clients';
import { MaskedText } from '../../../components/MaskedText';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useUserStore } from '../../../stores/user';
import { parseTime } from '../../../utils/time';
import { FollowUpFormDrawer } from '../shared/FollowUpFormDrawer';
import { canEditFollowUp, isOverdue } from '../shared/followUp';
import { LazyClientDrawer } from '../shared/LazyClientDrawer';
import { followSourceOptions, followTypeOptions, StageTag, yesNoOptions } from '../shared/labels';
import { PresetBar } from '../shared/PresetBar';
import { FOLLOW_UP_PRESETS } from '../shared/presets';
import { departmentsOf, staffLabel, useRefreshClients, useStaffOptions } from '../shared/queries';
import '../shared/client.css';

const when = (iso: string | null) => (iso ? (parseTime(iso, '{y}-{m}-{d} {h}:{i}') ?? '-') : '-');

/**
 * 跟进记录 (DOMAIN 3.4): follow-ups within the caller's scope with filters and the presets "due
 * today" and "overdue" (the clients' pending next follow-ups); edit by the author within 24 h,
 * delete by the client's owner or an admin, export (followup.export); a row opens its client.
 */
export default function FollowRecordListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const userId = useUserStore((s) => s.adminId);
  const dataScope = useUserStore((s) => s.dataScope);
  const refresh = useRefreshClients();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<FollowUpRow | null>(null);
  const showCreator = dataScope !== null && dataScope !== 'SELF';
  const [staffText, setStaffText] = useState('');
  const staff = useStaffOptions(staffText, showCreator);
  const allStaff = useStaffOptions('', showCreator);

  const filters = useMemo<FilterField[]>(() => {
    const fields: FilterField[] = [
      { type: 'dateRange', name: 'created', label: t('client.followUp.time'), from: 'from', to: 'to' },
      {
        type: 'select',
        name: 'type',
        label: t('client.followUp.type'),
        multiple: true,
        options: followTypeOptions(t),
      },
      {
        type: 'select',
        name: 'due',
        label: t('client.followUp.due'),
        options: (['today', 'overdue'] as const).map((d) => ({ value: d, label: t(`client.presets.${d}`) })),
      },
      {
        type: 'select',
        name: 'source',
        label: t('client.followUp.source'),
        multiple: true,
        options: followSourceOptions(t),
      },
      { type: 'select', name: 'hasNextTime', label: t('client.followUp.hasNext'), options: yesNoOptions(t) },
    ];
    if (showCreator) {
      fields.push(
        {
          type: 'select',
          name: 'createdBy',
          label: t('client.followUp.creator'),
          multiple: true,
          numeric: true,
          loading: staff.loading,
          onSearch: setStaffText,
          options: staff.staff.map((s) => ({ value: s.id, label: staffLabel(s) })),
        },
        {
          type: 'select',
          name: 'creatorDeptId',
          label: t('client.followUp.creatorDept'),
          numeric: true,
          loading: allStaff.loading,
          options: departmentsOf(allStaff.staff).map((d) => ({ value: d.id, label: d.name })),
        },
      );
    }
    return fields;
  }, [t, showCreator, staff.staff, staff.loading, allStaff.staff, allStaff.loading]);

  const columns: ResourceColumn<FollowUpRow>[] = [
    {
      key: 'createdAt',
      title: t('client.followUp.time'),
      sortField: 'createdAt',
      render: (_, r) => when(r.createdAt),
    },
    {
      key: 'client',
      title: t('client.followUp.client'),
      render: (_, r) => (
        <>
          <Button type="link" className="client-name-link" onClick={() => setOpenId(r.clientId)}>
            {r.clientName}
          </Button>
          {r.clientMobile ? (
            <span className="client-sub client-phone">
              {r.clientMobile.includes('*') ? (
                r.clientMobile
              ) : (
                <MaskedText value={r.clientMobile} label={t('client.mobileOf', { name: r.clientName })} />
              )}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'type',
      title: t('client.followUp.type'),
      render: (_, r) => (
        <>
          <Tag>{t(`client.followType.${r.type}`)}</Tag>
          {r.source !== 'MANUAL' ? (
            <span className="client-sub">{t(`client.followSource.${r.source}`)}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'content',
      title: t('client.followUp.content'),
      render: (_, r) => (
        <Tooltip title={r.content.length > 60 ? r.content : undefined}>
          <span className="client-cell-wrap client-ellipsis-2">{r.content || '-'}</span>
        </Tooltip>
      ),
    },
    {
      key: 'stage',
      title: t('client.followUp.stageChange'),
      render: (_, r) =>
        r.stageAfter ? (
          <>
            {r.stageBefore ? <StageTag stage={r.stageBefore} /> : null}
            <span className="client-arrow">→</span>
            <StageTag stage={r.stageAfter} />
          </>
        ) : (
          '-'
        ),
    },
    {
      key: 'nextFollowTime',
      title: t('client.field.nextFollow'),
      sortField: 'nextFollowTime',
      render: (_, r) =>
        r.nextFollowTime ? (
          <span className={isOverdue(r.nextFollowTime) ? 'client-overdue' : undefined}>
            {when(r.nextFollowTime)}
          </span>
        ) : (
          '-'
        ),
    },
    {
      key: 'creator',
      title: t('client.followUp.creator'),
      render: (_, r) => (
        <>
          {r.creatorName ?? t('client.system')}
          {r.creatorDeptName ? <span className="client-sub">{r.creatorDeptName}</span> : null}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, r) => (
        <RowActions
          label={`${r.clientName} ${when(r.createdAt)}`}
          inline={2}
          actions={[
            { key: 'client', label: t('client.followUp.openClient'), onClick: () => setOpenId(r.clientId) },
            {
              key: 'edit',
              label: t('common.edit'),
              permission: 'followup.update',
              hidden: !canEditFollowUp(r, userId),
              onClick: () => setEditing(r),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: 'followup.delete',
              danger: true,
              confirm: {
                title: t('client.followUp.deleteTitle'),
                content: t('client.followUp.deleteText'),
                okText: t('common.delete'),
                onConfirm: async () => {
                  await deleteFollowUp(r.id);
                  void message.success(t('common.deleted'));
                  await refresh();
                },
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="client-page" data-testid="follow-record-list-page">
      <h1 className="visually-hidden">{t('route.clientFollowRecordList')}</h1>
      <PresetBar id="follow-up" presets={FOLLOW_UP_PRESETS} />
      <ResourceTable<FollowUpRow>
        tableKey="client.follow-record-list"
        title={t('route.clientFollowRecordList')}
        queryKey={followUpKeys.list}
        fetch={listFollowUps}
        columns={columns}
        rowKey={(r) => r.id}
        rowLabel={(r) => `${r.clientName} ${when(r.createdAt)}`}
        filters={filters}
        defaultSort="-createdAt"
        export={{ url: FOLLOW_UPS_EXPORT_URL, permission: 'followup.export', fileName: 'follow-ups.xlsx' }}
      />
      <LazyClientDrawer clientId={openId} onClose={() => setOpenId(null)} />
      {editing ? (
        <FollowUpFormDrawer
          target={{ mode: 'edit', followUp: editing }}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
    </div>
  );
}
