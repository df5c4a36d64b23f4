import { DEFAULT_MAP_POSITION } from '@glass/domain/constants';
import { useMapConfig } from '../../api/map-config';
import 'leaflet/dist/leaflet.css';
import './facility-map.css';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useEffect } from 'react';

function Recenter({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

function ClickToPlace({ onPick }: { onPick?: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick?.(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))) });
  return null;
}

/**
 * The facility's position on a small map (Leaflet). Without coordinates it centres on the spec's
 * default position (29.940498, -95.522003). The tile server comes from the server's configuration;
 * when tiles cannot load the map stays grey and the form keeps working. Clicking sets the position.
 */
export function FacilityMap({
  latitude,
  longitude,
  onPick,
}: {
  latitude?: number | null;
  longitude?: number | null;
  onPick?: (lat: number, lng: number) => void;
}) {
  const { data: config } = useMapConfig();
  const has = typeof latitude === 'number' && typeof longitude === 'number';
  const fallback = config?.defaultPosition ?? DEFAULT_MAP_POSITION;
  const lat = has ? latitude : fallback.latitude;
  const lng = has ? longitude : fallback.longitude;
  return (
    <section aria-label="Facility location map" style={{ height: 220, borderRadius: 6, overflow: 'hidden' }}>
      <MapContainer
        center={[lat, lng]}
        zoom={has ? 14 : 10}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        {config ? <TileLayer url={config.tileUrl} attribution={config.attribution} /> : null}
        {has ? (
          <CircleMarker center={[lat, lng]} radius={9} pathOptions={{ className: 'facility-marker' }} />
        ) : null}
        <Recenter lat={lat} lng={lng} />
        <ClickToPlace onPick={onPick} />
      </MapContainer>
    </section>
  );
}
