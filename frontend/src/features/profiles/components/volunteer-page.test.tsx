import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VolunteerPage } from '@/features/profiles/components/volunteer-page';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { aVolunteer, aVolunteerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

vi.mock('@/components/map/leaflet-map', () => ({
  LeafletMap: ({ name }: { name: string }) => <p>Kaart van {name}</p>,
}));

function renderPage(volunteerId: number | null = 12) {
  onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
  return renderWithProviders(<VolunteerPage volunteerId={volunteerId} />, {
    path: '/vrijwilliger/:volunteerId',
    url: `/vrijwilliger/${String(volunteerId)}`,
  });
}

describe('VolunteerPage', () => {
  it('shows a loading state, then the profile', async () => {
    fakeSession(null);
    onApi('GET /api/volunteers/12', {
      status: 200,
      body: { volunteer: aVolunteer({ is_new: true }) },
    });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Profiel laden...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lotte Jansen' })).toBeVisible();
    expect(screen.getByText('Nieuw')).toBeInTheDocument();
    expect(screen.getByText('Vrijwilliger')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Over Lotte' })).toBeInTheDocument();
    expect(screen.getByText('Ik ben dol op honden en loop graag lange rondjes.')).toBeVisible();
    const availability = screen.getByRole('region', { name: 'Beschikbaar voor' });
    expect(within(availability).getByText('Doordeweeks avond')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByText('Ervaren')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Veilig contact' })).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Locatie van Lotte Jansen' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Lotte Jansen in Haarlem – Oppasmaatje');
  });

  it('tells what Lotte did on the platform', async () => {
    fakeSession(null);
    onApi('GET /api/volunteers/12', {
      status: 200,
      body: {
        volunteer: aVolunteer(),
        trust: {
          memberSince: '2026-03',
          lastActive: 'deze-week',
          responseRate: 90,
          typicalResponseHours: 2,
          completedAfspraken: 1,
        },
        hidden: false,
      },
    });
    renderPage();

    const signals = await screen.findByRole('list', { name: 'Over Lotte op Oppasmaatje' });
    expect(within(signals).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Lid sinds maart 2026',
      'Deze week actief',
      'Reageert op 90% van de berichten',
      'Reageert meestal binnen 2 uur',
      '1 afspraak gehad',
    ]);
  });

  it('leads a visitor who wants to write to sign in and back here, and shows no pencils', async () => {
    fakeSession(null);
    onApi('GET /api/volunteers/12', { status: 200, body: { volunteer: aVolunteer() } });
    renderPage();

    await screen.findByRole('heading', { level: 1, name: 'Lotte Jansen' });
    const backHere = '/inloggen?next=%2Fvrijwilliger%2F12';
    expect(
      await screen.findByRole('link', { name: 'Log in om een bericht te sturen' }),
    ).toHaveAttribute('href', backHere);
    expect(screen.getByRole('link', { name: 'Bericht sturen' })).toHaveAttribute('href', backHere);
    expect(screen.queryByRole('button', { name: /bewerken$/ })).not.toBeInTheDocument();
  });

  it('gives another signed-in user the message button but no pencils', async () => {
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/volunteers/12', { status: 200, body: { volunteer: aVolunteer() } });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Bericht sturen' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /bewerken$/ })).not.toBeInTheDocument();
  });

  it('gives the profile own user pencils and no message button', async () => {
    fakeSession(aUser({ id: 7 }), aVolunteerLookup());
    onApi('GET /api/volunteers/12', { status: 200, body: { volunteer: aVolunteer() } });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Naam bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Over mij bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Locatie bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto bewerken' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bericht sturen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bericht sturen' })).not.toBeInTheDocument();
  });

  it('saves a name edit as only the two name fields, split at the first space', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }), aVolunteerLookup({ phone: '0612345678' }));
    let volunteer = aVolunteer();
    onApi('GET /api/volunteers/12', () => ({ status: 200, body: { volunteer } }));
    let sent: unknown = null;
    onApi('PATCH /api/profiles/7', async (request) => {
      sent = await request.json();
      volunteer = aVolunteer({ first_name: 'Lotte', last_name: 'van den Berg' });
      return { status: 200, body: aVolunteerLookup() };
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Naam bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Naam bewerken' });
    const input = within(dialog).getByLabelText('Naam');
    expect(input).toHaveValue('Lotte Jansen');
    await user.clear(input);
    await user.type(input, 'Lotte van den Berg');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lotte van den Berg' }),
    ).toBeInTheDocument();
    // Only what changed travels: a change made meanwhile in another tab stays.
    expect(sent).toEqual({ firstName: 'Lotte', lastName: 'van den Berg' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the save failure in the dialog', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }), aVolunteerLookup());
    onApi('GET /api/volunteers/12', { status: 200, body: { volunteer: aVolunteer() } });
    onApi('PATCH /api/profiles/7', {
      status: 500,
      body: { error: 'Oeps', code: 'internal_error' },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Over mij bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Over mij bewerken' });
    await user.type(within(dialog).getByLabelText('Over mij'), ' Ook katten.');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het opslaan. Probeer opnieuw.',
    );
  });

  it('shows the server text for an invalid field', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }), aVolunteerLookup());
    onApi('GET /api/volunteers/12', { status: 200, body: { volunteer: aVolunteer() } });
    onApi('PATCH /api/profiles/7', {
      status: 422,
      body: { error: 'Postcode 9999 kennen we niet.', code: 'invalid_input', field: 'postalCode' },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Locatie bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Locatie bewerken' });
    const postcode = within(dialog).getByLabelText('Postcode (4 cijfers)');
    await user.clear(postcode);
    await user.type(postcode, '9999');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByText('Postcode 9999 kennen we niet.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(true);
  });

  it('says when the volunteer does not exist', async () => {
    fakeSession(null);
    renderPage(404);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vrijwilliger niet gevonden' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Het profiel dat je zoekt bestaat niet of is verwijderd.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar profielen' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });

  it('says not found for an id that cannot exist, without asking', () => {
    fakeSession(null);
    renderPage(null);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Vrijwilliger niet gevonden' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/volunteers/12', {
      status: 500,
      body: { error: 'Oeps', code: 'internal_error' },
    });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    onApi('GET /api/volunteers/12', { status: 200, body: { volunteer: aVolunteer() } });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lotte Jansen' })).toBeVisible();
  });

  it('shows its own person the notice of a profile a moderator hid', async () => {
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/volunteers/12', {
      status: 200,
      body: { volunteer: aVolunteer({ id: 12, user_id: 7 }), hidden: true },
    });
    renderPage();
    expect(await screen.findByText(/Een moderator heeft je profiel verborgen/)).toBeInTheDocument();
  });

  it('shows a visitor the week as a grid and says when the sitter paused, never her holidays', async () => {
    fakeSession(null);
    onApi('GET /api/volunteers/12', {
      status: 200,
      body: {
        volunteer: aVolunteer({
          week: [
            { day: 'maandag', part: 'ochtend' },
            { day: 'zaterdag', part: 'avond' },
          ],
          paused: true,
        }),
      },
    });
    renderPage();

    const section = await screen.findByRole('region', { name: 'Wanneer Lotte kan' });
    const grid = within(section).getByRole('table', { name: 'Wanneer Lotte meestal kan' });
    const monday = within(grid).getByRole('row', { name: /^Maandag/ });
    expect(
      within(monday)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Kan', 'Kan niet', 'Kan niet']);
    expect(within(section).getByText('Lotte is tijdelijk niet beschikbaar.')).toBeVisible();
    expect(screen.getByText('Tijdelijk niet beschikbaar')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Week en vakanties aanpassen' }),
    ).not.toBeInTheDocument();
  });

  it('lets the sitter tick her week, add a holiday and pause, and shows a refused period at its field', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }), aVolunteerLookup());
    onApi('GET /api/volunteers/12', { status: 200, body: { volunteer: aVolunteer() } });
    onApi('GET /api/volunteers/me/schedule', {
      status: 200,
      body: { week: [], away: [], paused: false },
    });
    const sent: unknown[] = [];
    onApi('PUT /api/volunteers/me/schedule', async (request) => {
      const body = (await request.json()) as { away: unknown[] };
      sent.push(body);
      return sent.length === 1
        ? {
            status: 422,
            body: { error: 'Deze periode is al voorbij.', code: 'invalid_input', field: 'away[0]' },
          }
        : { status: 200, body };
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Week en vakanties aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wanneer kun je helpen?' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dinsdag avond' }));
    await user.click(within(dialog).getByRole('button', { name: 'Periode toevoegen' }));
    await user.type(within(dialog).getByLabelText('Van'), '2020-07-01');
    expect(within(dialog).getByRole('button', { name: 'Bewaren' })).toBeDisabled();
    expect(within(dialog).getByText('Vul bij elke periode beide data in.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Tot en met'), '2020-07-14');
    await user.click(within(dialog).getByRole('checkbox', { name: /Tijdelijk niet beschikbaar/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Bewaren' }));

    expect(await within(dialog).findByText('Deze periode is al voorbij.')).toBeVisible();
    expect(within(dialog).getByLabelText('Van')).toHaveAttribute('aria-invalid', 'true');
    expect(sent[0]).toEqual({
      week: [{ day: 'dinsdag', part: 'avond' }],
      away: [{ from: '2020-07-01', until: '2020-07-14' }],
      paused: true,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Periode weghalen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(sent[1]).toEqual({ week: [{ day: 'dinsdag', part: 'avond' }], away: [], paused: true });
  });
});
