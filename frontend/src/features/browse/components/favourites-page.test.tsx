import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aPetItem, aVolunteerItem } from '@/features/browse/components/browse-test-utils';
import { FavouritesPage } from '@/features/browse/components/favourites-page';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('FavouritesPage', () => {
  beforeEach(() => {
    fakeSession(aUser());
  });

  it('shows the favourite cards with their hearts pressed', async () => {
    onApi('GET /api/favourites', {
      status: 200,
      body: { profiles: [aPetItem({ id: 'pet-3', name: 'Bobby' }), aVolunteerItem()] },
    });
    renderWithProviders(<FavouritesPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Favorieten' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bobby' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Favoriet: Bobby' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(document.title).toBe('Favorieten – Oppasmaatje');
  });

  it('says how to add one when there are none', async () => {
    onApi('GET /api/favourites', { status: 200, body: { profiles: [] } });
    renderWithProviders(<FavouritesPage />);

    expect(await screen.findByRole('heading', { name: 'Nog geen favorieten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profielen bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });

  it('offers a retry when the list cannot be read, which then shows the cards', async () => {
    const user = userEvent.setup();
    onApi('GET /api/favourites', { status: 500, body: { error: 'Fout', code: 'internal_error' } });
    renderWithProviders(<FavouritesPage />);

    expect(
      await screen.findByRole('heading', { name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Je favorieten konden niet worden geladen.')).toBeInTheDocument();
    onApi('GET /api/favourites', {
      status: 200,
      body: { profiles: [aPetItem({ id: 'pet-3', name: 'Bobby' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { name: 'Bobby' })).toBeInTheDocument();
  });
});
