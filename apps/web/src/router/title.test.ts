import { PRODUCT_TITLE } from '@educrm/contract/constants';
import { describe, expect, test } from 'vitest';
import { pageTitle, routeTitle } from './title';

const messages: Record<string, string> = { 'route.dashboard': '首页' };
const t = (k: string) => messages[k] ?? k;
const exists = (k: string) => k in messages;

describe('page titles', () => {
  test('translated title, a separator, the product title', () => {
    expect(pageTitle('dashboard', t, exists)).toBe(`首页 - ${PRODUCT_TITLE}`);
    expect(PRODUCT_TITLE).toBe('EduCRM 管理后台');
  });
  test('the product title alone without a title or a translation', () => {
    expect(pageTitle(undefined, t, exists)).toBe(PRODUCT_TITLE);
    expect(pageTitle('nothing', t, exists)).toBe(PRODUCT_TITLE);
  });
  test('menu titles fall back to the raw title', () => {
    expect(routeTitle('dashboard', t, exists)).toBe('首页');
    expect(routeTitle('Raw title', t, exists)).toBe('Raw title');
  });
});
