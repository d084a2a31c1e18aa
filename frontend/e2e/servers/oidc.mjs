// A real OpenID provider on loopback that stands in for Google in the end-to-end tests.
//
//   issuer     http://127.0.0.1:$E2E_OIDC_PORT (default 4190)
//   client     $E2E_OIDC_CLIENT_ID / $E2E_OIDC_CLIENT_SECRET, client_secret_basic, code flow,
//              PKCE (S256) required, redirect URI $E2E_OIDC_REDIRECT_URI
//   sign-in    the provider's own login form: any login name, any password; then its consent form
//
// The login name chooses the account:
//   - 'e2e-google-user' is Gerrit Google (google.gebruiker@example.com);
//   - a login name that is an e-mail address is an account with that address;
//   - anything else is an account named after the login, at <login>@example.com.
// Every address is marked verified (email_verified: true).

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Provider } from 'oidc-provider';

const HOST = '127.0.0.1';
const port = Number(process.env.E2E_OIDC_PORT ?? 4190);
const issuer = `http://${HOST}:${port}`;
const clientId = process.env.E2E_OIDC_CLIENT_ID ?? 'oppas-e2e';
const clientSecret = process.env.E2E_OIDC_CLIENT_SECRET ?? 'oppas-e2e-secret';
const redirectUri = process.env.E2E_OIDC_REDIRECT_URI ?? 'http://127.0.0.1:4180/auth/callback';

/** @type {Record<string, import('oidc-provider').AccountClaims>} */
const knownAccounts = {
  'e2e-google-user': {
    sub: 'e2e-google-user',
    email: 'google.gebruiker@example.com',
    email_verified: true,
    given_name: 'Gerrit',
    family_name: 'Google',
    name: 'Gerrit Google',
    picture: null,
  },
};

/** @param {string} word */
const capitalise = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The claims of the account a login name stands for.
 *
 * @param {string} login
 * @returns {import('oidc-provider').AccountClaims}
 */
function claimsFor(login) {
  const known = knownAccounts[login];
  if (known) {
    return known;
  }
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@example.com`;
  const givenName = capitalise(email.split('@')[0]?.split(/[._+-]/)[0] ?? login);
  return {
    sub: login,
    email,
    email_verified: true,
    given_name: givenName,
    family_name: 'Test',
    name: `${givenName} Test`,
    picture: null,
  };
}

// The signing key lives as long as the process; the backend reads it through discovery.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = {
  ...privateKey.export({ format: 'jwk' }),
  kid: 'e2e-rs256',
  use: 'sig',
  alg: 'RS256',
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  pkce: { required: () => true },
  scopes: ['openid', 'email', 'profile'],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name', 'picture'],
  },
  // Like Google: the scopes' claims are in the ID token itself, which is all the backend reads.
  conformIdTokenClaims: false,
  features: {
    devInteractions: { enabled: true },
  },
  findAccount(_ctx, id) {
    return {
      accountId: id,
      claims: () => ({ ...claimsFor(id), sub: id }),
    };
  },
  renderError(ctx, out) {
    ctx.type = 'html';
    ctx.body = `<!DOCTYPE html><html lang="en"><head><title>Provider error</title></head><body><h1>Provider error</h1><pre>${Object.entries(
      out,
    )
      .map(([key, value]) => `${key}: ${String(value).replace(/[<>&]/g, '')}`)
      .join('\n')}</pre></body></html>`;
  },
});

provider.on('server_error', (_ctx, error) => {
  console.error('oidc: server error', error);
});

provider.listen(port, HOST, () => {
  console.log(`oidc: issuer ${issuer}, client ${clientId}, redirect ${redirectUri}`);
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    process.exit(0);
  });
}
