// `npm run backup | restore | migrate-to-postgres | db-fingerprint`: builds if needed, then runs the
// server's operations CLI (apps/server/dist/cli.js) with the same environment as the server.
import path from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT, run } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
const code = await run(process.execPath, [
  path.join(ROOT, 'apps/server/dist/cli.js'),
  ...process.argv.slice(2),
]);
process.exit(code);
