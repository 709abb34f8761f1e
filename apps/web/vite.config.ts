import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

// The home page's first load: the entry (main.tsx: the route tables and the pages' loaders), the app shell (boot.tsx
// and everything it imports statically: React, antd's core, the router, the layout — one chunk), the home page's
// chunk, and the CSS. The entry starts loading the opened page's chunk while the shell loads (main.tsx).
// boot.tsx is a build input of its own so that Rolldown's `$initial` tag marks the shell's modules (those an input
// imports statically), and the `shell` group puts them in one chunk instead of some thirty small ones: browsers open
// six connections to a host over HTTP/1.1, so many small chunks cost round trips before the first paint. The
// entry's own modules (and the HTML, the CSS, Vite's preload helpers) stay out of it, or the entry would import the
// shell statically and wait for it. Every page loads the shell, so no page loads anything it did not load before.
// zod's core module (and its helpers) is the entry's too: zod-config.ts switches zod to jitless from it before any
// chunk builds a schema (≈ 3.6 KB Brotli, which every page that validates loaded anyway).
const ENTRY_ONLY = /src[\\/](main|routes|zod-config)\.tsx?$|zod[\\/]v4[\\/]core[\\/](core|util)\.js$|preload-helper|modulepreload-polyfill|\.(css|html)$/;

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
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: src('boot.tsx') },
      // The contracts package builds zod schemas at module level (`export const ZX = z.object(…)`); calls through
      // `z` have no side effects, so schemas a page does not use are dropped from its chunks.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'shell', priority: 2, tags: ['$initial'], test: (id) => !ENTRY_ONLY.test(id) },
            { name: 'rc-trigger', priority: 1, test: /node_modules[\\/]@rc-component[\\/](trigger|tooltip)[\\/]/ },
          ],
        },
      },
    },
  },
}));
