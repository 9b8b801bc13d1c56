import type { DealListQuery, DealRow, Language, OrderListQuery, OrderRow } from '@educrm/contract';
import { type CellValue, fileDay } from '../../lib/xlsx';
import type { Principal } from '../../types';
import type { Exporter } from '../exports/service';
import type { DealService } from './deals.service';
import type { OrderService } from './orders.service';

const H = {
  zh: {
    orderNo: '订单号',
    buyer: '买家',
    mobile: '手机号',
    products: '商品',
    pay: '实付(元)',
    refund: '已退(元)',
    net: '净收入(元)',
    status: '状态',
    platform: '来源平台',
    channel: '渠道',
    sales: '业绩归属',
    payTime: '支付时间',
    spec: '规格',
    qty: '数量',
  },
  en: {
    orderNo: 'Order no.',
    buyer: 'Buyer',
    mobile: 'Mobile',
    products: 'Products',
    pay: 'Paid (CNY)',
    refund: 'Refunded (CNY)',
    net: 'Net (CNY)',
    status: 'Status',
    platform: 'Platform',
    channel: 'Channel',
    sales: 'Sales',
    payTime: 'Paid at',
    spec: 'Spec',
    qty: 'Qty',
  },
  es: {
    orderNo: 'N.º de pedido',
    buyer: 'Comprador',
    mobile: 'Móvil',
    products: 'Productos',
    pay: 'Pagado (CNY)',
    refund: 'Reembolsado (CNY)',
    net: 'Neto (CNY)',
    status: 'Estado',
    platform: 'Plataforma',
    channel: 'Canal',
    sales: 'Ventas',
    payTime: 'Pagado el',
    spec: 'Variante',
    qty: 'Cant.',
  },
  ja: {
    orderNo: '注文番号',
    buyer: '購入者',
    mobile: '携帯番号',
    products: '商品',
    pay: '支払額(元)',
    refund: '返金額(元)',
    net: '純収入(元)',
    status: '状態',
    platform: '販売プラットフォーム',
    channel: 'チャネル',
    sales: '売上担当',
    payTime: '支払日時',
    spec: '仕様',
    qty: '数量',
  },
} satisfies Record<Language, Record<string, string>>;

const yuan = (fen: number) => Math.round(fen) / 100;
const stamp = () => fileDay();

type Header = keyof (typeof H)['zh'];
/** A column: its header, what a row shows in it and its width (default 18). */
type Col<Row> = [header: Header, value: (row: Row) => CellValue, width?: number];

/** An xlsx export of a commerce list in the caller's language: headers from H, dated file name. */
const listExporter = <Row>(
  kind: 'orders' | 'deals',
  lang: Language,
  sheet: Header,
  cols: Col<Row>[],
  source: Pick<Exporter<Row>, 'count' | 'batches'>,
  filters: object,
): Exporter<Row> => {
  const h = H[lang];
  return {
    kind,
    // What another server needs to build the same export again (background exports).
    params: { filters, lang },
    sheetName: h[sheet],
    fileName: `${kind}-${stamp()}.xlsx`,
    columns: cols.map(([header, value, width]) => ({ header: h[header], value, width })),
    ...source,
  };
};

export const orderExporter = (
  orders: OrderService,
  p: Principal,
  f: Omit<Partial<OrderListQuery>, 'page' | 'pageSize' | 'sort'>,
  lang: Language,
): Exporter<OrderRow> =>
  listExporter<OrderRow>(
    'orders',
    lang,
    'orderNo',
    [
      ['orderNo', (r) => r.orderNo, 22],
      ['buyer', (r) => r.buyerName],
      ['mobile', (r) => r.buyerMobile, 14],
      ['products', (r) => r.productSummary, 36],
      ['pay', (r) => yuan(r.payAmount), 12],
      ['refund', (r) => yuan(r.refundAmount), 12],
      ['net', (r) => yuan(r.netAmount), 12],
      ['status', (r) => r.status, 10],
      ['platform', (r) => r.sourcePlatformName],
      ['channel', (r) => r.channelName],
      ['sales', (r) => r.salesUserName],
      ['payTime', (r) => r.payTime, 22],
    ],
    { count: (cap) => orders.count(p, f, cap), batches: () => orders.batches(p, f) },
    f,
  );

export const dealExporter = (
  deals: DealService,
  p: Principal,
  f: Omit<Partial<DealListQuery>, 'page' | 'pageSize' | 'sort'>,
  lang: Language,
): Exporter<DealRow> =>
  listExporter<DealRow>(
    'deals',
    lang,
    'products',
    [
      ['payTime', (r) => r.payTime, 22],
      ['orderNo', (r) => r.orderNo, 22],
      ['buyer', (r) => r.buyerName],
      ['mobile', (r) => r.buyerMobile, 14],
      ['products', (r) => r.spuName, 30],
      ['spec', (r) => r.skuSpec],
      ['qty', (r) => r.qty, 6],
      ['pay', (r) => yuan(r.payAmount), 12],
      ['refund', (r) => yuan(r.refundAmount), 12],
      ['net', (r) => yuan(r.netAmount), 12],
      ['sales', (r) => r.salesUserName],
      ['channel', (r) => r.channelName],
      ['platform', (r) => r.sourcePlatformName],
      ['status', (r) => r.orderStatus, 10],
    ],
    { count: (cap) => deals.count(f, cap), batches: () => deals.batches(p, f) },
    f,
  );
