import type { ClientListRow, ClientRow, StaffOption } from '@educrm/contract/clients';
import type { DictOptions } from '@educrm/contract/dictionaries';
import type {
  cancelOrder as cancelOrderSchema,
  changeAttribution as changeAttributionSchema,
  confirmPayment as confirmPaymentSchema,
  DashboardSummary,
  DealRow,
  OrderDetail,
  OrderListTotals,
  OrderRow,
  OrderSkuOption,
  orderCreate,
  refundApply as refundApplySchema,
} from '@educrm/contract/orders';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';
import { type LookupContext, lookupHeaders } from './lookups';

/**
 * Sales orders, refunds, deal history and the dashboard figures, typed by the contract (type
 * imports only: the dashboard loads this module and must stay light). Writes are `silent`: the
 * drawers and dialogs show the server's refusal themselves.
 */
const ORDERS = '/v1/orders';

export const orderKeys = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  client: (clientId: number) => ['orders', 'client', clientId] as const,
  deals: ['orders', 'deals'] as const,
  skuOptions: (keyword: string, onSale: boolean, spuId?: number) =>
    ['orders', 'sku-options', keyword, onSale, spuId ?? null] as const,
  dashboard: ['dashboard', 'summary'] as const,
};

// ---- orders -------------------------------------------------------------------------------------
export const listOrders = (params: ListParams) =>
  request<ListResult<OrderRow>>({ url: ORDERS, method: 'get', params });

/** Every page of a filter summed: the figures a data-centre card that drills into the list counts. */
export const getOrderTotals = (params: Record<string, string | number>) =>
  request<OrderListTotals>({ url: `${ORDERS}/totals`, method: 'get', params });

export const getOrder = (id: number) =>
  request<OrderDetail>({ url: `${ORDERS}/${id}`, method: 'get', silent: true });

export const createOrder = (body: z.input<typeof orderCreate>) =>
  request<OrderDetail>({ url: ORDERS, method: 'post', data: body, silent: true });

export const confirmOrderPayment = (id: number, body: z.input<typeof confirmPaymentSchema>) =>
  request<OrderDetail>({ url: `${ORDERS}/${id}/confirm-payment`, method: 'post', data: body, silent: true });

export const cancelOrder = (id: number, body: z.input<typeof cancelOrderSchema>) =>
  request<OrderDetail>({ url: `${ORDERS}/${id}/cancel`, method: 'post', data: body, silent: true });

export const applyRefund = (orderId: number, body: z.input<typeof refundApplySchema>) =>
  request<OrderDetail>({ url: `${ORDERS}/${orderId}/refunds`, method: 'post', data: body, silent: true });

export type RefundVerb = 'approve' | 'reject' | 'complete';
export const decideRefund = (refundId: number, verb: RefundVerb, remark = '') =>
  request<null>({ url: `/v1/refunds/${refundId}/${verb}`, method: 'post', data: { remark }, silent: true });

export const changeAttribution = (id: number, body: z.input<typeof changeAttributionSchema>) =>
  request<OrderDetail>({ url: `${ORDERS}/${id}/attribution`, method: 'post', data: body, silent: true });

export const ORDERS_EXPORT_URL = `${ORDERS}/export`;

/** Orderable SKUs (or every SKU of the products, `onSale: false`) for pickers and filters. */
export const listSkuOptions = (params: { keyword?: string; spuId?: number; onSale?: boolean }) =>
  request<{ items: OrderSkuOption[] }>({
    url: `${ORDERS}/sku-options`,
    method: 'get',
    params: {
      keyword: params.keyword || undefined,
      spuId: params.spuId,
      onSale: params.onSale === undefined ? undefined : String(params.onSale),
    },
  });

/** A payment voucher to the image store; the order keeps the URL (sent with the confirmation). */
export const uploadVoucher = async (file: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  const { url } = await request<{ id: string; url: string }>({
    url: '/v1/files/images?purpose=voucher',
    method: 'post',
    data: form,
    timeout: 60_000,
    silent: true,
    onUploadProgress: (e) => {
      if (e.total) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return url;
};

// ---- lookups the order pages need (served by the client and dictionary modules) -----------------
/** Clients to order for: all in scope (`/clients`, admin) or the caller's own (`/clients/mine`). */
export const searchClients = (keyword: string, own: boolean) =>
  request<ListResult<ClientListRow>>({
    url: own ? '/v1/clients/mine' : '/v1/clients',
    method: 'get',
    params: { keyword: keyword || undefined, pageSize: 20 },
  });

export const getClientBrief = (id: number) =>
  request<ClientRow>({
    url: `/v1/clients/${id}`,
    method: 'get',
    silent: true,
  });

export const listStaffOptions = (keyword?: string, ctx?: LookupContext) =>
  request<{ items: StaffOption[] }>({
    url: '/v1/clients/staff-options',
    method: 'get',
    headers: lookupHeaders(ctx),
    params: { keyword: keyword || undefined },
  });

export const getDictOptions = (ctx?: LookupContext) =>
  request<DictOptions>({ url: '/v1/dict/options', method: 'get', headers: lookupHeaders(ctx) });

// ---- deal history -------------------------------------------------------------------------------
export const listDeals = (params: ListParams) =>
  request<ListResult<DealRow>>({ url: '/v1/product/deals', method: 'get', params });

export const DEALS_EXPORT_URL = '/v1/product/deals/export';

// ---- dashboard ----------------------------------------------------------------------------------
export const getDashboardSummary = () =>
  request<DashboardSummary>({ url: '/v1/dashboard/summary', method: 'get', silent: true });
