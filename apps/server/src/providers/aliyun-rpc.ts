import { createHmac, randomUUID } from 'node:crypto';

/**
 * Aliyun RPC-style APIs (dysmsapi, dyplsapi) signed with the RPC signature V1 (HMAC-SHA1,
 * reference/providers.md 2.4): every parameter except Signature, sorted by name, RFC 3986
 * percent-encoded, joined; StringToSign = METHOD&%2F&pct(canonical); key = secret + "&".
 */
export const pct = (v: string): string =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const rpcCanonical = (params: Record<string, string>): string =>
  Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${pct(k)}=${pct(params[k] as string)}`)
    .join('&');

export const rpcSignature = (method: string, params: Record<string, string>, secret: string): string =>
  createHmac('sha1', `${secret}&`)
    .update(`${method}&${pct('/')}&${pct(rpcCanonical(params))}`)
    .digest('base64');

/** Timestamp format of the RPC APIs: ISO 8601 UTC without milliseconds. */
export const rpcTimestamp = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

export class ProviderHttpError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

export interface AliyunRpcOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** host[:port] or a full URL; the default is the public endpoint of the product. */
  endpoint: string;
  version: string;
  defaultHost: string;
  timeoutMs?: number;
  now?: () => Date;
}

const baseUrlOf = (endpoint: string, defaultHost: string) => {
  const e = endpoint.trim() || defaultHost;
  return /^https?:\/\//.test(e) ? e.replace(/\/$/, '') : `https://${e}`;
};

/**
 * Calls one action: POST / with the signed parameters as a form body. Answers the JSON body;
 * HTTP errors and bodies without Code throw ProviderHttpError (the caller checks Code === "OK").
 */
export const callAliyunRpc = async (
  o: AliyunRpcOptions,
  action: string,
  business: Record<string, string | undefined>,
): Promise<Record<string, unknown>> => {
  const params: Record<string, string> = {
    AccessKeyId: o.accessKeyId,
    Action: action,
    Format: 'JSON',
    RegionId: 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: rpcTimestamp((o.now ?? (() => new Date()))()),
    Version: o.version,
  };
  for (const [k, v] of Object.entries(business)) if (v !== undefined) params[k] = v;
  params.Signature = rpcSignature('POST', params, o.accessKeySecret);
  const body = Object.entries(params)
    .map(([k, v]) => `${pct(k)}=${pct(v)}`)
    .join('&');
  let res: Response;
  try {
    res = await fetch(`${baseUrlOf(o.endpoint, o.defaultHost)}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
  } catch (err) {
    throw new ProviderHttpError('NETWORK', err instanceof Error ? err.message : String(err));
  }
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderHttpError(`HTTP_${res.status}`, text.slice(0, 200), res.status);
  }
  if (!res.ok) {
    throw new ProviderHttpError(
      String(json.Code ?? `HTTP_${res.status}`),
      String(json.Message ?? text.slice(0, 200)),
      res.status,
    );
  }
  return json;
};
