import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: two servers on one data directory silently lose commits. A pid lock
 * file refuses a second server; a lock whose process is gone (kill -9) is reclaimed.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another EduCRM server (pid ${pid}) is using the data directory ${dataDir}. ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${lockPath}`);
};

/** Reads a secret kept in the data directory, creating it (mode 0600) on first use. */
export const readOrCreateSecretFile = (dataDir: string, name: string, make: () => string) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  try {
    return { value: fs.readFileSync(file, 'utf8').trim(), created: false, file };
  } catch {
    const value = make();
    try {
      fs.writeFileSync(file, `${value}\n`, { flag: 'wx', mode: 0o600 });
      return { value, created: true, file };
    } catch {
      return { value: fs.readFileSync(file, 'utf8').trim(), created: false, file };
    }
  }
};

export const randomSecret = () => randomBytes(32).toString('base64url');
/** Readable random passwords for generated accounts: 20 characters from an unambiguous alphabet. */
export const randomPassword = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};
