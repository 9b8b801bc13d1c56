import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1, 30-second steps,
 * 6 digits, what every authenticator app speaks. Secrets are 20 random bytes, shown as base32.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Encode = (data: Buffer): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
};

export const base32Decode = (text: string): Buffer => {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** RFC 4226 section 5.3: dynamic truncation of HMAC(key, counter). */
export const hotp = (key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string => {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const code = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(code % 10 ** digits).padStart(digits, '0');
};

export const timeStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);

export const totp = (key: Buffer, at: Date, digits = TOTP_DIGITS, algorithm = 'sha1') =>
  hotp(key, timeStep(at), digits, algorithm);

/**
 * The time step a code belongs to, accepting one step of clock drift either way, or null. The
 * caller refuses a step it has already accepted (a code is good once).
 */
export const matchTotp = (secretBase32: string, code: string, at: Date): number | null => {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  const now = timeStep(at);
  for (const step of [now, now - 1, now + 1]) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
};

export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export const otpauthUri = (issuer: string, account: string, secretBase32: string) =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;

/** Ten one-time recovery codes, `xxxxx-xxxxx` in base32 (50 bits each); only their hashes are kept. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: 10 }, () => {
    const s = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });

export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase().replace(/\s/g, '')).digest('base64url');
