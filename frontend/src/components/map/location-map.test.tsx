import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationMap } from '@/components/map/location-map';
import { fakeSession, onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

// Leaflet needs a real layout engine; the stub shows what the widget asked it to draw.
vi.mock('@/components/map/leaflet-map', () => ({
  LeafletMap: (props: {
    lat: number;
    lon: number;
    tileUrl: string | null;
    postcodeAttribution: boolean;
  }) => (
    <p>
      Kaart op {props.lat}, {props.lon}
      {props.tileUrl ? ' met tegels' : ' zonder tegels'}
      {props.postcodeAttribution ? ' (GeoNames)' : ''}
    </p>
  ),
}));

const TILES = 'https://tiles.example/{z}/{x}/{y}.png';

describe('LocationMap', () => {
  beforeEach(() => {
    fakeSession(null);
  });

  it('uses the position it is given without a look-up', async () => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: TILES } });
    renderWithProviders(<LocationMap location="Utrecht" name="Bobby" lat={52.09} lon={5.12} />);

    expect(
      screen.getByRole('region', { name: 'Kaart met de locatie van Bobby' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Kaart op 52.09, 5.12 met tegels (GeoNames)'),
    ).toBeInTheDocument();
  });

  it('shows a loading text, then the place the server finds', async () => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: TILES } });
    onApi('GET /api/geo', (request) => {
      expect(new URL(request.url).searchParams.get('q')).toBe('Haarlem');
      return { status: 200, body: { lat: 52.38, lon: 4.64, label: 'Haarlem', source: 'city' } };
    });
    renderWithProviders(<LocationMap location="Haarlem" name="Lotte" />);

    expect(screen.getByRole('status')).toHaveTextContent('Kaart wordt geladen...');
    expect(await screen.findByText('Kaart op 52.38, 4.64 met tegels')).toBeInTheDocument();
  });

  it('falls back to Amsterdam when the place is unknown', async () => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: TILES } });
    onApi('GET /api/geo', {
      status: 404,
      body: { error: 'Locatie "Nergenshuizen" niet gevonden', code: 'not_found' },
    });
    renderWithProviders(<LocationMap location="Nergenshuizen" name="Lotte" />);

    expect(
      await screen.findByText('Locatie "Nergenshuizen" niet gevonden, Amsterdam wordt getoond'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Kaart op 52.3676, 4.9041 met tegels')).toBeInTheDocument();
  });

  it('falls back to Amsterdam when the look-up fails', async () => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: TILES } });
    onApi('GET /api/geo', {
      status: 503,
      body: { error: 'De kaartgegevens zijn op dit moment niet beschikbaar.', code: 'unavailable' },
    });
    renderWithProviders(<LocationMap location="Haarlem" name="Lotte" />);

    expect(
      await screen.findByText('Kaart kon niet worden geladen, Amsterdam wordt getoond'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Kaart op 52.3676, 4.9041 met tegels')).toBeInTheDocument();
  });

  it('says so when there is no place at all', () => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: TILES } });
    renderWithProviders(<LocationMap location={null} name="Lotte" />);

    expect(screen.getByText('Locatie niet gevonden')).toBeInTheDocument();
  });

  it('shows a card naming the place, without a look-up, when there are no tiles', async () => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
    const lookUps: string[] = [];
    onApi('GET /api/geo', (request) => {
      lookUps.push(request.url);
      return { status: 200, body: { lat: 52.38, lon: 4.64, label: 'Haarlem', source: 'city' } };
    });
    renderWithProviders(<LocationMap location="Haarlem" name="Lotte" />);

    const card = await screen.findByRole('region', { name: 'Locatie van Lotte' });
    expect(card).toHaveTextContent('Haarlem');
    expect(card).toHaveTextContent('De omgeving van Lotte; een adres tonen we nooit.');
    expect(screen.queryByRole('region', { name: 'Kaart met de locatie van Lotte' })).toBeNull();
    expect(screen.queryByText(/Kaart op/)).toBeNull();
    expect(lookUps).toEqual([]);
  });

  it('says in the card when there are no tiles and no place', async () => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
    renderWithProviders(<LocationMap location="  " name="Lotte" />);

    const card = await screen.findByRole('region', { name: 'Locatie van Lotte' });
    expect(card).toHaveTextContent('Locatie niet gevonden');
  });
});
