import { timingSafeEqual } from 'node:crypto';

/** Whether a presented secret (token, signature) equals the expected one, in constant time. */
export const sameSecret = (given: string, expected: string): boolean => {
  const x = Buffer.from(given);
  const y = Buffer.from(expected);
  return x.length === y.length && timingSafeEqual(x, y);
};
