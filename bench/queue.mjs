#!/usr/bin/env node
// `npm run bench:queue`: trivial jobs through the job queue in one process (see
// apps/server/test/support/queue-bench.ts, written in TypeScript and run with tsx). This entry
// script only makes sure it runs on the project's Node runtime, as every other script does.
import '../scripts/node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/test/support/queue-bench.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
