import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_BUILDS, productionFile } from './production-builds.ts';

const require = createRequire(import.meta.url);

describe('production builds', () => {
  it('maps a development file to its production twin', () => {
    expect(
      productionFile(
        '/x/node_modules/react-router/dist/development/index.mjs',
        '/dist/development/',
        '/dist/production/',
      ),
    ).toBe('/x/node_modules/react-router/dist/production/index.mjs');
    expect(() => productionFile('/x/index.mjs', '/dist/development/', '/dist/production/')).toThrow(
      /not under/,
    );
  });

  it("finds each package's production entry, with its dev warnings off", () => {
    for (const [pkg, { from, to }] of Object.entries(PRODUCTION_BUILDS)) {
      const file = productionFile(require.resolve(pkg).replace(/\.js$/, '.mjs'), from, to);
      expect(fs.existsSync(file)).toBe(true);
    }
    const dir = productionFile(require.resolve('react-router'), '/dist/development/', '/dist/production/');
    const chunks = fs
      .readdirSync(dir.replace(/[^/]+$/, ''))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => fs.readFileSync(`${dir.replace(/[^/]+$/, '')}${f}`, 'utf8'));
    expect(chunks.some((c) => c.includes('ENABLE_DEV_WARNINGS = false'))).toBe(true);
    expect(chunks.some((c) => c.includes('ENABLE_DEV_WARNINGS = true'))).toBe(false);
  });
});
