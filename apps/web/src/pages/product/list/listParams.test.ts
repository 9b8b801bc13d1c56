import { describe, expect, test } from 'vitest';
import { listPathOf, productApiParams, tabOf } from './listParams';

describe('product list parameters', () => {
  test('price filters go to the server in fen; the tab sets the status', () => {
    expect(productApiParams({ page: 1, priceMin: 9.9, priceMax: 100, keyword: 'x' }, 'ON')).toEqual({
      page: 1,
      priceMin: 990,
      priceMax: 10000,
      keyword: 'x',
      status: 'ON',
    });
    expect(productApiParams({ page: 2, status: 'DRAFT' }, 'ALL')).toEqual({ page: 2 });
    expect(productApiParams({ priceMin: -1 }, 'RECYCLE')).toEqual({ status: 'RECYCLE' });
  });

  test('unknown tabs fall back to all', () => {
    expect(tabOf('OFF')).toBe('OFF');
    expect(tabOf('nope')).toBe('ALL');
    expect(tabOf(null)).toBe('ALL');
  });

  test("after a save the list opens at the saved product's status (a draft among the drafts)", () => {
    expect(listPathOf('DRAFT')).toBe('/product/list?status=DRAFT');
    expect(tabOf(new URLSearchParams(listPathOf('DRAFT').split('?')[1]).get('status'))).toBe('DRAFT');
    expect(tabOf(new URLSearchParams(listPathOf('ON').split('?')[1]).get('status'))).toBe('ON');
  });
});
