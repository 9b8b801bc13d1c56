import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts other than svg are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

const walk = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
};

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the build, once, so the server sends them as they are (apps/server/src/plugins/spa.ts) and spends
 * no CPU compressing per request. A copy that would not be smaller is not written.
 */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'educrm:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              },
            }),
            gzip(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
};
