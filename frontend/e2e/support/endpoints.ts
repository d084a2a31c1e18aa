/**
 * Where the suite's servers listen, shared by playwright.config.ts and the tests. Every port can
 * be moved through the environment; all of them are on loopback.
 */
const HOST = '127.0.0.1';

const portFrom = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65_535) {
    throw new Error(`${name} must be a TCP port, not '${String(process.env[name])}'`);
  }
  return value;
};

export const appPort = portFrom('E2E_PORT', 4180);
export const smtpPort = portFrom('E2E_SMTP_PORT', 4125);
export const mailboxPort = portFrom('E2E_MAILBOX_PORT', 4126);
export const oidcPort = portFrom('E2E_OIDC_PORT', 4190);
export const pushPort = portFrom('E2E_PUSH_PORT', 4191);

/** The app under test (the backend serving the built frontend). */
export const baseURL = `http://${HOST}:${appPort}`;

/**
 * The push service stand-in (npm web-push-testing): it hands out subscriptions in place of the
 * browser's own push service, which a headless Chromium without Google's servers cannot reach,
 * and decrypts what the server sends to them. Its endpoints name `localhost`.
 */
export const pushServiceURL = `http://localhost:${String(pushPort)}`;

/** The mail sink's HTTP API (see e2e/servers/smtp-sink.mjs). */
export const mailboxURL = `http://${HOST}:${mailboxPort}`;

/** The SMTP listener, as a lettre URL: plain SMTP, no TLS, no credentials. */
export const smtpURL = `smtp://${HOST}:${smtpPort}`;

/** The OpenID provider (see e2e/servers/oidc.mjs) and the one client registered with it. */
export const oidc = {
  issuer: `http://${HOST}:${oidcPort}`,
  clientId: 'oppas-e2e',
  clientSecret: 'oppas-e2e-client-secret',
  redirectUri: `${baseURL}/auth/callback`,
} as const;

/**
 * Map tiles: the app is configured with this template and every context answers it with one
 * plain tile (fixtures.ts), so maps draw as they do in production without leaving the machine.
 */
export const tiles = {
  host: 'tiles.e2e.invalid',
  template: 'https://tiles.e2e.invalid/{z}/{x}/{y}.png',
} as const;
