import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * Packages whose `exports` name only their development build, with the production build beside
 * it. React Router 7 ships dist/production (dev warnings off, no dev-only checks) but its exports
 * point every condition at dist/development (remix-run/react-router#12532, #14753), so a plain
 * Vite build would ship the development one.
 */
export const PRODUCTION_BUILDS: Record<string, { from: string; to: string }> = {
  'react-router': { from: '/dist/development/', to: '/dist/production/' },
};

/** The production file for a development file the package's exports resolved to. */
export const productionFile = (resolved: string, from: string, to: string): string => {
  const file = resolved.split(path.sep).join('/');
  if (!file.includes(from)) throw new Error(`production-builds: ${resolved} is not under ${from}`);
  return file.replace(from, to);
};

/** The production entry of one of those packages (its ESM entry, under dist/production). */
export const productionEntry = (pkg: keyof typeof PRODUCTION_BUILDS & string): string => {
  const build = PRODUCTION_BUILDS[pkg];
  if (!build) throw new Error(`production-builds: ${pkg} is not listed`);
  return productionFile(require.resolve(pkg).replace(/\.js$/, '.mjs'), build.from, build.to);
};

/** In builds, resolves those packages' entry points to their production files. */
export const productionBuilds = (): Plugin => ({
  name: 'educrm:production-builds',
  apply: 'build',
  enforce: 'pre',
  resolveId: {
    filter: { id: new RegExp(`^(${Object.keys(PRODUCTION_BUILDS).join('|')})$`) },
    handler(id) {
      return id in PRODUCTION_BUILDS ? productionEntry(id) : null;
    },
  },
});
