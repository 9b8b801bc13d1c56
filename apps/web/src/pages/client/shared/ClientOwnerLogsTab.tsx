import type { OwnerLogRow } from '@educrm/contract/clients';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { clientKeys, getClientOwnerLogs } from '../../../api/clients';
import { parseTime } from '../../../utils/time';
import './client.css';

/** 负责人变更: every ownership change of the client (create, claim, assign, transfer, release, recycle). */
export const ClientOwnerLogsTab = ({ clientId }: { clientId: number }) => {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: clientKeys.ownerLogs(clientId),
    queryFn: () => getClientOwnerLogs(clientId),
    staleTime: 15_000,
  });
  const person = (name: string | null, id: number | null) =>
    id === null ? <span className="client-muted">{t('client.inPool')}</span> : (name ?? `#${id}`);
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  return (
    <Table<OwnerLogRow>
      size="small"
      rowKey="id"
      aria-label={t('client.tab.owners')}
      loading={query.isFetching}
      dataSource={query.data?.items ?? []}
      pagination={(query.data?.items.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: t('client.ownerLogs.empty') }}
      columns={[
        {
          key: 'at',
          title: t('client.ownerLogs.at'),
          render: (_, r) => parseTime(r.createdAt, '{y}-{m}-{d} {h}:{i}'),
        },
        {
          key: 'type',
          title: t('client.ownerLogs.type'),
          render: (_, r) =>
            i18n.exists(`client.ownerLog.${r.type}`) ? t(`client.ownerLog.${r.type}`) : r.type,
        },
        {
          key: 'from',
          title: t('client.ownerLogs.from'),
          // A created client came from nowhere (not from the pool).
          render: (_, r) => (r.type === 'CREATE' ? '-' : person(r.fromUserName, r.fromUserId)),
        },
        { key: 'to', title: t('client.ownerLogs.to'), render: (_, r) => person(r.toUserName, r.toUserId) },
        {
          key: 'reason',
          title: t('client.ownerLogs.reason'),
          render: (_, r) => <span className="client-cell-wrap">{r.reason || '-'}</span>,
        },
        {
          key: 'operator',
          title: t('client.ownerLogs.operator'),
          render: (_, r) => r.operatorName ?? t('client.system'),
        },
      ]}
    />
  );
};
