// WeCom callback crypto ("加解密方案说明", reference/providers.md section 1): msg_signature is the
// SHA-1 of the four sorted strings; the body is AES-256-CBC with the key Base64(EncodingAESKey + "="),
// IV = the key's first 16 bytes, PKCS#7 padded to a multiple of 32 bytes, over
// random(16) ‖ msg_len(4, big-endian) ‖ msg ‖ receiveid. Written from the rules, not from an SDK.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sameSecret } from '../../lib/same-secret';

const BLOCK = 32;

/** The library error codes of the official samples, so logs and tests can name the failure. */
export const WECOM_CRYPTO_ERRORS = {
  signature: -40001,
  xml: -40002,
  aesKey: -40004,
  receiveId: -40005,
  decrypt: -40007,
  buffer: -40008,
} as const;

export class WecomCryptoError extends Error {
  constructor(
    readonly kind: keyof typeof WECOM_CRYPTO_ERRORS,
    message: string,
  ) {
    super(message);
  }
  get code() {
    return WECOM_CRYPTO_ERRORS[this.kind];
  }
}

export const ENCODING_AES_KEY_RE = /^[a-zA-Z0-9]{43}$/;

export const aesKeyOf = (encodingAesKey: string): Buffer => {
  if (!ENCODING_AES_KEY_RE.test(encodingAesKey))
    throw new WecomCryptoError('aesKey', 'the EncodingAESKey must be 43 letters or digits');
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (key.length !== 32)
    throw new WecomCryptoError('aesKey', 'the EncodingAESKey does not decode to 32 bytes');
  return key;
};

/** sha1(sort([token, timestamp, nonce, encrypt]).join('')) in lower-case hex. */
export const msgSignature = (
  token: string,
  timestamp: string | number,
  nonce: string | number,
  encrypt: string,
): string =>
  createHash('sha1')
    .update([token, String(timestamp), String(nonce), encrypt].sort().join(''))
    .digest('hex');

/** Constant-time comparison of a received signature with the expected one. */
export const signatureMatches = (
  token: string,
  timestamp: string,
  nonce: string,
  encrypt: string,
  received: string,
): boolean => sameSecret(received.toLowerCase(), msgSignature(token, timestamp, nonce, encrypt));

export const encryptMessage = (
  encodingAesKey: string,
  message: string,
  receiveId: string,
  random: Buffer = randomBytes(16),
): string => {
  const key = aesKeyOf(encodingAesKey);
  const msg = Buffer.from(message, 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(msg.length, 0);
  const plain = Buffer.concat([random.subarray(0, 16), len, msg, Buffer.from(receiveId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
};

export interface Decrypted {
  message: string;
  receiveId: string;
}

export const decryptMessage = (encodingAesKey: string, encrypt: string): Decrypted => {
  const key = aesKeyOf(encodingAesKey);
  const body = Buffer.from(encrypt, 'base64');
  if (body.length === 0 || body.length % 16 !== 0)
    throw new WecomCryptoError('buffer', 'the encrypted message is not a whole number of AES blocks');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new WecomCryptoError('decrypt', 'the message cannot be decrypted');
  }
  const pad = plain[plain.length - 1] ?? 0;
  if (pad < 1 || pad > BLOCK || pad > plain.length)
    throw new WecomCryptoError('decrypt', 'bad padding (wrong EncodingAESKey?)');
  const content = plain.subarray(16, plain.length - pad);
  if (content.length < 4) throw new WecomCryptoError('buffer', 'the decrypted message is too short');
  const len = content.readUInt32BE(0);
  if (4 + len > content.length) throw new WecomCryptoError('buffer', 'the message length is out of range');
  return {
    message: content.subarray(4, 4 + len).toString('utf8'),
    receiveId: content.subarray(4 + len).toString('utf8'),
  };
};

/** Settings of one callback endpoint: the app's token, EncodingAESKey and the corp id (receive id). */
export interface CallbackKeys {
  token: string;
  encodingAesKey: string;
  receiveId: string;
}

/** Checks msg_signature, decrypts and checks the receive id against the corp. */
export const openCallback = (
  keys: CallbackKeys,
  q: { msg_signature: string; timestamp: string; nonce: string },
  encrypt: string,
): string => {
  if (!signatureMatches(keys.token, q.timestamp, q.nonce, encrypt, q.msg_signature))
    throw new WecomCryptoError('signature', 'msg_signature does not match');
  const { message, receiveId } = decryptMessage(keys.encodingAesKey, encrypt);
  if (receiveId !== keys.receiveId)
    throw new WecomCryptoError('receiveId', 'the receive id is not this corp');
  return message;
};

/** Builds the POST body WeCom sends (also used by tests to produce callbacks). */
export const sealCallback = (
  keys: CallbackKeys,
  xml: string,
  opts: { timestamp?: string; nonce?: string; agentId?: string; random?: Buffer } = {},
) => {
  const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? String(randomBytes(4).readUInt32BE(0));
  const encrypt = encryptMessage(keys.encodingAesKey, xml, keys.receiveId, opts.random);
  const signature = msgSignature(keys.token, timestamp, nonce, encrypt);
  const body = `<xml><ToUserName><![CDATA[${keys.receiveId}]]></ToUserName><Encrypt><![CDATA[${encrypt}]]></Encrypt><AgentID><![CDATA[${opts.agentId ?? ''}]]></AgentID></xml>`;
  return { timestamp, nonce, encrypt, signature, body };
};

/** A new EncodingAESKey: 43 characters from [a-zA-Z0-9] (32 random bytes in base64 without '='). */
export const newEncodingAesKey = (): string => {
  for (;;) {
    const k = randomBytes(32).toString('base64').slice(0, 43);
    if (ENCODING_AES_KEY_RE.test(k)) return k;
  }
};

/** A callback token: up to 32 letters or digits. */
export const newCallbackToken = (): string =>
  randomBytes(24)
    .toString('base64')
    .replace(/[^a-zA-Z0-9]/g, '')
    .slice(0, 24)
    .padEnd(24, 'x');

/** The largest callback body (and decrypted message) read: WeCom's event messages are a few kB. */
export const MAX_CALLBACK_XML = 64 * 1024;

const CDATA_OPEN = '<![CDATA[';
const TAG_AT = /<([A-Za-z_]\w*)>/y;

/** The body of a `<xml>…</xml>` message under the size cap (else an 'xml' error). */
const xmlBodyOf = (xml: string): string => {
  if (xml.length > MAX_CALLBACK_XML) throw new WecomCryptoError('xml', 'the XML message is too large');
  const trimmed = xml.trim();
  if (!trimmed.startsWith('<xml>') || !trimmed.endsWith('</xml>'))
    throw new WecomCryptoError('xml', 'not a WeCom XML message');
  return trimmed.slice(5, -6);
};

/**
 * The flat XML of WeCom events: `<xml><Tag><![CDATA[v]]></Tag><Tag2>1</Tag2></xml>` → {Tag: 'v', ...}.
 * One forward scan (each character read a bounded number of times), so a hostile body costs linear
 * time. The elements of a nested one are read as flat fields; the first of a repeated name wins;
 * a malformed body (an unterminated CDATA section or tag) throws.
 */
export const parseFlatXml = (xml: string): Record<string, string> => {
  const s = xmlBodyOf(xml);
  const out = new Map<string, string>();
  let i = 0;
  for (let lt = s.indexOf('<', i); lt >= 0; lt = s.indexOf('<', i)) {
    if (s.startsWith('</', lt) || s.startsWith('<?', lt) || s.startsWith('<!--', lt)) {
      const gt = s.indexOf('>', lt);
      if (gt < 0) throw new WecomCryptoError('xml', 'an unterminated tag');
      i = gt + 1;
      continue;
    }
    if (s.startsWith(CDATA_OPEN, lt)) {
      const end = s.indexOf(']]>', lt + CDATA_OPEN.length);
      if (end < 0) throw new WecomCryptoError('xml', 'an unterminated CDATA section');
      i = end + 3;
      continue;
    }
    TAG_AT.lastIndex = lt;
    const tag = TAG_AT.exec(s);
    if (!tag) throw new WecomCryptoError('xml', 'a malformed tag');
    const name = tag[1] as string;
    let j = lt + tag[0].length;
    let value: string;
    if (s.startsWith(CDATA_OPEN, j)) {
      const end = s.indexOf(']]>', j + CDATA_OPEN.length);
      if (end < 0) throw new WecomCryptoError('xml', 'an unterminated CDATA section');
      value = s.slice(j + CDATA_OPEN.length, end);
      j = end + 3;
    } else {
      const next = s.indexOf('<', j);
      if (next < 0) throw new WecomCryptoError('xml', 'an unterminated element');
      value = s.slice(j, next).trim();
      j = next;
    }
    const close = `</${name}>`;
    if (s.startsWith(close, j)) {
      if (!out.has(name)) out.set(name, value);
      i = j + close.length;
    } else i = j; // an element holding others: its children are read next
  }
  return Object.fromEntries(out);
};

/** The Encrypt field of a callback body, found without parsing the rest (the signature covers it). */
export const encryptFieldOf = (xml: string): string => {
  const s = xmlBodyOf(xml);
  const open = s.indexOf('<Encrypt>');
  const close = s.indexOf('</Encrypt>', open);
  if (open < 0 || close < 0) throw new WecomCryptoError('xml', 'no Encrypt field');
  let value = s.slice(open + '<Encrypt>'.length, close);
  if (value.startsWith(CDATA_OPEN) && value.endsWith(']]>')) value = value.slice(CDATA_OPEN.length, -3);
  if (!value) throw new WecomCryptoError('xml', 'an empty Encrypt field');
  return value;
};

/**
 * A POST callback body → the fields of the decrypted event. The size cap and the signature come
 * before any parsing: a body that is not WeCom's costs one bounded scan for its Encrypt field.
 */
export const openCallbackBody = (
  keys: CallbackKeys,
  q: { msg_signature: string; timestamp: string; nonce: string },
  body: string,
): Record<string, string> => parseFlatXml(openCallback(keys, q, encryptFieldOf(body)));
