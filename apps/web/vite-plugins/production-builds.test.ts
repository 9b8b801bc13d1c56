import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_BUILDS, productionEntry, productionFile } from './production-builds.ts';

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
    for (const pkg of Object.keys(PRODUCTION_BUILDS)) expect(fs.existsSync(productionEntry(pkg))).toBe(true);
    const dir = path.dirname(productionEntry('react-router'));
    const chunks = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(chunks.some((c) => c.includes('ENABLE_DEV_WARNINGS = false'))).toBe(true);
    expect(chunks.some((c) => c.includes('ENABLE_DEV_WARNINGS = true'))).toBe(false);
  });
});
