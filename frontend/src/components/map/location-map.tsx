import { useQuery } from '@tanstack/react-query';
import { MapPin, MapPinOff, TriangleAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { mapConfigQueryOptions, placeQueryOptions } from '@/components/map/map-api';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** Where the map goes when a place cannot be found: the centre of Amsterdam. */
export const AMSTERDAM = { lat: 52.3676, lon: 4.9041 } as const;
export const MAP_ZOOM = 13;

export const MAP_LOADING = 'Kaart wordt geladen...';
export const LOCATION_NOT_FOUND = 'Locatie niet gevonden';
export const MAP_FAILED = 'Kaart kon niet worden geladen, Amsterdam wordt getoond';
export const placeNotFound = (location: string) =>
  `Locatie "${location}" niet gevonden, Amsterdam wordt getoond`;

/** Leaflet and its CSS come in their own chunk, loaded when a map is first shown. */
const LeafletMap = lazy(() =>
  import('@/components/map/leaflet-map').then((module) => ({ default: module.LeafletMap })),
);

export interface LocationMapProps {
  /** The place as written, e.g. 'Utrecht'. */
  location: string | null | undefined;
  /** Whose place it is: names the map and the marker. */
  name: string;
  avatarUrl?: string | null | undefined;
  /** The postcode area's position, when the server knows it; saves the look-up. */
  lat?: number | null | undefined;
  lon?: number | null | undefined;
  className?: string;
}

/** 'Kaart wordt geladen...' in the middle of the map's frame. */
export function MapLoading() {
  return (
    <div className="flex h-full items-center justify-center text-stone-700">
      <Spinner label={MAP_LOADING} />
    </div>
  );
}

interface Resolved {
  status: 'loading' | 'located' | 'fallback' | 'missing';
  lat: number;
  lon: number;
  warning?: string;
  /** The position came from the GeoNames postcode table. */
  postcode: boolean;
}

function useResolvedPosition({ location, lat, lon }: LocationMapProps, lookUp: boolean): Resolved {
  const text = location?.trim() ?? '';
  const known = typeof lat === 'number' && typeof lon === 'number';
  const place = useQuery(placeQueryOptions(lookUp && !known && text !== '' ? text : null));

  if (known) {
    return { status: 'located', lat, lon, postcode: true };
  }
  if (text === '') {
    return { status: 'missing', ...AMSTERDAM, postcode: false };
  }
  if (place.isPending) {
    return { status: 'loading', ...AMSTERDAM, postcode: false };
  }
  if (place.isError) {
    return { status: 'fallback', ...AMSTERDAM, warning: MAP_FAILED, postcode: false };
  }
  if (place.data === null) {
    return { status: 'fallback', ...AMSTERDAM, warning: placeNotFound(text), postcode: false };
  }
  return {
    status: 'located',
    lat: place.data.lat,
    lon: place.data.lon,
    postcode: place.data.source === 'postcode',
  };
}

export const placeCardHint = (name: string) => `De omgeving van ${name}; een adres tonen we nooit.`;

/**
 * Without map tiles (an offline set-up, or none configured) a map would be an empty grey frame:
 * a small card names the place instead.
 */
function PlaceCard({ location, name, className }: LocationMapProps) {
  const text = location?.trim() ?? '';
  return (
    <div
      role="region"
      aria-label={`Locatie van ${name}`}
      className={cn(
        'flex items-center gap-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200',
        className,
      )}
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-orange-100 text-orange-700">
        {text ? (
          <MapPin aria-hidden="true" className="size-6" />
        ) : (
          <MapPinOff aria-hidden="true" className="size-6" />
        )}
      </span>
      {text ? (
        <div className="flex min-w-0 flex-col">
          <p className="font-semibold break-words text-stone-900">{text}</p>
          <p className="text-sm text-stone-700">{placeCardHint(name)}</p>
        </div>
      ) : (
        <p className="font-semibold text-stone-700">{LOCATION_NOT_FOUND}</p>
      )}
    </div>
  );
}

/**
 * The location map widget on a profile page: the avatar as a marker at the person's or pet's place,
 * Amsterdam with a warning when the place cannot be found; a place card when there are no tiles.
 */
export function LocationMap(props: LocationMapProps) {
  const { name, avatarUrl, className } = props;
  const config = useQuery(mapConfigQueryOptions());
  const withoutTiles = config.isSuccess && !config.data.tileUrl;
  // A place is looked up only for a map that will show it.
  const position = useResolvedPosition(props, config.isSuccess && !withoutTiles);

  if (withoutTiles) {
    return <PlaceCard {...props} />;
  }

  const loading = <MapLoading />;

  let body;
  if (position.status === 'missing') {
    body = (
      <div className="flex h-full flex-col items-center justify-center gap-2 text-stone-700">
        <MapPinOff aria-hidden="true" className="size-8 text-stone-500" />
        <p className="font-semibold">{LOCATION_NOT_FOUND}</p>
      </div>
    );
  } else if (position.status === 'loading' || config.isPending) {
    body = loading;
  } else {
    body = (
      <Suspense fallback={loading}>
        <LeafletMap
          lat={position.lat}
          lon={position.lon}
          zoom={MAP_ZOOM}
          name={name}
          avatarUrl={avatarUrl ?? null}
          tileUrl={config.data?.tileUrl ?? null}
          postcodeAttribution={position.postcode}
        />
      </Suspense>
    );
  }

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {position.warning && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {position.warning}
        </p>
      )}
      <div
        role="region"
        aria-label={`Kaart met de locatie van ${name}`}
        className="isolate h-72 overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-stone-200 sm:h-80"
      >
        {body}
      </div>
    </div>
  );
}
