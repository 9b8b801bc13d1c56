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

/** Moved to the contract (the server renders audit summaries with them too). */
export { formatMoney, toThousand } from '@educrm/contract/money';
