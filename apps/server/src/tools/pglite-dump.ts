import fs from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { tarDirectory } from '../lib/tar';

/**
 * Writes a data directory as a gzipped tar, streamed (what PGlite's `loadDataDir` reads back, as
 * its own `dumpDataDir('gzip')`, which builds the whole archive in memory instead).
 */
export const packDataDir = (dir: string, out: Writable) =>
  pipeline(Readable.from(tarDirectory(dir)), createGzip({ level: 6 }), out);

/**
 * A consistent copy of an open PGlite database's data directory, beside it: after a CHECKPOINT,
 * its files are copied while no query runs (PGlite's transaction and query locks held: the
 * transaction in flight finishes first, the next waits). The pause is a local file copy (a
 * reflink where the file system has them), not the archive's packing and compression, which
 * run on the copy afterwards with requests flowing. The caller removes the copy.
 */
export const snapshotPglite = async (
  pglite: PGlite,
  dataDir: string,
): Promise<{ dir: string; pauseMs: number }> => {
  await pglite.query('CHECKPOINT');
  const dir = await fs.promises.mkdtemp(`${dataDir}.backup-`);
  let pauseMs = 0;
  try {
    await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const t0 = performance.now();
        await fs.promises.cp(dataDir, dir, {
          recursive: true,
          mode: fs.constants.COPYFILE_FICLONE,
          filter: (src) => !src.endsWith('postmaster.pid'),
        });
        pauseMs = performance.now() - t0;
      }),
    );
  } catch (err) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, pauseMs };
};
