import { z } from 'zod';
import { dateParam, listQueryOf, queryBool, versionField } from './list';
import { fen, uploadedFileUrl } from './products';

export const ORDER_STATUSES = ['PENDING', 'PAID', 'COMPLETED', 'CANCELLED', 'CLOSED'] as const;
export const REFUND_STATUSES = ['NONE', 'PARTIAL', 'FULL'] as const;
export const CANCEL_TYPES = ['PAY_TIMEOUT', 'BUYER_CANCEL', 'ADMIN_CANCEL', 'REFUND_CLOSE'] as const;
export const PAY_METHODS = ['WECHAT', 'ALIPAY', 'BANK_TRANSFER', 'CASH', 'PLATFORM', 'OTHER'] as const;
export const CREATED_TYPES = ['MANUAL', 'SYNC'] as const;
export const REFUND_FLOW = ['APPLIED', 'APPROVED', 'SUCCESS', 'REJECTED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type RefundFlowStatus = (typeof REFUND_FLOW)[number];

export const orderItemInput = z
  .object({ skuId: z.number().int().positive(), qty: z.number().int().min(1).max(999) })
  .strict();

/** Manual order: the server prices the items; `payAmount` is what the form showed and must match. */
export const orderCreate = z
  .object({
    clientId: z.number().int().positive(),
    items: z.array(orderItemInput).min(1, 'msg:required').max(50),
    discountAmount: fen.default(0),
    adjustAmount: z.number().int().min(-100_000_000_00).max(100_000_000_00).default(0),
    payAmount: fen,
    sourcePlatformId: z.number().int().positive().nullable().default(null),
    channelId: z.number().int().positive().nullable().default(null),
    remark: z.string().trim().max(500).default(''),
    /** One submission = one order: a double click sends the same key twice. */
    idempotencyKey: z.string().trim().min(8).max(64),
  })
  .strict();
export type OrderCreate = z.infer<typeof orderCreate>;

export const confirmPayment = z
  .object({
    payMethod: z.enum(PAY_METHODS),
    paidAt: z.iso.datetime({ offset: true }),
    payTradeNo: z.string().trim().max(64).default(''),
    voucherUrls: z.array(uploadedFileUrl).min(1, 'msg:voucherRequired').max(9),
    version: versionField,
  })
  .strict();
export const cancelOrder = z
  .object({ reason: z.string().trim().max(200).default(''), version: versionField })
  .strict();

export const refundApply = z
  .object({
    amount: fen.refine((v) => v > 0, 'msg:invalidValue'),
    reason: z.string().trim().min(1, 'msg:required').max(200),
    /** Optional split over items; each part cannot exceed what is left on that item. */
    items: z
      .array(z.object({ itemId: z.number().int().positive(), amount: fen }).strict())
      .max(50)
      .default([]),
  })
  .strict();
export const refundDecision = z.object({ remark: z.string().trim().max(200).default('') }).strict();
export const changeAttribution = z
  .object({
    salesUserId: z.number().int().positive(),
    reason: z.string().trim().min(1, 'msg:required').max(200),
    version: versionField,
  })
  .strict();

export const orderItemRow = z.object({
  id: z.number().int(),
  spuId: z.number().int(),
  skuId: z.number().int(),
  spuName: z.string(),
  skuSpec: z.string(),
  unitPrice: z.number().int(),
  qty: z.number().int(),
  discountShare: z.number().int(),
  payAmount: z.number().int(),
  refundAmount: z.number().int(),
});
export const refundRow = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_FLOW),
  appliedByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditRemark: z.string(),
  refundedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type RefundRow = z.infer<typeof refundRow>;

export const orderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  clientId: z.number().int(),
  buyerName: z.string(),
  buyerMobile: z.string(),
  productSummary: z.string(),
  totalAmount: z.number().int(),
  discountAmount: z.number().int(),
  adjustAmount: z.number().int(),
  payAmount: z.number().int(),
  refundAmount: z.number().int(),
  netAmount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  refundStatus: z.enum(REFUND_STATUSES),
  cancelType: z.enum(CANCEL_TYPES).nullable(),
  sourcePlatformId: z.number().int().nullable(),
  sourcePlatformName: z.string().nullable(),
  channelId: z.number().int().nullable(),
  channelName: z.string().nullable(),
  salesUserId: z.number().int().nullable(),
  salesUserName: z.string().nullable(),
  salesDeptName: z.string().nullable(),
  payMethod: z.enum(PAY_METHODS).nullable(),
  payTime: z.iso.datetime().nullable(),
  createdType: z.enum(CREATED_TYPES),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const orderDetail = orderRow.extend({
  items: z.array(orderItemRow),
  refunds: z.array(refundRow),
  payTradeNo: z.string(),
  voucherUrls: z.array(z.string()),
  remark: z.string(),
  confirmedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  timeline: z.array(
    z.object({
      at: z.iso.datetime(),
      action: z.string(),
      actorName: z.string().nullable(),
      summary: z.string(),
      /** Structured values of the summary (rendered in the viewer's language), null on old rows. */
      params: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const ORDER_SORTS = ['id', 'payTime', 'createdAt', 'payAmount'] as const;
export const orderListQuery = listQueryOf(ORDER_SORTS, {
  orderNo: z.string().trim().max(64).optional(),
  buyerMobile: z.string().trim().max(20).optional(),
  clientId: z.coerce.number().int().positive().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  refundStatus: z.enum(REFUND_STATUSES).optional(),
  sourcePlatformId: z.coerce.number().int().positive().optional(),
  channelId: z.coerce.number().int().positive().optional(),
  spuId: z.coerce.number().int().positive().optional(),
  salesUserId: z.coerce.number().int().positive().optional(),
  salesDeptId: z.coerce.number().int().positive().optional(),
  payFrom: dateParam.optional(),
  payTo: dateParam.optional(),
  createdType: z.enum(CREATED_TYPES).optional(),
  /** Orders with a refund applied for and not yet decided (APPLIED). */
  refundPending: queryBool.optional(),
  /** Paid orders with a class-bound item whose buyer is in no class student of it (enrolment missing). */
  notEnrolled: queryBool.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/**
 * The totals of an order list's filter (all pages): the figures a data-centre card that drills into
 * the list counts (DOMAIN 2: M11 paid orders, M12 paid amount and M16 paying clients, for a pay-time
 * range), so the two can be reconciled. Refunds are those of these orders, whenever refunded.
 */
export const orderListTotals = z.object({
  count: z.number().int(),
  paidCount: z.number().int(),
  clients: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});
export type OrderListTotals = z.infer<typeof orderListTotals>;

/** Deal history: one row per paid order item (DOMAIN 5.3). */
export const dealRow = z.object({
  itemId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  payTime: z.iso.datetime(),
  buyerName: z.string(),
  buyerMobile: z.string(),
  spuId: z.number().int(),
  spuName: z.string(),
  skuSpec: z.string(),
  qty: z.number().int(),
  payAmount: z.number().int(),
  refundAmount: z.number().int(),
  netAmount: z.number().int(),
  salesUserName: z.string().nullable(),
  channelName: z.string().nullable(),
  sourcePlatformName: z.string().nullable(),
  orderStatus: z.enum(ORDER_STATUSES),
});
export type DealRow = z.infer<typeof dealRow>;
export const DEAL_SORTS = ['payTime', 'payAmount'] as const;
export const dealListQuery = listQueryOf(DEAL_SORTS, {
  spuId: z.coerce.number().int().positive().optional(),
  skuId: z.coerce.number().int().positive().optional(),
  payFrom: dateParam.optional(),
  payTo: dateParam.optional(),
  sourcePlatformId: z.coerce.number().int().positive().optional(),
  channelId: z.coerce.number().int().positive().optional(),
  salesUserId: z.coerce.number().int().positive().optional(),
});
export type DealListQuery = z.infer<typeof dealListQuery>;

export const dashboardSummary = z.object({
  today: z.object({ paid: z.number().int(), refund: z.number().int(), net: z.number().int() }).nullable(),
  month: z.object({ paid: z.number().int(), refund: z.number().int(), net: z.number().int() }).nullable(),
  myClients: z.number().int().nullable(),
  dueFollowUps: z.number().int().nullable(),
  myMonthNet: z.number().int().nullable(),
  onSaleProducts: z.number().int().nullable(),
  lowStockSkus: z.number().int().nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/**
 * SKUs to pick on the order pages (manual-order lines, product filters), readable with the order
 * pages' codes (siyu has no product pages). `onSale` (default true): only SKUs that can be ordered.
 */
export const orderSkuOptionsQuery = z
  .object({
    keyword: z.string().trim().max(64).optional(),
    spuId: z.coerce.number().int().positive().optional(),
    onSale: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export const orderSkuOption = z.object({
  skuId: z.number().int(),
  spuId: z.number().int(),
  spuName: z.string(),
  skuCode: z.string(),
  skuSpec: z.string(),
  price: z.number().int(),
  /** null = unlimited. */
  stock: z.number().int().nullable(),
  onSale: z.boolean(),
});
export type OrderSkuOption = z.infer<typeof orderSkuOption>;
