import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// The suite runs against the real backend binary serving the built app (`npm run build` first).
const port = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database per run. Workers load this file again; they inherit the runner's directory
// through the environment instead of making one of their own.
process.env.OPPAS_E2E_DIR ??= mkdtempSync(join(tmpdir(), 'oppas-e2e-'));
const dataDir = process.env.OPPAS_E2E_DIR;
const here = import.meta.dirname;

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: './test-results',
  fullyParallel: false,
  // One backend with one SQLite database: tests run one after another.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'nl-NL',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    // Debian's Chromium: Playwright never downloads a browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `${resolve(here, process.env.OPPAS_BIN ?? '../target/debug/oppas')} serve`,
    // Whatever the server writes next to itself (uploads, outbox) stays in the temporary directory.
    cwd: dataDir,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      OPPAS_ENV: 'test',
      DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
      OPPAS__SERVER__BIND: `127.0.0.1:${port}`,
      OPPAS__SERVER__PUBLIC_URL: baseURL,
      OPPAS_CONFIG_DIR: resolve(here, '../config'),
      OPPAS__SERVER__STATIC_DIR: resolve(here, 'dist'),
    },
  },
});
