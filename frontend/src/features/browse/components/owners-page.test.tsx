import { screen, within } from '@testing-library/react';
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
import { SEARCH_PER_PAGE } from '@/lib/api/vocabulary';
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
    expect(listCalls()[0]?.toString()).toBe(`type=vrijwilliger&page=1&perPage=${SEARCH_PER_PAGE}`);
  });

  it('offers the search of /profielen for volunteers, with a postcode and a radius', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    openOwners();
    await screen.findByText('1 vrijwilliger gevonden');

    const search = screen.getByRole('search', { name: 'Profielen zoeken' });
    expect(
      within(search).getByRole('searchbox', { name: 'Zoek een vrijwilliger' }),
    ).toHaveAttribute('placeholder', 'Zoek op naam, locatie of beschrijving...');
    expect(within(search).getByLabelText('Bij postcode')).toHaveValue('');
    expect(within(search).getByLabelText('Straal')).toHaveValue('10');
    // The page is about volunteers: no choice of kind.
    expect(within(search).queryByLabelText('Soort profiel')).not.toBeInTheDocument();
  });

  it('opens /profielen with the volunteers near a postcode on Zoeken', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 2 }));
    openOwners();
    await screen.findByText('2 vrijwilligers gevonden');

    await user.type(screen.getByRole('searchbox', { name: 'Zoek een vrijwilliger' }), 'wandelen');
    await user.type(screen.getByLabelText('Bij postcode'), '2011');
    await user.selectOptions(screen.getByLabelText('Straal'), '25');
    // Typing and choosing search nothing yet: the page and its list stay.
    expect(currentAddress()).toBe('/voor-baasjes');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));

    expect(
      await screen.findByText(
        'Pagina: /profielen?q=wandelen&type=vrijwilliger&near=2011&radiusKm=25',
      ),
    ).toBeInTheDocument();
    expect(listCalls().every((call) => !call.has('q') && !call.has('near'))).toBe(true);
  });

  it('opens /profielen with every volunteer on Enter in an empty search', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    openOwners();
    await screen.findByText('1 vrijwilliger gevonden');

    await user.type(screen.getByRole('searchbox', { name: 'Zoek een vrijwilliger' }), '{Enter}');

    expect(await screen.findByText('Pagina: /profielen?type=vrijwilliger')).toBeInTheDocument();
  });

  it('shows its own failure text with a retry', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', { status: 500, body: { error: 'Oeps', code: 'internal_error' } });
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
      body: { error: 'Je zoekt wel erg snel. Probeer het zo opnieuw.', code: 'too_many_requests' },
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
});
