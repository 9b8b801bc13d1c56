import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MAX, PASSWORD_MIN } from '@educrm/contract';
import { fieldError } from './errors';
import { hasWeakShape } from './password-patterns';

const here = path.dirname(fileURLToPath(import.meta.url));
const LIST_FILE = [
  path.join(here, 'common-passwords.txt'),
  path.resolve(here, '..', 'src', 'lib', 'common-passwords.txt'),
].find((f) => fs.existsSync(f));

let common: Set<string> | null = null;
/** The most common passwords of 8+ characters (SecLists top 10,000, MIT; see the file's header). */
const commonPasswords = () => {
  if (!common) {
    const text = LIST_FILE ? fs.readFileSync(LIST_FILE, 'utf8') : '';
    common = new Set(
      text
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.trim().toLowerCase()),
    );
  }
  return common;
};

/** Listed (case aside), or of a weak shape: `zhang123`, `Passw0rd!`, `1qaz2wsx` (password-patterns.ts). */
export const isCommonPassword = (password: string) => {
  const lower = password.toLowerCase();
  const listed = (p: string) => commonPasswords().has(p);
  return listed(lower) || hasWeakShape(lower, listed);
};

/**
 * The rules for every password the product sets: 8-128 characters, no composition rules, not a
 * common password, not the username. Failures come back as a field error.
 */
export const checkPassword = (password: string, username: string, field = 'password') => {
  const fail = (key: 'passwordLength' | 'passwordCommon' | 'passwordIsUsername') => fieldError(field, key);
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw fail('passwordLength');
  if (password.toLowerCase() === username.toLowerCase()) throw fail('passwordIsUsername');
  if (isCommonPassword(password)) throw fail('passwordCommon');
};
