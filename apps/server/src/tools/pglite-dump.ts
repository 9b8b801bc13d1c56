import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent copy of an open PGlite database: taken between transactions (it waits for the one
 * in flight and holds off the next), after a CHECKPOINT, as PGlite's gzipped tar of the data
 * directory (what `loadDataDir` reads back).
 */
export const dumpPglite = async (pglite: PGlite): Promise<Blob> =>
  pglite._runExclusiveTransaction(async () => {
    await pglite.query('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
