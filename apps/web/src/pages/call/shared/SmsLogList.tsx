import type { SmsLogRow } from '@educrm/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listSmsLogs } from '../../../api/calls';
import { parseTime } from '../../../utils/time';
import { DeliveryTag } from './labels';

/** SMS sent with a template or to a client, with send and delivery status. */
export const SmsLogList = ({
  queryKey,
  filter,
}: {
  queryKey: readonly unknown[];
  filter: Record<string, number>;
}) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...queryKey, page],
    queryFn: () => listSmsLogs({ ...filter, page, pageSize: 10 }),
    refetchInterval: 5000,
  });
  return (
    <Table<SmsLogRow>
      size="small"
      rowKey="id"
      aria-label={t('call.sms.logs')}
      loading={query.isPending}
      dataSource={query.data?.items ?? []}
      pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: setPage }}
      columns={[
        {
          key: 'sentAt',
          title: t('call.sms.sentAt'),
          render: (_, l) => parseTime(l.sentAt, '{y}-{m}-{d} {h}:{i}'),
        },
        {
          key: 'mobile',
          title: t('call.sms.mobile'),
          render: (_, l) => `${l.mobile}${l.clientName ? ` · ${l.clientName}` : ''}`,
        },
        {
          key: 'content',
          title: t('call.sms.content'),
          ellipsis: true,
          render: (_, l) => (
            <Tooltip title={l.content}>
              <span>{l.content}</span>
            </Tooltip>
          ),
        },
        {
          key: 'sentBy',
          title: t('call.sms.sentBy'),
          render: (_, l) => (l.isTest ? t('call.sms.test') : (l.sentByName ?? '-')),
        },
        {
          key: 'send',
          title: t('call.sms.sendStatus'),
          render: (_, l) => (
            <Tooltip title={l.apiMsg}>
              <span>
                <DeliveryTag value={l.sendStatus} />
              </span>
            </Tooltip>
          ),
        },
        {
          key: 'receive',
          title: t('call.sms.receiveStatus'),
          render: (_, l) => (
            <span data-testid={`sms-receive-${l.id}`}>
              <DeliveryTag value={l.receiveStatus} />
            </span>
          ),
        },
      ]}
    />
  );
};
