import { describe, expect, test } from 'vitest';
import { fenToYuan, formatPriceRange, hasSubFen, yuanToFen } from './money';

describe('yuan and fen', () => {
  test('fen to yuan', () => {
    expect(fenToYuan(1999)).toBe(19.99);
    expect(fenToYuan(0)).toBe(0);
    expect(fenToYuan(100_000_000_00)).toBe(100_000_000);
    expect(fenToYuan(null)).toBeNull();
    expect(fenToYuan(undefined)).toBeNull();
    expect(fenToYuan(Number.NaN)).toBeNull();
  });

  test('yuan to fen rounds binary floats to the intended fen', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(1.005)).toBe(101);
    expect(yuanToFen(1299)).toBe(129900);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen(0)).toBe(0);
  });

  test('blank or not a number is null', () => {
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('  ')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(yuanToFen(null)).toBeNull();
    expect(yuanToFen(undefined)).toBeNull();
    expect(yuanToFen(Number.POSITIVE_INFINITY)).toBeNull();
  });

  test('round trip for every price up to ¥100 keeps the fen', () => {
    for (let fen = 0; fen <= 10_000; fen++) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  test('fractions of a fen are detected', () => {
    expect(hasSubFen(19.99)).toBe(false);
    expect(hasSubFen(0.1 + 0.2)).toBe(false);
    expect(hasSubFen(1.001)).toBe(true);
  });

  test('price range', () => {
    expect(formatPriceRange(1990, 1990)).toBe('¥19.90');
    expect(formatPriceRange(1990, 129900)).toBe('¥19.90 ~ ¥1,299.00');
  });
});
