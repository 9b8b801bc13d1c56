import { formatMoney } from '../../../utils/number';

/**
 * Money is integer fen in the API (DOMAIN decision 11) and yuan with at most two decimals in the
 * UI's inputs. Pure helpers, unit tested.
 */

/** The largest price the contract takes (fen): 100,000,000.00 yuan. */
export const MAX_FEN = 100_000_000_00;
export const MAX_YUAN = MAX_FEN / 100;

/** 1999 -> 19.99 (for an input); null stays null. */
export const fenToYuan = (fen: number | null | undefined): number | null =>
  fen === null || fen === undefined || !Number.isFinite(fen) ? null : Math.round(fen) / 100;

/**
 * 19.99 -> 1999, '0.1' -> 10, 1.005 -> 101 (rounded to the nearest fen; binary floats such as
 * 19.99 * 100 = 1998.9999… still give 1999). Blank or not a number -> null.
 */
export const yuanToFen = (yuan: number | string | null | undefined): number | null => {
  if (yuan === null || yuan === undefined) return null;
  if (typeof yuan === 'string' && yuan.trim() === '') return null;
  const value = typeof yuan === 'number' ? yuan : Number(yuan);
  if (!Number.isFinite(value)) return null;
  // toFixed(2) first: 1.005 is 1.00499999… as a double, and users mean 1.01 there.
  return Math.round(Number((value * 100).toFixed(4)));
};

/** Whether a yuan amount has more than two decimals (a fraction of a fen). */
export const hasSubFen = (yuan: number): boolean => Math.abs(yuan * 100 - Math.round(yuan * 100)) > 1e-6;

/** The price range of a product: '¥19.90' or '¥19.90 ~ ¥99.00'. */
export const formatPriceRange = (min: number, max: number): string =>
  min === max ? formatMoney(min) : `${formatMoney(min)} ~ ${formatMoney(max)}`;
