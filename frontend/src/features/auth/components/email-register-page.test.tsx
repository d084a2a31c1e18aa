import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EmailRegisterPage } from '@/features/auth/components/email-register-page';
import { fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

function openPage() {
  fakeSession(null);
  return renderWithProviders(<EmailRegisterPage />, { path: '/email-registreren' });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Voornaam' }), '  Noor ');
  await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'Visser');
  await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'Noor@Example.NL ');
  await user.click(screen.getByRole('checkbox'));
}

describe('the e-mail sign-up page', () => {
  it('goes to the code step for the address typed via Ik heb al een code, sending nothing', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(screen.getByRole('button', { name: 'Ik heb al een code' }));
    expect(await screen.findByText('E-mailadres is verplicht')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), ' Noor@Example.NL ');
    await user.click(screen.getByRole('button', { name: 'Ik heb al een code' }));

    expect(
      await screen.findByText('Pagina: /email-verificatie?email=noor%40example.nl'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows every rule that fails at once, in the order of the form, focusing the first, and sends nothing', async () => {
    const user = userEvent.setup();
    openPage();
    expect(screen.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
    const create = screen.getByRole('button', { name: 'Gratis account aanmaken' });
    const rules = [
      'Voornaam is verplicht',
      'Achternaam is verplicht',
      'E-mailadres is verplicht',
      'Je moet akkoord gaan met de algemene voorwaarden',
    ];
    const shown = () => {
      const texts = rules.filter((text) => screen.queryByText(text) !== null);
      // In the order the screen shows them, top to bottom.
      const elements = texts.map((text) => screen.getByText(text));
      for (let i = 1; i < elements.length; i += 1) {
        const previous = elements[i - 1];
        const current = elements[i];
        if (previous && current)
          expect(
            previous.compareDocumentPosition(current) & Node.DOCUMENT_POSITION_FOLLOWING,
          ).toBeTruthy();
      }
      return texts;
    };

    await user.click(create);
    expect(await screen.findByText('Voornaam is verplicht')).toBeVisible();
    expect(shown()).toEqual(rules);
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Voornaam' }), 'Bram');
    await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'de Boer');
    await user.click(create);
    expect(await screen.findByText('E-mailadres is verplicht')).toBeVisible();
    expect(shown()).toEqual(rules.slice(2));
    expect(screen.getByRole('textbox', { name: 'E-mailadres' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'bram@example.nl');
    await user.click(create);
    expect(
      await screen.findByText('Je moet akkoord gaan met de algemene voorwaarden'),
    ).toBeVisible();
    expect(shown()).toEqual(rules.slice(3));
    expect(requests.some((request) => request.url.includes('/api/auth/'))).toBe(false);
  });

  it('caps the names at 50 characters', () => {
    openPage();
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveAttribute('maxlength', '50');
    expect(screen.getByRole('textbox', { name: 'Achternaam' })).toHaveAttribute('maxlength', '50');
  });

  it('sends cleaned-up values, then says to check the mail and links to the code entry', async () => {
    let release: (() => void) | undefined;
    onApi('POST /api/auth/email-register', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { status: 200, body: { message: 'We hebben een e-mail gestuurd.' } };
    });
    const user = userEvent.setup();
    openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Gratis account aanmaken' }));

    expect(await screen.findByRole('button', { name: 'Bezig...' })).toBeDisabled();
    release?.();
    expect(await screen.findByRole('heading', { name: 'Check je e-mail!' })).toBeVisible();
    expect(screen.getByText('noor@example.nl')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Code invoeren' })).toHaveAttribute(
      'href',
      '/email-verificatie?email=noor%40example.nl',
    );
    const sent = requests.find((request) => request.url.endsWith('/api/auth/email-register'));
    expect(await sent?.json()).toEqual({
      firstName: 'Noor',
      lastName: 'Visser',
      email: 'noor@example.nl',
      terms: true,
    });

    await user.click(screen.getByRole('button', { name: 'Probeer opnieuw' }));
    expect(screen.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
    // What was typed is still there, to correct or send again.
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('  Noor ');
    expect(screen.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue('Noor@Example.NL');
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('shows the server text on a refusal and a general text without one', async () => {
    onApi('POST /api/auth/email-register', {
      status: 422,
      body: { error: 'Dit e-mailadres is niet geldig.', code: 'invalid_input', field: 'email' },
    });
    const user = userEvent.setup();
    openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Gratis account aanmaken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit e-mailadres is niet geldig.');

    onApi('POST /api/auth/email-register', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Gratis account aanmaken' }));
    expect(await screen.findByText('Er ging iets mis bij het aanmelden')).toBeVisible();
  });
});
