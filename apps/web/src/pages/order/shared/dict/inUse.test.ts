import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../../api/errors';
import { isInUseRefusal } from './inUse';

const refusal = (data: unknown, status = 409) => new ApiError('refused', status, status, data);

describe('isInUseRefusal', () => {
  test('recognises refusals the server marks as "in use" (clients, orders, sub-channels)', () => {
    for (const usedBy of ['clients', 'orders', 'children']) {
      expect(isInUseRefusal(refusal({ reason: 'IN_USE', usedBy, count: 2 }))).toBe(true);
    }
  });

  test('leaves other refusals alone', () => {
    expect(isInUseRefusal(refusal(null))).toBe(false);
    expect(isInUseRefusal(refusal({ reason: 'OTHER' }))).toBe(false);
    expect(isInUseRefusal(refusal({ reason: 'IN_USE' }, 400))).toBe(false);
    expect(isInUseRefusal(new Error('refused'))).toBe(false);
  });
});
