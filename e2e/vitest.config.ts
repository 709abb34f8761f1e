import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: Playwright (playwright-core) in Debian's Chromium against the real server serving the
 * built web app (`npm run test:e2e` builds apps/web first). One file at a time: they share one server.
 */
export default defineConfig({
  // aj-captcha-react (third-party-captcha.test.ts) ships ES modules without "type": "module" and imports .less
  // files: it is transformed by Vite, and its styles are left out (jsdom does not lay out anyway).
  plugins: [
    {
      name: 'stub-less',
      enforce: 'pre',
      resolveId: (id: string) => (id.endsWith('.less') ? '\0stub-less' : undefined),
      load: (id: string) => (id === '\0stub-less' ? 'export default {};' : undefined),
    },
  ],
  test: {
    server: { deps: { inline: ['aj-captcha-react'] } },
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
