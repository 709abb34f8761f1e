import { defineConfig } from 'vitest/config';

/** Root test run (`npm test`): unit and API tests of every workspace except the browser journeys in e2e/. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/docgen', 'apps/server', 'apps/web'],
  },
});
