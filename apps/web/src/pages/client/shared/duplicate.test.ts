import { describe, expect, test } from 'vitest';
import { duplicateOfError, duplicateView, mobileToCheck } from './duplicate';

const result = (
  status: 'NONE' | 'MINE' | 'OTHER' | 'POOL' | 'DELETED',
  clientId: number | null,
  ownerName: string | null = null,
) => ({
  status,
  mobile: '13812345678',
  clientId,
  ownerName,
});
const user = { canClaim: true, canRestore: false };

describe('duplicateView', () => {
  test('free: a success note and nothing to do', () => {
    expect(duplicateView(result('NONE', null), user)).toMatchObject({ tone: 'success', actions: [] });
  });
  test('mine: open it', () => {
    expect(duplicateView(result('MINE', 5, '我'), user)).toMatchObject({
      tone: 'error',
      key: 'client.dup.MINE',
      actions: ['open'],
      clientId: 5,
    });
  });
  test("someone else's: refused with the owner's name only; open only when the scope covers it", () => {
    expect(duplicateView(result('OTHER', null, '李四'), user)).toMatchObject({
      tone: 'error',
      key: 'client.dup.OTHER',
      params: { owner: '李四' },
      actions: [],
    });
    expect(duplicateView(result('OTHER', 9, '李四'), user)?.actions).toEqual(['open']);
  });
  test('in the pool: claim it when allowed, else only look', () => {
    expect(duplicateView(result('POOL', 3), user)).toMatchObject({
      actions: ['claim', 'open'],
      key: 'client.dup.POOL',
    });
    expect(duplicateView(result('POOL', 3), { canClaim: false, canRestore: false })).toMatchObject({
      actions: ['open'],
      key: 'client.dup.POOL_NO_CLAIM',
    });
  });
  test('deleted: ask an admin; an admin restores it', () => {
    expect(duplicateView(result('DELETED', null), user)).toMatchObject({
      actions: [],
      key: 'client.dup.DELETED',
    });
    expect(duplicateView(result('DELETED', 4), { canClaim: true, canRestore: true })).toMatchObject({
      actions: ['restore'],
      key: 'client.dup.DELETED_RESTORE',
      clientId: 4,
    });
  });
  test('the client being edited is no duplicate of itself', () => {
    expect(duplicateView(result('MINE', 5), { ...user, editingId: 5 })).toBeNull();
  });
});

describe('mobileToCheck and duplicateOfError', () => {
  test('only complete mainland mobiles, normalised', () => {
    expect(mobileToCheck('+86 138-1234-5678')).toBe('13812345678');
    expect(mobileToCheck('1381234')).toBeNull();
    expect(mobileToCheck('')).toBeNull();
    expect(mobileToCheck(undefined)).toBeNull();
  });
  test("reads a 409's data.duplicate", () => {
    const duplicate = result('OTHER', null, '李四');
    expect(duplicateOfError({ data: { fields: {}, duplicate } })).toEqual(duplicate);
    expect(duplicateOfError({ data: null })).toBeNull();
    expect(duplicateOfError(new Error('x'))).toBeNull();
  });
});
