import { expect, test } from './fixtures';
import { baseURL, oidc } from './support/endpoints';
import { signInAtProvider } from './support/provider';
import type { components } from '../src/lib/api/openapi';

type RedirectUrl = components['schemas']['RedirectUrl'];
type SessionUser = components['schemas']['SessionUser'];

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  token_endpoint_auth_methods_supported: string[];
  code_challenge_methods_supported: string[];
}

test.describe('the OpenID provider', () => {
  test('a Google sign-in starts at the local provider with PKCE, state, nonce and the three scopes', async ({
    request,
  }) => {
    const discovery = await request.get(`${oidc.issuer}/.well-known/openid-configuration`);
    expect(discovery.status()).toBe(200);
    const metadata = (await discovery.json()) as Discovery;
    expect(metadata.issuer).toBe(oidc.issuer);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.token_endpoint_auth_methods_supported).toContain('client_secret_basic');

    const response = await request.get('/api/oauth/google/redirect_url');
    expect(response.status()).toBe(200);
    const { redirectUrl } = (await response.json()) as RedirectUrl;

    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(metadata.authorization_endpoint);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(oidc.clientId);
    expect(params.get('redirect_uri')).toBe(`${baseURL}/auth/callback`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
  });

  test('the backend finishes a sign-in at the provider once, and reads the ID token claims', async ({
    page,
  }) => {
    // The browser comes back to the app's callback page, which finishes the sign-in; the address
    // it came back with is noted to try the same answer a second time.
    let callback: URL | undefined;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === baseURL && url.pathname === '/auth/callback') {
        callback = url;
      }
    });

    const start = await page.request.get('/api/oauth/google/redirect_url');
    expect(start.status()).toBe(200);
    const { redirectUrl } = (await start.json()) as RedirectUrl;
    await page.goto(redirectUrl);
    await signInAtProvider(page, 'petra.proef@example.com');
    await expect(page).toHaveURL('/dashboard');

    expect(callback?.pathname).toBe('/auth/callback');
    const code = callback?.searchParams.get('code') ?? '';
    const state = callback?.searchParams.get('state') ?? '';
    expect(state).toBe(new URL(redirectUrl).searchParams.get('state'));
    expect(code).not.toBe('');

    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(200);
    const user = (await me.json()) as SessionUser;
    expect(user.email).toBe('petra.proef@example.com');
    expect(user.google_user_data).toMatchObject({ given_name: 'Petra', name: 'Petra Test' });

    // The attempt is used up: the same answer from the provider does not sign in a second time.
    const replay = await page.request.post('/api/sessions', {
      data: { code, state },
      headers: { Origin: baseURL },
    });
    expect(replay.status()).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'sign_in_failed' });
  });
});
