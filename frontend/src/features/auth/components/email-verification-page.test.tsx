import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EmailVerificationPage } from '@/features/auth/components/email-verification-page';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const EMAIL = 'noor@example.nl';
const URL_WITH_EMAIL = `/email-verificatie?email=${encodeURIComponent(EMAIL)}`;

function openPage(url = URL_WITH_EMAIL) {
  return renderWithProviders(<EmailVerificationPage />, { path: '/email-verificatie', url });
}

const box = (n: number) => screen.getByRole('textbox', { name: `Cijfer ${String(n)} van 6` });

const WRONG = { error: 'Ongeldige of verlopen code.', code: 'invalid_code' };

/** As if the code came long enough ago that a new one may be asked for. */
function sentLongAgo() {
  window.sessionStorage.setItem(`oppas.codeSentAt:${EMAIL}`, String(Date.now() - 3_600_000));
}

describe('the verification page', () => {
  it('shows step 2 of 3 at 66% and keeps Bevestig off until six digits are in', async () => {
    fakeSession(null);
    const user = userEvent.setup();
    openPage();

    expect(await screen.findByRole('heading', { name: 'Bevestig je e-mailadres' })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Stap 2 van 3' })).toHaveAttribute(
      'aria-valuenow',
      '66',
    );
    expect(screen.getByText(EMAIL)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Wijzig e-mailadres' })).toHaveAttribute(
      'href',
      '/email-registreren',
    );
    expect(screen.getByText('Hulp nodig?')).toBeVisible();

    await user.click(box(1));
    await user.keyboard('12a3');
    expect(box(1)).toHaveValue('1');
    expect(box(3)).toHaveValue('3');
    expect(box(4)).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Bevestig' })).toBeDisabled();
  });

  it('moves back on Backspace in an empty box', async () => {
    fakeSession(null);
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('textbox', { name: 'Cijfer 1 van 6' }));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(box(2)).toHaveValue('');
  });

  it('sends a pasted code at once and goes where the server says', async () => {
    fakeSession(null);
    let signedIn = false;
    onApi('GET /api/users/me', () =>
      signedIn
        ? { status: 200, body: aUser({ email: EMAIL }) }
        : { status: 401, body: { error: 'Niet ingelogd', code: 'unauthenticated' } },
    );
    onApi('POST /api/auth/email-verify', async (request) => {
      expect(await request.json()).toEqual({ email: EMAIL, code: '123456' });
      signedIn = true;
      return {
        status: 200,
        body: { message: 'Welkom!', redirectTo: '/profiel-aanmaken', requiresLogin: false },
      };
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('textbox', { name: 'Cijfer 1 van 6' }));
    await user.paste('12 34 56');

    expect(await screen.findByText('Pagina: /profiel-aanmaken')).toBeVisible();
  });

  it('clears the boxes and puts focus on the first after a wrong code', async () => {
    fakeSession(null);
    onApi('POST /api/auth/email-verify', { status: 400, body: WRONG });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('textbox', { name: 'Cijfer 1 van 6' }));
    await user.keyboard('654321');

    expect(await screen.findByRole('alert')).toHaveTextContent('Ongeldige of verlopen code.');
    for (let n = 1; n <= 6; n += 1) {
      expect(box(n)).toHaveValue('');
    }
    await waitFor(() => {
      expect(box(1)).toHaveFocus();
    });
  });

  it('says so when the server answers without an explanation', async () => {
    fakeSession(null);
    onApi('POST /api/auth/email-verify', { status: 502 });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('textbox', { name: 'Cijfer 1 van 6' }));
    await user.paste('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ongeldige code. Probeer opnieuw.');
  });

  it('counts the resend wait down from arrival, as a code was just sent', async () => {
    fakeSession(null);
    openPage();
    const wait = await screen.findByRole('button', { name: /^Verstuur opnieuw \(1(80|79) s\)$/ });
    expect(wait).toBeDisabled();
  });

  it('resends once the wait is over and counts down again', async () => {
    fakeSession(null);
    sentLongAgo();
    onApi('POST /api/auth/email-resend', {
      status: 200,
      body: { message: 'We hebben een e-mail gestuurd.' },
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Verstuur code opnieuw' }));
    expect(await screen.findByRole('button', { name: 'Verstuur opnieuw (180 s)' })).toBeDisabled();
    expect(requests.filter((r) => r.url.endsWith('/api/auth/email-resend'))).toHaveLength(1);
  });

  it('counts down the seconds the server names when a resend comes too soon, without a second message', async () => {
    fakeSession(null);
    sentLongAgo();
    onApi('POST /api/auth/email-resend', {
      status: 429,
      body: {
        error: 'Wacht nog 95 seconden voordat je een nieuwe code aanvraagt.',
        code: 'too_many_requests',
      },
      headers: { 'Retry-After': '95' },
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Verstuur code opnieuw' }));
    expect(await screen.findByRole('button', { name: 'Verstuur opnieuw (95 s)' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows one error at a time', async () => {
    fakeSession(null);
    sentLongAgo();
    onApi('POST /api/auth/email-verify', { status: 400, body: WRONG });
    onApi('POST /api/auth/email-resend', {
      status: 503,
      body: { error: 'De e-mail kon niet worden verstuurd.', code: 'service_unavailable' },
    });
    const user = userEvent.setup();
    openPage();
    await user.type(await screen.findByRole('textbox', { name: 'Cijfer 1 van 6' }), '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ongeldige of verlopen code.');

    await user.click(screen.getByRole('button', { name: 'Verstuur code opnieuw' }));
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('De e-mail kon niet worden verstuurd.');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('sends people without an address to the sign-up form', async () => {
    fakeSession(null);
    openPage('/email-verificatie');
    expect(await screen.findByText('Pagina: /email-registreren')).toBeVisible();
  });

  it('sends signed-in people to the dashboard', async () => {
    fakeSession(aUser());
    openPage();
    expect(await screen.findByText('Pagina: /dashboard')).toBeVisible();
  });
});
