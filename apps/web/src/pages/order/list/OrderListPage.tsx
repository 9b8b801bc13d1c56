import { PlusOutlined } from '@ant-design/icons';
import { CREATED_TYPES, ORDER_STATUSES, type OrderRow, REFUND_STATUSES } from '@educrm/contract/orders';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listOrders, ORDERS_EXPORT_URL, orderKeys } from '../../../api/orders';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { useUserStore } from '../../../stores/user';
import { formatMoney } from '../../../utils/money';
import { parseTime } from '../../../utils/time';
import { useDepartments } from '../../system/queries';
import { CreateOrderDrawer } from '../shared/CreateOrderDrawer';
import { useOrderDicts, useProductFilter, useStaffSearch } from '../shared/lookups';
import { type OrderAction, OrderDrawer } from '../shared/OrderDrawer';
import { BuyerMobile, isUnpaid, OrderStatusTags } from '../shared/orderDisplay';
import '../shared/order.css';
import { OrderTotals } from './OrderTotals';

/** A time as its date over its minute (a narrow column). */
const DateTime = ({ iso }: { iso: string | null }) =>
  iso ? (
    <>
      {parseTime(iso, '{y}-{m}-{d}')}
      <span className="order-sub">{parseTime(iso, '{h}:{i}')}</span>
    </>
  ) : (
    '-'
  );
const money = (fen: number) => (
  <span className={`order-money${fen < 0 ? ' order-money--minus' : ''}`}>{formatMoney(fen)}</span>
);
const yesNo = (t: (key: string) => string) => [
  { value: 'true', label: t('client.yes') },
  { value: 'false', label: t('client.no') },
];
const idParam = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

/**
 * 销售订单 (DOMAIN 4.3): every order within the user's scope with its amounts in yuan, filters by
 * number, buyer, status, refund status, pay time, sales, platform, channel, product and how it was
 * created; row actions open the order drawer (details, payment, refunds, attribution). Buyer phones
 * come masked from the server for those who may not see them.
 */
const OrderListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const scope = useUserStore((s) => s.dataScope);
  const seesOthers = scope !== 'SELF';
  const [search] = useSearchParams();
  const dicts = useOrderDicts();
  const staff = useStaffSearch(seesOthers);
  const depts = useDepartments();
  const products = useProductFilter(idParam(search.get('spuId')));
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ id: number; action: OrderAction | null } | null>(null);

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'orderNo',
        label: t('order.field.orderNo'),
        placeholder: t('order.list.orderNoPlaceholder'),
      },
      {
        type: 'select',
        name: 'status',
        label: t('order.field.status'),
        options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`order.status.${s}`) })),
      },
      { type: 'dateRange', name: 'pay', label: t('order.field.payTime'), from: 'payFrom', to: 'payTo' },
      { type: 'text', name: 'buyerMobile', label: t('order.field.buyerMobile') },
      {
        type: 'select',
        name: 'refundStatus',
        label: t('order.field.refundStatus'),
        options: REFUND_STATUSES.map((s) => ({ value: s, label: t(`order.refundStatus.${s}`) })),
      },
      ...(seesOthers
        ? ([
            {
              type: 'select',
              name: 'salesUserId',
              label: t('order.field.sales'),
              numeric: true,
              loading: staff.isFetching,
              onSearch: staff.onSearch,
              options: staff.options,
            },
            {
              type: 'treeSelect',
              name: 'salesDeptId',
              label: t('order.field.salesDept'),
              numeric: true,
              loading: depts.isFetching,
              treeData: depts.options,
            },
          ] satisfies FilterField[])
        : []),
      {
        type: 'select',
        name: 'spuId',
        label: t('order.field.product'),
        numeric: true,
        loading: products.isFetching,
        onSearch: products.onSearch,
        options: products.options,
      },
      {
        type: 'select',
        name: 'sourcePlatformId',
        label: t('order.field.platform'),
        numeric: true,
        loading: dicts.isFetching,
        options: dicts.platforms,
      },
      {
        type: 'treeSelect',
        name: 'channelId',
        label: t('order.field.channel'),
        numeric: true,
        loading: dicts.isFetching,
        treeData: dicts.channels,
      },
      {
        type: 'select',
        name: 'createdType',
        label: t('order.field.createdType'),
        options: CREATED_TYPES.map((s) => ({ value: s, label: t(`order.createdType.${s}`) })),
      },
      { type: 'select', name: 'refundPending', label: t('order.field.refundPending'), options: yesNo(t) },
      { type: 'select', name: 'notEnrolled', label: t('order.field.notEnrolled'), options: yesNo(t) },
    ],
    [
      t,
      seesOthers,
      staff.options,
      staff.isFetching,
      staff.onSearch,
      depts.options,
      depts.isFetching,
      products.options,
      products.isFetching,
      products.onSearch,
      dicts.platforms,
      dicts.channels,
      dicts.isFetching,
    ],
  );

  const columns: ResourceColumn<OrderRow>[] = [
    {
      key: 'orderNo',
      title: t('order.field.orderNo'),
      fixed: 'left',
      width: 160,
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
          <span className="order-sub">{t(`order.createdType.${o.createdType}`)}</span>
        </>
      ),
    },
    {
      key: 'buyer',
      title: t('order.field.buyer'),
      width: 110,
      render: (_, o) => (
        <div className="order-buyer">
          <span className="order-buyer__name" title={o.buyerName}>
            {o.buyerName || '-'}
          </span>
          {o.buyerMobile ? (
            <BuyerMobile value={o.buyerMobile} label={`${t('order.field.buyerMobile')} ${o.orderNo}`} />
          ) : null}
        </div>
      ),
    },
    {
      key: 'products',
      title: t('order.field.products'),
      width: 160,
      ellipsis: true,
      // Below 1200 px the row keeps the figures; the products are one click away (the drawer).
      responsive: ['xl'],
      render: (_, o) => (
        <span className="order-products" title={o.productSummary}>
          {o.productSummary || '-'}
        </span>
      ),
    },
    {
      key: 'payAmount',
      title: t('order.field.amountColumn'),
      align: 'right',
      sortField: 'payAmount',
      width: 120,
      render: (_, o) =>
        isUnpaid(o.status) ? (
          // The "due" word on its own line: beside the amount it pushed the amount out of the cell.
          <span title={t('order.field.dueAmount')}>
            <span className="order-sub order-due">{t('order.field.dueShort')}</span>
            {money(o.payAmount)}
          </span>
        ) : (
          money(o.payAmount)
        ),
    },
    {
      key: 'refundAmount',
      title: t('order.field.refundAmount'),
      align: 'right',
      width: 110,
      defaultHidden: true,
      render: (_, o) => money(o.refundAmount),
    },
    {
      key: 'netAmount',
      title: t('order.field.netAmount'),
      align: 'right',
      width: 100,
      render: (_, o) => money(o.netAmount),
    },
    {
      key: 'status',
      title: t('order.field.status'),
      width: 115,
      render: (_, o) => <OrderStatusTags order={o} />,
    },
    {
      key: 'platform',
      title: t('order.field.platform'),
      width: 120,
      defaultHidden: true,
      render: (_, o) => o.sourcePlatformName ?? '-',
    },
    {
      key: 'channel',
      title: t('order.field.channel'),
      width: 120,
      defaultHidden: true,
      render: (_, o) => o.channelName ?? '-',
    },
    {
      key: 'sales',
      title: t('order.field.sales'),
      width: 100,
      render: (_, o) =>
        o.salesUserName ? (
          <>
            {o.salesUserName}
            {o.salesDeptName ? <span className="order-sub">{o.salesDeptName}</span> : null}
          </>
        ) : (
          <span className="order-muted">{t('order.field.noSales')}</span>
        ),
    },
    {
      key: 'payTime',
      title: t('order.field.payTime'),
      sortField: 'payTime',
      width: 105,
      render: (_, o) => <DateTime iso={o.payTime} />,
    },
    {
      key: 'createdAt',
      title: t('order.field.createdAt'),
      sortField: 'createdAt',
      width: 105,
      defaultHidden: true,
      render: (_, o) => <DateTime iso={o.createdAt} />,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      fixed: 'right',
      render: (_, o) => {
        const paid = o.status === 'PAID' || o.status === 'COMPLETED';
        const openWith = (action: OrderAction | null) => () => setOpen({ id: o.id, action });
        return (
          <RowActions
            label={o.orderNo}
            // The order number opens the details: the row keeps one "More" (or its only action).
            inline={0}
            actions={[
              { key: 'detail', label: t('order.action.detail'), onClick: openWith(null) },
              {
                key: 'confirm',
                label: t('order.action.confirmPayment'),
                permission: 'order.confirm',
                hidden: o.status !== 'PENDING',
                onClick: openWith('confirm'),
              },
              {
                key: 'refund',
                label: t('order.action.applyRefund'),
                permission: 'order.refund.apply',
                hidden: !paid || o.refundAmount >= o.payAmount,
                onClick: openWith('refund'),
              },
              {
                key: 'attribution',
                label: t('order.action.attribution'),
                permission: 'order.attribution',
                hidden: o.status === 'CANCELLED',
                onClick: openWith('attribution'),
              },
              {
                key: 'cancel',
                label: t('order.action.cancel'),
                permission: 'order.cancel',
                danger: true,
                hidden: o.status !== 'PENDING',
                onClick: openWith('cancel'),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <div className="order-page" data-testid="order-list-page">
      <h1 className="visually-hidden">{t('route.orderList')}</h1>
      <ResourceTable<OrderRow>
        tableKey="order.list"
        title={t('route.orderList')}
        queryKey={orderKeys.list}
        fetch={listOrders}
        columns={columns}
        rowKey={(o) => o.id}
        rowLabel={(o) => o.orderNo}
        filters={filters}
        defaultSort="-createdAt"
        toolbar={
          can('order.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('order.action.create')}
            </Button>
          ) : null
        }
        summary={(filters) => <OrderTotals filters={filters} />}
        export={{ url: ORDERS_EXPORT_URL, permission: 'order.export', fileName: 'orders.xlsx' }}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      {creating ? (
        <CreateOrderDrawer
          onClosed={() => setCreating(false)}
          onCreated={(order) => setOpen({ id: order.id, action: null })}
        />
      ) : null}
      <OrderDrawer orderId={open?.id ?? null} initialAction={open?.action} onClose={() => setOpen(null)} />
    </div>
  );
};

export default OrderListPage;
