import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStyles } from './vite-plugins/antd-styles.ts';
import { chunkGroups } from './vite-plugins/chunk-groups.ts';
import { compileHints } from './vite-plugins/compile-hints.ts';
import { escLayers } from './vite-plugins/esc-layers.ts';
import { layoutPreload } from './vite-plugins/layout-preload.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { prerenderLogin } from './vite-plugins/prerender-login.ts';
import { productionBuilds } from './vite-plugins/production-builds.ts';

export default defineConfig({
  plugins: [
    react(),
    productionBuilds(),
    escLayers(),
    chunkGroups(),
    antdStyles(),
    layoutPreload(),
    compileHints(),
    prerenderLogin(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's rc-components are pure modules but do not declare `sideEffects: false`; without
        // this, importing one export (antd Input needs rc-form's FormProvider) keeps whole packages.
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
