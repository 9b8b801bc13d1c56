import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

const BLOCK = 512;

/**
 * Sets every entry of a tar to owner-only modes (directories 0700, the rest 0600) and rewrites
 * the header checksums: PGlite writes its entries 0666, readable and writable by anyone who
 * unpacks them.
 */
export const ownerOnlyTar = (tar: Buffer): Buffer => {
  const out = Buffer.from(tar);
  for (let at = 0; at + BLOCK <= out.length; ) {
    const header = out.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break; // the end-of-archive blocks
    const dir = String.fromCharCode(header[156] ?? 0) === '5';
    header.write(`${dir ? '0000700' : '0000600'}\0`, 100, 8, 'ascii');
    header.fill(0x20, 148, 156); // the checksum counts its own field as spaces
    const sum = header.reduce((a, b) => a + b, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
    const size = Number.parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
};

/**
 * A consistent copy of an open PGlite database: after a CHECKPOINT, PGlite's gzipped tar of the
 * data directory (what `loadDataDir` reads back), taken between transactions: it waits for the
 * transaction in flight and holds off the next one (the transaction lock; `query` itself takes
 * that lock, so it is not called inside). Its entries are owner-only (ownerOnlyTar).
 */
export const dumpPglite = async (pglite: PGlite): Promise<Blob> => {
  await pglite.query('CHECKPOINT');
  const dump = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
  const tar = await promisify(gunzip)(Buffer.from(await dump.arrayBuffer()));
  return new Blob([await promisify(gzip)(ownerOnlyTar(tar))], { type: dump.type });
};
