import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers speaking the providers' signed protocols (reference/providers.md 2, 3, 5), for the
 * real provider adapters. Their signature checks are written here independently of the
 * adapters' signing code, and refuse a wrong signature the way the provider does.
 */

export interface Captured {
  action: string;
  params: Record<string, unknown>;
}

const listen = async (handler: http.RequestListener) => {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    endpoint: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

// ---- Aliyun RPC (dysmsapi, dyplsapi), signature V1 -------------------------------------------------
const rfc3986 = (s: string) =>
  encodeURIComponent(s)
    .replace(/!/g, '%21')
    .replace(/'/g, '%27')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29')
    .replace(/\*/g, '%2A');

export const aliyunV1Verify = (method: string, params: Record<string, string>, secret: string) => {
  const keys = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort();
  const canonical = keys.map((k) => `${rfc3986(k)}=${rfc3986(params[k] ?? '')}`).join('&');
  const toSign = [method, rfc3986('/'), rfc3986(canonical)].join('&');
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
};

export type AliyunHandler = (action: string, params: Record<string, string>) => Record<string, unknown>;

export const startAliyunServer = async (
  keys: Record<string, string>,
  handler: AliyunHandler,
  opts: { now?: () => Date } = {},
) => {
  const captured: Captured[] = [];
  const nonces = new Set<string>();
  const srv = await listen(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [k, v] of new URLSearchParams(raw)) params[k] = v;
    const requestId = `REQ-${captured.length + 1}`;
    const secret = keys[params.AccessKeyId ?? ''];
    if (!params.Signature || !params.SignatureNonce || !params.Timestamp)
      return send(res, 400, { Code: 'MissingParameter', Message: 'Signature missing', RequestId: requestId });
    if (!secret)
      return send(res, 404, {
        Code: 'InvalidAccessKeyId.NotFound',
        Message: 'Specified access key is not found.',
        RequestId: requestId,
      });
    const skew = Math.abs((opts.now?.() ?? new Date()).getTime() - new Date(params.Timestamp).getTime());
    if (!(skew < 15 * 60_000))
      return send(res, 400, { Code: 'InvalidTimeStamp.Expired', Message: 'expired', RequestId: requestId });
    if (aliyunV1Verify(req.method ?? 'POST', params, secret) !== params.Signature)
      return send(res, 400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
        RequestId: requestId,
      });
    if (nonces.has(params.SignatureNonce))
      return send(res, 400, { Code: 'SignatureNonceUsed', Message: 'nonce used', RequestId: requestId });
    nonces.add(params.SignatureNonce);
    const action = params.Action ?? '';
    captured.push({ action, params });
    send(res, 200, { RequestId: requestId, ...handler(action, params) });
  });
  return { ...srv, captured };
};

// ---- Tencent Cloud API v3 (TC3-HMAC-SHA256) --------------------------------------------------------
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const mac = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest();

export type TencentHandler = (action: string, body: Record<string, unknown>) => Record<string, unknown>;

export const startTencentServer = async (
  keys: Record<string, string>,
  handler: TencentHandler,
  opts: { now?: () => Date } = {},
) => {
  const captured: Captured[] = [];
  const srv = await listen(async (req, res) => {
    const payload = await readBody(req);
    const requestId = `tc-${captured.length + 1}`;
    const fail = (code: string, message: string) =>
      send(res, 200, { Response: { Error: { Code: code, Message: message }, RequestId: requestId } });
    const auth = String(req.headers.authorization ?? '');
    const m =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return fail('AuthFailure.SignatureFailure', 'malformed Authorization');
    const [, secretId, date, service, signedHeaders, signature] = m as unknown as string[];
    const secretKey = keys[secretId as string];
    if (!secretKey) return fail('AuthFailure.SecretIdNotFound', 'SecretId not found');
    const ts = Number(req.headers['x-tc-timestamp']);
    const nowS = Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
    if (!Number.isFinite(ts) || Math.abs(nowS - ts) > 300)
      return fail('AuthFailure.SignatureExpire', 'signature expired');
    if (new Date(ts * 1000).toISOString().slice(0, 10) !== date)
      return fail('AuthFailure.SignatureFailure', 'date does not match the timestamp');
    const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
    const canon = (signedHeaders as string)
      .split(';')
      .map((h) => `${h}:${h === 'host' ? host : String(req.headers[h] ?? '').trim()}\n`)
      .join('');
    const creq = ['POST', '/', '', canon, signedHeaders, sha(payload)].join('\n');
    const sts = ['TC3-HMAC-SHA256', String(ts), `${date}/${service}/tc3_request`, sha(creq)].join('\n');
    const k = mac(mac(mac(`TC3${secretKey}`, date as string), service as string), 'tc3_request');
    if (createHmac('sha256', k).update(sts).digest('hex') !== signature)
      return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    const action = String(req.headers['x-tc-action'] ?? '');
    const body = JSON.parse(payload || '{}') as Record<string, unknown>;
    captured.push({ action, params: body });
    send(res, 200, { Response: { ...handler(action, body), RequestId: requestId } });
  });
  return { ...srv, captured };
};
