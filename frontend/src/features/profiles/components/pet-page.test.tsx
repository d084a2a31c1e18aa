import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PetPage } from '@/features/profiles/components/pet-page';
import type { WeekDay } from '@/lib/profiles/help-needed';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { aPet, anOwner, anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

vi.mock('@/components/map/leaflet-map', () => ({
  LeafletMap: ({ name }: { name: string }) => <p>Kaart van {name}</p>,
}));

function renderPage(petId: number | null = 30) {
  onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
  return renderWithProviders(<PetPage petId={petId} />, {
    path: '/huisdier/:petId',
    url: `/huisdier/${String(petId)}`,
  });
}

describe('PetPage', () => {
  it('shows a loading state, then the pet with its owner', async () => {
    fakeSession(null);
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Profiel laden...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bobby' })).toBeVisible();
    expect(screen.getByText('Huisdier')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Over Bobby' })).toBeInTheDocument();
    const owner = screen.getByRole('region', { name: 'Huisdier van' });
    expect(within(owner).getByRole('link', { name: /Sanne de Vries/ })).toHaveAttribute(
      'href',
      '/eigenaar/4',
    );
    const wishes = screen.getByRole('region', { name: 'Bobby zoekt een oppas die' });
    expect(
      within(wishes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'ervaring heeft met grote honden',
      'betrouwbaar en zorgzaam is',
      'flexibel beschikbaar is',
      'een band kan opbouwen met Bobby',
    ]);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Labrador')).toBeInTheDocument();
    expect(within(details).getByText('Groot (25+ kg)')).toBeInTheDocument();
    expect(within(details).getByText('Reu')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Locatie van Bobby' })).toBeInTheDocument();
    expect(document.title).toBe('Bobby in Utrecht – Oppasmaatje');
  });

  it("reads a cat in a cat's words: its species, poes, and a sitter who knows cats", async () => {
    fakeSession(null);
    const cat = aPet({
      species: 'kat',
      name: 'Minoes',
      gender: 'teef',
      size: 'klein',
      good_with: ['Andere honden', 'Katten'],
    });
    onApi('GET /api/pets/30', { status: 200, body: { pet: cat, owner: anOwner() } });
    renderPage();

    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Kat')).toBeInTheDocument();
    expect(within(details).getByText('Poes')).toBeInTheDocument();
    expect(within(details).getByText('Honden, Andere katten')).toBeInTheDocument();
    expect(within(details).queryByText('Teef')).not.toBeInTheDocument();
    const wishes = screen.getByRole('region', { name: 'Minoes zoekt een oppas die' });
    expect(within(wishes).getAllByRole('listitem')[0]).toHaveTextContent(
      'ervaring heeft met katten',
    );
  });

  it('gives the owner of a cat no walking to choose and drops it with a new species', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    let sent: unknown = null;
    onApi('PATCH /api/pets/30', async (request) => {
      sent = await request.json();
      return { status: 200, body: { pet: aPet({ species: 'kat' }), owner: anOwner() } };
    });
    onApi('GET /api/pets/30', {
      status: 200,
      body: {
        pet: aPet({ looking_for: ['Uitlaten', 'Logeren'], size: 'groot' }),
        owner: anOwner(),
      },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Soort dier bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Soort dier bewerken' });
    await user.selectOptions(within(dialog).getByLabelText('Soort dier'), 'Kat');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    await vi.waitFor(() => {
      expect(sent).toMatchObject({ petSpecies: 'kat', petSize: null, petLookingFor: ['Logeren'] });
    });
  });

  it('lists the help the owner asks for beside the four points', async () => {
    fakeSession(null);
    onApi('GET /api/pets/30', {
      status: 200,
      body: { pet: aPet({ looking_for: ['Uitlaten'] }), owner: anOwner() },
    });
    renderPage();

    const help = await screen.findByRole('region', { name: 'Gezochte hulp' });
    expect(within(help).getByRole('listitem')).toHaveTextContent('Uitlaten');
    const wishes = screen.getByRole('region', { name: 'Bobby zoekt een oppas die' });
    expect(within(wishes).getAllByRole('listitem')).toHaveLength(4);
  });

  it('gives the owner pencils and no message button', async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Naam bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ras bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gezochte hulp bewerken' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bericht sturen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bericht sturen' })).not.toBeInTheDocument();
  });

  it("saves an edit of the owner's second pet to that pet, sending only the changed field", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    let pet = aPet({ id: 30, name: 'Pluis', breed: 'Kruising', size: 'klein' });
    onApi('GET /api/pets/30', () => ({ status: 200, body: { pet, owner: anOwner() } }));
    let sent: unknown = null;
    onApi('PATCH /api/pets/30', async (request) => {
      sent = await request.json();
      pet = { ...pet, breed: 'Maltezer' };
      return { status: 200, body: { pet, owner: anOwner() } };
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Ras bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ras bewerken' });
    await user.clear(within(dialog).getByLabelText('Ras'));
    await user.type(within(dialog).getByLabelText('Ras'), 'Maltezer');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    const details = screen.getByRole('region', { name: 'Details' });
    expect(await within(details).findByText('Maltezer')).toBeInTheDocument();
    // Only the changed field travels; the server keeps the rest as stored.
    expect(sent).toEqual({ petBreed: 'Maltezer' });
  });

  it('gives another user the message button and no pencils', async () => {
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Bericht sturen' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /bewerken$/ })).not.toBeInTheDocument();
  });

  it('leaves empty details out for visitors and asks the owner to fill them in', async () => {
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/pets/30', {
      status: 200,
      body: { pet: aPet({ weight: null, chipped: null }), owner: anOwner() },
    });
    const { unmount } = renderPage();
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Labrador')).toBeInTheDocument();
    expect(within(details).queryByText('Gewicht')).not.toBeInTheDocument();
    expect(within(details).queryByText('Gechipt')).not.toBeInTheDocument();
    expect(within(details).queryByText('Onbekend')).not.toBeInTheDocument();
    unmount();

    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/pets/30', {
      status: 200,
      body: { pet: aPet({ weight: null, chipped: null }), owner: anOwner() },
    });
    renderPage();
    const own = await screen.findByRole('region', { name: 'Details' });
    expect(within(own).getByText('Gewicht')).toBeInTheDocument();
    expect(within(own).getAllByText('Nog niet ingevuld')).toHaveLength(3); // with special needs
    expect(within(own).getByRole('button', { name: 'Gewicht bewerken' })).toBeInTheDocument();
  });

  it('shows a visitor when help is needed, and no section when nothing is set', async () => {
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bobby' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Hulp nodig' })).not.toBeInTheDocument();
    unmount();

    onApi('GET /api/pets/30', {
      status: 200,
      body: {
        pet: aPet({ help_needed: { kind: 'regelmatig', days: ['maandag', 'woensdag', 'zondag'] } }),
        owner: anOwner(),
      },
    });
    renderPage();
    const help = await screen.findByRole('region', { name: 'Hulp nodig' });
    expect(help).toHaveTextContent('Regelmatig op maandag, woensdag en zondag');
    expect(
      within(help).queryByRole('button', { name: 'Hulp nodig aanpassen' }),
    ).not.toBeInTheDocument();
  });

  it('lets the owner say when help is needed: a period, saved and shown from the answer', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    let sent: unknown = null;
    let key: string | null = null;
    onApi('PUT /api/pets/30/help-needed', async (request) => {
      sent = await request.json();
      key = request.headers.get('Idempotency-Key');
      return {
        status: 200,
        body: {
          pet: aPet({ help_needed: { kind: 'periode', from: '2026-12-12', until: '2026-12-20' } }),
          owner: anOwner(),
        },
      };
    });
    renderPage();

    const help = await screen.findByRole('region', { name: 'Hulp nodig' });
    expect(within(help).getByText('Nog niet aangegeven.')).toBeVisible();
    await user.click(within(help).getByRole('button', { name: 'Hulp nodig aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wanneer zoek je hulp voor Bobby?' });
    const often = within(dialog).getByRole('group', { name: 'Hoe vaak' });
    expect(within(often).getByRole('radio', { name: 'In een periode' })).toBeChecked();
    expect(within(often).getByRole('radio', { name: 'Regelmatig' })).not.toBeChecked();
    expect(
      within(dialog).queryByRole('button', { name: 'Niet meer nodig' }),
    ).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Van'), '2026-12-12');
    await user.type(within(dialog).getByLabelText('Tot en met'), '2026-12-20');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(sent).toEqual({ kind: 'periode', from: '2026-12-12', until: '2026-12-20' });
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(help).toHaveTextContent('Van 12 december tot en met 20 december 2026');
  });

  it('sends regular days Monday first, and shows a refusal of the days at them', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    const sent: unknown[] = [];
    onApi('PUT /api/pets/30/help-needed', async (request) => {
      const body = (await request.json()) as { days: WeekDay[] };
      sent.push(body);
      return body.days.length === 0
        ? {
            status: 422,
            body: { error: 'Kies minstens één dag.', code: 'invalid_input', field: 'days' },
          }
        : {
            status: 200,
            body: { pet: aPet({ help_needed: { kind: 'regelmatig', ...body } }), owner: anOwner() },
          };
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Hulp nodig aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wanneer zoek je hulp voor Bobby?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Regelmatig' }));
    const days = within(dialog).getByRole('group', { name: 'Op welke dagen' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag']);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByText('Kies minstens één dag.')).toBeVisible();
    expect(days).toHaveAccessibleDescription('Kies minstens één dag.');
    expect(within(days).getByRole('checkbox', { name: 'Maandag' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(days).getByRole('checkbox', { name: 'Zondag' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Woensdag' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(sent).toEqual([
      { kind: 'regelmatig', days: [] },
      { kind: 'regelmatig', days: ['woensdag', 'zondag'] },
    ]);
    expect(screen.getByRole('region', { name: 'Hulp nodig' })).toHaveTextContent(
      'Regelmatig op woensdag en zondag',
    );
  });

  it('shows a refused end date at Tot en met and keeps the dialog open, the page unchanged', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    onApi('PUT /api/pets/30/help-needed', {
      status: 422,
      body: {
        error: 'De einddatum ligt voor de begindatum.',
        code: 'invalid_input',
        field: 'until',
      },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Hulp nodig aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wanneer zoek je hulp voor Bobby?' });
    await user.type(within(dialog).getByLabelText('Van'), '2026-12-20');
    await user.type(within(dialog).getByLabelText('Tot en met'), '2026-12-12');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    const until = within(dialog).getByLabelText('Tot en met');
    await vi.waitFor(() => {
      expect(until).toHaveAttribute('aria-invalid', 'true');
    });
    expect(until).toHaveAccessibleDescription('De einddatum ligt voor de begindatum.');
    expect(within(dialog).getByLabelText('Van')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Wanneer zoek je hulp voor Bobby?' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Hulp nodig' })).getByText('Nog niet aangegeven.'),
    ).toBeInTheDocument();
  });

  it("shows the server's text in the dialog when there were too many changes", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    onApi('PUT /api/pets/30/help-needed', {
      status: 429,
      body: {
        error: 'Je hebt je profiel te vaak gewijzigd. Probeer het over een uur opnieuw.',
        code: 'too_many_requests',
      },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Hulp nodig aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wanneer zoek je hulp voor Bobby?' });
    await user.type(within(dialog).getByLabelText('Van'), '2026-12-12');
    await user.type(within(dialog).getByLabelText('Tot en met'), '2026-12-20');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Je hebt je profiel te vaak gewijzigd. Probeer het over een uur opnieuw.',
    );
    expect(within(dialog).getByLabelText('Tot en met')).not.toHaveAttribute('aria-invalid');
  });

  it('clears the need with Niet meer nodig and reads the page again', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    let pet = aPet({ help_needed: { kind: 'regelmatig', days: ['dinsdag'] } });
    onApi('GET /api/pets/30', () => ({ status: 200, body: { pet, owner: anOwner() } }));
    let cleared = false;
    onApi('DELETE /api/pets/30/help-needed', () => {
      cleared = true;
      pet = { ...pet, help_needed: null };
      return { status: 204 };
    });
    renderPage();

    const help = await screen.findByRole('region', { name: 'Hulp nodig' });
    expect(help).toHaveTextContent('Regelmatig op dinsdag');
    await user.click(within(help).getByRole('button', { name: 'Hulp nodig aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wanneer zoek je hulp voor Bobby?' });
    expect(within(dialog).getByRole('radio', { name: 'Regelmatig' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Dinsdag' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Niet meer nodig' }));

    expect(await within(help).findByText('Nog niet aangegeven.')).toBeVisible();
    expect(cleared).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers a retry when loading fails, which then shows the pet', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/pets/30', { status: 500, body: { error: 'Oeps', code: 'internal_error' } });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bobby' })).toBeVisible();
  });

  it('says when the pet does not exist', async () => {
    fakeSession(null);
    renderPage(31);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Huisdier niet gevonden' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Het profiel dat je zoekt bestaat niet of is verwijderd.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar profielen' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });
});
