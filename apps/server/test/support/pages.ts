import zlib from 'node:zlib';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** GETs a console page (HTML) through the app, decompressed when the server sent brotli. */
export const pageOf =
  (app: () => TestApp) =>
  async (url: string, headers: Record<string, string> = {}) => {
    const res = await app().app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const body =
      res.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload).toString()
        : res.body;
    return { body, res };
  };
