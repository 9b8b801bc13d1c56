import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt N=2^17, r=8, p=1 (OWASP / ASVS 5.0 appendix C); stored as a PHC-style string. */
export interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}
export const DEFAULT_SCRYPT: ScryptParams = { ln: 17, r: 8, p: 1 };
const KEY_LEN = 32;

/**
 * At most two hashes at once: each takes 128 MiB at N=2^17, so a burst of logins queues here
 * instead of multiplying the server's memory (and the queue is a brake on guessing too).
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];
const withSlot = async <T>(fn: () => Promise<T>): Promise<T> => {
  // A finishing hash hands its slot straight to the next waiter, so at most MAX_CONCURRENT run.
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
};

const derive = (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> =>
  withSlot(() => deriveNow(password, salt, params));

const deriveNow = (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const N = 2 ** params.ln;
    // Node refuses N=2^17 under the default 32 MiB maxmem; 128*N*r bytes plus headroom.
    const maxmem = 128 * N * params.r * 2;
    scrypt(password, salt, KEY_LEN, { N, r: params.r, p: params.p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

export const hashPassword = async (password: string, params: ScryptParams = DEFAULT_SCRYPT) => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const parseHash = (stored: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null => {
  const m = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!m) return null;
  return {
    ln: Number(m[1]),
    r: Number(m[2]),
    p: Number(m[3]),
    salt: Buffer.from(m[4] as string, 'base64'),
    key: Buffer.from(m[5] as string, 'base64'),
  };
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
};
