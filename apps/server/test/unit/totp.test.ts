import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  totp,
} from '../../src/lib/totp';

// RFC 6238 appendix B: the seeds and the 8-digit values for each algorithm.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors for SHA-1, SHA-256 and SHA-512', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const at = new Date(seconds * 1000);
      expect(totp(SEEDS.sha1, at, 8, 'sha1'), `${seconds} sha1`).toBe(sha1);
      expect(totp(SEEDS.sha256, at, 8, 'sha256'), `${seconds} sha256`).toBe(sha256);
      expect(totp(SEEDS.sha512, at, 8, 'sha512'), `${seconds} sha512`).toBe(sha512);
    }
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('accepts the current code and one step of drift, names its step, refuses others', () => {
    const secret = base32Encode(SEEDS.sha1);
    const at = new Date(1111111109 * 1000);
    const code = totp(SEEDS.sha1, at);
    expect(code).toBe('081804');
    const step = Math.floor(1111111109 / 30);
    expect(matchTotp(secret, code, at)).toBe(step);
    expect(matchTotp(secret, code, new Date(at.getTime() + 30_000))).toBe(step);
    expect(matchTotp(secret, code, new Date(at.getTime() + 90_000))).toBeNull();
    expect(matchTotp(secret, '000000', at)).toBeNull();
    expect(matchTotp(secret, '12345', at)).toBeNull();
  });

  it('makes otpauth URIs and hashed one-time recovery codes', () => {
    expect(otpauthUri('EduCRM', 'admin', 'ABC')).toBe(
      'otpauth://totp/EduCRM%3Aadmin?secret=ABC&issuer=EduCRM&algorithm=SHA1&digits=6&period=30',
    );
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(hashRecoveryCode(` ${codes[0]?.toUpperCase()} `)).toBe(hashRecoveryCode(codes[0] as string));
  });
});
