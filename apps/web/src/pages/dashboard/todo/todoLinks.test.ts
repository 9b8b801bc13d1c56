import { describe, expect, it } from 'vitest';
import { todoHref } from './todoLinks';

describe('todoHref', () => {
  it('puts the filter on the list path as its URL query', () => {
    expect(todoHref({ path: '/client/my-list', query: { followed: 'false', assignedDays: '3' } })).toBe(
      '/client/my-list?followed=false&assignedDays=3',
    );
    expect(todoHref({ path: '/order/list', query: {} })).toBe('/order/list');
  });
});
