import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Our Escape handling for antd's overlays (see src/utils/escLayers.ts for why). */
export const ESC_LAYERS_MODULE = fileURLToPath(new URL('../src/utils/escLayers.ts', import.meta.url));

/** Whether an import is @rc-component/portal's own Escape handling, which escLayers replaces. */
export const isPortalEscImport = (source: string, importer: string | undefined): boolean =>
  /^\.\/useEscKeyDown(\.js)?$/.test(source) &&
  importer !== undefined &&
  /[\\/]node_modules[\\/]@rc-component[\\/]portal[\\/]/.test(importer);

const resolveId = (source: string, importer: string | undefined) =>
  isPortalEscImport(source, importer) ? ESC_LAYERS_MODULE : null;

/**
 * Puts src/utils/escLayers.ts in place of @rc-component/portal's useEscKeyDown, in builds and in
 * the dev server's dependency bundle. A build fails if nothing was replaced: then the library has
 * changed, and whether it still needs the fix is to be checked.
 */
export const escLayers = (): Plugin => {
  let replaced = 0;
  let build = false;
  return {
    name: 'educrm:esc-layers',
    enforce: 'pre',
    config: () => ({
      optimizeDeps: { rolldownOptions: { plugins: [{ name: 'educrm:esc-layers-deps', resolveId }] } },
    }),
    configResolved(config) {
      build = config.command === 'build';
    },
    buildStart() {
      replaced = 0;
    },
    resolveId(source, importer) {
      const id = resolveId(source, importer);
      if (id) replaced += 1;
      return id;
    },
    buildEnd(error) {
      if (!error && build && replaced === 0) {
        this.error('esc-layers: @rc-component/portal no longer imports ./useEscKeyDown; check the fix');
      }
    },
  };
};
