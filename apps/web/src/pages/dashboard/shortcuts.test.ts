import { describe, expect, test } from 'vitest';
import { fixtureRoutes } from '../../router/fixture';
import { filterRoutes } from '../../router/permission';
import { resolvedLayoutRoutes } from '../../router/table';
import { shortcutsOf } from './shortcuts';

describe('dashboard shortcuts', () => {
  test('visible pages the user may open, except the dashboard and pages with parameters', () => {
    const list = shortcutsOf(
      filterRoutes(fixtureRoutes, { isAdmin: false, codes: new Set(['product.edit', 'client.list']) }),
    );
    expect(list.map((s) => s.path)).toEqual(['/client/list']);
    expect(list[0]).toMatchObject({ business: true, icon: 'team' });
  });
  test('the real table: profile (no business area) first, then every visible page for admin', () => {
    const admin = shortcutsOf(filterRoutes(resolvedLayoutRoutes, { isAdmin: true, codes: new Set() }));
    expect(admin[0]).toEqual({ path: '/profile/index', title: 'profile', icon: 'user', business: false });
    const paths = admin.slice(1).map((s) => s.path);
    expect(admin.slice(1).every((s) => s.business)).toBe(true);
    for (const path of [
      '/client/list',
      '/order/list',
      '/product/list',
      '/product/order-list',
      '/system/admin-list',
      '/system/audit-log',
    ])
      expect(paths).toContain(path);
    // Hidden pages (product add/edit/copy, SKU list) and pages with parameters are no shortcuts.
    expect(paths.some((p) => p.includes(':') || p === '/product/add' || p === '/product/sku-list')).toBe(
      false,
    );
    const staff = shortcutsOf(
      filterRoutes(resolvedLayoutRoutes, { isAdmin: false, codes: new Set(['client.list']) }),
    );
    expect(staff.map((s) => s.path)).toEqual(['/profile/index', '/client/list']);
  });
});
