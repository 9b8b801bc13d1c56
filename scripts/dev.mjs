// `npm run dev`: the API server from source (tsx watch is not used: PGlite must run in one process)
// plus the Vite dev server with /api proxied to it.
import './node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, ROOT } from './lib.mjs';

await ensureInstalled();
const children = [spawn('node', ['build.mjs'], { cwd: path.join(ROOT, 'apps/server'), stdio: 'inherit' })];
children[0].on('exit', () => {
  children.push(
    spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: ROOT,
      stdio: 'inherit',
    }),
    spawn('npx', ['vite'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit' }),
  );
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
    process.exit(0);
  });
}
