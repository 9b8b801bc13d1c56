import { describe, expect, test } from 'vitest';
import { fixtureRoutes } from './fixture';
import { flattenRoutes, hasInvalidNumericParam, resolvePath } from './paths';
import { type Access, collectIds, filterRoutes, groupTarget } from './permission';

const access = (codes: string[], isAdmin = false): Access => ({ isAdmin, codes: new Set(codes) });
const ids = (routes: ReturnType<typeof filterRoutes>) => [...collectIds(routes)].sort();

describe('resolvePath', () => {
  test('relative, absolute and external children', () => {
    expect(resolvePath('/product', 'edit/:id')).toBe('/product/edit/:id');
    expect(resolvePath('/', 'dashboard')).toBe('/dashboard');
    expect(resolvePath('/client', '/client/list')).toBe('/client/list');
    expect(resolvePath('/help', 'https://docs.example.com')).toBe('https://docs.example.com');
  });
  test('every fixture route has its full path', () => {
    const paths = flattenRoutes(fixtureRoutes).map((r) => r.fullPath);
    expect(paths).toContain('/client/my-list');
    expect(paths).toContain('/product/edit/:id');
  });
});

describe('filterRoutes', () => {
  test('admin gets every route, whatever its codes', () => {
    const all = ids(fixtureRoutes);
    expect(ids(filterRoutes(fixtureRoutes, access([], true)))).toEqual(all);
  });

  test('a user gets the routes whose code they hold, routes without a code, and no empty group', () => {
    const permitted = filterRoutes(
      fixtureRoutes,
      access(['client.list', 'client.public-list', 'product.list']),
    );
    expect(ids(permitted)).toEqual(
      [
        'redirect',
        'home',
        'dashboard',
        'group:client',
        'client.list',
        'client.public-list',
        'group:product',
        'product.list',
        'group:help',
        'docs',
      ].sort(),
    );
    // System's only page needs system.role-list: the whole group is gone, alwaysShow or not.
    expect(permitted.some((r) => r.id === 'group:system')).toBe(false);
  });

  test('children are filtered the same way and the input is not mutated', () => {
    const before = JSON.stringify(fixtureRoutes);
    const permitted = filterRoutes(fixtureRoutes, access(['product.edit']));
    const product = permitted.find((r) => r.id === 'group:product');
    expect(product?.children?.map((c) => c.id)).toEqual(['product.edit']);
    expect(JSON.stringify(fixtureRoutes)).toBe(before);
  });

  test('roles in meta are documentation only: the code decides', () => {
    const withRoles = fixtureRoutes.map((r) =>
      r.id === 'group:system'
        ? { ...r, children: r.children?.map((c) => ({ ...c, meta: { ...c.meta, roles: ['siyu'] } })) }
        : r,
    );
    expect(ids(filterRoutes(withRoles, access([])))).not.toContain('system.role-list');
    expect(ids(filterRoutes(withRoles, access(['system.role-list'])))).toContain('system.role-list');
  });
});

describe('groupTarget', () => {
  test('a fixed redirect wins', () => {
    expect(groupTarget(fixtureRoutes, 'home')).toBe('/dashboard');
  });
  test('otherwise the first permitted visible child without parameters', () => {
    const onlyMine = filterRoutes(fixtureRoutes, access(['client.my-list', 'client.public-list']));
    expect(groupTarget(onlyMine, 'group:client')).toBe('/client/my-list');
    const all = filterRoutes(fixtureRoutes, access([], true));
    // add (hidden) and edit/:id come first in the table; the list is the first visible page.
    expect(groupTarget(all, 'group:product')).toBe('/product/list');
  });
  test('hidden children when nothing else is permitted, never a page with parameters', () => {
    const addOnly = filterRoutes(fixtureRoutes, access(['product.add', 'product.edit']));
    expect(groupTarget(addOnly, 'group:product')).toBe('/product/add');
    const editOnly = filterRoutes(fixtureRoutes, access(['product.edit']));
    expect(groupTarget(editOnly, 'group:product')).toBeNull();
  });
  test('a group that is not permitted has no target', () => {
    expect(groupTarget(filterRoutes(fixtureRoutes, access([])), 'group:client')).toBeNull();
  });
});

describe('hasInvalidNumericParam', () => {
  test(':id must be digits only', () => {
    expect(hasInvalidNumericParam('edit/:id', { id: '42' })).toBe(false);
    expect(hasInvalidNumericParam('edit/:id', { id: '4a' })).toBe(true);
    expect(hasInvalidNumericParam('edit/:id', { id: '-1' })).toBe(true);
    expect(hasInvalidNumericParam('edit/:id', {})).toBe(true);
    expect(hasInvalidNumericParam('class/:classId/students', { classId: 'x' })).toBe(true);
  });
  test('other params are free', () => {
    expect(hasInvalidNumericParam('/redirect/*', { '*': 'client/list' })).toBe(false);
    expect(hasInvalidNumericParam('tag/:name', { name: 'vip' })).toBe(false);
  });
});
