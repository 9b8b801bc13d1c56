import { SERVER_MESSAGES } from '@educrm/contract/messages';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/errors';
import { fieldErrorsOf, isVersionConflict } from './errors';

describe('isVersionConflict', () => {
  test('409 with the stale-version message, in any language', () => {
    for (const messages of Object.values(SERVER_MESSAGES)) {
      expect(isVersionConflict(new ApiError(messages.conflict, 409, 409))).toBe(true);
    }
  });
  test('other 409 refusals and other errors are not', () => {
    expect(isVersionConflict(new ApiError(SERVER_MESSAGES.en.lastAdmin, 409, 409))).toBe(false);
    expect(isVersionConflict(new ApiError(SERVER_MESSAGES.en.conflict, 400, 400))).toBe(false);
    expect(isVersionConflict(new Error(SERVER_MESSAGES.en.conflict))).toBe(false);
  });
});

describe('fieldErrorsOf', () => {
  test('the data.fields of an API error, else nothing', () => {
    expect(fieldErrorsOf(new ApiError('bad', 400, 400, { fields: { username: 'taken' } }))).toEqual({
      username: 'taken',
    });
    expect(fieldErrorsOf(new ApiError('bad', 400, 400, null))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
