import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: Playwright (playwright-core) in Debian's Chromium against the real server serving the
 * built web app (`npm run test:e2e` builds apps/web first). One file at a time: they share one server.
 */
export default defineConfig({
  test: {
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
