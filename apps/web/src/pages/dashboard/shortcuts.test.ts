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
  test('today the table has only the profile besides the dashboard, and it is no business area', () => {
    const list = shortcutsOf(filterRoutes(resolvedLayoutRoutes, { isAdmin: true, codes: new Set() }));
    expect(list).toEqual([{ path: '/profile/index', title: 'profile', icon: 'user', business: false }]);
  });
});
