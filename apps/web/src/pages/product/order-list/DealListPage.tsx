import type { DealRow } from '@educrm/contract/orders';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEALS_EXPORT_URL, listDeals, orderKeys } from '../../../api/orders';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { formatMoney } from '../../../utils/money';
import { parseTime } from '../../../utils/time';
import { useOrderDicts, useProductFilter, useStaffSearch } from '../../order/shared/lookups';
import { OrderDrawer } from '../../order/shared/OrderDrawer';
import { BuyerMobile, ORDER_TONES } from '../../order/shared/orderDisplay';
import '../../order/shared/order.css';

const money = (fen: number) => (
  <span className={`order-money${fen < 0 ? ' order-money--minus' : ''}`}>{formatMoney(fen)}</span>
);
const idParam = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

/**
 * 成交记录 (DOMAIN 5.3): one row per paid order item with what was paid, refunded and kept, by pay
 * time; filters by product or SKU, pay date, platform, channel and sales; export. The order number
 * opens the order's drawer.
 */
const DealListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [search] = useSearchParams();
  const dicts = useOrderDicts();
  const staff = useStaffSearch();
  const products = useProductFilter(idParam(search.get('spuId')));
  const [openOrder, setOpenOrder] = useState<number | null>(null);

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'spuId',
        label: t('product.deal.product'),
        numeric: true,
        loading: products.isFetching,
        onSearch: products.onSearch,
        options: products.options,
      },
      { type: 'dateRange', name: 'pay', label: t('product.deal.payTime'), from: 'payFrom', to: 'payTo' },
      {
        type: 'select',
        name: 'salesUserId',
        label: t('product.deal.sales'),
        numeric: true,
        loading: staff.isFetching,
        onSearch: staff.onSearch,
        options: staff.options,
      },
      {
        type: 'select',
        name: 'skuId',
        label: t('product.deal.sku'),
        numeric: true,
        loading: products.isFetching,
        onSearch: products.onSearch,
        options: products.skuOptions,
      },
      {
        type: 'select',
        name: 'sourcePlatformId',
        label: t('product.deal.platform'),
        numeric: true,
        loading: dicts.isFetching,
        options: dicts.platforms,
      },
      {
        type: 'treeSelect',
        name: 'channelId',
        label: t('product.deal.channel'),
        numeric: true,
        loading: dicts.isFetching,
        treeData: dicts.channels,
      },
    ],
    [
      t,
      products.options,
      products.skuOptions,
      products.isFetching,
      products.onSearch,
      staff.options,
      staff.isFetching,
      staff.onSearch,
      dicts.platforms,
      dicts.channels,
      dicts.isFetching,
    ],
  );

  const columns: ResourceColumn<DealRow>[] = [
    {
      key: 'payTime',
      title: t('product.deal.payTime'),
      sortField: 'payTime',
      render: (_, d) => parseTime(d.payTime, '{y}-{m}-{d} {h}:{i}'),
    },
    {
      key: 'orderNo',
      title: t('product.deal.orderNo'),
      render: (_, d) =>
        can('order.list') ? (
          <Button type="link" size="small" className="order-link" onClick={() => setOpenOrder(d.orderId)}>
            {d.orderNo}
          </Button>
        ) : (
          <span className="order-mono">{d.orderNo}</span>
        ),
    },
    {
      key: 'buyer',
      title: t('product.deal.buyer'),
      render: (_, d) => (
        <div className="order-buyer">
          <span>{d.buyerName || '-'}</span>
          {d.buyerMobile ? (
            <BuyerMobile value={d.buyerMobile} label={`${t('product.deal.buyerMobile')} ${d.orderNo}`} />
          ) : null}
        </div>
      ),
    },
    {
      key: 'product',
      title: t('product.deal.product'),
      render: (_, d) => (
        <>
          <span className="order-strong">{d.spuName}</span>
          {d.skuSpec ? <span className="order-sub">{d.skuSpec}</span> : null}
        </>
      ),
    },
    { key: 'qty', title: t('product.deal.qty'), align: 'right', dataIndex: 'qty' },
    {
      key: 'payAmount',
      title: t('product.deal.paid'),
      align: 'right',
      sortField: 'payAmount',
      render: (_, d) => money(d.payAmount),
    },
    {
      key: 'refundAmount',
      title: t('product.deal.refunded'),
      align: 'right',
      render: (_, d) => money(d.refundAmount),
    },
    { key: 'netAmount', title: t('product.deal.net'), align: 'right', render: (_, d) => money(d.netAmount) },
    { key: 'sales', title: t('product.deal.sales'), render: (_, d) => d.salesUserName ?? '-' },
    { key: 'channel', title: t('product.deal.channel'), render: (_, d) => d.channelName ?? '-' },
    { key: 'platform', title: t('product.deal.platform'), render: (_, d) => d.sourcePlatformName ?? '-' },
    {
      key: 'orderStatus',
      title: t('product.deal.orderStatus'),
      render: (_, d) => <StatusTag value={d.orderStatus} i18nPrefix="order.status" tones={ORDER_TONES} />,
    },
  ];

  return (
    <div className="order-page" data-testid="deal-list-page">
      <h1 className="visually-hidden">{t('route.productOrderList')}</h1>
      <p className="order-muted deal-hint">{t('product.deal.hint')}</p>
      <ResourceTable<DealRow>
        tableKey="product.deals"
        title={t('route.productOrderList')}
        queryKey={orderKeys.deals}
        fetch={listDeals}
        columns={columns}
        rowKey={(d) => d.itemId}
        rowLabel={(d) => `${d.orderNo} ${d.spuName}`}
        filters={filters}
        defaultSort="-payTime"
        export={{ url: DEALS_EXPORT_URL, permission: 'product.deal.export', fileName: 'deals.xlsx' }}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <OrderDrawer orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </div>
  );
};

export default DealListPage;
