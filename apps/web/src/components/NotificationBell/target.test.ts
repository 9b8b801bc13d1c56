import { describe, expect, test } from 'vitest';
import { notificationTarget } from './target';

describe('notificationTarget', () => {
  test('a recycle reminder opens My clients filtered to those about to drop into the pool', () => {
    expect(notificationTarget({ kind: 'CLIENT_RECYCLE_SOON' })).toBe('/client/my-list?aboutToRecycle=true');
  });
  test('an unknown kind opens nothing', () => {
    expect(notificationTarget({ kind: 'SOMETHING_ELSE' as never })).toBeNull();
  });
});
