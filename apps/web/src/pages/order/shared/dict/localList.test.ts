import { describe, expect, test } from 'vitest';
import { matchesKeyword, param, wholeList } from './localList';

describe('local dictionary lists', () => {
  test('keyword matches code or name, ignoring case and blanks', () => {
    const row = { code: 'DOUYIN', name: '抖音' };
    expect(matchesKeyword(row, 'douy')).toBe(true);
    expect(matchesKeyword(row, ' 抖 ')).toBe(true);
    expect(matchesKeyword(row, 'taobao')).toBe(false);
    expect(matchesKeyword(row, '')).toBe(true);
    expect(matchesKeyword(row, undefined)).toBe(true);
  });

  test('param reads a set filter as text and an unset one as empty', () => {
    expect(param({ status: 'ENABLED', page: 1 }, 'status')).toBe('ENABLED');
    expect(param({ page: 1 }, 'page')).toBe('1');
    expect(param({}, 'status')).toBe('');
  });

  test('wholeList answers one page holding everything', () => {
    expect(wholeList([1, 2, 3])).toEqual({ items: [1, 2, 3], total: 3, page: 1, pageSize: 3 });
    expect(wholeList([], 0)).toEqual({ items: [], total: 0, page: 1, pageSize: 1 });
    expect(wholeList([1], 5).total).toBe(5);
  });
});
