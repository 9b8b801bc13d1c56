import { ALL_PAGES } from '@educrm/contract/access';
import { describe, expect, test } from 'vitest';
import { groupRoute, pageRoute, pageTitleKey } from './group';
import { flattenRoutes } from './paths';
import { layoutRoutes, moduleRoutes, publicRoutes } from './routes';

const page = () => Promise.resolve({ default: () => null });

describe('route table helpers', () => {
  test('pageRoute takes path, code and default roles from the contract', () => {
    const route = pageRoute('product.edit', { title: 'productEdit', page, hidden: true });
    expect(route).toMatchObject({
      id: 'product.edit',
      path: '/product/edit/:id',
      meta: { permission: 'product.edit', roles: ['admin'], hidden: true, title: 'productEdit' },
    });
  });
  test('an unknown code is refused', () => {
    expect(() => pageRoute('client.nope', { title: 'x', page })).toThrow(/Unknown page code/);
  });
  test('the title defaults to the camel case of the page code', () => {
    expect(pageTitleKey('client.list')).toBe('clientList');
    expect(pageTitleKey('system.admin-list')).toBe('systemAdminList');
    expect(pageTitleKey('course.live-class-list')).toBe('courseLiveClassList');
    expect(pageRoute('system.role-list', { page }).meta?.title).toBe('systemRoleList');
  });
  test('groupRoute makes /<key>', () => {
    expect(groupRoute('client', { title: 'client' }, [])).toMatchObject({
      id: 'group:client',
      path: '/client',
    });
  });
});

describe('the route table', () => {
  const all = flattenRoutes([...publicRoutes, ...layoutRoutes]);
  test('ids are unique', () => {
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
  test('the business groups in menu order, every page of theirs a contract page code', () => {
    expect(moduleRoutes.map((r) => r.id)).toEqual([
      'group:data',
      'group:client',
      'group:order',
      'group:product',
      'group:call',
      'group:course',
      'group:member',
      'group:wecom',
      'group:system',
    ]);
    const groupPages = [
      'data',
      'client',
      'order',
      'product',
      'call',
      'course',
      'member',
      'wecom',
      'system',
    ].flatMap((key) =>
      (ALL_PAGES as readonly { code: string }[])
        .filter((p) => p.code.startsWith(`${key}.`))
        .map((p) => p.code),
    );
    expect(
      all
        .filter((r) => r.page)
        .map((r) => r.id)
        .sort(),
    ).toEqual(
      ['401', '404', 'auth-redirect', 'dashboard', 'login', 'profile', 'redirect', ...groupPages].sort(),
    );
  });
  test('every permission code used is a page code of the contract', () => {
    const codes = new Set(ALL_PAGES.map((p) => p.code));
    for (const route of all) if (route.meta?.permission) expect(codes.has(route.meta.permission)).toBe(true);
  });
  test('dashboard is affix and profile is not cached', () => {
    expect(all.find((r) => r.id === 'dashboard')?.meta).toMatchObject({ affix: true });
    expect(all.find((r) => r.id === 'profile')?.meta).toMatchObject({ noCache: true });
  });
});
