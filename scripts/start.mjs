// `npm start`: install what is missing, build what changed, then run the server (it migrates and
// bootstraps the first admin itself) on http://127.0.0.1:3000 unless PORT/HOST say otherwise.
import './node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';
import { serverNodeArgs } from './server-args.mjs';

const installed = await ensureInstalled();
const built = await ensureBuilt();
if (!installed && !built) console.log('▶ Dependencies and build are up to date.');

const server = spawn(
  process.execPath,
  ['--enable-source-maps', ...serverNodeArgs(), path.join(ROOT, 'apps/server/dist/main.js')],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
