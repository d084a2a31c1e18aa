import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { launchOptions } from './e2e/support/browser';
import {
  appPort,
  baseURL,
  mailboxPort,
  mailboxURL,
  oidc,
  oidcPort,
  pushPort,
  pushServiceURL,
  smtpPort,
  smtpURL,
  tiles,
} from './e2e/support/endpoints';

// The suite runs against the real backend binary serving the built app (`npm run build` first),
// with a real SMTP listener and a real OpenID provider next to it, all on loopback.

// A fresh database per run. Workers load this file again; they inherit the runner's directory
// through the environment instead of making one of their own.
process.env.OPPAS_E2E_DIR ??= mkdtempSync(join(tmpdir(), 'oppas-e2e-'));
const dataDir = process.env.OPPAS_E2E_DIR;
const here = import.meta.dirname;

export default defineConfig({
  testDir: './e2e',
  // Two instances behind nginx have a suite and a configuration of their own (scripts/instances).
  testIgnore: ['instances/**'],
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
    launchOptions,
    // The app's service worker would answer pages from its own cache across tests; the spec of
    // the installed app (e2e/app.spec.ts) allows it.
    serviceWorkers: 'block',
  },
  // Started in this order; each must answer its URL before the next starts.
  webServer: [
    {
      name: 'mail',
      command: `node ${resolve(here, 'e2e/servers/smtp-sink.mjs')}`,
      url: `${mailboxURL}/healthz`,
      reuseExistingServer: false,
      timeout: 15_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_SMTP_PORT: String(smtpPort),
        E2E_MAILBOX_PORT: String(mailboxPort),
      },
    },
    {
      name: 'oidc',
      command: `node ${resolve(here, 'e2e/servers/oidc.mjs')}`,
      url: `${oidc.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 15_000,
      stdout: 'ignore',
      // Three start-up warnings are expected here: runtime, in-memory storage, built-in forms.
      stderr: 'pipe',
      env: {
        E2E_OIDC_PORT: String(oidcPort),
        E2E_OIDC_CLIENT_ID: oidc.clientId,
        E2E_OIDC_CLIENT_SECRET: oidc.clientSecret,
        E2E_OIDC_REDIRECT_URI: oidc.redirectUri,
      },
    },
    {
      name: 'push',
      command: `node ${resolve(here, 'node_modules/web-push-testing/src/bin/server.js')} ${String(pushPort)}`,
      // It answers only POST; being there is enough.
      port: pushPort,
      reuseExistingServer: false,
      timeout: 15_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'oppas',
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
        OPPAS__SERVER__BIND: `127.0.0.1:${appPort}`,
        OPPAS__SERVER__PUBLIC_URL: baseURL,
        OPPAS_CONFIG_DIR: resolve(here, '../config'),
        OPPAS__SERVER__STATIC_DIR: resolve(here, process.env.E2E_STATIC_DIR ?? 'dist'),
        // Loopback is the suite's proxy: a test names its client in X-Forwarded-For (support/session.ts).
        OPPAS__SERVER__TRUSTED_PROXIES: '127.0.0.1',
        // The specs add the demo profiles from another process (`oppas seed-demo`) while the
        // server runs; first pages read before that would hide them for the memory's seconds.
        OPPAS__SERVER__FILL_SEARCHES_AT_START: 'false',
        // Tiles from the stand-in that every browser context answers (e2e/fixtures.ts).
        OPPAS__MAP__TILE_URL: tiles.template,
        OPPAS__MAIL__TRANSPORT: 'smtp',
        OPPAS__MAIL__SMTP_URL: smtpURL,
        OPPAS__OIDC__GOOGLE__ISSUER_URL: oidc.issuer,
        OPPAS__OIDC__GOOGLE__CLIENT_ID: oidc.clientId,
        OPPAS__OIDC__GOOGLE__CLIENT_SECRET: oidc.clientSecret,
        // Subscriptions may point at the push service stand-in (e2e/app.spec.ts).
        OPPAS__PUSH__EXTRA_SERVICES: pushServiceURL,
        // The seconds the server's clock runs ahead, written by a test that lets time pass
        // (e2e/support/clock.ts); the test environment only.
        OPPAS__TESTING__CLOCK_FILE: join(dataDir, 'clock-ahead-seconds'),
        // The saved searches' daily mails are looked for every second instead of every hour,
        // so that a day passed on that clock brings its mail at once (e2e/browse.spec.ts).
        OPPAS__TESTING__ALERTS_EVERY_SECS: '1',
      },
    },
  ],
});
