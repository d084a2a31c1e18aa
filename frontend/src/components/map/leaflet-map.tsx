import 'leaflet/dist/leaflet.css';
import '@/components/map/location-map.css';
import { divIcon, type Map as LeafletMapInstance } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, TileLayer, ZoomControl, useMap } from 'react-leaflet';

export const OSM_ATTRIBUTION = '© OpenStreetMap';
export const GEONAMES_ATTRIBUTION = 'Postcodes: GeoNames (CC BY 4.0)';
export const ZOOM_IN_TITLE = 'Inzoomen';
export const ZOOM_OUT_TITLE = 'Uitzoomen';
const MARKER_SIZE = 50;

export interface LeafletMapProps {
  lat: number;
  lon: number;
  zoom: number;
  name: string;
  avatarUrl: string | null;
  /** Null: draw no tiles (tests and offline set-ups). */
  tileUrl: string | null;
  /** Credit GeoNames, whose postcode table gave the position. */
  postcodeAttribution: boolean;
}

/**
 * The marker's content, built as DOM nodes rather than an HTML string: the name and the photo
 * address are user input, and the server's Content-Security-Policy forbids inline styles.
 */
function markerContent(name: string, avatarUrl: string | null): HTMLElement {
  const wrapper = document.createElement('span');
  wrapper.className = 'oppas-marker__face';
  if (avatarUrl) {
    const image = document.createElement('img');
    image.src = avatarUrl;
    image.alt = '';
    image.className = 'oppas-marker__image';
    wrapper.append(image);
  } else {
    const initial = name.trim().charAt(0).toUpperCase();
    wrapper.textContent = initial || '🐾';
  }
  return wrapper;
}

/** Keeps the view on the position when it changes after the first render. */
function Recenter({ lat, lon, zoom }: { lat: number; lon: number; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lon], zoom);
  }, [map, lat, lon, zoom]);
  return null;
}

/** Adds the GeoNames credit to the attribution control while the position comes from it. */
export function PostcodeAttribution() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl.addAttribution(GEONAMES_ATTRIBUTION);
    return () => {
      map.attributionControl.removeAttribution(GEONAMES_ATTRIBUTION);
    };
  }, [map]);
  return null;
}

/** The Leaflet part of the location map; loaded lazily by `LocationMap`. */
export function LeafletMap({
  lat,
  lon,
  zoom,
  name,
  avatarUrl,
  tileUrl,
  postcodeAttribution,
}: LeafletMapProps) {
  const [map, setMap] = useState<LeafletMapInstance | null>(null);
  const icon = useMemo(
    () =>
      divIcon({
        html: markerContent(name, avatarUrl),
        className: 'oppas-marker',
        iconSize: [MARKER_SIZE, MARKER_SIZE],
        iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
      }),
    [name, avatarUrl],
  );

  useEffect(() => {
    // Only the credits that apply: no Leaflet prefix.
    map?.attributionControl.setPrefix(false);
  }, [map]);

  return (
    <MapContainer
      ref={setMap}
      center={[lat, lon]}
      zoom={zoom}
      zoomControl={false}
      scrollWheelZoom={false}
      keyboard={false}
      className="h-full w-full"
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={OSM_ATTRIBUTION} />}
      {postcodeAttribution && <PostcodeAttribution />}
      <ZoomControl position="topleft" zoomInTitle={ZOOM_IN_TITLE} zoomOutTitle={ZOOM_OUT_TITLE} />
      <Recenter lat={lat} lon={lon} zoom={zoom} />
      <Marker position={[lat, lon]} icon={icon} keyboard={false} interactive={false} />
    </MapContainer>
  );
}
