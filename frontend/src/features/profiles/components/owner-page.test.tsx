import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OwnerPage } from '@/features/profiles/components/owner-page';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { aPet, anOwner, anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

vi.mock('@/components/map/leaflet-map', () => ({
  LeafletMap: ({ name }: { name: string }) => <p>Kaart van {name}</p>,
}));

function renderPage(ownerId: number | null = 4) {
  onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
  return renderWithProviders(<OwnerPage ownerId={ownerId} />, {
    path: '/eigenaar/:ownerId',
    url: `/eigenaar/${String(ownerId)}`,
  });
}

const ownerPage = {
  owner: anOwner({ bio: 'Ik werk vaak laat.' }),
  pets: [aPet(), aPet({ id: 31, name: 'Minoes', breed: 'Europese korthaar', size: 'klein' })],
};

describe('OwnerPage', () => {
  it('shows a loading state, then the owner and their pets', async () => {
    fakeSession(null);
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Profiel laden...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne de Vries' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Over Sanne' })).toBeInTheDocument();
    expect(screen.getByText('Ik werk vaak laat.')).toBeInTheDocument();
    const pets = screen.getByRole('region', { name: 'Huisdieren van Sanne' });
    expect(within(pets).getByRole('link', { name: /Bobby/ })).toHaveAttribute(
      'href',
      '/huisdier/30',
    );
    expect(within(pets).getByRole('link', { name: /Minoes/ })).toHaveAttribute(
      'href',
      '/huisdier/31',
    );
    expect(
      await screen.findByRole('region', { name: 'Locatie van Sanne de Vries' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Veilig contact' })).toBeInTheDocument();
  });

  it('gives the owner pencils', async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Naam bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Over jezelf bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Talen bewerken' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bericht sturen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bericht sturen' })).not.toBeInTheDocument();
  });

  it('lets the owner add a pet by its name and opens its page', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    let sent: unknown = null;
    let key: string | null = null;
    onApi('POST /api/pets', async (request) => {
      sent = await request.json();
      key = request.headers.get('Idempotency-Key');
      return { status: 201, body: { pet: aPet({ id: 32, name: 'Kees' }), owner: anOwner() } };
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Nog een huisdier toevoegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Huisdier toevoegen' });
    // The form loads when the dialog opens.
    await user.click(await within(dialog).findByRole('button', { name: 'Toevoegen' }));
    expect(
      await within(dialog).findByText('De naam van je huisdier is verplicht'),
    ).toBeInTheDocument();
    expect(sent).toBeNull();

    expect(within(dialog).getByText('Kies wat voor dier je huisdier is.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Soort dier *'), 'Hond');
    await user.type(within(dialog).getByLabelText('Naam van je huisdier *'), 'Kees');
    await user.selectOptions(within(dialog).getByLabelText('Grootte'), 'Klein (tot 10 kg)');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByText('Pagina: /huisdier/32')).toBeInTheDocument();
    expect(sent).toMatchObject({
      petSpecies: 'hond',
      petName: 'Kees',
      petSize: 'klein',
      petBreed: null,
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers in the add dialog only what fits the species chosen first', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Nog een huisdier toevoegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Huisdier toevoegen' });
    // The form loads when the dialog opens.
    const species = await within(dialog).findByLabelText('Soort dier *');
    expect(within(dialog).queryByLabelText('Geslacht')).not.toBeInTheDocument();
    await user.selectOptions(species, 'Konijn');
    const help = within(dialog).getByRole('group', { name: 'Gezochte hulp' });
    expect(within(help).queryByRole('checkbox', { name: 'Uitlaten' })).not.toBeInTheDocument();
    expect(within(help).getByRole('checkbox', { name: 'Logeren' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'Mannetje' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Reu' })).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Soort dier *'), 'Hond');
    expect(within(dialog).getByRole('checkbox', { name: 'Uitlaten' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'Reu' })).toBeInTheDocument();
  });

  it('opens the form for another pet when the wizard sends the owner here', async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
    renderWithProviders(<OwnerPage ownerId={4} />, {
      path: '/eigenaar/:ownerId',
      url: '/eigenaar/4?huisdier-toevoegen',
    });

    expect(await screen.findByRole('dialog', { name: 'Huisdier toevoegen' })).toBeVisible();
  });

  it('removes a pet after a confirmation', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    let page = ownerPage;
    onApi('GET /api/owners/4', () => ({ status: 200, body: page }));
    let removals = 0;
    onApi('DELETE /api/pets/31', () => {
      removals += 1;
      page = { ...ownerPage, pets: ownerPage.pets.slice(0, 1) };
      return { status: 204 };
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Minoes verwijderen' }));
    const dialog = screen.getByRole('dialog', { name: 'Minoes verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => {
      expect(dialog).not.toHaveAttribute('open');
    });

    await user.click(screen.getByRole('button', { name: 'Minoes verwijderen' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Minoes verwijderen?' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );

    const pets = screen.getByRole('region', { name: 'Huisdieren van Sanne' });
    await vi.waitFor(() => {
      expect(within(pets).queryByRole('link', { name: /Minoes/ })).not.toBeInTheDocument();
    });
    // One removal, the confirmed one: the cancelled dialog sent none.
    expect(removals).toBe(1);
    // The last pet stays: nothing offers to remove it.
    expect(screen.queryByRole('button', { name: 'Bobby verwijderen' })).not.toBeInTheDocument();
  });

  it('shows why a pet cannot be removed', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    onApi('DELETE /api/pets/31', {
      status: 409,
      body: {
        error: 'Je kunt je enige huisdier niet verwijderen. Voeg eerst een ander huisdier toe.',
        code: 'conflict',
      },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Minoes verwijderen' }));
    const dialog = screen.getByRole('dialog', { name: 'Minoes verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Je kunt je enige huisdier niet verwijderen.',
    );
  });

  it('gives another user the message button and no pencils', async () => {
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Bericht sturen' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /bewerken$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /verwijderen$/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Nog een huisdier toevoegen' }),
    ).not.toBeInTheDocument();
  });

  it('says when the owner does not exist', async () => {
    fakeSession(null);
    renderPage(5);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Eigenaar niet gevonden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar profielen' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });

  it('offers a retry when loading fails, which then shows the owner', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/owners/4', { status: 500, body: { error: 'Oeps', code: 'internal_error' } });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Er ging iets mis bij het laden van dit profiel.')).toBeVisible();
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne de Vries' })).toBeVisible();
  });

  it("offers 'Melden' and 'Blokkeren' to someone else, not to the owner", async () => {
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Melden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blokkeren' })).toBeInTheDocument();
  });
});
