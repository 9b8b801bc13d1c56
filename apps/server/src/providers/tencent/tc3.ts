import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256 (reference/providers.md 3.3), for POST
 * JSON requests signing content-type and host: the SMS and the live-classroom (LCIC) providers.
 */
const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  /** Host without port, as signed. */
  host: string;
  contentType: string;
  payload: string;
  /** Unix seconds (X-TC-Timestamp). */
  timestamp: number;
}

/** The signature of a request and its Authorization header (`secretId` only goes into the header). */
export const tc3Sign = (i: Tc3Input) => {
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${i.contentType}\nhost:${i.host}\n`,
    'content-type;host',
    sha256hex(i.payload),
  ].join('\n');
  const canonicalHash = sha256hex(canonicalRequest);
  const scope = `${date}/${i.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${i.timestamp}\n${scope}\n${canonicalHash}`;
  const signing = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalHash,
    scope,
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${i.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
  };
};

/** Parses an Authorization header back into its parts (the receiving side: test servers, tools). */
export const parseTc3Authorization = (header: string) => {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!m) return null;
  return {
    secretId: m[1] as string,
    date: m[2] as string,
    service: m[3] as string,
    signedHeaders: m[4] as string,
    signature: m[5] as string,
  };
};
