import type { DealListQuery, DealRow, Language, OrderListQuery } from '@educrm/contract';
import { consoleMessages } from '../../lib/console-messages';
import { type CellValue, fileDay } from '../../lib/xlsx';
import type { Principal } from '../../types';
import type { Exporter } from '../exports/service';
import type { DealService } from './deals.service';
import type { OrderExportRow } from './order-queries';
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
    payable: '应付(元)',
    total: '商品总额(元)',
    discount: '优惠(元)',
    adjust: '调整(元)',
    payMethod: '支付方式',
    tradeNo: '交易流水号',
    refundStatus: '退款状态',
    createdAt: '创建时间',
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
    payable: 'Payable (CNY)',
    total: 'Items total (CNY)',
    discount: 'Discount (CNY)',
    adjust: 'Adjustment (CNY)',
    payMethod: 'Payment method',
    tradeNo: 'Transaction no.',
    refundStatus: 'Refund status',
    createdAt: 'Created at',
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
    payable: 'A pagar (CNY)',
    total: 'Total de artículos (CNY)',
    discount: 'Descuento (CNY)',
    adjust: 'Ajuste (CNY)',
    payMethod: 'Método de pago',
    tradeNo: 'N.º de transacción',
    refundStatus: 'Estado del reembolso',
    createdAt: 'Creado el',
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
    payable: '請求額(元)',
    total: '商品合計(元)',
    discount: '割引(元)',
    adjust: '調整(元)',
    payMethod: '支払方法',
    tradeNo: '取引番号',
    refundStatus: '返金状態',
    createdAt: '作成日時',
  },
} satisfies Record<Language, Record<string, string>>;

const yuan = (fen: number) => Math.round(fen) / 100;
/** A status or method as the console names it in the viewer's language, not its code. */
const label = (lang: Language, group: 'status' | 'refundStatus' | 'payMethod', code: string) =>
  consoleMessages(lang).t(`order.${group}.${code}`);
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
): Exporter<OrderExportRow> =>
  listExporter<OrderExportRow>(
    'orders',
    lang,
    'orderNo',
    [
      ['orderNo', (r) => r.orderNo, 22],
      ['createdAt', (r) => r.createdAt, 20],
      ['buyer', (r) => r.buyerName],
      ['mobile', (r) => r.buyerMobile, 14],
      ['products', (r) => r.productSummary, 36],
      ['total', (r) => yuan(r.totalAmount), 12],
      ['discount', (r) => yuan(r.discountAmount), 12],
      ['adjust', (r) => yuan(r.adjustAmount), 12],
      ['payable', (r) => yuan(r.payAmount), 12],
      // An order that never took money (pending, cancelled) has paid nothing, as the list shows it.
      ['pay', (r) => (r.status === 'PENDING' || r.status === 'CANCELLED' ? 0 : yuan(r.payAmount)), 12],
      ['refund', (r) => yuan(r.refundAmount), 12],
      ['net', (r) => yuan(r.netAmount), 12],
      ['status', (r) => label(lang, 'status', r.status), 10],
      ['refundStatus', (r) => label(lang, 'refundStatus', r.refundStatus), 10],
      ['payMethod', (r) => (r.payMethod ? label(lang, 'payMethod', r.payMethod) : null), 12],
      ['tradeNo', (r) => r.payTradeNo || null, 24],
      ['platform', (r) => r.sourcePlatformName],
      ['channel', (r) => r.channelName],
      ['sales', (r) => r.salesUserName],
      ['payTime', (r) => r.payTime, 20],
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
      ['status', (r) => label(lang, 'status', r.orderStatus), 10],
    ],
    { count: (cap) => deals.count(f, cap), batches: () => deals.batches(p, f) },
    f,
  );
