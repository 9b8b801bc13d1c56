import { describe, expect, test } from 'vitest';
import { notificationTarget } from './target';

describe('notificationTarget', () => {
  test('a recycle reminder opens My clients filtered to those about to drop into the pool', () => {
    expect(notificationTarget({ kind: 'CLIENT_RECYCLE_SOON' })).toBe('/client/my-list?aboutToRecycle=true');
  });
  test('every other kind opens the list it is about', () => {
    expect(notificationTarget({ kind: 'CALLER_NUMBER_FLAGGED' })).toBe('/call/number-list?status=FLAGGED');
    expect(notificationTarget({ kind: 'COURSE_EXPIRE_SOON' })).toBe(
      '/course/user-list?status=ACTIVE&sort=expiresAt',
    );
    expect(notificationTarget({ kind: 'WECOM_CONFLICT' })).toBe('/wecom/contact-list');
  });
  test('an unknown kind opens nothing', () => {
    expect(notificationTarget({ kind: 'SOMETHING_ELSE' as never })).toBeNull();
  });
});
