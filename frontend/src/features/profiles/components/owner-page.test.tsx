import { screen, within } from '@testing-library/react';
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
      screen.getByRole('region', { name: 'Kaart met de locatie van Sanne de Vries' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Veilig contact' })).toBeInTheDocument();
  });

  it('gives the owner pencils', async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup());
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Naam bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Over bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Talen bewerken' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bericht sturen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bericht sturen' })).not.toBeInTheDocument();
  });

  it('gives another user the message button and no pencils', async () => {
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/owners/4', { status: 200, body: ownerPage });
    renderPage();

    expect(await screen.findByRole('button', { name: 'Bericht sturen' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /bewerken$/ })).not.toBeInTheDocument();
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
});
