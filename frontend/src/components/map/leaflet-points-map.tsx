import 'leaflet/dist/leaflet.css';
import '@/components/map/location-map.css';
import { divIcon, latLngBounds, type Map as LeafletMapInstance } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import {
  OSM_ATTRIBUTION,
  PostcodeAttribution,
  ZOOM_IN_TITLE,
  ZOOM_OUT_TITLE,
} from '@/components/map/leaflet-map';
import type { MapArea } from '@/components/map/map-area';

const MARKER_SIZE = 44;
/** Close enough to see the town, far enough not to suggest a street. */
const MAX_ZOOM = 12;

/**
 * The marker's content, built as DOM nodes (no HTML strings, no inline styles): the number of
 * profiles for the eye, the area's description for assistive technology.
 */
function markerContent(area: MapArea): HTMLElement {
  const wrapper = document.createElement('span');
  wrapper.className = 'oppas-marker__face';
  const count = document.createElement('span');
  count.setAttribute('aria-hidden', 'true');
  count.textContent = String(area.count);
  const label = document.createElement('span');
  label.className = 'sr-only';
  label.textContent = area.title;
  wrapper.append(count, label);
  return wrapper;
}

/** Shows every area: the bounds of them all, or the one area at a town's zoom. */
function FitAreas({ areas }: { areas: MapArea[] }) {
  const map = useMap();
  const key = areas.map((area) => area.key).join('|');
  useEffect(() => {
    const [first] = areas;
    if (!first) return;
    if (areas.length === 1) {
      map.setView([first.lat, first.lon], MAX_ZOOM);
    } else {
      map.fitBounds(latLngBounds(areas.map((area) => [area.lat, area.lon])), {
        padding: [MARKER_SIZE, MARKER_SIZE],
        maxZoom: MAX_ZOOM,
      });
    }
    // The areas are compared by their keys: a new array with the same areas changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function AreaMarker({ area }: { area: MapArea }) {
  const icon = useMemo(
    () =>
      divIcon({
        html: markerContent(area),
        className: 'oppas-marker',
        iconSize: [MARKER_SIZE, MARKER_SIZE],
        iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
        popupAnchor: [0, -MARKER_SIZE / 2],
      }),
    [area],
  );
  return (
    <Marker
      position={[area.lat, area.lon]}
      icon={icon}
      eventHandlers={{
        popupopen: (event) => {
          // Leaflet names its close button in English.
          event.popup
            .getElement()
            ?.querySelector('.leaflet-popup-close-button')
            ?.setAttribute('aria-label', 'Sluiten');
        },
      }}
    >
      <Popup>{area.content}</Popup>
    </Marker>
  );
}

export interface LeafletPointsMapProps {
  areas: MapArea[];
  /** Null: draw no tiles (tests and offline set-ups). */
  tileUrl: string | null;
}

/** The Leaflet part of the area map; loaded lazily by `PointsMap`. */
export function LeafletPointsMap({ areas, tileUrl }: LeafletPointsMapProps) {
  const [map, setMap] = useState<LeafletMapInstance | null>(null);
  const [first] = areas;

  useEffect(() => {
    // Only the credits that apply: no Leaflet prefix.
    map?.attributionControl.setPrefix(false);
  }, [map]);

  if (!first) return null;
  return (
    <MapContainer
      ref={setMap}
      center={[first.lat, first.lon]}
      zoom={MAX_ZOOM}
      zoomControl={false}
      scrollWheelZoom={false}
      keyboard={false}
      className="h-full w-full"
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={OSM_ATTRIBUTION} />}
      <PostcodeAttribution />
      <ZoomControl position="topleft" zoomInTitle={ZOOM_IN_TITLE} zoomOutTitle={ZOOM_OUT_TITLE} />
      <FitAreas areas={areas} />
      {areas.map((area) => (
        <AreaMarker key={area.key} area={area} />
      ))}
    </MapContainer>
  );
}
