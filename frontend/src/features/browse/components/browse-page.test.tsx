import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrowsePage } from '@/features/browse/components/browse-page';
import {
  aPetItem,
  aVolunteerItem,
  currentAddress,
  listAnswer,
  listCalls,
  renderAt,
} from '@/features/browse/components/browse-test-utils';
import { OwnersPage } from '@/features/browse/components/owners-page';
import { SEARCH_PER_PAGE } from '@/lib/api/vocabulary';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { aVolunteerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

// Leaflet needs a real layout engine; the stub lists the markers the map was asked to draw.
vi.mock('@/components/map/leaflet-points-map', () => ({
  LeafletPointsMap: ({ areas }: { areas: { key: string; title: string }[] }) => (
    <ul aria-label="Markeringen">
      {areas.map((area) => (
        <li key={area.key}>{area.title}</li>
      ))}
    </ul>
  ),
}));

function openBrowse(url = '/profielen') {
  return renderAt(<BrowsePage />, '/profielen', url);
}

const card = (name: string) => screen.getByRole('article', { name });

describe('BrowsePage', () => {
  it('shows a loading state, then every profile as a card', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([
        aVolunteerItem({ isNew: true }),
        aPetItem(),
        aVolunteerItem({ id: 'volunteer-13', name: 'Ahmed' }),
      ]),
    );
    openBrowse();

    expect(screen.getByRole('heading', { level: 1, name: 'Vind jouw match!' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Profielen laden...');
    expect(await screen.findByText('3 profielen gevonden')).toBeVisible();

    const lotte = card('Lotte Jansen');
    expect(within(lotte).getByText('Nieuw')).toBeVisible();
    expect(within(lotte).getByText('Vrijwilliger')).toBeVisible();
    expect(within(lotte).getByText('Haarlem')).toBeVisible();
    expect(
      within(lotte).getByText('Ik ben dol op honden en loop graag lange rondjes.'),
    ).toHaveClass('line-clamp-3');
    expect(within(card('Bobby')).getByText('Huisdier')).toBeVisible();
    expect(within(card('Bobby')).queryByText('Nieuw')).not.toBeInTheDocument();
    expect(listCalls()[0]?.toString()).toBe(`page=1&perPage=${SEARCH_PER_PAGE}`);
    expect(document.title).toBe('Profielen – Oppasmaatje');
  });

  it('shows how many references the sitter or the owner of a pet has, and nothing for none', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([
        aVolunteerItem({ referenceCount: 4 }),
        aVolunteerItem({ id: 'volunteer-13', name: 'Ahmed', referenceCount: 1 }),
        aPetItem({ referenceCount: 2 }),
        aPetItem({ id: 'pet-31', name: 'Guus' }),
      ]),
    );
    openBrowse();
    await screen.findByText('4 profielen gevonden');

    expect(within(card('Lotte Jansen')).getByText('4 referenties')).toBeVisible();
    expect(within(card('Ahmed')).getByText('1 referentie')).toBeVisible();
    expect(within(card('Bobby')).getByText('2 referenties over het baasje')).toBeVisible();
    expect(within(card('Guus')).queryByText(/referentie/)).not.toBeInTheDocument();
  });

  it('says when the sitter or a pet’s owner was last here, and nothing when they hide it', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([
        aVolunteerItem({ lastActive: 'vandaag' }),
        aVolunteerItem({ id: 'volunteer-13', name: 'Ahmed', lastActive: null }),
        aPetItem({ lastActive: 'deze-week' }),
      ]),
    );
    openBrowse();
    await screen.findByText('3 profielen gevonden');

    expect(within(card('Lotte Jansen')).getByText('Vandaag actief')).toBeVisible();
    expect(within(card('Ahmed')).queryByText(/actief/)).not.toBeInTheDocument();
    expect(within(card('Bobby')).getByText('Baasje deze week actief')).toBeVisible();
  });

  it('says on a pet’s card when help is needed, and nothing on a sitter’s or without', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([
        aVolunteerItem(),
        aPetItem({ helpNeeded: { kind: 'periode', from: '2026-12-12', until: '2026-12-20' } }),
        aPetItem({
          id: 'pet-31',
          name: 'Guus',
          helpNeeded: { kind: 'regelmatig', days: ['maandag', 'woensdag'] },
        }),
        aPetItem({ id: 'pet-32', name: 'Pip' }),
      ]),
    );
    openBrowse();
    await screen.findByText('4 profielen gevonden');

    expect(
      within(card('Bobby')).getByText('Hulp nodig van 12 december tot en met 20 december 2026'),
    ).toBeVisible();
    expect(within(card('Guus')).getByText('Hulp nodig op maandag en woensdag')).toBeVisible();
    expect(within(card('Pip')).queryByText(/Hulp nodig/)).not.toBeInTheDocument();
    expect(within(card('Lotte Jansen')).queryByText(/Hulp nodig/)).not.toBeInTheDocument();
  });

  it('links volunteer and pet cards to their pages, and a pet to its owner', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([
        aVolunteerItem(),
        aPetItem(),
        aPetItem({
          id: 'huisdier-x',
          name: 'Guus',
          ownerInfo: { id: 9, name: 'Els', avatarUrl: null },
        }),
        aVolunteerItem({ id: 'iemand-5', name: 'Fleur' }),
      ]),
    );
    openBrowse();
    await screen.findByText('4 profielen gevonden');

    expect(
      within(card('Lotte Jansen')).getByRole('link', { name: 'Bekijk profiel van Lotte Jansen' }),
    ).toHaveAttribute('href', '/vrijwilliger/12');
    expect(within(card('Bobby')).getByRole('link', { name: /Bekijk profiel/ })).toHaveAttribute(
      'href',
      '/huisdier/30',
    );
    expect(within(card('Bobby')).getByRole('link', { name: 'Sanne de Vries' })).toHaveAttribute(
      'href',
      '/eigenaar/4',
    );
    expect(within(card('Guus')).getByRole('link', { name: /Bekijk profiel/ })).toHaveAttribute(
      'href',
      '/eigenaar/9',
    );
    expect(within(card('Fleur')).getByRole('link', { name: /Bekijk profiel/ })).toHaveAttribute(
      'href',
      '/profielen/iemand-5',
    );
  });

  it('counts one profile in the singular, with the category and the term', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openBrowse('/profielen?q=bobby&type=huisdier');

    expect(await screen.findByText('1 profiel gevonden in Huisdieren voor "bobby"')).toBeVisible();
    expect(screen.getByLabelText('Zoeken')).toHaveValue('bobby');
    expect(screen.getByLabelText('Soort profiel')).toHaveValue('huisdier');
    expect(listCalls()[0]?.toString()).toBe(
      `type=huisdier&q=bobby&page=1&perPage=${SEARCH_PER_PAGE}`,
    );
  });

  it('counts several profiles in the plural, with the volunteers category', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 2, perPage: 1 }));
    openBrowse('/profielen?type=vrijwilliger');

    expect(await screen.findByText('2 profielen gevonden in Vrijwilligers')).toBeVisible();
  });

  it('says a count the server stopped at with a plus, and pages through what it counted', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([aVolunteerItem()], { total: 1000, totalCapped: true, perPage: 24 }),
    );
    openBrowse('/profielen?q=de');

    expect(await screen.findByText('1.000+ profielen gevonden voor "de"')).toBeVisible();
    expect(screen.getByText('Pagina 1 van 42')).toBeVisible();
  });

  it('searches near a postcode within the radius and shows each distance', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([
        aVolunteerItem({ distanceKm: 3.42 }),
        aPetItem({ distanceKm: 12 }),
        aPetItem({ id: 'pet-31', name: 'Luna', distanceKm: 0 }),
      ]),
    );
    openBrowse('/profielen?near=2011&radiusKm=25');

    expect(await screen.findByText('3 profielen gevonden binnen 25 km van 2011')).toBeVisible();
    expect(within(card('Lotte Jansen')).getByText('3,4 km')).toBeVisible();
    expect(within(card('Bobby')).getByText('12,0 km')).toBeVisible();
    expect(within(card('Luna')).getByText('< 1 km')).toBeVisible();
    expect(screen.getByLabelText('Bij postcode')).toHaveValue('2011');
    expect(screen.getByLabelText('Straal')).toHaveValue('25');
    expect(listCalls()[0]?.toString()).toBe(
      `near=2011&radiusKm=25&page=1&perPage=${SEARCH_PER_PAGE}`,
    );
  });

  it('puts a postcode and a radius in the address', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    openBrowse();
    await screen.findByText('1 profiel gevonden');

    await user.type(screen.getByLabelText('Bij postcode'), '3512{Enter}');
    await waitFor(() => {
      expect(currentAddress()).toBe('/profielen?near=3512');
    });
    await user.selectOptions(screen.getByLabelText('Straal'), '50 km');
    await waitFor(() => {
      expect(currentAddress()).toBe('/profielen?near=3512&radiusKm=50');
    });
    expect(listCalls().at(-1)?.toString()).toBe(
      `near=3512&radiusKm=50&page=1&perPage=${SEARCH_PER_PAGE}`,
    );
  });

  it('shows the server text for an unknown place at the postcode box, not the error state', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', {
      status: 422,
      body: {
        error: 'Plaats "Nergenshuizen" kennen we niet.',
        code: 'invalid_input',
        field: 'near',
      },
    });
    openBrowse('/profielen?near=Nergenshuizen');

    const place = screen.getByLabelText('Bij postcode');
    await waitFor(() => {
      expect(place).toHaveAccessibleDescription(
        '4 cijfers of een plaatsnaam Plaats "Nergenshuizen" kennen we niet.',
      );
    });
    expect(place).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Plaats "Nergenshuizen" kennen we niet.');
    expect(screen.queryByText('Oeps, er ging iets mis')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the list again', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', { status: 500, body: { error: 'Oeps', code: 'internal_error' } });
    openBrowse();

    expect(
      await screen.findByRole('heading', { name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Er ging iets mis bij het laden van de profielen')).toBeVisible();

    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('1 profiel gevonden')).toBeVisible();
  });

  it('says when there are no profiles at all and leads to making one', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([]));
    openBrowse();

    expect(await screen.findByRole('heading', { name: 'Nog geen profielen' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Profiel aanmaken' })).toHaveAttribute(
      'href',
      '/registreren',
    );
  });

  it('leads a signed-in user without profiles to the profile wizard', async () => {
    fakeSession(aUser());
    onApi('GET /api/profiles', listAnswer([]));
    openBrowse();

    await screen.findByRole('heading', { name: 'Nog geen profielen' });
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Profiel aanmaken' })).toHaveAttribute(
        'href',
        '/profiel-aanmaken',
      );
    });
  });

  it('asks visitors and people without a profile to make one, and nobody who has one', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    const visitor = openBrowse();
    expect(await screen.findByRole('heading', { name: 'Nog geen profiel?' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Profiel Aanmaken' })).toBeVisible();
    visitor.unmount();

    fakeSession(aUser({ id: 5 }));
    const withoutProfile = openBrowse();
    expect(await screen.findByText('1 profiel gevonden')).toBeVisible();
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Profiel Aanmaken' })).toHaveAttribute(
        'href',
        '/profiel-aanmaken',
      );
    });
    withoutProfile.unmount();

    fakeSession(aUser({ id: 5 }), aVolunteerLookup({ user_id: 5 }));
    openBrowse();
    expect(await screen.findByText('1 profiel gevonden')).toBeVisible();
    // The header shows who is signed in once the profile is known; the invitation is gone by then.
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Nog geen profiel?' })).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('link', { name: 'Profiel Aanmaken' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, and Alle profielen tonen clears every filter', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([]));
    openBrowse('/profielen?q=zebra&type=huisdier&near=3512&radiusKm=5&page=2');

    expect(await screen.findByRole('heading', { name: 'Geen profielen gevonden' })).toBeVisible();
    expect(
      screen.getByText('0 profielen gevonden in Huisdieren voor "zebra" binnen 5 km van 3512'),
    ).toBeVisible();

    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    await user.click(screen.getByRole('button', { name: 'Alle profielen tonen' }));

    await waitFor(() => {
      expect(currentAddress()).toBe('/profielen');
    });
    expect(await screen.findByText('1 profiel gevonden')).toBeVisible();
    expect(screen.getByLabelText('Zoeken')).toHaveValue('');
    expect(screen.getByLabelText('Soort profiel')).toHaveValue('');
    expect(screen.getByLabelText('Bij postcode')).toHaveValue('');
    expect(screen.getByLabelText('Straal')).toHaveValue('10');
  });

  it('puts the typed term in the address once typing pauses', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openBrowse();
    await screen.findByText('1 profiel gevonden');

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'bobby');
    expect(currentAddress()).toBe('/profielen');

    await waitFor(() => {
      expect(currentAddress()).toBe('/profielen?q=bobby');
    });
    expect(await screen.findByText('1 profiel gevonden voor "bobby"')).toBeVisible();
    // One search for the whole word, none for the letters on the way.
    expect(listCalls().map((call) => call.get('q'))).toEqual([null, 'bobby']);
  });

  it('filters by type through the address, back on the first page', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 30, page: 2 }));
    openBrowse('/profielen?page=2');
    await screen.findByText('30 profielen gevonden');

    await user.selectOptions(screen.getByLabelText('Soort profiel'), 'Vrijwilligers');

    await waitFor(() => {
      expect(currentAddress()).toBe('/profielen?type=vrijwilliger');
    });
  });

  it('pages through the results with Vorige and Volgende', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 50, page: 2 }));
    openBrowse('/profielen?q=hond&page=2');

    const pagination = await screen.findByRole('navigation', { name: 'Paginering' });
    expect(within(pagination).getByText('Pagina 2 van 3')).toBeVisible();
    expect(within(pagination).getByRole('link', { name: 'Vorige' })).toHaveAttribute(
      'href',
      '/profielen?q=hond',
    );
    expect(within(pagination).getByRole('link', { name: 'Volgende' })).toHaveAttribute(
      'href',
      '/profielen?q=hond&page=3',
    );
    expect(listCalls()[0]?.get('page')).toBe('2');
  });

  it('brings the results, not the search form, into view on another page', async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    fakeSession(null);
    onApi('GET /api/profiles', (request) =>
      new URL(request.url).searchParams.get('page') === '2'
        ? listAnswer([aPetItem()], { total: 30, page: 2 })
        : listAnswer([aVolunteerItem()], { total: 30 }),
    );
    openBrowse();
    const pagination = await screen.findByRole('navigation', { name: 'Paginering' });

    await user.click(within(pagination).getByRole('link', { name: 'Volgende' }));

    const results = screen.getByRole('region', { name: 'Zoekresultaten' });
    expect(scrolled).toEqual([results]);
    expect(scroll).toHaveBeenCalledWith({ block: 'start' });
    expect(results).toHaveFocus();
    expect(await within(results).findByText('Pagina 2 van 2')).toBeVisible();
    expect(within(results).getByRole('article', { name: 'Bobby' })).toBeVisible();
    scroll.mockRestore();
  });

  it('offers no way back from the first page, and leads back to a bare first page', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 30 }));
    const { unmount } = openBrowse();

    let pagination = await screen.findByRole('navigation', { name: 'Paginering' });
    expect(within(pagination).getByText('Pagina 1 van 2')).toBeVisible();
    expect(within(pagination).queryByRole('link', { name: 'Vorige' })).not.toBeInTheDocument();
    expect(within(pagination).getByRole('link', { name: 'Volgende' })).toHaveAttribute(
      'href',
      '/profielen?page=2',
    );
    unmount();

    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 30, page: 2 }));
    openBrowse('/profielen?page=2');
    pagination = await screen.findByRole('navigation', { name: 'Paginering' });
    expect(within(pagination).getByRole('link', { name: 'Vorige' })).toHaveAttribute(
      'href',
      '/profielen',
    );
    expect(within(pagination).queryByRole('link', { name: 'Volgende' })).not.toBeInTheDocument();
  });

  it('shows the results on a map, one marker per postcode area', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
    onApi(
      'GET /api/profiles',
      listAnswer([
        aPetItem(),
        aVolunteerItem({
          id: 'volunteer-14',
          name: 'Sem',
          location: 'Utrecht',
          mapPoint: { lat: 52.0916, lon: 5.1228 },
        }),
        aVolunteerItem(),
        aVolunteerItem({ id: 'volunteer-15', name: 'Zonder plek', mapPoint: null }),
      ]),
    );
    openBrowse();
    await screen.findByText('4 profielen gevonden');

    await user.click(screen.getByRole('button', { name: 'Kaart' }));

    expect(screen.getByRole('button', { name: 'Kaart' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      expect(currentAddress()).toBe('/profielen?view=kaart');
    });
    const map = screen.getByRole('region', { name: 'Kaart met de gevonden profielen' });
    const markers = await within(map).findByRole('list', { name: 'Markeringen' });
    expect(
      within(markers)
        .getAllByRole('listitem')
        .map((marker) => marker.textContent),
    ).toEqual(['Utrecht: 2 profielen', 'Haarlem: 1 profiel']);
    expect(
      screen.getByText(/1 profiel zonder bekende plaats staat niet op de kaart/),
    ).toBeVisible();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('closes with a way to make a profile and to read more', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openBrowse();

    const closing = screen.getByRole('region', { name: 'Nog geen profiel?' });
    expect(within(closing).getByRole('link', { name: 'Profiel Aanmaken' })).toHaveAttribute(
      'href',
      '/registreren',
    );
    expect(within(closing).getByRole('link', { name: 'Meer Informatie' })).toHaveAttribute(
      'href',
      '/#hoe-werkt-het',
    );
    await screen.findByText('1 profiel gevonden');
  });
});

describe('BrowsePage bringing the results into view', () => {
  /**
   * As on a phone: the search form fills the first screen, so that the results start below the
   * fold. `scrolled` holds the elements scrolled into view, in order.
   */
  function resultsBelowTheFold() {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 1400, width: 390, height: 28 }),
    );
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    return { scrolled, scroll };
  }

  const answerBySearch = () => {
    onApi('GET /api/profiles', (request) => {
      const query = new URL(request.url).searchParams;
      if (query.get('q') === 'bobby') return listAnswer([aPetItem()]);
      if (query.get('type') === 'vrijwilliger') return listAnswer([aVolunteerItem()]);
      return listAnswer([aVolunteerItem(), aPetItem()]);
    });
  };

  it('brings the count into view and focus after Zoeken, and nothing on the first load', async () => {
    const user = userEvent.setup();
    const { scrolled, scroll } = resultsBelowTheFold();
    fakeSession(null);
    answerBySearch();
    openBrowse();
    await screen.findByText('2 profielen gevonden');
    expect(scrolled).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'bobby{Enter}');

    const count = await screen.findByText('1 profiel gevonden voor "bobby"');
    await waitFor(() => {
      expect(count).toHaveFocus();
    });
    // Once, when the results of the search are there.
    expect(scrolled).toEqual([count]);
    expect(scroll).toHaveBeenCalledWith({ block: 'start' });
  });

  it('scrolls to the count after a choice of kind, leaving the focus on the choice; a paused typing moves nothing', async () => {
    const user = userEvent.setup();
    const { scrolled } = resultsBelowTheFold();
    fakeSession(null);
    answerBySearch();
    openBrowse();
    await screen.findByText('2 profielen gevonden');

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'bobby');
    expect(await screen.findByText('1 profiel gevonden voor "bobby"')).toBeVisible();
    expect(scrolled).toEqual([]);

    await user.clear(screen.getByRole('searchbox', { name: 'Zoeken' }));
    await screen.findByText('2 profielen gevonden');
    const kind = screen.getByLabelText('Soort profiel');
    await user.selectOptions(kind, 'Vrijwilligers');
    const count = await screen.findByText('1 profiel gevonden in Vrijwilligers');
    await waitFor(() => {
      expect(scrolled).toEqual([count]);
    });
    expect(kind).toHaveFocus();
  });

  it('moves the focus but scrolls nothing when the count is in view already', async () => {
    const user = userEvent.setup();
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    fakeSession(null);
    answerBySearch();
    openBrowse();
    await screen.findByText('2 profielen gevonden');

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'bobby{Enter}');

    const count = await screen.findByText('1 profiel gevonden voor "bobby"');
    await waitFor(() => {
      expect(count).toHaveFocus();
    });
    expect(scroll).not.toHaveBeenCalled();
  });

  it('stays at the postcode box when the server refuses the place', async () => {
    const user = userEvent.setup();
    const { scrolled } = resultsBelowTheFold();
    fakeSession(null);
    onApi('GET /api/profiles', (request) =>
      new URL(request.url).searchParams.get('near')
        ? {
            status: 422,
            body: { error: 'Deze plaats kennen we niet.', code: 'invalid_input', field: 'near' },
          }
        : listAnswer([aVolunteerItem()]),
    );
    openBrowse();
    await screen.findByText('1 profiel gevonden');

    await user.type(screen.getByLabelText('Bij postcode'), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Deze plaats kennen we niet.');
    expect(scrolled).toEqual([]);
  });

  it('brings the results into view when a search on /voor-baasjes opens them here', async () => {
    const user = userEvent.setup();
    const { scrolled } = resultsBelowTheFold();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    renderWithProviders(<OwnersPage />, {
      path: '/voor-baasjes',
      also: { '/profielen': <BrowsePage /> },
    });
    await screen.findByText('1 vrijwilliger gevonden');
    expect(scrolled).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: 'Zoek een vrijwilliger' }), 'Lotte');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));

    const count = await screen.findByText('1 profiel gevonden in Vrijwilligers voor "Lotte"');
    await waitFor(() => {
      expect(count).toHaveFocus();
    });
    expect(scrolled).toEqual([count]);
  });
});

describe('BrowsePage filters', () => {
  it("offers the kind's filters in a sheet, counts what they show, and applies them to the address", async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 2 }));
    openBrowse('/profielen?type=vrijwilliger');
    await screen.findByText('2 profielen gevonden in Vrijwilligers');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByLabelText('Soort dier')).toBeVisible();
    expect(within(sheet).getByLabelText('Beschikbaar voor')).toBeVisible();
    expect(within(sheet).queryByLabelText('Grootte')).not.toBeInTheDocument();

    await user.selectOptions(within(sheet).getByLabelText('Ervaring'), 'Ervaren of meer');
    expect(await within(sheet).findByRole('button', { name: 'Toon 2 oppassers' })).toBeVisible();
    expect(listCalls().at(-1)?.get('experience')).toBe('ervaren');
    expect(currentAddress()).toBe('/profielen?type=vrijwilliger');

    await user.click(within(sheet).getByRole('button', { name: 'Toon 2 oppassers' }));
    expect(currentAddress()).toBe('/profielen?type=vrijwilliger&experience=ervaren');
    expect(screen.getByRole('button', { name: /^Filters, gekozen: ?1$/ })).toBeVisible();
    // The sheet closed on the results: the focus goes to their count.
    await waitFor(() => {
      expect(screen.getByText('2 profielen gevonden in Vrijwilligers')).toHaveFocus();
    });

    await user.click(screen.getByRole('button', { name: 'Filter Ervaren of meer weghalen' }));
    expect(currentAddress()).toBe('/profielen?type=vrijwilliger');
  });

  it('finds sitters who can help on a day, in a part of it, and shows the day on its chip', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()], { total: 3 }));
    openBrowse('/profielen?type=vrijwilliger');
    await screen.findByText('3 profielen gevonden in Vrijwilligers');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).queryByLabelText('Dagdeel')).not.toBeInTheDocument();
    const day = within(sheet).getByLabelText('Beschikbaar op');
    expect(day).toHaveAttribute('type', 'date');
    await user.type(day, '2030-12-24');
    await user.selectOptions(within(sheet).getByLabelText('Dagdeel'), 'Ochtend');
    await user.click(await within(sheet).findByRole('button', { name: 'Toon 3 oppassers' }));
    expect(currentAddress()).toBe(
      '/profielen?type=vrijwilliger&availableOn=2030-12-24&dayPart=ochtend',
    );
    expect(listCalls().at(-1)?.get('availableOn')).toBe('2030-12-24');

    // Taking the day away takes its part of the day with it.
    await user.click(
      screen.getByRole('button', { name: 'Filter Beschikbaar op dinsdag 24 december weghalen' }),
    );
    expect(currentAddress()).toBe('/profielen?type=vrijwilliger');
  });

  it('finds sitters free on a range of days, shareable in the address, and takes the range away whole', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([aVolunteerItem(), aVolunteerItem({ id: 'volunteer-13' })]),
    );
    openBrowse('/profielen?type=vrijwilliger');
    await screen.findByText(/^2 profielen gevonden/);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await user.type(within(sheet).getByLabelText('Beschikbaar van'), '2030-12-24');
    const until = within(sheet).getByLabelText('Tot en met');
    expect(until).toHaveAttribute('min', '2030-12-24');
    await user.type(until, '2030-12-28');
    await user.click(await within(sheet).findByRole('button', { name: 'Toon 2 oppassers' }));
    expect(currentAddress()).toBe(
      '/profielen?type=vrijwilliger&availableFrom=2030-12-24&availableUntil=2030-12-28',
    );
    expect(listCalls().at(-1)?.get('availableFrom')).toBe('2030-12-24');
    expect(listCalls().at(-1)?.get('availableUntil')).toBe('2030-12-28');

    // One end alone is no search: its chip takes the other with it.
    await user.click(
      screen.getByRole('button', { name: 'Filter Tot en met zaterdag 28 december weghalen' }),
    );
    expect(currentAddress()).toBe('/profielen?type=vrijwilliger');
  });

  it("offers no walks in the filters once 'Kat' is chosen, and drops them when chosen before", async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openBrowse('/profielen?type=huisdier');
    await screen.findByText(/^1 profiel gevonden/);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    const help = within(sheet).getByLabelText('Gezochte hulp');
    await user.selectOptions(help, 'Uitlaten');
    await user.selectOptions(within(sheet).getByLabelText('Soort dier'), 'Kat');
    expect(within(help).queryByRole('option', { name: 'Uitlaten' })).not.toBeInTheDocument();
    expect(help).toHaveValue('');
    expect(within(help).getByRole('option', { name: 'Logeren' })).toBeInTheDocument();
  });

  it('reads no range from a shared address with one end only', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    openBrowse('/profielen?type=vrijwilliger&availableFrom=2030-12-24');
    await screen.findByText(/^1 profiel gevonden/);
    expect(listCalls()[0]?.has('availableFrom')).toBe(false);
  });

  it('reads no day from a shared address that holds none, nor a part of the day without one', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aVolunteerItem()]));
    openBrowse('/profielen?availableOn=2030-02-30&dayPart=avond');
    await screen.findByText(/^1 profiel gevonden/);
    expect(listCalls()[0]?.has('availableOn')).toBe(false);
    expect(listCalls()[0]?.has('dayPart')).toBe(false);
  });

  it('restores the filters of a shared address, and drops those of another kind', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openBrowse('/profielen?type=huisdier&species=kat&size=klein&offers=Logeren');
    await screen.findByText('1 profiel gevonden in Huisdieren');

    const first = listCalls()[0];
    expect(first?.get('species')).toBe('kat');
    expect(first?.get('size')).toBe('klein');
    expect(first?.has('offers')).toBe(false);
    const chips = screen.getByRole('list', { name: 'Gekozen filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Kat', 'Klein (tot 10 kg)']);

    await user.selectOptions(screen.getByLabelText('Soort profiel'), 'Vrijwilligers');
    expect(currentAddress()).toBe('/profielen?type=vrijwilliger&species=kat');
  });

  it('sorts near a place, nearest first unless newest is chosen', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem({ distanceKm: 1.5 })]));
    openBrowse('/profielen?near=3512');
    await screen.findByText('1 profiel gevonden binnen 10 km van 3512');

    expect(screen.getByLabelText('Sorteren')).toHaveValue('afstand');
    await user.selectOptions(screen.getByLabelText('Sorteren'), 'Nieuwste');
    expect(currentAddress()).toBe('/profielen?near=3512&sort=nieuwste');
    expect(listCalls().at(-1)?.get('sort')).toBe('nieuwste');
  });

  it('sorts elsewhere by what is recommended, newest or recently active, never by distance', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openBrowse('/profielen?type=huisdier');
    await screen.findByText(/^1 profiel gevonden/);

    const sort = screen.getByLabelText('Sorteren');
    expect(sort).toHaveValue('aanbevolen');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Aanbevolen', 'Nieuwste', 'Recent actief']);
    await user.selectOptions(sort, 'Recent actief');
    expect(currentAddress()).toBe('/profielen?type=huisdier&sort=recent-actief');
    expect(listCalls().at(-1)?.get('sort')).toBe('recent-actief');
  });
});

describe('BrowsePage saved searches', () => {
  it('saves the search of the address for a signed-in person, and says when the most are saved', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    const bodies: unknown[] = [];
    const keys: (string | null)[] = [];
    let full = false;
    onApi('POST /api/saved-searches', async (request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      bodies.push(await request.json());
      return full
        ? {
            status: 409,
            body: { error: 'Je bewaart al 10 zoekopdrachten, het maximum.', code: 'conflict' },
          }
        : {
            status: 201,
            body: {
              id: 1,
              label: 'Huisdieren · Kat',
              address: 'type=huisdier&species=kat',
              createdAt: '2026-11-27T10:00:00Z',
            },
          };
    });
    openBrowse('/profielen?type=huisdier&species=kat&page=2');
    await screen.findByText('1 profiel gevonden in Huisdieren');

    await user.click(screen.getByRole('button', { name: 'Bewaar deze zoekopdracht' }));
    expect(await screen.findByText(/^Bewaard\. Je krijgt een e-mail/)).toBeVisible();
    expect(bodies).toEqual([{ query: 'type=huisdier&species=kat' }]);

    full = true;
    await user.click(screen.getByRole('button', { name: 'Bewaar deze zoekopdracht' }));
    expect(await screen.findByText('Je bewaart al 10 zoekopdrachten, het maximum.')).toBeVisible();
    // One key per save: a second save after the first was answered is a new intent.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('asks a visitor to sign in to save a search', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openBrowse('/profielen?type=huisdier');
    expect(
      await screen.findByRole('link', { name: 'Log in om deze zoekopdracht te bewaren' }),
    ).toHaveAttribute('href', '/inloggen');
  });
});
