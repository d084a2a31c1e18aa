import { Link } from 'react-router';
import type { MapArea } from '@/components/map/map-area';
import { PointsMap } from '@/components/map/points-map';
import type { ProfileListItem } from '@/features/browse/api/types';
import { profileHref, typeLabel } from '@/features/browse/components/profile-link';

export const RESULTS_MAP_LABEL = 'Kaart met de gevonden profielen';

const profilesWord = (count: number) => (count === 1 ? 'profiel' : 'profielen');

/**
 * The results grouped by postcode area: items whose `mapPoint` is the same share one marker. The
 * server gives the area's centre, never an address.
 */
export function groupByArea(items: ProfileListItem[]): MapArea[] {
  const groups = new Map<string, { lat: number; lon: number; items: ProfileListItem[] }>();
  for (const item of items) {
    if (!item.mapPoint) continue;
    const { lat, lon } = item.mapPoint;
    const key = `${lat.toFixed(4)},${lon.toFixed(4)}`;
    const group = groups.get(key);
    if (group) {
      group.items.push(item);
    } else {
      groups.set(key, { lat, lon, items: [item] });
    }
  }
  return [...groups.entries()].map(([key, group]) => {
    const places = [...new Set(group.items.map((item) => item.location.trim()).filter(Boolean))];
    const place = places.join(', ') || 'Onbekende plaats';
    const count = group.items.length;
    return {
      key,
      lat: group.lat,
      lon: group.lon,
      count,
      title: `${place}: ${count} ${profilesWord(count)}`,
      content: (
        <div className="flex flex-col gap-2 text-sm">
          <p className="font-bold text-stone-900">{place}</p>
          <ul className="flex flex-col gap-1">
            {group.items.map((item) => (
              <li key={item.id}>
                <Link to={profileHref(item)} className="font-semibold text-teal-800 underline">
                  {item.name}
                </Link>{' '}
                <span className="text-stone-700">({typeLabel(item.type)})</span>
              </li>
            ))}
          </ul>
        </div>
      ),
    };
  });
}

/** The map view of a results page: one numbered marker per postcode area. */
export function ResultsMap({ items }: { items: ProfileListItem[] }) {
  const areas = groupByArea(items);
  const unplaced = items.filter((item) => !item.mapPoint).length;
  return (
    <div className="flex flex-col gap-3">
      <PointsMap
        label={RESULTS_MAP_LABEL}
        areas={areas}
        emptyText="Van deze profielen is de plaats niet bekend."
      />
      <p className="text-sm text-stone-700">
        De kaart toont de profielen van deze pagina per postcodegebied, nooit een adres.
        {unplaced > 0 &&
          ` ${unplaced} ${profilesWord(unplaced)} zonder bekende plaats ${unplaced === 1 ? 'staat' : 'staan'} niet op de kaart.`}
      </p>
    </div>
  );
}
