import fs from 'node:fs';
import path from 'node:path';

const BLOCK = 512;

const octal = (n: number, width: number) => `${n.toString(8).padStart(width - 1, '0')}\0`;

/** A ustar header; names are written as PGlite writes them ("/base/1/112", at most 100 bytes). */
const header = (name: string, size: number, mtime: Date, type: '0' | '5') => {
  // Owner-only entries, whatever the source's modes (PGlite writes its files 0666).
  const mode = type === '5' ? 0o700 : 0o600;
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: the name ${name} is longer than 100 bytes`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0);
  h.write(octal(mode, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  h.write('        ', 148); // the checksum counts its own field as spaces
  h.write(type, 156);
  h.write('ustar\u000000', 257);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
};

/**
 * A directory's tree as an uncompressed tar, produced a file chunk at a time (memory stays at a
 * read buffer whatever the size). Entries are named from the root with a leading slash, as
 * PGlite's `dumpDataDir` names them, so `loadDataDir` reads either. Entries are owner-only
 * (directories 0700, files 0600).
 */
export async function* tarDirectory(root: string, rel = ''): AsyncGenerator<Buffer> {
  const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = `${rel}/${entry.name}`;
    const full = path.join(root, name);
    const stat = await fs.promises.stat(full);
    if (entry.isDirectory()) {
      yield header(name, 0, stat.mtime, '5');
      yield* tarDirectory(root, name);
    } else if (entry.isFile()) {
      yield header(name, stat.size, stat.mtime, '0');
      let written = 0;
      if (stat.size > 0) {
        for await (const chunk of fs.createReadStream(full, { end: stat.size - 1 })) {
          written += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      if (written !== stat.size) throw new Error(`tar: ${name} changed while it was read`);
      const pad = (BLOCK - (stat.size % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
    }
  }
  if (!rel) yield Buffer.alloc(BLOCK * 2);
}
