import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/components/login-page';
import { takeRememberedReturnPath } from '@/lib/auth/return-path';
import { leaveTo } from '@/lib/browser-location';
import { fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

vi.mock('@/lib/browser-location', () => ({ leaveTo: vi.fn() }));

const EMAIL = 'bram@example.nl';

/** Opens /inloggen on an installation with Google sign-in, once it knows that. */
async function openLogin(url = '/inloggen', state?: unknown) {
  fakeSession(null);
  const rendered = renderWithProviders(<LoginPage />, { path: '/inloggen', url, state });
  await screen.findByRole('tab', { name: 'Google' });
  return rendered;
}

async function toCodeStep(user: ReturnType<typeof userEvent.setup>) {
  onApi('POST /api/auth/email-login', {
    status: 200,
    body: { message: `We hebben een e-mail gestuurd naar ${EMAIL}.` },
  });
  await user.click(screen.getByRole('tab', { name: 'E-mail' }));
  await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), ` ${EMAIL.toUpperCase()} `);
  await user.click(screen.getByRole('button', { name: 'Stuur inlogcode' }));
  return screen.findByRole('textbox', { name: 'Cijfer 1 van 6' });
}

const box = (n: number) => screen.getByRole('textbox', { name: `Cijfer ${String(n)} van 6` });
const boxValues = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');

describe('the login page', () => {
  beforeEach(() => {
    vi.mocked(leaveTo).mockClear();
    // When this tab last sent a code is kept per tab; each test starts as a fresh one.
    window.sessionStorage.clear();
  });

  it('offers Google and e-mail as tabs, with the links to sign up', async () => {
    const user = userEvent.setup();
    await openLogin();
    expect(screen.getByRole('tab', { name: 'Google' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Inloggen met Google' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute(
      'href',
      '/registreren',
    );
    expect(screen.getByRole('link', { name: 'Account aanmaken met e-mail' })).toHaveAttribute(
      'href',
      '/email-registreren',
    );

    await user.click(screen.getByRole('tab', { name: 'E-mail' }));
    expect(screen.getByRole('tab', { name: 'E-mail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Stuur inlogcode' })).toBeDisabled();
  });

  it('shows the green banner when it is opened with a message, on the e-mail tab', async () => {
    await openLogin('/inloggen', { message: 'E-mail geverifieerd. Log in om door te gaan.' });
    expect(screen.getByText('E-mail geverifieerd!')).toBeVisible();
    expect(screen.getByText('E-mail geverifieerd. Log in om door te gaan.')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'E-mail' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says that a sign-in failed when it is opened with auth=error', async () => {
    await openLogin('/inloggen?auth=error');
    expect(screen.getByRole('alert')).toHaveTextContent('Inloggen is mislukt.');
  });

  it('sends the trimmed, lowercased address and then asks for the code', async () => {
    const user = userEvent.setup();
    await openLogin();
    const code = await toCodeStep(user);
    expect(code).toBeVisible();
    const sent = requests.find((request) => request.url.endsWith('/api/auth/email-login'));
    expect(await sent?.json()).toEqual({ email: EMAIL });
    expect(screen.getByRole('status')).toHaveTextContent(
      `We hebben een e-mail gestuurd naar ${EMAIL}.`,
    );
  });

  it('asks for the code in the six boxes of the registration, and signs in once all six are in', async () => {
    onApi('POST /api/auth/email-login-verify', {
      status: 200,
      body: { message: 'Je bent ingelogd.', redirectTo: '/dashboard', requiresLogin: false },
    });
    const user = userEvent.setup();
    await openLogin();
    const first = await toCodeStep(user);
    expect(screen.getByRole('group', { name: 'Inlogcode' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Inlogcode' })).not.toBeInTheDocument();

    await user.click(first);
    await user.keyboard('12a3');
    expect(boxValues()).toBe('123');
    expect(box(4)).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeDisabled();
    // The sixth digit sends the code: no button to press.
    await user.keyboard('456');
    await vi.waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith('/dashboard');
    });
    const sent = requests.find((request) => request.url.endsWith('/api/auth/email-login-verify'));
    expect(await sent?.json()).toEqual({ email: EMAIL, code: '123456' });
  });

  it('signs in at once with a pasted code', async () => {
    onApi('POST /api/auth/email-login-verify', {
      status: 200,
      body: { message: 'Je bent ingelogd.', redirectTo: '/dashboard', requiresLogin: false },
    });
    const user = userEvent.setup();
    await openLogin();
    await user.click(await toCodeStep(user));
    await user.paste(' 654 321 ');
    await vi.waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith('/dashboard');
    });
  });

  it('clears a wrong code with the focus on the first box, and goes back to the address', async () => {
    onApi('POST /api/auth/email-login-verify', {
      status: 400,
      body: { error: 'Ongeldige of verlopen code.', code: 'invalid_code' },
    });
    const user = userEvent.setup();
    await openLogin();
    await user.click(await toCodeStep(user));
    await user.keyboard('123456');

    expect(await screen.findByRole('alert')).toHaveTextContent('Ongeldige of verlopen code.');
    expect(boxValues()).toBe('');
    expect(box(1)).toHaveFocus();
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    expect(leaveTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Terug naar e-mailadres' }));
    expect(screen.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue('');
    expect(screen.queryByText('Ongeldige of verlopen code.')).not.toBeInTheDocument();
  });

  it('shows the server text when a code cannot be sent, and a general one without an answer', async () => {
    const user = userEvent.setup();
    await openLogin();
    onApi('POST /api/auth/email-login', {
      status: 429,
      body: { error: 'Te veel verzoeken. Probeer het later opnieuw.', code: 'too_many_requests' },
    });
    await user.click(screen.getByRole('tab', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Stuur inlogcode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Te veel verzoeken. Probeer het later opnieuw.',
    );

    onApi('POST /api/auth/email-login', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Stuur inlogcode' }));
    expect(
      await screen.findByText('Er ging iets mis bij het versturen van de inlogcode'),
    ).toBeVisible();
  });

  it('says when Google sign-in is not available and stops offering it', async () => {
    onApi('GET /api/oauth/google/redirect_url', {
      status: 503,
      body: {
        error: 'Inloggen met Google is op dit moment niet beschikbaar.',
        code: 'service_unavailable',
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Inloggen met Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Inloggen met Google is op dit moment niet beschikbaar.',
    );
    expect(
      screen.getByRole('button', { name: 'Inloggen met Google is niet beschikbaar' }),
    ).toBeDisabled();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('opens on the e-mail form and offers no Google where Google sign-in is not configured', async () => {
    onApi('GET /api/site', {
      status: 200,
      body: { googleSignIn: false, organisation: 'Stichting Oppasmaatje', codeResendSeconds: 180 },
    });
    fakeSession(null);
    renderWithProviders(<LoginPage />, { path: '/inloggen', url: '/inloggen' });
    expect(await screen.findByRole('textbox', { name: 'E-mailadres' })).toBeVisible();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
    // Without a Google button, e-mail is the only way: nothing to prefer it to.
    expect(screen.queryByText(/Liever met je e-mailadres/)).not.toBeInTheDocument();
  });

  it('goes to the code step with the address typed via Ik heb al een code, without sending one', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('tab', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Ik heb al een code' }));

    expect(await screen.findByRole('group', { name: 'Inlogcode' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vul de inlogcode in uit de e-mail die je al hebt gekregen.',
    );
    expect(requests.some((r) => r.url.endsWith('/api/auth/email-login'))).toBe(false);
    // No code went out from this tab: a new one may be asked at once.
    expect(screen.getByRole('button', { name: 'Stuur een nieuwe code' })).toBeEnabled();
  });

  it('counts the wait for a new code down on the code step, then sends and counts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      await openLogin();
      await toCodeStep(user);
      expect(
        screen.getByRole('button', { name: /^Stuur een nieuwe code \(1(80|79) s\)$/ }),
      ).toBeDisabled();

      act(() => {
        vi.advanceTimersByTime(138_000);
      });
      expect(
        await screen.findByRole('button', { name: /^Stuur een nieuwe code \(4[12] s\)$/ }),
      ).toBeDisabled();

      act(() => {
        vi.advanceTimersByTime(43_000);
      });
      const again = await screen.findByRole('button', { name: 'Stuur een nieuwe code' });
      expect(again).toBeEnabled();
      await user.click(again);

      expect(
        await screen.findByRole('button', { name: 'Stuur een nieuwe code (180 s)' }),
      ).toBeDisabled();
      expect(requests.filter((r) => r.url.endsWith('/api/auth/email-login'))).toHaveLength(2);
      expect(screen.getByRole('status')).toHaveTextContent(
        'We hebben een nieuwe inlogcode gestuurd',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the way back on the links to sign up', async () => {
    await openLogin('/inloggen?next=%2Fhuisdier%2F30');
    expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute(
      'href',
      '/registreren?next=%2Fhuisdier%2F30',
    );
    expect(screen.getByRole('link', { name: 'Account aanmaken met e-mail' })).toHaveAttribute(
      'href',
      '/email-registreren?next=%2Fhuisdier%2F30',
    );
  });

  it('returns to the page named by next after the right code', async () => {
    onApi('POST /api/auth/email-login-verify', {
      status: 200,
      body: { message: 'Je bent ingelogd.', redirectTo: '/dashboard', requiresLogin: false },
    });
    const user = userEvent.setup();
    await openLogin('/inloggen?next=%2Fhuisdier%2F30');
    await user.type(await toCodeStep(user), '123456');
    await vi.waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith('/huisdier/30');
    });
  });

  it('returns to the guarded page that sent the visitor here', async () => {
    onApi('POST /api/auth/email-login-verify', {
      status: 200,
      body: { message: 'Je bent ingelogd.', redirectTo: '/dashboard', requiresLogin: false },
    });
    const user = userEvent.setup();
    await openLogin('/inloggen', { from: '/berichten?conversation=4' });
    await user.type(await toCodeStep(user), '123456');
    await vi.waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith('/berichten?conversation=4');
    });
  });

  it('goes to the dashboard instead of another site', async () => {
    onApi('POST /api/auth/email-login-verify', {
      status: 200,
      body: { message: 'Je bent ingelogd.', redirectTo: '/dashboard', requiresLogin: false },
    });
    const user = userEvent.setup();
    await openLogin('/inloggen?next=%2F%2Fevil.example%2Fhuisdier');
    await user.type(await toCodeStep(user), '123456');
    await vi.waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith('/dashboard');
    });
  });

  it('remembers the way back across a sign-in with Google', async () => {
    window.sessionStorage.clear();
    const redirectUrl = 'https://accounts.google.com/o/oauth2/v2/auth?state=abc';
    onApi('GET /api/oauth/google/redirect_url', { status: 200, body: { redirectUrl } });
    const user = userEvent.setup();
    await openLogin('/inloggen?next=%2Fhuisdier%2F30');
    await user.click(screen.getByRole('button', { name: 'Inloggen met Google' }));
    await vi.waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith(redirectUrl);
    });
    expect(takeRememberedReturnPath()).toBe('/huisdier/30');
  });
});
