import { useQuery } from '@tanstack/react-query';
import { MapPinOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { MapLoading } from '@/components/map/location-map';
import { mapConfigQueryOptions } from '@/components/map/map-api';
import type { MapArea } from '@/components/map/map-area';
import { cn } from '@/lib/cn';

/** Leaflet and its CSS come in their own chunk, loaded when a map is first shown. */
const LeafletPointsMap = lazy(() =>
  import('@/components/map/leaflet-points-map').then((module) => ({
    default: module.LeafletPointsMap,
  })),
);

export interface PointsMapProps {
  /** Names the map region. */
  label: string;
  areas: MapArea[];
  /** Shown instead of a map when there is no area to mark. */
  emptyText: string;
  className?: string;
}

/** A map with one numbered marker per area, each opening a popup; Leaflet loads on first use. */
export function PointsMap({ label, areas, emptyText, className }: PointsMapProps) {
  const config = useQuery(mapConfigQueryOptions());

  const loading = <MapLoading />;

  let body;
  if (areas.length === 0) {
    body = (
      <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center text-stone-700">
        <MapPinOff aria-hidden="true" className="size-8 text-stone-500" />
        <p className="font-semibold">{emptyText}</p>
      </div>
    );
  } else if (config.isPending) {
    body = loading;
  } else {
    body = (
      <Suspense fallback={loading}>
        <LeafletPointsMap areas={areas} tileUrl={config.data?.tileUrl ?? null} />
      </Suspense>
    );
  }

  return (
    <div
      role="region"
      aria-label={label}
      className={cn(
        'isolate h-[26rem] overflow-hidden rounded-3xl bg-stone-100 ring-1 ring-stone-200 sm:h-[32rem]',
        className,
      )}
    >
      {body}
    </div>
  );
}
