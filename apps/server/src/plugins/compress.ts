import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality for answers made per request. 11 (the default, used for the console's files at
 * build time) costs ~50x the CPU of 4 for a few per cent more; 4 is still smaller than gzip -6.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/** The encoding to answer with among those available: br before gzip, honouring q=0 (RFC 9110 12.5.3). */
export const pickEncoding = (
  header: string | undefined,
  available: readonly ('br' | 'gzip')[] = ['br', 'gzip'],
): 'br' | 'gzip' | null => {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  return available.find((name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0) ?? null;
};

const addVary = (reply: FastifyReply) => {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
};

/**
 * Compresses the API's JSON answers above COMPRESS_THRESHOLD_BYTES (brotli at a low quality, or
 * gzip), off the event loop (zlib's thread pool). The console's own files are not touched here:
 * they are compressed once at build time and served as they are (plugins/spa.ts). Streams
 * (exports, downloads) and answers that already carry an encoding pass through.
 */
export const registerApiCompression = (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/') || req.method === 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!/json|text\//i.test(type)) return payload;
    const size = Buffer.byteLength(payload);
    // Whether it is compressed depends on the request header: say so even when it is not.
    if (size >= COMPRESS_THRESHOLD_BYTES) addVary(reply);
    const encoding = size >= COMPRESS_THRESHOLD_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzip(payload, { level: GZIP_LEVEL });
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });
};
