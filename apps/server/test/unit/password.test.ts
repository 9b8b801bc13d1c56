import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, hashPassword, parseHash, verifyPassword } from '../../src/lib/password';

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default and verifies exactly as typed', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ ln: 17, r: 8, p: 1 });
    const stored = await hashPassword('Correct horse 电池 staple');
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(parseHash(stored)?.key.length).toBe(32);
    expect(await verifyPassword('Correct horse 电池 staple', stored)).toBe(true);
    expect(await verifyPassword('Correct horse 电池 staple ', stored)).toBe(false);
    expect(await verifyPassword('correct horse 电池 staple', stored)).toBe(false);
  });
  it('salts every hash and refuses malformed stored values', async () => {
    const p = { ln: 10, r: 8, p: 1 };
    expect(await hashPassword('same-password', p)).not.toBe(await hashPassword('same-password', p));
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
  it('does not block the event loop while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await hashPassword('busy-loop-check');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
  });
});
