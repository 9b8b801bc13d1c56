import { describe, expect, it } from 'vitest';
import { formatMoney, numberFormatter, toThousand } from './number';

describe('numberFormatter', () => {
  it.each([
    [10000, 1, '10k'],
    [1234567, 2, '1.23M'],
    [1000, 0, '1k'],
    [1500, 1, '1.5k'],
    [1500, 0, '2k'],
    [1450, 1, '1.4k'],
    [1234, 3, '1.234k'],
    [1200, 3, '1.2k'],
    [1e9, 2, '1G'],
    [2.5e12, 1, '2.5T'],
    [3e15, 0, '3P'],
    [4.56e18, 2, '4.56E'],
    [1e21, 0, '1000E'],
  ])('(%s, %s) -> %s', (num, digits, expected) => {
    expect(numberFormatter(num, digits)).toBe(expected);
  });

  it('prints numbers below 1000 as they are', () => {
    expect(numberFormatter(0, 2)).toBe('0');
    expect(numberFormatter(999, 2)).toBe('999');
    expect(numberFormatter(999.99, 1)).toBe('999.99');
    expect(numberFormatter(12.5, 0)).toBe('12.5');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(numberFormatter(999_999, 1)).toBe('1M');
    expect(numberFormatter(999_950, 1)).toBe('1M');
    expect(numberFormatter(999_949, 1)).toBe('999.9k');
    expect(numberFormatter(999_999_999, 2)).toBe('1G');
  });

  it('shortens negatives by magnitude', () => {
    expect(numberFormatter(-1500, 1)).toBe('-1.5k');
    expect(numberFormatter(-999, 1)).toBe('-999');
    expect(numberFormatter(-1234567, 2)).toBe('-1.23M');
  });

  it('clamps digits and passes non-finite numbers through', () => {
    expect(numberFormatter(1234, -1)).toBe('1k');
    expect(numberFormatter(1234, 1.7)).toBe('1.2k');
    expect(numberFormatter(1234, Number.NaN)).toBe('1k');
    expect(numberFormatter(Number.NaN, 1)).toBe('NaN');
    expect(numberFormatter(Number.POSITIVE_INFINITY, 1)).toBe('Infinity');
  });
});

describe('toThousand', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [123456, '123,456'],
    [1234567, '1,234,567'],
    [1234567.891, '1,234,567.891'],
    [-1234567.891, '-1,234,567.891'],
    [-999, '-999'],
    [-1000, '-1,000'],
    [0.123456, '0.123456'],
    [1000.5, '1,000.5'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('%s -> %s', (num, expected) => {
    expect(toThousand(num)).toBe(expected);
  });

  it('reads numeric strings', () => {
    expect(toThousand('1234567')).toBe('1,234,567');
    expect(toThousand('-1234.50')).toBe('-1,234.5');
    expect(toThousand(' 42 ')).toBe('42');
    expect(toThousand('1e6')).toBe('1,000,000');
  });

  it('gives 0 for anything that is not a finite number', () => {
    expect(toThousand('abc')).toBe('0');
    expect(toThousand('1,234')).toBe('0');
    expect(toThousand('')).toBe('0');
    expect(toThousand(Number.NaN)).toBe('0');
    expect(toThousand(Number.POSITIVE_INFINITY)).toBe('0');
  });

  it('leaves numbers JavaScript prints in exponent form as they are', () => {
    expect(toThousand(1e21)).toBe('1e+21');
    expect(toThousand(1e-7)).toBe('1e-7');
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '¥0.00'],
    [1, '¥0.01'],
    [10, '¥0.10'],
    [99, '¥0.99'],
    [100, '¥1.00'],
    [123450, '¥1,234.50'],
    [123456789, '¥1,234,567.89'],
    [-1230, '-¥12.30'],
    [-1, '-¥0.01'],
    [-123456789, '-¥1,234,567.89'],
  ])('%s fen -> %s', (fen, expected) => {
    expect(formatMoney(fen)).toBe(expected);
  });

  it('rounds fractional fen and treats non-finite values as zero', () => {
    expect(formatMoney(12.6)).toBe('¥0.13');
    expect(formatMoney(-0.4)).toBe('¥0.00');
    expect(formatMoney(-0)).toBe('¥0.00');
    expect(formatMoney(Number.NaN)).toBe('¥0.00');
    expect(formatMoney(Number.NEGATIVE_INFINITY)).toBe('¥0.00');
  });

  it('groups large sums with commas and keeps two decimals', () => {
    expect(formatMoney(100000000)).toBe('¥1,000,000.00');
    expect(formatMoney(100000005)).toBe('¥1,000,000.05');
  });
});
