import { describe, expect, test } from 'vitest';
import { fixtureRoutes } from '../../router/fixture';
import { filterRoutes } from '../../router/permission';
import { buildMenu, openKeysFor } from './menu';

const admin = filterRoutes(fixtureRoutes, { isAdmin: true, codes: new Set() });

describe('buildMenu', () => {
  const menu = buildMenu(admin);
  test('hidden routes are skipped and single-child groups collapse into their child', () => {
    expect(menu.map((m) => m.title)).toEqual(['dashboard', 'client', 'product', 'system', 'docs']);
    expect(menu[0]).toMatchObject({ path: '/dashboard', icon: 'dashboard' });
    expect(menu.find((m) => m.key === '/redirect/*')).toBeUndefined();
  });
  test('groups with several visible children are submenus; hidden children are left out', () => {
    const product = menu.find((m) => m.title === 'product');
    expect(product?.children?.map((c) => c.path)).toEqual(['/product/list', '/product/category']);
  });
  test('alwaysShow keeps a one-child group as a submenu', () => {
    expect(menu.find((m) => m.title === 'system')?.children?.map((c) => c.path)).toEqual([
      '/system/role-list',
    ]);
  });
  test('external links are marked and keep their URL; a child icon falls back to its parent', () => {
    expect(menu.find((m) => m.title === 'docs')).toMatchObject({
      path: 'https://docs.example.com',
      external: true,
    });
    const single = buildMenu(
      filterRoutes(fixtureRoutes, { isAdmin: false, codes: new Set(['client.my-list']) }),
    );
    expect(single.find((m) => m.path === '/client/my-list')).toMatchObject({
      title: 'myClients',
      icon: 'team',
    });
  });
  test('openKeysFor opens the submenu of the active page', () => {
    expect(openKeysFor(menu, '/product/category')).toEqual(['/product']);
    expect(openKeysFor(menu, '/dashboard')).toEqual([]);
  });
});
