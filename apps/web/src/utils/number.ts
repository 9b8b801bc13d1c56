/** Spec section 9 number helpers: SI shortening (k M G T P E) and comma thousands separators. */

const SI_UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** '1.50' -> '1.5', '10.0' -> '10', '1.23' stays. */
const stripTrailingZeros = (fixed: string): string => fixed.replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');

/**
 * Shortens a number with the first SI unit it reaches (E, P, T, G, M, k), `digits` decimals,
 * trailing zeros removed: (10000, 1) -> '10k', (1234567, 2) -> '1.23M'. Below 1000 the number is
 * printed as it is. Differences from the template, on purpose:
 * - a value that rounds up to 1000 of a unit moves to the next unit (999999, 1) -> '1M' (the
 *   template printed '1000k');
 * - negatives are shortened by their magnitude (-1500, 1) -> '-1.5k' (the template left them plain);
 * - `digits` is clamped to 0..20 instead of throwing; NaN and Infinity are printed as they are.
 */
export const numberFormatter = (num: number, digits: number): string => {
  if (!Number.isFinite(num)) return String(num);
  const decimals = Math.min(20, Math.max(0, Math.trunc(digits) || 0));
  const sign = num < 0 ? '-' : '';
  const magnitude = Math.abs(num);
  for (let i = 0; i < SI_UNITS.length; i++) {
    const unit = SI_UNITS[i];
    if (!unit || magnitude < unit.value) continue;
    const fixed = (magnitude / unit.value).toFixed(decimals);
    const bigger = SI_UNITS[i - 1];
    if (bigger && Number(fixed) >= 1000) {
      return sign + stripTrailingZeros((magnitude / bigger.value).toFixed(decimals)) + bigger.symbol;
    }
    return sign + stripTrailingZeros(fixed) + unit.symbol;
  }
  return String(num);
};

/**
 * Thousands separators (commas) in the integer part only: 1234567.891 -> '1,234,567.891',
 * -1234567.891 -> '-1,234,567.891'. Strings are read as numbers first ('1234' -> '1,234'); anything
 * that is not a finite number ('abc', '1,234', NaN, Infinity) gives '0', as the template does for
 * non-numbers. Numbers that JavaScript prints in exponent form (>= 1e21, < 1e-6) stay in that form.
 */
export const toThousand = (num: number | string): string => {
  const value = typeof num === 'number' ? num : Number(num);
  if (!Number.isFinite(value)) return '0';
  const text = String(value);
  if (/e/i.test(text)) return text;
  const negative = text.startsWith('-');
  const [whole = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
};

/**
 * Money is stored in integer fen (1/100 yuan). Always yuan with two decimals, the same in every UI
 * language: 123450 -> '¥1,234.50', -1230 -> '-¥12.30', 0 -> '¥0.00'. A fractional fen is rounded to
 * the nearest fen; NaN and Infinity print as '¥0.00'.
 */
export const formatMoney = (fen: number): string => {
  const value = Number.isFinite(fen) ? Math.round(fen) : 0;
  const magnitude = Math.abs(value);
  const yuan = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  return `${value < 0 ? '-' : ''}¥${toThousand(yuan)}.${String(cents).padStart(2, '0')}`;
};
