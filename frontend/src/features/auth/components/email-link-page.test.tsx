import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EmailLinkPage } from '@/features/auth/components/email-link-page';
import { aUser, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const TOKEN = 'ab'.repeat(32);

function openLink(url: string) {
  return renderWithProviders(<EmailLinkPage />, { path: '/inloggen/link', url });
}

const spent = () => requests.filter((request) => request.url.endsWith('/api/auth/email-link'));

describe('the sign-in link of a code mail', () => {
  it('names the masked address, spends nothing until the button, then signs in', async () => {
    let signedIn = false;
    onApi('GET /api/users/me', () =>
      signedIn
        ? { status: 200, body: aUser() }
        : { status: 401, body: { error: 'x', code: 'unauthenticated' } },
    );
    onApi('POST /api/auth/email-link/info', async (request) => {
      expect(await request.json()).toEqual({ token: TOKEN });
      return { status: 200, body: { email: 'a***@example.nl', purpose: 'login' } };
    });
    onApi('POST /api/auth/email-link', async (request) => {
      expect(await request.json()).toEqual({ token: TOKEN });
      signedIn = true;
      return {
        status: 200,
        body: { message: 'Je bent ingelogd.', redirectTo: '/dashboard', requiresLogin: false },
      };
    });
    openLink(`/inloggen/link#${TOKEN}`);

    expect(
      await screen.findByRole('heading', { name: 'Inloggen als a***@example.nl' }),
    ).toBeVisible();
    expect(spent()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Pagina: /dashboard')).toBeVisible();
    expect(spent()).toHaveLength(1);
  });

  it('says when the link is used or expired, and leads to a new code', async () => {
    onApi('POST /api/auth/email-link/info', {
      status: 400,
      body: {
        error: 'Deze inloglink is verlopen of al gebruikt. Vraag een nieuwe code aan.',
        code: 'invalid_link',
      },
    });
    openLink(`/inloggen/link#${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Deze link werkt niet meer' })).toBeVisible();
    expect(
      screen.getByText('Deze inloglink is verlopen of al gebruikt. Vraag een nieuwe code aan.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nieuwe code aanvragen' })).toHaveAttribute(
      'href',
      '/inloggen',
    );
  });

  it('asks the server nothing without a token', async () => {
    openLink('/inloggen/link');
    expect(await screen.findByRole('heading', { name: 'Deze link werkt niet meer' })).toBeVisible();
    expect(requests.filter((request) => request.url.includes('/email-link'))).toHaveLength(0);
  });

  it('shows the server’s word when signing in fails after all', async () => {
    onApi('POST /api/auth/email-link/info', {
      status: 200,
      body: { email: 'a***@example.nl', purpose: 'register' },
    });
    onApi('POST /api/auth/email-link', {
      status: 400,
      body: {
        error: 'Deze inloglink is verlopen of al gebruikt. Vraag een nieuwe code aan.',
        code: 'invalid_link',
      },
    });
    openLink(`/inloggen/link#${TOKEN}`);
    expect(
      await screen.findByText('Hiermee bevestig je ook je e-mailadres. De link werkt één keer.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze inloglink is verlopen');
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled();
  });
});
