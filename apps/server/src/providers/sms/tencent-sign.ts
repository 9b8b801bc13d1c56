import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API signature v3, TC3-HMAC-SHA256 (reference/providers.md 3.3), for POST JSON
 * requests signing content-type and host.
 */
const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  timestamp: number;
}

export const tc3Parts = (i: Tc3Input) => {
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${i.contentType}\nhost:${i.host}\n`,
    'content-type;host',
    sha256hex(i.payload),
  ].join('\n');
  const scope = `${date}/${i.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${i.timestamp}\n${scope}\n${sha256hex(canonicalRequest)}`;
  const kDate = hmac(`TC3${i.secretKey}`, date);
  const kService = hmac(kDate, i.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalHash: sha256hex(canonicalRequest),
    scope,
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${i.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
  };
};
