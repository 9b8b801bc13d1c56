import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { OrderRow } from '@educrm/contract/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Result, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listOrders, orderKeys } from '../../../api/orders';
import { useCan } from '../../../session/useCan';
import { formatMoney } from '../../../utils/money';
import { parseTime } from '../../../utils/time';
import { CreateOrderDrawer } from './CreateOrderDrawer';
import { type OrderAction, OrderDrawer } from './OrderDrawer';
import { isUnpaid, OrderStatusTags } from './orderDisplay';
import './order.css';

/** The Orders tab of the client drawer. */
export interface ClientOrdersTabProps {
  clientId: number;
}

const PAGE_SIZE = 10;

/**
 * A client's orders, compact (newest first): number, products, amounts and status; a click opens
 * the order's drawer. "New order" opens the order form preset to this client.
 */
export default function ClientOrdersTab({ clientId }: ClientOrdersTabProps) {
  const { t } = useTranslation();
  const can = useCan();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ id: number; action: OrderAction | null } | null>(null);
  const query = useQuery({
    queryKey: [...orderKeys.client(clientId), page],
    queryFn: () => listOrders({ clientId, page, pageSize: PAGE_SIZE, sort: '-createdAt' }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: can('order.list'),
  });

  if (!can('order.list')) return <p className="order-muted">{t('order.clientTab.noAccess')}</p>;

  const columns: TableColumnsType<OrderRow> = [
    {
      key: 'orderNo',
      title: t('order.field.orderNo'),
      render: (_, o) => (
        <>
          <Button
            type="link"
            size="small"
            className="order-link"
            onClick={() => setOpen({ id: o.id, action: null })}
          >
            {o.orderNo}
          </Button>
          <span className="order-sub">{parseTime(o.createdAt, '{y}-{m}-{d} {h}:{i}')}</span>
        </>
      ),
    },
    { key: 'products', title: t('order.field.products'), ellipsis: true, dataIndex: 'productSummary' },
    {
      key: 'pay',
      title: t('order.field.amountColumn'),
      align: 'right',
      render: (_, o) => (
        <>
          {isUnpaid(o.status) ? (
            <span className="order-sub order-due">{t('order.field.dueShort')}</span>
          ) : null}
          {formatMoney(o.payAmount)}
          {o.refundAmount > 0 ? (
            <span className="order-sub">
              {t('order.field.refundAmount')} {formatMoney(o.refundAmount)}
            </span>
          ) : null}
        </>
      ),
    },
    { key: 'status', title: t('order.field.status'), render: (_, o) => <OrderStatusTags order={o} /> },
    { key: 'sales', title: t('order.field.sales'), render: (_, o) => o.salesUserName ?? '-' },
  ];

  return (
    <div className="client-orders" data-testid="client-orders">
      <div className="client-orders__bar">
        <span className="order-muted">
          {query.data ? t('order.clientTab.count', { count: query.data.total }) : null}
        </span>
        <Space>
          <Button
            size="small"
            icon={<ReloadOutlined spin={query.isFetching} />}
            aria-label={t('table.refresh')}
            onClick={() => void query.refetch()}
          />
          {can('order.create') ? (
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('order.action.create')}
            </Button>
          ) : null}
        </Space>
      </div>
      {query.isError && !query.data ? (
        <Result
          status="warning"
          title={t('order.clientTab.loadFailed')}
          subTitle={query.error instanceof Error ? query.error.message : ''}
          extra={<Button onClick={() => void query.refetch()}>{t('table.retry')}</Button>}
        />
      ) : (
        <Table<OrderRow>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          locale={{ emptyText: t('order.clientTab.empty') }}
          scroll={{ x: 'max-content' }}
          pagination={
            (query.data?.total ?? 0) > PAGE_SIZE
              ? {
                  current: page,
                  pageSize: PAGE_SIZE,
                  total: query.data?.total ?? 0,
                  size: 'small',
                  showSizeChanger: false,
                  onChange: setPage,
                }
              : false
          }
        />
      )}
      {creating ? (
        <CreateOrderDrawer
          clientId={clientId}
          onClosed={() => setCreating(false)}
          onCreated={(order) => {
            setPage(1);
            void query.refetch();
            setOpen({ id: order.id, action: null });
          }}
        />
      ) : null}
      <OrderDrawer orderId={open?.id ?? null} initialAction={open?.action} onClose={() => setOpen(null)} />
    </div>
  );
}
