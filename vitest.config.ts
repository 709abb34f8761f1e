import { defineConfig } from 'vitest/config';

/** Root test run (`npm test`): unit and API tests of every workspace except the browser journeys in e2e/. */
export default defineConfig({
  test: {
    // Two files at a time even on a two-core machine (Vitest's default there is one): most API tests wait on
    // worker threads, child processes (tesseract, soffice) and the database rather than on this process.
    maxWorkers: 2,
    projects: ['packages/contracts', 'packages/docgen', 'apps/server', 'apps/web'],
  },
});
