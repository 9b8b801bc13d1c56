import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent copy of an open PGlite database: after a CHECKPOINT, PGlite's gzipped tar of the
 * data directory (what `loadDataDir` reads back), taken between transactions: it waits for the
 * transaction in flight and holds off the next one (the transaction lock; `query` itself takes
 * that lock, so it is not called inside).
 */
export const dumpPglite = async (pglite: PGlite): Promise<Blob> => {
  await pglite.query('CHECKPOINT');
  return pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
};
