import { describe, expect, it } from 'vitest';
import { hasEmoji, isExternal, isValidUsername } from './validate';

describe('isExternal', () => {
  it.each([
    'http://example.com',
    'https://example.com/path?q=1',
    'mailto:someone@example.com',
    'tel:+8613800138000',
    'tel:10086',
    'HTTPS://EXAMPLE.COM',
    'http:relative-but-still-a-scheme',
  ])('%s is external', (link) => {
    expect(isExternal(link)).toBe(true);
  });

  it.each([
    '/dashboard',
    'dashboard',
    '/redirect/https://example.com',
    '',
    'ftp://example.com',
    'javascript:alert(1)',
    'httpx://example.com',
    'tel',
    'telephone:123',
    'mailto',
    ' https://example.com',
    '//example.com',
  ])('%j is not external', (link) => {
    expect(isExternal(link)).toBe(false);
  });
});

describe('isValidUsername (re-exported from the contract)', () => {
  it.each(['admin', 'abcd', 'a_b-c1', 'ADMIN_01', 'x'.repeat(16), '  admin  ', '1234', '____', '----'])(
    '%j is valid',
    (name) => {
      expect(isValidUsername(name)).toBe(true);
    },
  );

  it.each([
    '',
    'abc',
    '  abc  ',
    'x'.repeat(17),
    'ad min',
    'admin!',
    'admin.1',
    'user@x',
    '管理员abc',
    'ｕｓｅｒ1',
    'admin😀',
  ])('%j is invalid', (name) => {
    expect(isValidUsername(name)).toBe(false);
  });
});

describe('hasEmoji', () => {
  it.each([
    ['a face', '😀'],
    ['an emoji inside text', 'great job 👍'],
    ['an emoji inside Chinese text', '张三很开心😂'],
    ['a heart with VS16', '❤️'],
    ['a bare heart (text default, still pictographic)', '❤'],
    ['a telephone pictograph', '☎'],
    ['a flag (regional indicators)', '🇨🇳'],
    ['a keycap digit', '1️⃣'],
    ['a keycap digit without VS16', '1\u20E3'],
    ['a keycap hash', '#️⃣'],
    ['a ZWJ family', '👨‍👩‍👧'],
    ['a skin tone', '👍🏽'],
    ['mahjong tile', '🀄'],
    ['a CJK ideograph emoji', '🈶'],
    ['the copyright sign (Extended_Pictographic)', '©'],
    ['the trade mark sign (Extended_Pictographic)', 'Python™'],
  ])('finds %s', (_label, text) => {
    expect(hasEmoji(text)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['digits', '0123456789'],
    ['a hash and digits', '#1 #2'],
    ['an asterisk', '*'],
    ['Latin with accents', 'Ünïcödé café'],
    ['Chinese with full-width punctuation', '张三，你好！（测试）【重要】'],
    ['Japanese kana and kanji', 'こんにちは、カタカナ、漢字'],
    ['Korean', '안녕하세요'],
    ['CJK ideographic number zero and circled digits', '〇①②'],
    ['currency and degree signs', '¥100 €5 30℃'],
    ['arrows, stars and check marks that are not pictographs', '→ ★ ☆ ✓ ※ ● ■'],
    ['a full-width space and katakana half-width', '\u3000ｱｲｳ'],
  ])('finds none in %s', (_label, text) => {
    expect(hasEmoji(text)).toBe(false);
  });
});
