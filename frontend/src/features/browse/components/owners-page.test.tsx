import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  aVolunteerItem,
  currentAddress,
  listAnswer,
  listCalls,
  renderAt,
} from '@/features/browse/components/browse-test-utils';
import { OwnersPage } from '@/features/browse/components/owners-page';
import { fakeSession, onApi } from '@/testing/fake-api';

function openOwners(url = '/voor-baasjes') {
  return renderAt(<OwnersPage />, '/voor-baasjes', url);
}

describe('OwnersPage', () => {
  it('shows the hero, the benefits and the volunteers from the server', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem({ isNew: true })]));
    openOwners();

    expect(screen.getByRole('heading', { level: 1, name: 'Voor Baasjes' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Vrijwilligers laden...');
    const benefits = screen.getByRole('region', { name: 'Zo vind je rustig de juiste oppas' });
    expect(within(benefits).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(within(benefits).getByText(/kost niets/)).toBeVisible();

    expect(await screen.findByText('1 vrijwilliger gevonden')).toBeVisible();
    const card = screen.getByRole('article', { name: 'Lotte Jansen' });
    expect(within(card).getByText('Nieuw')).toBeVisible();
    expect(within(card).getByRole('link', { name: /Bekijk profiel/ })).toHaveAttribute(
      'href',
      '/vrijwilliger/12',
    );
    expect(listCalls()[0]?.toString()).toBe('type=vrijwilliger&page=1&perPage=24');
  });

  it('searches the volunteers on the server, the term in the address', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 2 }));
    openOwners();
    await screen.findByText('2 vrijwilligers gevonden');

    await user.type(
      screen.getByRole('searchbox', { name: 'Zoek een vrijwilliger' }),
      'haarlem{Enter}',
    );

    expect(currentAddress()).toBe('/voor-baasjes?q=haarlem');
    expect(await screen.findByText('2 vrijwilligers gevonden voor "haarlem"')).toBeVisible();
    expect(listCalls().at(-1)?.toString()).toBe('type=vrijwilliger&q=haarlem&page=1&perPage=24');
  });

  it('shows its own failure text with a retry', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', { status: 500, body: { error: 'Oeps', code: 'internal' } });
    openOwners();

    expect(
      await screen.findByText('Er ging iets mis bij het laden van de vrijwilligers'),
    ).toBeVisible();
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('1 vrijwilliger gevonden')).toBeVisible();
  });

  it('says the server text when the list is throttled', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', {
      status: 429,
      body: { error: 'Je zoekt wel erg snel. Probeer het zo opnieuw.', code: 'throttled' },
    });
    openOwners();

    expect(await screen.findByText('Je zoekt wel erg snel. Probeer het zo opnieuw.')).toBeVisible();
  });

  it('says when there are no volunteers yet', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([]));
    openOwners();

    expect(await screen.findByRole('heading', { name: 'Nog geen vrijwilligers' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Alle profielen bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });

  it('says when no volunteer matches and clears the search on request', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([]));
    openOwners('/voor-baasjes?q=maan');

    expect(
      await screen.findByRole('heading', { name: 'Geen vrijwilligers gevonden' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Alle vrijwilligers tonen' }));
    await waitFor(() => {
      expect(currentAddress()).toBe('/voor-baasjes');
    });
  });
});
