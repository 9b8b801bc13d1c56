import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESC_LAYERS_MODULE, isPortalEscImport } from './esc-layers.ts';

const require = createRequire(import.meta.url);
const portalDir = path.dirname(require.resolve('@rc-component/portal/package.json'));

describe('the esc-layers plugin', () => {
  it('replaces the Escape hook @rc-component/portal imports, and nothing else', () => {
    const portal = path.join(portalDir, 'es', 'Portal.js');
    expect(fs.readFileSync(portal, 'utf8')).toMatch(/import useEscKeyDown from "\.\/useEscKeyDown"/);
    expect(isPortalEscImport('./useEscKeyDown', portal)).toBe(true);
    expect(isPortalEscImport('./useEscKeyDown.js', portal)).toBe(true);
    expect(isPortalEscImport('./useEscKeyDown', '/app/src/components/Thing.tsx')).toBe(false);
    expect(isPortalEscImport('./useDom', portal)).toBe(false);
    expect(isPortalEscImport('./useEscKeyDown', undefined)).toBe(false);
  });

  it('points at our hook', () => {
    expect(fs.existsSync(ESC_LAYERS_MODULE)).toBe(true);
  });
});
