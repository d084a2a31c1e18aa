import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignedInOnly } from '@/components/auth/guards';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

/** `/instellingen` behind the guard, as the app mounts it. */
function openSettings() {
  return renderWithProviders(
    <SignedInOnly>
      <h1>Instellingen</h1>
    </SignedInOnly>,
    { path: '/instellingen' },
  );
}

/** As fetch fails without a connection. */
function noConnection() {
  onApi('GET /api/users/me', () => {
    throw new TypeError('Failed to fetch');
  });
}

describe('SignedInOnly', () => {
  it('says there is no connection instead of sending a signed-in person to /inloggen, and opens once it is back', async () => {
    const user = userEvent.setup();
    noConnection();
    openSettings();

    expect(await screen.findByRole('heading', { level: 1, name: 'Geen verbinding' })).toBeVisible();
    expect(screen.getByText('Deze pagina laadt zodra je weer verbinding hebt.')).toBeVisible();
    expect(screen.queryByText(/^Pagina: \/inloggen/)).not.toBeInTheDocument();

    fakeSession(aUser());
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  });

  it('says the browser is offline, and asks again by itself when it is back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // Offline, a fetch fails in whatever way the browser has.
    onApi('GET /api/users/me', () => {
      throw new DOMException('Netwerkfout', 'NetworkError');
    });
    openSettings();

    expect(await screen.findByRole('heading', { level: 1, name: 'Je bent offline' })).toBeVisible();
    expect(screen.queryByText(/^Pagina: \/inloggen/)).not.toBeInTheDocument();

    online.mockReturnValue(true);
    fakeSession(aUser());
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  });

  it('still sends a visitor to /inloggen when the server says nobody is signed in', async () => {
    fakeSession(null);
    openSettings();
    expect(await screen.findByText('Pagina: /inloggen')).toBeInTheDocument();
  });
});
