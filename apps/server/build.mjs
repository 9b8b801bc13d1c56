// Bundles the server into dist/main.js; node_modules stay external, the contract is inlined.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  absWorkingDir: path.dirname(fileURLToPath(import.meta.url)),
  // The server, and the operations CLI (backup, restore, migrate-to-postgres): dist/main.js, dist/cli.js.
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@educrm/contract': '../../packages/contract/src/index.ts' },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

// The PGlite template runs in its own process: it needs ~750 MB once, at build time only.
const { spawnSync } = await import('node:child_process');
const template = spawnSync(process.execPath, ['pglite-template.mjs'], {
  cwd: path.dirname(fileURLToPath(import.meta.url)),
  stdio: 'inherit',
});
if (template.status !== 0) throw new Error('building the PGlite template failed');
