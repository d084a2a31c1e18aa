import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthCallbackPage } from '@/features/auth/components/auth-callback-page';
import { rememberReturnPath } from '@/lib/auth/return-path';
import { aUser, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

function openCallback(url: string) {
  return renderWithProviders(<AuthCallbackPage />, { path: '/auth/callback', url });
}

const exchanges = () => requests.filter((request) => request.url.endsWith('/api/sessions'));

describe('the sign-in callback', () => {
  it('shows its texts, exchanges the code once and replaces itself with the dashboard', async () => {
    let signedIn = false;
    onApi('GET /api/users/me', () =>
      signedIn
        ? { status: 200, body: aUser() }
        : { status: 401, body: { error: 'x', code: 'unauthenticated' } },
    );
    onApi('POST /api/sessions', async (request) => {
      expect(await request.json()).toEqual({ code: 'abc', state: 'xyz' });
      signedIn = true;
      return { status: 200, body: { message: 'Je bent ingelogd.' } };
    });
    openCallback('/auth/callback?code=abc&state=xyz');

    expect(screen.getByRole('heading', { name: 'Bezig met inloggen...' })).toBeVisible();
    expect(screen.getByText('Even geduld terwijl we je account koppelen.')).toBeVisible();
    expect(await screen.findByText('Pagina: /dashboard')).toBeVisible();
    expect(exchanges()).toHaveLength(1);
  });

  it('returns to the page the sign-in started from', async () => {
    rememberReturnPath('/huisdier/30');
    let signedIn = false;
    onApi('GET /api/users/me', () =>
      signedIn
        ? { status: 200, body: aUser() }
        : { status: 401, body: { error: 'x', code: 'unauthenticated' } },
    );
    onApi('POST /api/sessions', () => {
      signedIn = true;
      return { status: 200, body: { message: 'Je bent ingelogd.' } };
    });
    openCallback('/auth/callback?code=terug&state=xyz');

    expect(await screen.findByText('Pagina: /huisdier/30')).toBeVisible();
  });

  it('goes to the login page with auth=error when the exchange fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onApi('POST /api/sessions', {
      status: 400,
      body: { error: 'Inloggen met Google is mislukt.', code: 'sign_in_failed' },
    });
    openCallback('/auth/callback?code=fout&state=s');
    expect(await screen.findByText('Pagina: /inloggen?auth=error')).toBeVisible();
    expect(log).toHaveBeenCalledWith(
      'Failed to exchange code for session token: API responded with HTTP status 400',
    );
  });

  it('fails without asking the server when the address carries no code', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openCallback('/auth/callback?error=access_denied');
    expect(await screen.findByText('Pagina: /inloggen?auth=error')).toBeVisible();
    expect(exchanges()).toHaveLength(0);
    expect(log).toHaveBeenCalledWith(
      'Cannot exchange code for session token: no code provided in the URL search params',
    );
  });
});
