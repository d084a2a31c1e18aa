import { defineConfig } from '@playwright/test';
import { launchOptions } from './e2e/support/browser';
import { baseURL } from './e2e/support/endpoints';

// Two instances behind nginx. scripts/instances starts them with the S3 API, the database, nginx
// and the mail sink, and names them in the environment (E2E_PORT is nginx's port); the browsers
// and the API calls go to nginx, except where a test means one instance.
export default defineConfig({
  testDir: './e2e/instances',
  outputDir: './test-results/instances',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 90_000,
  use: {
    baseURL,
    locale: 'nl-NL',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions,
    // The app's service worker would answer pages from its own cache across tests; the spec of
    // the installed app (e2e/app.spec.ts) allows it.
    serviceWorkers: 'block',
  },
});
