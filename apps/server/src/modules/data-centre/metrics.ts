import type { ProductMetric, SalesMetric } from '@educrm/contract';
import type { FactValues } from './facts';

/**
 * The metric dictionary (DOMAIN 2.1): every metric as a function of the facts of facts.ts. A ratio
 * with a zero denominator is null ("-" on the pages).
 */
const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
/** Money averages in whole fen. */
const fenRatio = (a: number, b: number) => (b === 0 ? null : Math.round(a / b));

/** The facts of several rows added up (a subtotal is its rows' sum, never a grouping of its own). */
export const sumFacts = (all: readonly FactValues[]): FactValues => {
  const out: FactValues = {};
  for (const f of all) for (const [k, v] of Object.entries(f)) out[k] = (out[k] ?? 0) + v;
  return out;
};

export const salesMetrics = (f: FactValues): Record<SalesMetric, number | null> => {
  const v = (c: string) => f[c] ?? 0;
  const m12 = v('paid_amount');
  const m13 = v('refund_amount');
  const m15 = m12 - m13;
  const m16 = v('paying_clients');
  const m17 = v('new_deal_clients');
  return {
    M01: v('new_clients'),
    M02: v('assigned'),
    M03: v('follow_ups'),
    M04: v('followed_clients'),
    M05: v('calls'),
    M06: v('calls_answered'),
    M07: ratio(v('calls_answered'), v('calls')),
    M08: v('talk_seconds'),
    M08A: ratio(v('talk_seconds'), v('calls_answered')),
    M09: v('wecom_added'),
    M10: v('wecom_lost'),
    M10S: v('wecom_deleted'),
    M11: v('paid_orders'),
    M12: m12,
    M13: m13,
    M14: v('refund_orders'),
    M15: m15,
    M16: m16,
    M17: m17,
    M18: m16 - m17,
    M19: fenRatio(m12, v('paid_orders')),
    M19A: fenRatio(m15, m16),
    M20: ratio(m17, v('new_clients')),
    M22: ratio(m13, m12),
    M22O: ratio(v('refund_orders'), v('paid_orders')),
    M23: v('pool_in'),
    M23C: v('pool_claimed'),
    M24: m17 === 0 ? null : v('deal_cycle_seconds') / m17 / 86_400,
  };
};

export const productMetrics = (f: FactValues): Record<ProductMetric, number | null> => {
  const v = (c: string) => f[c] ?? 0;
  return {
    P01: v('paid_orders'),
    P02: v('paid_qty'),
    P03: v('paid_amount'),
    P04: v('refund_amount'),
    P04N: v('refund_lines'),
    P05: v('paid_amount') - v('refund_amount'),
    P06: v('buyers'),
    P07: ratio(v('new_buyers'), v('buyers')),
  };
};
