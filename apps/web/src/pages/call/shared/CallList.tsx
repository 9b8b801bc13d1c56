import type { CallRow } from '@educrm/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams, ListResult } from '../../../api/list';
import { parseTime } from '../../../utils/time';
import { CallStatusTag, talkTime } from './labels';

/** A page of calls (a number's or a client's) with the recording link where the provider gives one. */
export const CallList = ({
  queryKey,
  fetch,
  showClient = true,
}: {
  queryKey: readonly unknown[];
  fetch: (params: ListParams) => Promise<ListResult<CallRow>>;
  showClient?: boolean;
}) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: [...queryKey, page], queryFn: () => fetch({ page, pageSize: 10 }) });
  return (
    <Table<CallRow>
      size="small"
      rowKey="id"
      aria-label={t('call.calls.title')}
      loading={query.isFetching}
      dataSource={query.data?.items ?? []}
      pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: setPage }}
      columns={[
        {
          key: 'startedAt',
          title: t('call.calls.startedAt'),
          render: (_, c) => parseTime(c.startedAt, '{y}-{m}-{d} {h}:{i}'),
        },
        ...(showClient
          ? [
              {
                key: 'client',
                title: t('call.calls.client'),
                render: (_: unknown, c: CallRow) => c.clientName ?? '-',
              },
            ]
          : []),
        { key: 'callee', title: t('call.calls.callee'), dataIndex: 'callee' },
        {
          key: 'number',
          title: t('call.calls.number'),
          render: (_, c) => c.displayNumber || c.number || '-',
        },
        { key: 'user', title: t('call.calls.user'), render: (_, c) => c.userName ?? '-' },
        {
          key: 'status',
          title: t('call.calls.status'),
          render: (_, c) => <CallStatusTag value={c.status} />,
        },
        {
          key: 'talk',
          title: t('call.calls.talk'),
          render: (_, c) => (c.answeredAt ? talkTime(c.talkSeconds) : c.endReason || '-'),
        },
        {
          key: 'recording',
          title: t('call.calls.recording'),
          render: (_, c) =>
            c.recordingUrl ? (
              <a href={c.recordingUrl} target="_blank" rel="noreferrer noopener">
                {t('call.calls.listen')}
              </a>
            ) : (
              '-'
            ),
        },
      ]}
    />
  );
};
