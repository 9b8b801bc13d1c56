import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import {
  acquireDataDirLock,
  DataDirLockedError,
  describeSelf,
  looseDataDirWarning,
  parseLockFile,
  readOrCreateSecretFile,
  readProcStat,
} from '../../src/lib/data-dir';
import { packDataDir, snapshotPglite } from '../../src/tools/pglite-dump';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-lock-'));
const children: number[] = [];
afterEach(() => {
  for (const pid of children.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const writeLock = (dir: string, owner: object) =>
  fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify(owner));

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and frees on release', () => {
    const dir = tmp();
    const release = acquireDataDirLock(dir);
    // A live process (this one's parent) holding the lock file refuses us.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
  it('reclaims a lock left by a process that is gone', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    fs.writeFileSync(path.join(dir, 'server.lock'), dead);
    const release = acquireDataDirLock(dir);
    expect(parseLockFile(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'))?.pid).toBe(process.pid);
    release();
  });
  it('records pid, start time and boot id in the lock file', () => {
    const dir = tmp();
    const release = acquireDataDirLock(dir);
    const owner = parseLockFile(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'));
    expect(owner?.pid).toBe(process.pid);
    expect(owner?.startTime).toBe(readProcStat(process.pid)?.startTime);
    expect(owner?.bootId).toMatch(/^[0-9a-f-]{36}$/);
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('treats a killed but unreaped (zombie) holder as dead', async () => {
    // The shell backgrounds a short sleep, then becomes `sleep 30`, which never reaps it: a real zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent.pid ?? 0);
    const zombie = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (d) => resolve(Number.parseInt(String(d), 10))),
    );
    await waitFor(() => readProcStat(zombie)?.state === 'Z', 'the child to become a zombie');
    const dir = tmp();
    const stat = readProcStat(zombie);
    writeLock(dir, { pid: zombie, startTime: stat?.startTime, bootId: describeSelf().bootId });
    // The pid still exists (kill(pid, 0) succeeds on a zombie), yet the lock is reclaimed.
    expect(() => process.kill(zombie, 0)).not.toThrow();
    const release = acquireDataDirLock(dir);
    expect(parseLockFile(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'))?.pid).toBe(process.pid);
    release();
  });

  it('reclaims a lock whose pid was recycled by another process, refuses the true holder', () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = other.pid ?? 0;
    children.push(pid);
    const live = readProcStat(pid);
    expect(live?.state).not.toBe('Z');
    const { bootId } = describeSelf();
    const dir = tmp();
    // Same pid, same boot, same start time: the holder itself, alive.
    writeLock(dir, { pid, startTime: live?.startTime, bootId });
    expect(() => acquireDataDirLock(dir)).toThrow(/Another EduCRM server \(pid \d+\)/);
    // Same pid, another start time: the holder died and the pid now names another process.
    writeLock(dir, { pid, startTime: String(Number(live?.startTime) - 1), bootId });
    acquireDataDirLock(dir)();
    // Same pid and start time but written before a reboot.
    writeLock(dir, { pid, startTime: live?.startTime, bootId: '00000000-0000-0000-0000-000000000000' });
    acquireDataDirLock(dir)();
  });

  it('keeps generated secrets with mode 0600 and reuses them', () => {
    const dir = tmp();
    const a = readOrCreateSecretFile(dir, 'secret-key', () => 'first-value');
    const b = readOrCreateSecretFile(dir, 'secret-key', () => 'second-value');
    expect(a).toMatchObject({ value: 'first-value', created: true });
    expect(b).toMatchObject({ value: 'first-value', created: false });
    expect(fs.statSync(a.file).mode & 0o777).toBe(0o600);
  });
});

describe('owner-only data', () => {
  const modesUnder = (dir: string) =>
    new Set(
      fs
        .readdirSync(dir, { withFileTypes: true, recursive: true })
        .map((e) => fs.statSync(path.join(e.parentPath, e.name)).mode & 0o777),
    );

  it('a PGlite database in a fresh directory: directories 0700, files 0600; its backup entries too', async () => {
    const dataDir = tmp();
    const pgliteDir = path.join(dataDir, 'pglite');
    const database = await openDatabase({ pgliteDir });
    try {
      await database.db.execute(sql`CREATE TABLE t (x int)`);
      expect(fs.statSync(pgliteDir).mode & 0o777).toBe(0o700);
      const snapshot = await snapshotPglite(database.pglite as never, pgliteDir);
      const chunks: Buffer[] = [];
      await packDataDir(
        snapshot.dir,
        new Writable({
          write: (chunk, _enc, done) => {
            chunks.push(chunk);
            done();
          },
        }),
      );
      fs.rmSync(snapshot.dir, { recursive: true, force: true });
      const tar = gunzipSync(Buffer.concat(chunks));
      const modes = new Set<string>();
      for (let at = 0; at + 512 <= tar.length; ) {
        const h = tar.subarray(at, at + 512);
        if (h.every((b) => b === 0)) break;
        modes.add(`${String.fromCharCode(h[156] ?? 0)}:${h.toString('ascii', 100, 107)}`);
        at += 512 + Math.ceil(Number.parseInt(h.toString('ascii', 124, 135), 8) / 512) * 512;
      }
      expect([...modes].sort()).toEqual(['0:0000600', '5:0000700']);
    } finally {
      await database.close();
    }
    expect(modesUnder(pgliteDir)).toEqual(new Set([0o700, 0o600]));
  }, 240_000); // a whole PGlite start: slow on a busy machine

  it('warns about a data directory others can write to', () => {
    const dir = tmp();
    fs.chmodSync(dir, 0o700);
    expect(looseDataDirWarning(dir)).toBeNull();
    fs.chmodSync(dir, 0o775);
    expect(looseDataDirWarning(dir)).toContain('writable by other accounts');
    expect(looseDataDirWarning(path.join(dir, 'not-yet'))).toBeNull();
  });
});
