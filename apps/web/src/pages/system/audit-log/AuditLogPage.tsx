import type { AuditRow } from '@educrm/contract/system';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUDIT_EXPORT_URL, listAuditActions, listAuditLog, systemKeys } from '../../../api/system';
import { AuditSummary } from '../../../components/AuditText/AuditSummary';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { auditActionLabel, auditTargetLabel } from '../../../utils/auditText';
import { parseTime } from '../../../utils/time';
import { useUserSearch } from '../queries';
import '../system.css';

/** Target types the server writes, for the filter (free text would do, but names are friendlier). */
const TARGET_TYPES = [
  'admin_user',
  'department',
  'role',
  'username',
  'session',
  'file',
  'admin-users',
  'audit-log',
  'client',
  'order',
  'product',
  'job',
  'client_import_job',
  'client_tag',
  'client_limit_config',
  'client_pool_config',
  'product_category',
  'product_sku',
  'clients',
  'orders',
  'route',
];

/** Summaries longer than this are ellipsised (the whole text on hover). */
const SUMMARY_WIDTH = 380;

/** System > Audit log: who did what to which record, when and from where. Read-only. */
const AuditLogPage = () => {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const [userText, setUserText] = useState('');
  const actorId = Number(search.get('actorId')) || 0;
  const users = useUserSearch(userText, actorId ? [actorId] : []);
  const actions = useQuery({
    queryKey: systemKeys.auditActions,
    queryFn: listAuditActions,
    staleTime: 60_000,
  });

  const actionLabel = (action: string) => auditActionLabel(i18n, action);
  const targetLabel = (type: string) => auditTargetLabel(i18n, type);

  const filters = useMemo<FilterField[]>(() => {
    const actionLabel = (action: string) => auditActionLabel(i18n, action);
    const targetLabel = (type: string) => auditTargetLabel(i18n, type);
    return [
      {
        type: 'select',
        name: 'actorId',
        label: t('system.audit.actor'),
        numeric: true,
        loading: users.loading,
        onSearch: setUserText,
        options: users.users.map((u) => ({ value: u.id, label: `${u.nickname} (${u.username})` })),
      },
      {
        type: 'select',
        name: 'action',
        label: t('system.audit.action'),
        loading: actions.isFetching,
        options: (actions.data?.items ?? []).map((a) => ({
          value: a,
          label: `${actionLabel(a)} · ${a}`,
          search: `${actionLabel(a)} ${a}`,
        })),
      },
      {
        type: 'select',
        name: 'targetType',
        label: t('system.audit.targetType'),
        options: TARGET_TYPES.map((type) => ({
          value: type,
          label: targetLabel(type),
          search: `${targetLabel(type)} ${type}`,
        })),
      },
      { type: 'text', name: 'targetId', label: t('system.audit.targetId') },
      { type: 'dateRange', name: 'at', label: t('system.audit.at'), from: 'from', to: 'to' },
    ];
  }, [t, i18n, users.users, users.loading, actions.data, actions.isFetching]);

  const columns: ResourceColumn<AuditRow>[] = [
    {
      key: 'at',
      title: t('system.audit.at'),
      sortField: 'at',
      render: (_, r) => parseTime(r.at, '{y}-{m}-{d} {h}:{i}:{s}'),
    },
    {
      key: 'actor',
      title: t('system.audit.actor'),
      render: (_, r) =>
        r.actorName !== null ? (
          <span data-user-content>{r.actorName}</span>
        ) : (
          <span className="system-cell-sub">{t('system.audit.system')}</span>
        ),
    },
    {
      key: 'action',
      title: t('system.audit.action'),
      render: (_, r) => (
        <>
          {actionLabel(r.action)}
          <code className="system-cell-sub">{r.action}</code>
        </>
      ),
    },
    {
      key: 'target',
      title: t('system.audit.target'),
      render: (_, r) =>
        r.targetType ? (
          <>
            {targetLabel(r.targetType)}
            {r.targetId ? <code className="system-cell-sub">#{r.targetId}</code> : null}
          </>
        ) : (
          '-'
        ),
    },
    {
      key: 'summary',
      title: t('system.audit.summary'),
      render: (_, r) => (
        <AuditSummary action={r.action} params={r.params} summary={r.summary} maxWidth={SUMMARY_WIDTH} />
      ),
    },
    { key: 'ip', title: t('system.audit.ip'), render: (_, r) => r.ip ?? '-' },
  ];

  return (
    <div className="system-page" data-testid="audit-log-page">
      <h1 className="visually-hidden">{t('route.systemAuditLog')}</h1>
      <ResourceTable<AuditRow>
        tableKey="system.audit-log"
        title={t('route.systemAuditLog')}
        queryKey={systemKeys.audit}
        fetch={listAuditLog}
        columns={columns}
        rowKey={(r) => r.id}
        rowLabel={(r) => `#${r.id}`}
        filters={filters}
        defaultSort="-at"
        export={{ url: AUDIT_EXPORT_URL, permission: 'system.audit.export', fileName: 'audit-log.xlsx' }}
      />
    </div>
  );
};

export default AuditLogPage;
