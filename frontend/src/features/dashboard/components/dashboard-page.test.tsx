import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { aVolunteerLookup, anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

function renderDashboard() {
  return renderWithProviders(<DashboardPage />, { path: '/dashboard' });
}

function tile(label: string) {
  const overview = screen.getByRole('list', { name: 'Overzicht' });
  const item = within(overview)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(label) !== null);
  if (!item) throw new Error(`no tile ${label}`);
  return item;
}

describe('DashboardPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('shows a spinner while the profile is looked up', async () => {
    fakeSession(aUser(), aVolunteerLookup());
    renderDashboard();

    expect(await screen.findByRole('status')).toHaveTextContent('Laden...');
    await screen.findByRole('heading', { name: /Welkom terug/ });
  });

  it.each([
    ['Ik zoek een oppas', 'huisdier'],
    ['Ik wil oppassen', 'vrijwilliger'],
  ])('without a profile, %s stores %s and opens the wizard', async (choice, type) => {
    const user = userEvent.setup();
    fakeSession(aUser());
    renderDashboard();

    await user.click(await screen.findByRole('button', { name: choice }));

    expect(window.localStorage.getItem('selectedProfileType')).toBe(type);
    expect(await screen.findByText('Pagina: /profiel-aanmaken')).toBeInTheDocument();
  });

  it('offers both choices and no tiles without a profile', async () => {
    fakeSession(aUser());
    renderDashboard();

    expect(await screen.findByRole('button', { name: 'Ik zoek een oppas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ik wil oppassen' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Overzicht' })).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', { status: 500, body: { error: 'Er ging iets mis.', code: 'internal' } }],
    ['a network failure', null],
  ])(
    'shows an error with a retry, never the choices to make a profile, after %s',
    async (_, answer) => {
      const user = userEvent.setup();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      fakeSession(aUser({ id: 7 }));
      onApi('GET /api/profiles/7', () => {
        if (answer === null) throw new TypeError('Failed to fetch');
        return answer;
      });
      onApi('GET /api/unread', { status: 200, body: { unreadCount: 0 } });
      renderDashboard();

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Oeps, er ging iets mis' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Je profiel kon niet worden geladen.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ik zoek een oppas' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ik wil oppassen' })).not.toBeInTheDocument();

      onApi('GET /api/profiles/7', { status: 200, body: aVolunteerLookup({ user_id: 7 }) });
      await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
      expect(await screen.findByRole('heading', { name: /Welkom terug/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ik zoek een oppas' })).not.toBeInTheDocument();
    },
  );

  it('welcomes a sitter with tiles, recent activity and links', async () => {
    fakeSession(aUser({ first_name: 'Anna' }), aVolunteerLookup());
    onApi('GET /api/unread', { status: 200, body: { unreadCount: 0 } });
    onApi('GET /api/favourites', {
      status: 200,
      body: { profiles: [{ id: 'pet-3' }, { id: 'volunteer-9' }] },
    });
    onApi('GET /api/views', { status: 200, body: { views: 17, days: 30 } });
    renderDashboard();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welkom terug, Anna!' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('(tijdelijke sessie)')).not.toBeInTheDocument();
    await vi.waitFor(() => {
      expect(tile('Berichten')).toHaveTextContent('0 ongelezen');
    });
    await vi.waitFor(() => {
      expect(tile('Favorieten')).toHaveTextContent('Favorieten2');
    });
    expect(screen.getByRole('link', { name: 'Favorieten' })).toHaveAttribute('href', '/favorieten');
    await vi.waitFor(() => {
      expect(tile('Profielweergaven')).toHaveTextContent('Profielweergaven17 laatste 30 dagen');
    });
    expect(tile('Profielstatus')).toHaveTextContent('Vrijwilliger');
    expect(screen.getByRole('heading', { name: 'Recente activiteit' })).toBeInTheDocument();
    expect(screen.getByText(/Nog geen activiteit/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Berichten' })).toHaveAttribute('href', '/berichten');
    expect(screen.getByRole('link', { name: 'Profielen bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );
    expect(screen.getByRole('link', { name: 'Profiel bewerken' })).toHaveAttribute(
      'href',
      '/profiel-aanmaken?mode=edit&type=vrijwilliger',
    );
  });

  it('shows an owner the status Huisdier and an edit link for that type', async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup({}, { user_id: 8 }));
    renderDashboard();

    await screen.findByRole('heading', { name: /Welkom terug/ });
    expect(tile('Profielstatus')).toHaveTextContent('Huisdier');
    expect(screen.getByRole('link', { name: 'Profiel bewerken' })).toHaveAttribute(
      'href',
      '/profiel-aanmaken?mode=edit&type=huisdier',
    );
  });

  it('labels a temporary session and greets by the e-mail without a name', async () => {
    fakeSession(
      aUser({ first_name: null, email: 'pim@example.nl', temporary: true }),
      aVolunteerLookup(),
    );
    renderDashboard();

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Welkom terug, pim!');
    expect(heading).toHaveTextContent('(tijdelijke sessie)');
  });

  it('counts the unread messages on the Berichten tile', async () => {
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/unread', { status: 200, body: { unreadCount: 3 } });
    renderDashboard();

    await screen.findByRole('heading', { name: /Welkom terug/ });
    await vi.waitFor(() => {
      expect(tile('Berichten')).toHaveTextContent('3 ongelezen');
    });
  });
});

describe('the setting for e-mails about new messages', () => {
  it('shows the stored setting and saves a change with a visible outcome', async () => {
    const user = userEvent.setup();
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: true } });
    const sent: unknown[] = [];
    onApi('PUT /api/users/me/settings', async (request) => {
      const body: unknown = await request.json();
      sent.push(body);
      return { status: 200, body };
    });
    renderDashboard();

    const box = await screen.findByRole('checkbox', { name: 'E-mail bij nieuwe berichten' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/nieuw bericht voor je is terwijl je Oppasmaatje niet/);

    await user.click(box);

    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(sent).toEqual([{ messageEmails: false }]);
  });

  it('says when saving failed and shows the stored setting again', async () => {
    const user = userEvent.setup();
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: false } });
    onApi('PUT /api/users/me/settings', {
      status: 500,
      body: { error: 'Er ging iets mis.', code: 'internal' },
    });
    renderDashboard();

    const box = await screen.findByRole('checkbox', { name: 'E-mail bij nieuwe berichten' });
    await user.click(box);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Opslaan mislukt. Probeer het opnieuw.',
    );
    expect(box).not.toBeChecked();
    expect(screen.queryByText('Opgeslagen')).not.toBeInTheDocument();
  });

  it('offers to try again when the setting cannot be loaded', async () => {
    const user = userEvent.setup();
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/users/me/settings', {
      status: 503,
      body: { error: 'Even niet.', code: 'unavailable' },
    });
    renderDashboard();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Je instelling voor e-mails kon niet worden geladen.',
    );
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: true } });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(
      await screen.findByRole('checkbox', { name: 'E-mail bij nieuwe berichten' }),
    ).toBeChecked();
  });
});
