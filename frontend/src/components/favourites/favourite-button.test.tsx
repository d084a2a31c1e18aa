import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { FAVOURITES_MAX } from '@/lib/api/vocabulary';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { Viewer } from '@/testing/viewer';

/** The server's refusal at the most favourites one person keeps. */
const FULL = `Je hebt al ${FAVOURITES_MAX} favorieten.`;

const favouriteCalls = () =>
  requests
    .filter((request) => new URL(request.url).pathname.startsWith('/api/favourites/'))
    .map((request) => `${request.method} ${new URL(request.url).pathname}`);

describe('FavouriteButton', () => {
  beforeEach(() => {
    fakeSession(aUser({ id: 7 }));
  });

  it('asks a visitor to sign in and come back', async () => {
    fakeSession(null);
    renderWithProviders(<FavouriteButton listingId="pet-3" name="Bobby" />, {
      path: '/profielen',
      url: '/profielen?q=Bobby',
    });

    const link = await screen.findByRole('link', {
      name: 'Log in om Bobby als favoriet te bewaren',
    });
    expect(link).toHaveAttribute('href', '/inloggen?next=%2Fprofielen%3Fq%3DBobby');
  });

  it('keeps and drops a favourite, the heart following at once', async () => {
    let stored: { id: string }[] = [];
    onApi('GET /api/favourites', () => ({ status: 200, body: { profiles: stored } }));
    onApi('PUT /api/favourites/pet-3', () => {
      stored = [{ id: 'pet-3' }];
      return { status: 204 };
    });
    onApi('DELETE /api/favourites/pet-3', () => {
      stored = [];
      return { status: 204 };
    });
    renderWithProviders(<FavouriteButton listingId="pet-3" name="Bobby" />);

    const heart = await screen.findByRole('button', { name: 'Favoriet: Bobby' });
    await waitFor(() => {
      expect(heart).toBeEnabled();
    });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      expect(favouriteCalls()).toEqual(['PUT /api/favourites/pet-3']);
    });
    await userEvent.click(heart);
    await waitFor(() => {
      expect(heart).toHaveAttribute('aria-pressed', 'false');
    });
    expect(favouriteCalls()).toEqual(['PUT /api/favourites/pet-3', 'DELETE /api/favourites/pet-3']);
  });

  it("shows the server's reason and the true state when keeping fails", async () => {
    onApi('GET /api/favourites', { status: 200, body: { profiles: [] } });
    onApi('PUT /api/favourites/pet-3', {
      status: 409,
      body: { error: FULL, code: 'conflict' },
    });
    renderWithProviders(<FavouriteButton listingId="pet-3" name="Bobby" look="page" />);

    const heart = await screen.findByRole('button', { name: 'Favoriet' });
    await waitFor(() => {
      expect(heart).toBeEnabled();
    });
    await userEvent.click(heart);
    expect(await screen.findByRole('alert')).toHaveTextContent(FULL);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('is not shown on one’s own card', async () => {
    onApi('GET /api/favourites', { status: 200, body: { profiles: [] } });
    renderWithProviders(
      <>
        <Viewer />
        <FavouriteButton listingId="pet-3" name="Bobby" ownerUserId={7} />
      </>,
    );
    // The session has been read: from here on the heart would show.
    expect(await screen.findByText('Ingelogd als 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Favoriet/ })).toBeNull();
  });
});
