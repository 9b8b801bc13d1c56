/** Money and thousands separators, the same in every UI language (the console and the server's exports). */

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
