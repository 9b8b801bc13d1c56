import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from './compress';

/** Content-hashed build output: a changed file gets a new name, so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

interface Variant {
  body: Buffer;
  etag: string;
}
interface Asset {
  type: string;
  lastModified: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** The copies there are, br first. */
  encodings: ('br' | 'gzip')[];
}

const variant = (body: Buffer): Variant => ({
  body,
  etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
});

/** One file of `dir` with its .br/.gz copies, or undefined when there is no such file. */
const loadAsset = (dir: string, name: string): Asset | undefined => {
  const file = path.join(dir, name);
  if (/\.(br|gz)$|\0/.test(name) || !file.startsWith(dir + path.sep)) return undefined;
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const copy = (ext: string) =>
    fs.existsSync(file + ext) ? variant(fs.readFileSync(file + ext)) : undefined;
  const br = copy('.br');
  const gzip = copy('.gz');
  return {
    type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
    lastModified: stat.mtime.toUTCString(),
    identity: variant(fs.readFileSync(file)),
    br,
    gzip,
    encodings: [...(br ? ['br' as const] : []), ...(gzip ? ['gzip' as const] : [])],
  };
};

/** Every file under `dir` (not the .br/.gz copies), keyed by its path relative to `dir`. */
const loadAssets = (dir: string): Map<string, Asset> => {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(dir)) return assets;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const name = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const asset = loadAsset(dir, name);
    if (asset) assets.set(name, asset);
  }
  return assets;
};

/**
 * Serves the build's /assets/ from memory: the files are read once at start (a few MB with their
 * brotli and gzip copies) and each request is answered with a buffer already made. Serving them
 * from disk cost ~3x the CPU of a small API call per file (a stat of the compressed copy, a file
 * stream, its reads on the thread pool), and a first load asks for dozens of them at once.
 */
export const registerAssets = (app: FastifyInstance, distDir: string) => {
  const dir = path.resolve(distDir, 'assets');
  const assets = loadAssets(dir);
  app.get('/assets/*', (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    // A file the build wrote after the start (a rebuild beside a running server) is read then.
    let asset = assets.get(name);
    if (!asset) {
      asset = loadAsset(dir, name);
      if (asset) assets.set(name, asset);
    }
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const encoding = asset.encodings.length
      ? pickEncoding(req.headers['accept-encoding'], asset.encodings)
      : null;
    const served = (encoding && asset[encoding]) || asset.identity;
    reply
      .header('cache-control', IMMUTABLE)
      .header('last-modified', asset.lastModified)
      .header('etag', served.etag);
    if (asset.encodings.length) reply.header('vary', 'Accept-Encoding');
    if (String(req.headers['if-none-match'] ?? '').includes(served.etag)) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type(asset.type).header('content-length', served.body.length).send(served.body);
  });
};
