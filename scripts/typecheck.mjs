// `npm run typecheck`: tsc --noEmit for every TypeScript project of the repository.
import './node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import { run } from './lib.mjs';

const projects = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = 0;
for (const p of projects) {
  const code = await run('npx', ['tsc', '--noEmit', '-p', p]);
  if (code !== 0) failed++;
}
process.exit(failed ? 1 : 0);
