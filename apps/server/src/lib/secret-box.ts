// Secrets of outside systems kept in the database (WeCom app secrets, SMS / telephony / live-class
// provider keys): AES-256-GCM with a key derived from the server's SECRET_KEY, so every instance
// that shares one PostgreSQL (and one SECRET_KEY) can open what another sealed.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sb1';
/** GCM's full tag: a shorter one (which Node accepts by default) would make forgery cheap. */
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'educrm', 'secret-box v1', 32));
  }

  /** `sb1.<iv>.<ciphertext>.<tag>` in base64url; a new random IV every time. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [prefix, iv, body, tag] = sealed.split('.');
    if (prefix !== PREFIX || !iv || body === undefined || !tag)
      throw new SecretBoxError('not a sealed secret');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== TAG_BYTES) throw new SecretBoxError('not a sealed secret');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretBoxError('the secret cannot be opened with this SECRET_KEY');
    }
  }
}

/** What the API may show of a stored secret: whether it is set and its last four characters. */
export const secretHint = (plain: string | null | undefined): { set: boolean; last4: string | null } =>
  plain ? { set: true, last4: plain.length > 8 ? plain.slice(-4) : null } : { set: false, last4: null };
