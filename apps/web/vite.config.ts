import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports only its development build (warnings and checks included); the
      // production build it ships beside it is what a built site should load.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunks each entry and page load (read by scripts/check-bundle.mjs).
    manifest: true,
    rolldownOptions: {
      // The contracts package builds zod schemas at module level (`export const ZX = z.object(…)`); calls through
      // `z` have no side effects, so schemas a page does not use are dropped from its chunks.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'rc-trigger', test: /node_modules[\\/]@rc-component[\\/](trigger|tooltip)[\\/]/ }],
        },
      },
    },
  },
}));
