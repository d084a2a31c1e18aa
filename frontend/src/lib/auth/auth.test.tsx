import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshCurrentUser } from '@/lib/auth/api/get-current-user';
import { authKeys } from '@/lib/auth/api/keys';
import { useAuth } from '@/lib/auth/use-auth';
import { leaveTo } from '@/lib/browser-location';
import { keepUnsent, readUnsent } from '@/lib/messaging/unsent';
import { aUser, fakeSession, onApi, requests, type FakeResponse } from '@/testing/fake-api';
import { aSubscription, installFakePush } from '@/testing/fake-push';
import { renderWithProviders } from '@/testing/render';

vi.mock('@/lib/browser-location', () => ({ leaveTo: vi.fn() }));

function AuthProbe() {
  const { user, isPending, isFetching, logout, startGoogleLogin } = useAuth();
  const state = isPending ? 'bezig' : user ? `ingelogd als ${user.email}` : 'uitgelogd';
  return (
    <>
      <p>Status: {state}</p>
      <p>Ophalen: {isFetching ? 'ja' : 'nee'}</p>
      <button type="button" onClick={() => void logout()}>
        Uitloggen
      </button>
      <button type="button" onClick={() => void startGoogleLogin()}>
        Inloggen met Google
      </button>
    </>
  );
}

/** A response that arrives only when the test says so. */
function deferred() {
  let resolve: (response: FakeResponse) => void = () => undefined;
  const promise = new Promise<FakeResponse>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useAuth', () => {
  beforeEach(() => {
    vi.mocked(leaveTo).mockClear();
  });

  it('throws a clear error outside the AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<AuthProbe />)).toThrow(
      new Error('useAuth must be used within a AuthProvider'),
    );
  });

  it('is pending until the first user fetch ends, then holds the user', async () => {
    const answer = deferred();
    onApi('GET /api/users/me', () => answer.promise);
    renderWithProviders(<AuthProbe />);

    expect(screen.getByText('Status: bezig')).toBeInTheDocument();
    expect(screen.getByText('Ophalen: ja')).toBeInTheDocument();

    answer.resolve({ status: 200, body: aUser({ email: 'anna@example.nl' }) });

    expect(await screen.findByText('Status: ingelogd als anna@example.nl')).toBeInTheDocument();
    expect(screen.getByText('Ophalen: nee')).toBeInTheDocument();
  });

  it('treats 401 as signed out without logging anything', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(null);
    renderWithProviders(<AuthProbe />);

    expect(await screen.findByText('Status: uitgelogd')).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
  });

  it('ends the pending state after a failed fetch, logs the status and stays signed out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onApi('GET /api/users/me', {
      status: 500,
      body: { error: 'Er ging iets mis.', code: 'internal_error' },
    });
    renderWithProviders(<AuthProbe />);

    expect(await screen.findByText('Status: uitgelogd')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to fetch user: API responded with HTTP status 500');
  });

  it('keeps the person signed in when asking again fails for want of a connection', async () => {
    fakeSession(aUser({ email: 'anna@example.nl' }));
    const { queryClient } = renderWithProviders(<AuthProbe />);
    expect(await screen.findByText('Status: ingelogd als anna@example.nl')).toBeInTheDocument();

    // As when the live stream is lost offline and who is signed in is asked again.
    onApi('GET /api/users/me', () => {
      throw new TypeError('Failed to fetch');
    });
    await act(() => queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }));
    await waitFor(() => {
      expect(screen.getByText('Ophalen: nee')).toBeInTheDocument();
    });
    expect(screen.getByText('Status: ingelogd als anna@example.nl')).toBeInTheDocument();
  });

  it('fetches the user once for every component that asks at the same time', async () => {
    fakeSession(aUser());
    renderWithProviders(
      <>
        <AuthProbe />
        <AuthProbe />
        <AuthProbe />
      </>,
    );

    expect(await screen.findAllByText('Status: ingelogd als anna.jansen@example.nl')).toHaveLength(
      3,
    );
    expect(requests.filter((request) => request.url.endsWith('/api/users/me'))).toHaveLength(1);
  });

  it('clears the user at once on logout, before the server has answered', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    fakeSession(aUser());
    onApi('POST /api/logout', () => answer.promise);
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: ingelogd als anna.jansen@example.nl');

    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));

    expect(await screen.findByText('Status: uitgelogd')).toBeInTheDocument();
    expect(
      requests.some((request) => request.method === 'POST' && request.url.endsWith('/api/logout')),
    ).toBe(true);
    answer.resolve({ status: 204 });
  });

  it('forgets everything read as the person on logout', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('POST /api/logout', { status: 204 });
    const { queryClient } = renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: ingelogd als anna.jansen@example.nl');
    queryClient.setQueryData(['profiles', 'own', 7], { phone: '0612345678' });

    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));

    expect(await screen.findByText('Status: uitgelogd')).toBeInTheDocument();
    expect(queryClient.getQueryData(['profiles', 'own', 7])).toBeUndefined();
  });

  it('forgets the messages the person wrote that were not sent yet on logout, and only theirs', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    onApi('POST /api/logout', { status: 204 });
    const unsent = (text: string) => ({
      key: `sleutel-${text}`,
      conversationId: 3,
      text,
      writtenAt: new Date().toISOString(),
      failure: null,
    });
    keepUnsent(7, unsent('Van Anna'));
    keepUnsent(8, unsent('Van een ander'));
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: ingelogd als anna.jansen@example.nl');

    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));

    expect(await screen.findByText('Status: uitgelogd')).toBeInTheDocument();
    expect(readUnsent(7, 3)).toEqual([]);
    expect(readUnsent(8, 3).map((message) => message.text)).toEqual(['Van een ander']);
  });

  it("ends this browser's push subscription on logout, without waiting for it", async () => {
    const user = userEvent.setup();
    const subscription = aSubscription();
    installFakePush({ permission: 'granted', subscription });
    fakeSession(aUser());
    onApi('POST /api/logout', { status: 204 });
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: ingelogd als anna.jansen@example.nl');

    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));

    expect(await screen.findByText('Status: uitgelogd')).toBeInTheDocument();
    await waitFor(() => {
      expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    });
  });

  it('signs out all the same when the browser fails to end its push subscription', async () => {
    const user = userEvent.setup();
    const subscription = aSubscription();
    subscription.unsubscribe.mockRejectedValue(new DOMException('Gone', 'InvalidStateError'));
    installFakePush({ permission: 'granted', subscription });
    fakeSession(aUser());
    onApi('POST /api/logout', { status: 204 });
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: ingelogd als anna.jansen@example.nl');

    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));

    expect(await screen.findByText('Status: uitgelogd')).toBeInTheDocument();
    await waitFor(() => {
      expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    });
    expect(
      requests.some((request) => request.method === 'POST' && request.url.endsWith('/api/logout')),
    ).toBe(true);
  });

  it('forgets what a visitor read once someone signs in: a page can be made for its reader', async () => {
    fakeSession(null);
    const { queryClient } = renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: uitgelogd');
    const references = ['profiles', 'pages', 'references', 12];
    queryClient.setQueryData(references, [{ id: 1, byReader: false }]);

    fakeSession(aUser());
    await act(() => refreshCurrentUser(queryClient));

    expect(await screen.findByText('Status: ingelogd als anna.jansen@example.nl')).toBeVisible();
    expect(queryClient.getQueryData(references)).toBeUndefined();
  });

  it('logs a failed logout and keeps the user signed out locally', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(aUser());
    onApi('POST /api/logout', {
      status: 503,
      body: { error: 'Even niet beschikbaar.', code: 'unavailable' },
    });
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: ingelogd als anna.jansen@example.nl');

    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));

    await waitFor(() => {
      expect(log).toHaveBeenCalledWith('Failed to logout', expect.anything());
    });
    expect(screen.getByText('Status: uitgelogd')).toBeInTheDocument();
  });

  it('sends the browser to the address the backend gives for Google sign-in', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    const redirectUrl = 'https://accounts.google.com/o/oauth2/v2/auth?state=abc';
    onApi('GET /api/oauth/google/redirect_url', { status: 200, body: { redirectUrl } });
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: uitgelogd');

    await user.click(screen.getByRole('button', { name: 'Inloggen met Google' }));

    await waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith(redirectUrl);
    });
  });

  it('logs the status and goes to the sign-up page when Google sign-in is unavailable', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(null);
    onApi('GET /api/oauth/google/redirect_url', {
      status: 503,
      body: { error: 'Inloggen met Google is nu niet beschikbaar.', code: 'unavailable' },
    });
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: uitgelogd');

    await user.click(screen.getByRole('button', { name: 'Inloggen met Google' }));

    expect(await screen.findByText('Pagina: /registreren')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(
      'Failed to get login redirect URL: API responded with HTTP status 503',
    );
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('refuses to follow a sign-in address that is not a web address', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(null);
    onApi('GET /api/oauth/google/redirect_url', {
      status: 200,
      body: { redirectUrl: 'javascript:alert(1)' },
    });
    renderWithProviders(<AuthProbe />);
    await screen.findByText('Status: uitgelogd');

    await user.click(screen.getByRole('button', { name: 'Inloggen met Google' }));

    expect(await screen.findByText('Pagina: /registreren')).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
