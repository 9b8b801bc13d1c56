import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { bootstrap } from '../../src/db/seed/bootstrap';
import { makeGoldens } from './golden';
import { TEST_ENV, TEST_SCRYPT } from './test-env';

/** The API suite's golden databases (golden.ts): made once before the first test file, removed after the last. */
export default async function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-golden-data-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir });
  const remove = await makeGoldens(process.env.TEST_DATABASE_URL || '', config, TEST_SCRYPT, async (db) => {
    await bootstrap(db, config, TEST_SCRYPT);
  });
  return async () => {
    await remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
