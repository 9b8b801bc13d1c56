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

  it('accepts an uncommon password', () => {
    expect(isCommonPassword('橙子-在-第三张桌子')).toBe(false);
    expect(() => checkPassword('lantern-quiet-47-river', 'siyu1')).not.toThrow();
  });
});
