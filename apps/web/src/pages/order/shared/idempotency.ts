/**
 * A fresh idempotency key for one opened order form: the server makes one order per key and
 * creator, so a double click (or a retry after a lost answer) cannot make two. `crypto.randomUUID`
 * needs a secure context; plain HTTP falls back to `getRandomValues`, which does not.
 */
export const newIdempotencyKey = (
  source: Pick<Crypto, 'getRandomValues'> & Partial<Crypto> = crypto,
): string => {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};
