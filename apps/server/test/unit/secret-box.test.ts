import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError, secretHint } from '../../src/lib/secret-box';

describe('secret box', () => {
  const box = new SecretBox('a-test-secret-key-of-at-least-32-chars!!');

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('corp-secret-值');
    const b = box.seal('corp-secret-值');
    expect(a).not.toBe(b);
    expect(a).not.toContain('corp-secret');
    expect(box.open(a)).toBe('corp-secret-值');
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal('x');
    const parts = sealed.split('.');
    parts[2] = Buffer.from('y').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(SecretBoxError);
    expect(() => new SecretBox('another-secret-key-of-at-least-32-chars').open(sealed)).toThrow(
      SecretBoxError,
    );
    expect(() => box.open('plain text')).toThrow(SecretBoxError);
  });

  it('refuses a tag cut short (a 4-byte tag is 2^32 guesses from a forgery)', () => {
    const [prefix, iv, body, tag] = box.seal('x').split('.');
    const short = Buffer.from(tag as string, 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    expect(() => box.open([prefix, iv, body, short].join('.'))).toThrow(SecretBoxError);
  });

  it('hints only at the end of long secrets', () => {
    expect(secretHint('abcdefghijkl')).toEqual({ set: true, last4: 'ijkl' });
    expect(secretHint('short')).toEqual({ set: true, last4: null });
    expect(secretHint(null)).toEqual({ set: false, last4: null });
  });
});
