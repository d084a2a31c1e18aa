import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PetPage } from '@/features/profiles/components/pet-page';
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
      'ervaring heeft met kleine katten',
    );
  });

  it('gives the owner of a cat no walking to choose and drops it with a new species', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    let sent: unknown = null;
    onApi('PUT /api/pets/30', async (request) => {
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

  it("saves an edit of the owner's second pet to that pet, with the rest of it unchanged", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    let pet = aPet({ id: 30, name: 'Pluis', breed: 'Kruising', size: 'klein' });
    onApi('GET /api/pets/30', () => ({ status: 200, body: { pet, owner: anOwner() } }));
    let sent: unknown = null;
    onApi('PUT /api/pets/30', async (request) => {
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
    expect(sent).toMatchObject({ petName: 'Pluis', petBreed: 'Maltezer', petSize: 'klein' });
    expect(sent).not.toHaveProperty('firstName');
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

  it('offers a retry when loading fails, which then shows the pet', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/pets/30', { status: 500, body: { error: 'Oeps', code: 'internal' } });
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
