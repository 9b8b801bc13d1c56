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
  test('the real table: profile (no business area) and, for admin, the system pages', () => {
    const admin = shortcutsOf(filterRoutes(resolvedLayoutRoutes, { isAdmin: true, codes: new Set() }));
    expect(admin[0]).toEqual({ path: '/profile/index', title: 'profile', icon: 'user', business: false });
    expect(admin.slice(1).map((s) => [s.path, s.business])).toEqual([
      ['/system/admin-list', true],
      ['/system/dept-list', true],
      ['/system/role-list', true],
      ['/system/audit-log', true],
    ]);
    const staff = shortcutsOf(
      filterRoutes(resolvedLayoutRoutes, { isAdmin: false, codes: new Set(['client.list']) }),
    );
    expect(staff.map((s) => s.path)).toEqual(['/profile/index']);
  });
});
