import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/header';
import { TopStrip } from '@/components/layout/top-strip';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { latestEventSource, useFakeEventSource } from '@/testing/fake-event-source';
import { aVolunteerLookup, anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Hoofdmenu' });
}

function navLink(name: string) {
  return within(mainNav()).getByRole('link', { name });
}

/** The menu the phone's menu button opens. */
function phoneMenu(): HTMLElement {
  const toggle = screen.getByRole('button', { name: /^Menu (openen|sluiten)/ });
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (menu === null) throw new Error('The menu button controls no element');
  return menu;
}

function queryNavLink(name: string) {
  return within(mainNav()).queryByRole('link', { name });
}

describe('Header', () => {
  it('shows a loading state until it knows who is signed in', async () => {
    fakeSession(null);
    renderWithProviders(<Header />);

    expect(screen.getByRole('status')).toHaveTextContent('Laden...');
    expect(await screen.findByRole('link', { name: 'Inloggen' })).toHaveAttribute(
      'href',
      '/inloggen',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers a visitor Home, Profielen, Voor Baasjes and Voor Oppassers', async () => {
    fakeSession(null);
    renderWithProviders(<Header />);
    await screen.findByRole('link', { name: 'Inloggen' });

    expect(screen.getByRole('link', { name: 'Oppasmaatje' })).toHaveAttribute('href', '/');
    expect(navLink('Home')).toHaveAttribute('href', '/');
    expect(navLink('Profielen')).toHaveAttribute('href', '/profielen');
    expect(navLink('Voor Baasjes')).toHaveAttribute('href', '/voor-baasjes');
    expect(navLink('Voor Oppassers')).toHaveAttribute('href', '/voor-oppassers');
    expect(queryNavLink('Berichten')).not.toBeInTheDocument();
    expect(queryNavLink('Mijn profiel')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Uitloggen' })).not.toBeInTheDocument();
  });

  it('gives a signed-in user without a profile Home, Profielen and Berichten', async () => {
    fakeSession(aUser());
    renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Uitloggen' });

    expect(screen.getByRole('link', { name: 'Oppasmaatje' })).toHaveAttribute('href', '/dashboard');
    expect(navLink('Home')).toHaveAttribute('href', '/dashboard');
    expect(navLink('Profielen')).toHaveAttribute('href', '/profielen');
    expect(navLink('Berichten')).toHaveAttribute('href', '/berichten');
    expect(queryNavLink('Mijn profiel')).not.toBeInTheDocument();
    expect(queryNavLink('Voor Baasjes')).not.toBeInTheDocument();
    expect(queryNavLink('Voor Oppassers')).not.toBeInTheDocument();
  });

  it('sends a sitter searching for pets and to their volunteer profile', async () => {
    fakeSession(aUser({ id: 7 }), aVolunteerLookup({ id: 12, user_id: 7 }));
    renderWithProviders(<Header />);

    expect(await within(mainNav()).findByRole('link', { name: 'Mijn profiel' })).toHaveAttribute(
      'href',
      '/vrijwilliger/12',
    );
    expect(navLink('Zoeken')).toHaveAttribute('href', '/voor-oppassers');
    expect(queryNavLink('Profielen')).not.toBeInTheDocument();
  });

  it('sends an owner searching for sitters and to their owner profile', async () => {
    fakeSession(aUser({ id: 7 }), anOwnerLookup({ id: 30 }, { id: 4, user_id: 7 }));
    renderWithProviders(<Header />);

    expect(await within(mainNav()).findByRole('link', { name: 'Mijn profiel' })).toHaveAttribute(
      'href',
      '/eigenaar/4',
    );
    expect(navLink('Profielen')).toHaveAttribute('href', '/voor-baasjes');
  });

  it('treats a failing profile lookup as no profile', async () => {
    const user = aUser({ id: 7 });
    fakeSession(user);
    onApi('GET /api/profiles/7', {
      status: 500,
      body: { error: 'Er ging iets mis.', code: 'internal_error' },
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Uitloggen' });

    await vi.waitFor(() => {
      expect(log).toHaveBeenCalledWith(
        'Failed to fetch profile: API responded with HTTP status 500',
      );
    });
    expect(navLink('Profielen')).toHaveAttribute('href', '/profielen');
    expect(queryNavLink('Mijn profiel')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the given name from Google first',
      aUser({
        first_name: 'Anna',
        google_user_data: { given_name: 'Annie', name: 'Annie J', picture: null },
      }),
      'Annie',
    ],
    ['the first name without Google data', aUser({ first_name: 'Anna' }), 'Anna'],
    [
      'the e-mail before the @ without any name',
      aUser({ first_name: null, email: 'pim.de.boer@example.nl' }),
      'pim.de.boer',
    ],
    [
      '(temp) after the name of a temporary user',
      aUser({ first_name: 'Anna', temporary: true }),
      'Anna (temp)',
    ],
  ])('names the user with %s', async (_rule, sessionUser, name) => {
    fakeSession(sessionUser);
    renderWithProviders(<Header />);

    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the picture from Google, else the uploaded avatar', async () => {
    fakeSession(
      aUser({
        avatar_url: '/uploads/anna.jpg',
        google_user_data: { given_name: 'Anna', name: null, picture: '/uploads/google.jpg' },
      }),
    );
    const { unmount, container } = renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Uitloggen' });
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/google.jpg');
    unmount();

    fakeSession(aUser({ avatar_url: '/uploads/anna.jpg' }));
    const second = renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Uitloggen' });
    expect(second.container.querySelector('img')).toHaveAttribute('src', '/uploads/anna.jpg');
  });

  it('signs out from the logout button titled Uitloggen', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('POST /api/logout', { status: 204 });
    renderWithProviders(<Header />);

    const logout = await screen.findByRole('button', { name: 'Uitloggen' });
    expect(logout).toHaveAttribute('title', 'Uitloggen');
    await user.click(logout);

    expect(await screen.findByRole('link', { name: 'Inloggen' })).toBeInTheDocument();
  });

  it('shows no unread badge while nothing is unread', async () => {
    fakeSession(aUser());
    onApi('GET /api/unread', { status: 200, body: { unreadCount: 0 } });
    renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Uitloggen' });

    expect(navLink('Berichten')).toHaveTextContent(/^Berichten$/);
  });

  it('counts unread messages on Berichten, in the menu for small screens too, and updates live', async () => {
    useFakeEventSource();
    let unread = 3;
    fakeSession(aUser());
    onApi('GET /api/unread', () => ({ status: 200, body: { unreadCount: unread } }));
    renderWithProviders(<Header />);

    expect(
      await within(mainNav()).findByRole('link', { name: 'Berichten, 3 ongelezen' }),
    ).toHaveAttribute('href', '/berichten');
    const toggle = screen.getByRole('button', { name: 'Menu openen, 3 ongelezen' });
    const mobileMenu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(
      within(mobileMenu ?? document.body).getByRole('link', {
        name: 'Berichten, 3 ongelezen',
        hidden: true,
      }),
    ).toHaveAttribute('href', '/berichten');

    unread = 4;
    act(() => {
      latestEventSource().emit({ type: 'message', conversationId: 1, messageId: 9, senderId: 8 });
    });
    expect(
      await within(mainNav()).findByRole('link', { name: 'Berichten, 4 ongelezen' }),
    ).toBeInTheDocument();

    unread = 0;
    act(() => {
      latestEventSource().emit({ type: 'read', conversationId: 1, readerId: 7, upTo: 9 });
    });
    expect(await within(mainNav()).findByRole('link', { name: 'Berichten' })).toBeInTheDocument();
  });

  it('shows the unread count on the phone menu button and keeps it live', async () => {
    useFakeEventSource();
    let unread = 2;
    fakeSession(aUser());
    onApi('GET /api/unread', () => ({ status: 200, body: { unreadCount: unread } }));
    renderWithProviders(<Header />);

    const toggle = await screen.findByRole('button', { name: 'Menu openen, 2 ongelezen' });
    expect(toggle).toHaveTextContent(/^2$/);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    unread = 5;
    act(() => {
      latestEventSource().emit({ type: 'message', conversationId: 1, messageId: 9, senderId: 8 });
    });
    expect(await screen.findByRole('button', { name: 'Menu openen, 5 ongelezen' })).toBe(toggle);
    expect(toggle).toHaveTextContent(/^5$/);

    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAccessibleName('Menu sluiten, 5 ongelezen');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(
      within(menu ?? document.body).getByRole('link', { name: 'Berichten, 5 ongelezen' }),
    ).toBeVisible();

    unread = 0;
    act(() => {
      latestEventSource().emit({ type: 'read', conversationId: 1, readerId: 7, upTo: 9 });
    });
    expect(await screen.findByRole('button', { name: 'Menu sluiten' })).toBe(toggle);
    expect(toggle).toHaveTextContent(/^$/);
  });

  it('gives a signed-in user Favorieten and Instellingen in the phone menu', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Uitloggen' });

    await user.click(screen.getByRole('button', { name: /^Menu openen/ }));
    const menu = phoneMenu();
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Profielen', 'Berichten', 'Favorieten', 'Instellingen']);
    expect(within(menu).getByRole('link', { name: 'Favorieten' })).toHaveAttribute(
      'href',
      '/favorieten',
    );
    expect(within(menu).getByRole('link', { name: 'Instellingen' })).toHaveAttribute(
      'href',
      '/instellingen',
    );
    expect(within(menu).queryByRole('link', { name: 'Meldingen' })).not.toBeInTheDocument();
  });

  it('adds Meldingen to the phone menu for a moderator', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ is_moderator: true }));
    renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Uitloggen' });

    await user.click(screen.getByRole('button', { name: /^Menu openen/ }));
    expect(within(phoneMenu()).getByRole('link', { name: 'Meldingen' })).toHaveAttribute(
      'href',
      '/beheer/meldingen',
    );
  });

  it('keeps the phone menu to the main links for a visitor', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    renderWithProviders(<Header />);
    await screen.findByRole('link', { name: 'Inloggen' });

    await user.click(screen.getByRole('button', { name: 'Menu openen' }));
    expect(
      within(phoneMenu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Profielen', 'Voor Baasjes', 'Voor Oppassers']);
  });

  it('opens and closes the mobile menu with a labelled toggle', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    renderWithProviders(<Header />);

    const toggle = screen.getByRole('button', { name: 'Menu openen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Menu sluiten');
    expect(menu).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Menu openen');
    expect(menu).not.toBeVisible();
  });

  it('closes the mobile menu on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu openen' });
    await user.click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    within(menu ?? document.body)
      .getByRole('link', { name: 'Home' })
      .focus();

    await user.keyboard('{Escape}');

    expect(menu).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });
});

describe('TopStrip', () => {
  it('shows the promise, the contact address and no social icons while none is configured', () => {
    fakeSession(null);
    renderWithProviders(<TopStrip />);

    expect(screen.getByText('Gratis aanmelden en direct matches vinden')).toBeInTheDocument();
    expect(screen.getByText('Volledig gratis platform')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'info@oppasmaatje.nl' })).toHaveAttribute(
      'href',
      'mailto:info@oppasmaatje.nl',
    );
    expect(screen.queryByRole('list', { name: 'Volg ons' })).not.toBeInTheDocument();
  });
});
