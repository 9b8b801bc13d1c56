import { describe, expect, it } from 'vitest';
import { checkPassword, isCommonPassword } from '../../src/lib/password-policy';

describe('common passwords', () => {
  it('refuses the usual Chinese choices, whatever their case', () => {
    for (const p of [
      'admin123',
      'Aa123456',
      'woaini1314',
      'qq123456',
      '5201314',
      'ZHANG123456',
      '1qaz2wsx',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(() => checkPassword('woaini1314', 'siyu1')).toThrow();
    expect(() => checkPassword('Admin123', 'siyu1')).toThrow();
  });

  it('refuses a top pinyin surname or a stock word with common digits, l33t spellings and keyboard walks', () => {
    for (const p of [
      'zhang123',
      'huang123',
      'Zhang@2024',
      'li123456',
      'wang8888',
      'chen5201314',
      'Passw0rd!',
      'P@ssw0rd',
      'Admin@123',
      'woaini520!',
      'qazwsxedc',
      '!qaz@wsx',
      '1q2w3e4r',
      'qwerasdf',
      'zxcvbnm123',
      'asdfgh12',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(() => checkPassword('zhang123', 'siyu1')).toThrow();
    expect(() => checkPassword('Passw0rd!', 'siyu1')).toThrow();
  });

  it('accepts an uncommon password', () => {
    for (const p of ['lantern-quiet-47-river', 'zhangsan-ok!', 'Tr0ub4dor&3', 'deserted', 'sunflower77x'])
      expect(isCommonPassword(p), p).toBe(false);
    expect(isCommonPassword('橙子-在-第三张桌子')).toBe(false);
    expect(() => checkPassword('lantern-quiet-47-river', 'siyu1')).not.toThrow();
  });
});
