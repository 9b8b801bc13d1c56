import type { OrderRow } from '@educrm/contract/orders';
import { Space } from 'antd';
import { MaskedText } from '../../../components/MaskedText';
import { StatusTag, type Tone } from '../../../components/StatusTag';

/** Tones of the order, refund and refund-flow statuses (labels under `order.status.*` etc.). */
export const ORDER_TONES: Record<string, Tone> = {
  PENDING: 'warning',
  PAID: 'success',
  COMPLETED: 'info',
  CANCELLED: 'neutral',
  CLOSED: 'neutral',
};
export const REFUND_STATUS_TONES: Record<string, Tone> = {
  NONE: 'neutral',
  PARTIAL: 'warning',
  FULL: 'error',
};
export const REFUND_FLOW_TONES: Record<string, Tone> = {
  APPLIED: 'warning',
  APPROVED: 'info',
  SUCCESS: 'success',
  REJECTED: 'error',
  CANCELLED: 'neutral',
};

/** The order's status badge, and its refund status once something was refunded. */
export const OrderStatusTags = ({ order }: { order: Pick<OrderRow, 'status' | 'refundStatus'> }) => (
  <Space size={4} wrap className="order-status-tags">
    <StatusTag value={order.status} i18nPrefix="order.status" tones={ORDER_TONES} />
    {order.refundStatus !== 'NONE' ? (
      <StatusTag value={order.refundStatus} i18nPrefix="order.refundStatus" tones={REFUND_STATUS_TONES} />
    ) : null}
  </Space>
);

/**
 * A buyer's phone. The server masks it for those who may not see it (chakan: 138****1234), which is
 * shown as it is; a clear number is shown masked with reveal and copy buttons.
 */
export const BuyerMobile = ({ value, label }: { value: string; label: string }) =>
  value.includes('*') ? (
    <span className="order-mobile">{value}</span>
  ) : (
    <MaskedText value={value} label={label} />
  );

/** An order that never took money (pending, cancelled) shows its amount as due, not as paid. */
export const isUnpaid = (status: OrderRow['status']) => status === 'PENDING' || status === 'CANCELLED';

/** The label key of an order's amount: 应付 until it is paid, 实付 after. */
export const amountLabelKey = (status: OrderRow['status']) =>
  isUnpaid(status) ? 'order.field.dueAmount' : 'order.field.payAmount';
