import type { DealListQuery, DealRow, Language, OrderListQuery, OrderRow } from '@educrm/contract';
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
const stamp = () => new Date().toISOString().slice(0, 10);

export const orderExporter = (
  orders: OrderService,
  p: Principal,
  f: Omit<Partial<OrderListQuery>, 'page' | 'pageSize' | 'sort'>,
  lang: Language,
): Exporter<OrderRow> => {
  const h = H[lang];
  return {
    kind: 'orders',
    params: { filters: f, lang },
    sheetName: h.orderNo,
    fileName: `orders-${stamp()}.xlsx`,
    columns: [
      { header: h.orderNo, width: 22, value: (r) => r.orderNo },
      { header: h.buyer, value: (r) => r.buyerName },
      { header: h.mobile, width: 14, value: (r) => r.buyerMobile },
      { header: h.products, width: 36, value: (r) => r.productSummary },
      { header: h.pay, width: 12, value: (r) => yuan(r.payAmount) },
      { header: h.refund, width: 12, value: (r) => yuan(r.refundAmount) },
      { header: h.net, width: 12, value: (r) => yuan(r.netAmount) },
      { header: h.status, width: 10, value: (r) => r.status },
      { header: h.platform, value: (r) => r.sourcePlatformName },
      { header: h.channel, value: (r) => r.channelName },
      { header: h.sales, value: (r) => r.salesUserName },
      { header: h.payTime, width: 22, value: (r) => r.payTime },
    ],
    count: (cap) => orders.count(p, f, cap),
    batches: () => orders.batches(p, f),
  };
};

export const dealExporter = (
  deals: DealService,
  p: Principal,
  f: Omit<Partial<DealListQuery>, 'page' | 'pageSize' | 'sort'>,
  lang: Language,
): Exporter<DealRow> => {
  const h = H[lang];
  return {
    kind: 'deals',
    params: { filters: f, lang },
    sheetName: h.products,
    fileName: `deals-${stamp()}.xlsx`,
    columns: [
      { header: h.payTime, width: 22, value: (r) => r.payTime },
      { header: h.orderNo, width: 22, value: (r) => r.orderNo },
      { header: h.buyer, value: (r) => r.buyerName },
      { header: h.mobile, width: 14, value: (r) => r.buyerMobile },
      { header: h.products, width: 30, value: (r) => r.spuName },
      { header: h.spec, value: (r) => r.skuSpec },
      { header: h.qty, width: 6, value: (r) => r.qty },
      { header: h.pay, width: 12, value: (r) => yuan(r.payAmount) },
      { header: h.refund, width: 12, value: (r) => yuan(r.refundAmount) },
      { header: h.net, width: 12, value: (r) => yuan(r.netAmount) },
      { header: h.sales, value: (r) => r.salesUserName },
      { header: h.channel, value: (r) => r.channelName },
      { header: h.platform, value: (r) => r.sourcePlatformName },
      { header: h.status, width: 10, value: (r) => r.orderStatus },
    ],
    count: (cap) => deals.count(f, cap),
    batches: () => deals.batches(p, f),
  };
};
