import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What /proc says about a process: its state letter and its start time (clock ticks after boot). */
export interface ProcStat {
  state: string;
  startTime: string;
}

/** Reads /proc/<pid>/stat; null when the process does not exist (or /proc is not there). */
export const readProcStat = (pid: number, procRoot = '/proc'): ProcStat | null => {
  let text: string;
  try {
    text = fs.readFileSync(path.join(procRoot, String(pid), 'stat'), 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
  const state = fields[0];
  const startTime = fields[19];
  if (!state || !startTime) return null;
  return { state, startTime };
};

const readBootId = (): string | null => {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
};

/** What the lock file records about its holder, so a recycled pid is not taken for the holder. */
export interface LockOwner {
  pid: number;
  startTime?: string;
  bootId?: string;
  /** Where the holder serves, and its backup token (`npm run backup` asks the running server). */
  url?: string;
  backupToken?: string;
}

export const describeSelf = (): LockOwner => {
  const stat = readProcStat(process.pid);
  const bootId = readBootId();
  return {
    pid: process.pid,
    ...(stat ? { startTime: stat.startTime } : {}),
    ...(bootId ? { bootId } : {}),
  };
};

/** Reads a lock file: JSON `{pid, startTime, bootId}`, or a bare pid written by older versions. */
export const parseLockFile = (text: string): LockOwner | null => {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const v = JSON.parse(trimmed) as Partial<LockOwner>;
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0) return null;
    return {
      pid: v.pid,
      ...(typeof v.startTime === 'string' ? { startTime: v.startTime } : {}),
      ...(typeof v.bootId === 'string' ? { bootId: v.bootId } : {}),
      ...(typeof v.url === 'string' ? { url: v.url } : {}),
      ...(typeof v.backupToken === 'string' ? { backupToken: v.backupToken } : {}),
    };
  } catch {
    return null;
  }
};

const signalAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Whether the process named by a lock still holds it. A zombie (killed, not yet reaped: state Z,
 * or X while being reaped) is dead: in a container without an init it is never reaped, and taking
 * it for alive would refuse every restart. A live process with another start time, or a lock
 * written before the last boot, is a recycled pid, not the holder.
 */
export const isLockHolderAlive = (owner: LockOwner, procRoot = '/proc'): boolean => {
  if (!fs.existsSync(path.join(procRoot, 'self'))) return signalAlive(owner.pid); // no /proc (macOS)
  const stat = readProcStat(owner.pid, procRoot);
  if (!stat) return false;
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  if (owner.bootId) {
    const bootId = readBootId();
    if (bootId && bootId !== owner.bootId) return false;
  }
  if (owner.startTime && owner.startTime !== stat.startTime) return false;
  return true;
};

/**
 * Why a data directory is unsafe: group- or world-writable lets another account replace the
 * database or the secret key. Null when it is fine or does not exist yet.
 */
export const looseDataDirWarning = (dataDir: string): string | null => {
  let mode: number;
  try {
    mode = fs.statSync(dataDir).mode & 0o777;
  } catch {
    return null;
  }
  return mode & 0o022
    ? `The data directory ${dataDir} is writable by other accounts (mode ${mode.toString(8)}): chmod 700 it.`
    : null;
};

/** Makes a directory tree owner-only: directories 0700, files 0600 (PGlite writes its files 0666). */
export const restrictTree = (dir: string) => {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(file, 0o700);
    else if (entry.isFile()) fs.chmodSync(file, 0o600);
  }
};

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: two servers on one data directory silently lose commits. A lock file
 * naming this process (pid, start time, boot id) refuses a second server; a lock whose process is
 * gone (kill -9), a zombie or a recycled pid is reclaimed.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, 'server.lock');
  const self = describeSelf();
  const content = `${JSON.stringify(self)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (parseLockFile(fs.readFileSync(lockPath, 'utf8'))?.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let text = '';
      try {
        text = fs.readFileSync(lockPath, 'utf8');
      } catch {
        continue; // removed in between: try again
      }
      const owner = parseLockFile(text);
      if (owner && owner.pid !== process.pid && isLockHolderAlive(owner)) {
        throw new DataDirLockedError(
          `Another EduCRM server (pid ${owner.pid}) is using the data directory ${dataDir}. ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${lockPath}`);
};

/** Adds what the holder learns after starting (its URL, its backup token) to its own lock file. */
export const updateDataDirLock = (dataDir: string, extra: Pick<LockOwner, 'url' | 'backupToken'>) => {
  const lockPath = path.join(dataDir, 'server.lock');
  const current = parseLockFile(fs.readFileSync(lockPath, 'utf8'));
  if (current?.pid !== process.pid) throw new DataDirLockedError(`The lock file ${lockPath} is not ours`);
  const tmp = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ ...current, ...extra })}\n`, { mode: 0o600 });
  fs.renameSync(tmp, lockPath);
};

/** The live holder of a data directory's lock, if any. */
export const readLiveLockHolder = (dataDir: string): LockOwner | null => {
  try {
    const owner = parseLockFile(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8'));
    return owner && isLockHolderAlive(owner) ? owner : null;
  } catch {
    return null;
  }
};

/** Reads a secret kept in the data directory, creating it (mode 0600) on first use. */
export const readOrCreateSecretFile = (dataDir: string, name: string, make: () => string) => {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
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
