import { confirmPayment } from '@educrm/contract/orders';
import {
  adminUserCreate,
  adminUserUpdate,
  deptUpdate,
  profileUpdate,
  roleCreate,
} from '@educrm/contract/system';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  checkField,
  fieldErrorsToAntd,
  isRequired,
  normaliseValues,
  rulesFromSchema,
  type ValidationMessage,
} from './zodRules';

const user = adminUserCreate.shape;

describe('checkField: the contract schema decides, issues become message keys', () => {
  test('username: the spec helper rule (4-16 letters, digits, _ or -) with its own message', () => {
    expect(checkField(user.username, 'ab')).toEqual({ key: 'usernameRule' });
    expect(checkField(user.username, 'has space')).toEqual({ key: 'usernameRule' });
    expect(checkField(user.username, 'a'.repeat(17))).toEqual({ key: 'usernameRule' });
    expect(checkField(user.username, 'new_user-1')).toBeNull();
    // trimmed first, as the server does
    expect(checkField(user.username, '  abcd  ')).toBeNull();
    expect(checkField(user.username, undefined)).toEqual({ key: 'required' });
  });

  test('required text: min(1) reads "required", whitespace only included', () => {
    expect(checkField(user.nickname, '')).toEqual({ key: 'required' });
    expect(checkField(user.nickname, '   ')).toEqual({ key: 'required' });
    expect(checkField(user.nickname, undefined)).toEqual({ key: 'required' });
    expect(checkField(user.nickname, 'Ann')).toBeNull();
  });

  test('an empty list with the schema\'s own words for it says them (a payment voucher, not "required")', () => {
    const vouchers = confirmPayment.shape.voucherUrls;
    expect(checkField(vouchers, [])).toEqual({ key: 'voucherRequired' });
    expect(checkField(vouchers, undefined)).toEqual({ key: 'voucherRequired' });
    // A list or a text without their own words still read "required".
    expect(checkField(z.array(z.string()).min(1), [])).toEqual({ key: 'required' });
    expect(checkField(z.array(z.string()).min(1), undefined)).toEqual({ key: 'required' });
    expect(checkField(z.string().trim().min(1), '')).toEqual({ key: 'required' });
  });

  test('max length without a custom message gives tooLong with the limit', () => {
    expect(checkField(user.nickname, 'x'.repeat(65))).toEqual({ key: 'tooLong', params: { max: 64 } });
    expect(checkField(user.introduction, 'x'.repeat(501))).toEqual({ key: 'tooLong', params: { max: 500 } });
  });

  test('optional password: empty is fine, a short one gets the schema message', () => {
    expect(checkField(user.password, '')).toBeNull();
    expect(checkField(user.password, undefined)).toBeNull();
    expect(checkField(user.password, 'short')).toEqual({ key: 'passwordLength' });
    expect(checkField(user.password, 'x'.repeat(129))).toEqual({ key: 'passwordLength' });
    expect(checkField(user.password, 'long enough pass')).toBeNull();
  });

  test('regex with empty allowed (mobile) and email-or-empty', () => {
    expect(checkField(user.mobile, '')).toBeNull();
    expect(checkField(user.mobile, '12345')).toEqual({ key: 'invalidValue' });
    expect(checkField(user.mobile, '13800138000')).toBeNull();
    expect(checkField(user.email, '')).toBeNull();
    expect(checkField(user.email, 'not-mail')).toEqual({ key: 'invalidValue' });
    expect(checkField(user.email, 'a@b.cn')).toBeNull();
  });

  test('enums and nullable selects: a cleared select of a nullable field is null', () => {
    const update = adminUserUpdate.shape;
    expect(checkField(update.status, 'ENABLED')).toBeNull();
    expect(checkField(update.status, 'MAYBE')).toEqual({ key: 'invalidValue' });
    expect(checkField(update.status, undefined)).toEqual({ key: 'required' });
    expect(checkField(update.departmentId, undefined)).toBeNull();
    expect(checkField(update.departmentId, 3)).toBeNull();
  });

  test('number ranges and array limits', () => {
    expect(checkField(deptUpdate.shape.sort, -1)).toEqual({ key: 'numberMin', params: { min: 0 } });
    expect(checkField(deptUpdate.shape.sort, 10000)).toEqual({ key: 'numberMax', params: { max: 9999 } });
    expect(checkField(deptUpdate.shape.sort, null)).toEqual({ key: 'required' });
    expect(
      checkField(
        user.roleIds,
        Array.from({ length: 21 }, (_, i) => i + 1),
      ),
    ).toEqual({
      key: 'tooMany',
      params: { max: 20 },
    });
    expect(checkField(roleCreate.shape.key, 'Bad Key')).toEqual({ key: 'invalidValue' });
    expect(checkField(roleCreate.shape.key, 'team-lead')).toBeNull();
  });
});

describe('isRequired: the asterisk', () => {
  test('fields without an empty value are required; optional, defaulted and nullable ones are not', () => {
    expect(isRequired(user.username)).toBe(true);
    expect(isRequired(user.nickname)).toBe(true);
    expect(isRequired(adminUserUpdate.shape.status)).toBe(true);
    expect(isRequired(user.password)).toBe(false);
    expect(isRequired(user.introduction)).toBe(false);
    expect(isRequired(user.roleIds)).toBe(false);
    expect(isRequired(adminUserUpdate.shape.departmentId)).toBe(false);
    expect(isRequired(adminUserUpdate.shape.roleIds)).toBe(false);
  });
});

describe('rulesFromSchema', () => {
  test('a validator per field that rejects with the translated message', async () => {
    const seen: ValidationMessage[] = [];
    const rules = rulesFromSchema(adminUserCreate, (m) => {
      seen.push(m);
      return `T(${m.key})`;
    });
    expect(Object.keys(rules).sort()).toEqual(Object.keys(user).sort());
    const validator = (name: string) => {
      const rule = rules[name]?.rules[0];
      if (!rule || typeof rule === 'function' || !rule.validator) throw new Error('no validator');
      return (value: unknown) => rule.validator?.({} as never, value, () => undefined);
    };
    await expect(validator('username')('x')).rejects.toThrow('T(usernameRule)');
    await expect(validator('username')('good_name')).resolves.toBeUndefined();
    await expect(validator('nickname')('')).rejects.toThrow('T(required)');
    expect(seen).toEqual([{ key: 'usernameRule' }, { key: 'required' }]);
    expect(rules.username?.required).toBe(true);
    expect(rules.password?.required).toBe(false);
  });
});

describe('fieldErrorsToAntd', () => {
  test('dot paths become name paths with list indexes', () => {
    expect(fieldErrorsToAntd({ username: 'taken', 'skus.0.skuCode': 'dup' })).toEqual([
      { name: ['username'], errors: ['taken'] },
      { name: ['skus', 0, 'skuCode'], errors: ['dup'] },
    ]);
  });
});

describe('normaliseValues', () => {
  test('empty optional fields are left out, cleared nullable ones become null', () => {
    expect(
      normaliseValues(adminUserCreate, {
        username: 'ann_1',
        password: '',
        departmentId: undefined,
        mobile: '',
        extra: 'kept',
      }),
    ).toEqual({ username: 'ann_1', extra: 'kept' });
    expect(normaliseValues(adminUserUpdate, { departmentId: undefined, nickname: 'A' })).toEqual({
      departmentId: null,
      nickname: 'A',
    }); // An empty choice the field does not take ("follow the browser") is null; an empty text stays.
    expect(checkField(profileUpdate.shape.lang, '')).toBeNull();
    expect(normaliseValues(profileUpdate, { nickname: 'A', introduction: '', lang: '' })).toEqual({
      nickname: 'A',
      introduction: '',
      lang: null,
    });
  });
});
