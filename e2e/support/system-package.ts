import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * A program from a Debian package the test needs (nginx): found on the PATH, else installed with
 * apt-get when running as root (as .ci/run installs Chromium), else a clear message.
 */
export const ensureProgram = (program: string, debPackage: string): string => {
  const find = () =>
    ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']
      .map((d) => `${d}/${program}`)
      .find((p) => fs.existsSync(p));
  const found = find();
  if (found) return found;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `${program} is missing: install it with  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${debPackage}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debPackage], {
    stdio: 'inherit',
    env,
  });
  const installed = find();
  if (res.status !== 0 || !installed) throw new Error(`apt-get install ${debPackage} failed`);
  return installed;
};
