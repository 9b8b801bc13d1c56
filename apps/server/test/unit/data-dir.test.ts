import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, readOrCreateSecretFile } from '../../src/lib/data-dir';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-lock-'));

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
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
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
