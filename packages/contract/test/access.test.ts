import { describe, expect, it } from 'vitest';
import {
  ALL_CODES,
  ALL_PAGES,
  broadestScope,
  DEFAULT_DATA_SCOPE,
  defaultCodesOf,
  effectiveCodes,
} from '../src/access';

const pageRoles = (code: string) => ALL_PAGES.find((p) => p.code === code)?.roles;

describe('permission codes', () => {
  it('are unique', () => {
    expect(new Set(ALL_CODES).size).toBe(ALL_CODES.length);
  });

  it('follow spec section 6 for the route groups', () => {
    for (const code of ['client.list', 'client.my-list', 'client.public-list', 'client.follow-record-list']) {
      expect(pageRoles(code)).toEqual(['admin', 'siyu', 'chakan']);
    }
    for (const code of ['order.list', 'order.platform-list', 'order.channel-list', 'order.grade-list']) {
      expect(pageRoles(code)).toEqual(['admin', 'siyu', 'chakan']);
    }
    for (const code of ['product.list', 'product.sku-list', 'product.category']) {
      expect(pageRoles(code)).toEqual(['admin', 'zhongtai']);
    }
    for (const code of ['product.add', 'product.edit', 'product.copy', 'product.order-list']) {
      expect(pageRoles(code)).toEqual(['admin']);
    }
    for (const code of ['system.admin-list', 'system.dept-list', 'system.role-list']) {
      expect(pageRoles(code)).toEqual(['admin']);
    }
    for (const p of ALL_PAGES.filter((x) => x.code.startsWith('course.'))) {
      expect(p.roles).toEqual(['admin', 'siyu', 'chakan', 'zhongtai']);
    }
  });

  it('give admin every code and the others only codes inside their pages', () => {
    expect(defaultCodesOf('admin')).toEqual([...ALL_CODES]);
    const siyu = defaultCodesOf('siyu');
    expect(siyu).toContain('client.claim');
    expect(siyu).not.toContain('client.export');
    expect(siyu).not.toContain('product.list');
    const chakan = defaultCodesOf('chakan');
    expect(chakan).toContain('client.list');
    // chakan is read-only: no write, no export, no phone reveal (DOMAIN decision 3).
    expect(
      chakan.filter((c) => /create|update|delete|export|write|phone\.view|claim|release/.test(c)),
    ).toEqual([]);
    const zhongtai = defaultCodesOf('zhongtai');
    expect(zhongtai).toEqual(
      expect.arrayContaining(['product.category.write', 'product.status', 'product.sku.stock']),
    );
    expect(zhongtai).not.toContain('product.sku.price');
    expect(zhongtai).not.toContain('client.list');
  });

  it('default data scopes follow DOMAIN decision 2 and the broadest of several roles wins', () => {
    expect(DEFAULT_DATA_SCOPE).toEqual({ admin: 'ALL', siyu: 'SELF', chakan: 'ALL', zhongtai: 'ALL' });
    expect(broadestScope(['SELF', 'DEPT'])).toBe('DEPT');
    expect(broadestScope(['SELF', 'DEPT_AND_CHILDREN', 'DEPT'])).toBe('DEPT_AND_CHILDREN');
    expect(broadestScope([])).toBe('SELF');
  });

  it('effective codes: admin holds all, others the known codes of their roles', () => {
    expect(effectiveCodes(['admin'], [])).toHaveLength(ALL_CODES.length);
    expect(effectiveCodes(['x'], ['client.list', 'client.list', 'bogus.code'])).toEqual(['client.list']);
  });
});
