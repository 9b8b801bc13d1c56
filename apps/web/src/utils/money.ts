import { formatMoney } from './number';

/**
 * Money on the order pages. The API and the database hold integer fen (DOMAIN decision 11); forms
 * show yuan with two decimals. Pure functions (unit-tested in money.test.ts).
 */
export { formatMoney };

/** 123450 -> 1234.5 (for a yuan input's value). */
export const fenToYuan = (fen: number): number => fen / 100;

/**
 * A yuan amount as typed (number or text) to integer fen, rounded half away from zero on the fen:
 * 19.99 -> 1999 (not 1998.9999), 0.005 -> 1, -1.005 -> -101. Empty or not a number -> null.
 */
export const yuanToFen = (yuan: number | string | null | undefined): number | null => {
  if (yuan === null || yuan === undefined) return null;
  const text = String(yuan).trim();
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const digits = `${fraction}000`;
  let fen = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) fen += 1;
  return negative ? -fen : fen;
};

export interface OrderLine {
  /** Unit price in fen. */
  price: number;
  qty: number;
}

export type TotalsProblem = 'discountTooLarge' | 'payNegative' | null;

export interface OrderTotals {
  /** Σ price × qty (fen). */
  total: number;
  discount: number;
  adjust: number;
  /** total − discount + adjust (fen), the server's formula (DOMAIN 4.1). */
  pay: number;
  /** What the server would refuse: a discount above the total, or a negative amount to pay. */
  problem: TotalsProblem;
}

/** The amounts of a manual order, as the server computes them from the SKU prices. */
export const orderTotals = (lines: readonly OrderLine[], discount = 0, adjust = 0): OrderTotals => {
  const total = lines.reduce((sum, l) => sum + Math.round(l.price) * Math.max(0, Math.trunc(l.qty)), 0);
  const pay = total - discount + adjust;
  const problem: TotalsProblem = discount > total ? 'discountTooLarge' : pay < 0 ? 'payNegative' : null;
  return { total, discount, adjust, pay, problem };
};

/** Refund statuses that hold money: applied and approved ones reserve it, successful ones used it. */
const HOLDING = new Set(['APPLIED', 'APPROVED', 'SUCCESS']);

/**
 * What can still be applied for: the paid amount minus refunds in flight or done (the server's
 * rule when a refund is applied for). Never below zero.
 */
export const refundableOf = (order: {
  payAmount: number;
  refunds: readonly { amount: number; status: string }[];
}): number =>
  Math.max(
    0,
    order.payAmount - order.refunds.reduce((sum, r) => (HOLDING.has(r.status) ? sum + r.amount : sum), 0),
  );

/** Refunds applied or approved but not paid back yet (fen). */
export const refundInFlightOf = (refunds: readonly { amount: number; status: string }[]): number =>
  refunds.reduce((sum, r) => (r.status === 'APPLIED' || r.status === 'APPROVED' ? sum + r.amount : sum), 0);

/** What an item can still give back: its paid amount minus what was refunded on it. */
export const itemRefundableOf = (item: { payAmount: number; refundAmount: number }): number =>
  Math.max(0, item.payAmount - item.refundAmount);

/** Whether a refund of `amount` fen can be applied for: more than zero and at most the refundable. */
export const refundAmountProblem = (
  amount: number | null,
  refundable: number,
): 'required' | 'positive' | 'aboveRefundable' | null => {
  if (amount === null) return 'required';
  if (amount <= 0) return 'positive';
  if (amount > refundable) return 'aboveRefundable';
  return null;
};
