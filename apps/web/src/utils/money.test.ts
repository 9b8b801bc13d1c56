import { describe, expect, it } from 'vitest';
import {
  fenToYuan,
  formatMoney,
  itemRefundableOf,
  orderTotals,
  refundAmountProblem,
  refundableOf,
  refundInFlightOf,
  yuanToFen,
} from './money';

describe('yuanToFen / fenToYuan', () => {
  it('turns typed yuan into integer fen without float errors', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(1.005)).toBe(101);
    expect(yuanToFen('0.004')).toBe(0);
    expect(yuanToFen('.5')).toBe(50);
    expect(yuanToFen(-12.3)).toBe(-1230);
    expect(yuanToFen('-1.005')).toBe(-101);
    expect(yuanToFen(999)).toBe(99900);
  });

  it('answers null for nothing or garbage', () => {
    expect(yuanToFen(null)).toBeNull();
    expect(yuanToFen(undefined)).toBeNull();
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('12a')).toBeNull();
    expect(yuanToFen('1,000')).toBeNull();
  });

  it('round-trips', () => {
    for (const fen of [0, 1, 99, 100, 12345, 99999999]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it('formats fen as yuan in every locale', () => {
    expect(formatMoney(123450)).toBe('¥1,234.50');
    expect(formatMoney(-1230)).toBe('-¥12.30');
    expect(formatMoney(0)).toBe('¥0.00');
  });
});

describe('orderTotals', () => {
  const lines = [
    { price: 99900, qty: 2 },
    { price: 129900, qty: 1 },
  ];

  it('pays total − discount + adjustment', () => {
    expect(orderTotals(lines)).toEqual({ total: 329700, discount: 0, adjust: 0, pay: 329700, problem: null });
    expect(orderTotals(lines, 29700, -5000)).toMatchObject({ total: 329700, pay: 295000, problem: null });
    expect(orderTotals(lines, 0, 300)).toMatchObject({ pay: 330000 });
  });

  it('flags what the server refuses', () => {
    expect(orderTotals(lines, 329701).problem).toBe('discountTooLarge');
    expect(orderTotals(lines, 329700, -1).problem).toBe('payNegative');
    expect(orderTotals(lines, 329700, 0)).toMatchObject({ pay: 0, problem: null });
  });

  it('ignores broken quantities and is zero without lines', () => {
    expect(orderTotals([{ price: 100, qty: -3 }]).total).toBe(0);
    expect(orderTotals([{ price: 100, qty: 2.7 }]).total).toBe(200);
    expect(orderTotals([])).toMatchObject({ total: 0, pay: 0, problem: null });
  });
});

describe('refundable amounts', () => {
  const refunds = [
    { amount: 10000, status: 'SUCCESS' },
    { amount: 5000, status: 'APPLIED' },
    { amount: 3000, status: 'APPROVED' },
    { amount: 20000, status: 'REJECTED' },
    { amount: 7000, status: 'CANCELLED' },
  ];

  it('subtracts refunds applied, approved and paid, not rejected or cancelled ones', () => {
    expect(refundableOf({ payAmount: 99900, refunds })).toBe(99900 - 18000);
    expect(refundableOf({ payAmount: 99900, refunds: [] })).toBe(99900);
    expect(refundableOf({ payAmount: 10000, refunds: [{ amount: 10000, status: 'SUCCESS' }] })).toBe(0);
    expect(refundableOf({ payAmount: 100, refunds: [{ amount: 500, status: 'SUCCESS' }] })).toBe(0);
  });

  it('sums refunds in flight', () => {
    expect(refundInFlightOf(refunds)).toBe(8000);
  });

  it('per item: paid minus refunded', () => {
    expect(itemRefundableOf({ payAmount: 5000, refundAmount: 1200 })).toBe(3800);
    expect(itemRefundableOf({ payAmount: 5000, refundAmount: 6000 })).toBe(0);
  });

  it('checks an amount against the refundable', () => {
    expect(refundAmountProblem(null, 100)).toBe('required');
    expect(refundAmountProblem(0, 100)).toBe('positive');
    expect(refundAmountProblem(101, 100)).toBe('aboveRefundable');
    expect(refundAmountProblem(100, 100)).toBeNull();
  });
});
