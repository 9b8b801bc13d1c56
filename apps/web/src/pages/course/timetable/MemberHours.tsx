import type { HourLedgerRow } from '@educrm/contract/teaching';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantHours, hourBalances, hourLedger, teachingKeys } from '../../../api/teaching';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { AskModal } from '../shared/AskModal';

/** The member drawer's course hours: a balance per course, the ledger, and the admin's grant. */
export const MemberHours = ({ memberId }: { memberId: number }) => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [grantFor, setGrantFor] = useState<{ spuId: number; name: string } | null>(null);
  const balances = useQuery({
    queryKey: teachingKeys.hours(memberId),
    queryFn: () => hourBalances(memberId),
  });
  const ledger = useQuery({
    queryKey: [...teachingKeys.hours(memberId), 'ledger', page],
    queryFn: () => hourLedger(memberId, page),
  });
  const items = balances.data?.items ?? [];
  return (
    <div data-testid="member-hours">
      {!items.length && !balances.isFetching ? <Empty description={t('teaching.noHours')} /> : null}
      <Space wrap style={{ marginBottom: 12 }}>
        {items.map((b) => (
          <Tag key={b.spuId} color={b.balance <= 0 ? 'red' : 'blue'} style={{ padding: '4px 8px' }}>
            {b.spuName}：{t('teaching.balance')} <strong>{b.balance}</strong>（{t('teaching.credited')}{' '}
            {b.credited} · {t('teaching.consumed')} {b.consumed}）
            {can('course.hours.grant') ? (
              <Button
                size="small"
                type="link"
                onClick={() => setGrantFor({ spuId: b.spuId, name: b.spuName })}
              >
                {t('teaching.grant')}
              </Button>
            ) : null}
          </Tag>
        ))}
      </Space>
      <Table<HourLedgerRow>
        size="small"
        rowKey="id"
        loading={ledger.isFetching}
        dataSource={ledger.data?.items ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: ledger.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            key: 'at',
            title: t('teaching.at'),
            render: (_, r) => parseTime(r.createdAt, '{y}-{m}-{d} {h}:{i}'),
          },
          { key: 'course', title: t('teaching.course'), dataIndex: 'spuName' },
          { key: 'kind', title: t('teaching.kindLabel'), render: (_, r) => t(`teaching.kind.${r.kind}`) },
          {
            key: 'delta',
            title: t('teaching.delta'),
            align: 'right',
            render: (_, r) => (r.delta > 0 ? `+${r.delta}` : r.delta),
          },
          { key: 'after', title: t('teaching.after'), align: 'right', dataIndex: 'balanceAfter' },
          {
            key: 'source',
            title: t('teaching.source'),
            render: (_, r) =>
              r.lessonId
                ? `${r.className ?? ''} ${r.lessonDate ?? ''}`
                : r.orderId
                  ? t('teaching.order', { id: r.orderId })
                  : r.reason || '-',
          },
          { key: 'by', title: t('teaching.by'), render: (_, r) => r.actorName ?? '-' },
        ]}
      />
      <AskModal
        open={grantFor !== null}
        title={`${t('teaching.grant')} · ${grantFor?.name ?? ''}`}
        fields={[
          {
            name: 'kind',
            label: t('teaching.kindLabel'),
            type: 'select',
            required: true,
            options: (['GIFT', 'MANUAL'] as const).map((k) => ({ value: k, label: t(`teaching.kind.${k}`) })),
          },
          { name: 'hours', label: t('teaching.grantHours'), type: 'text', required: true },
          { name: 'reason', label: t('teaching.reason'), type: 'text', required: true },
        ]}
        initial={{ kind: 'GIFT' }}
        onClose={() => setGrantFor(null)}
        onSubmit={async (v) => {
          if (!grantFor) return;
          await grantHours({
            memberId,
            spuId: grantFor.spuId,
            kind: v.kind === 'MANUAL' ? 'MANUAL' : 'GIFT',
            hours: Number(v.hours),
            reason: String(v.reason ?? ''),
          });
          await queryClient.invalidateQueries({ queryKey: teachingKeys.hours(memberId) });
        }}
      />
    </div>
  );
};
