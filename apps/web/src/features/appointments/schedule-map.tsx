import { DEFAULT_MAP_POSITION } from '@glass/domain/constants';
import { useMapConfig } from '../../api/map-config';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';

function Recenter({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))) });
  return null;
}

/**
 * The service location pin (Leaflet, only on this screen). Without a position it centres on the spec's
 * default (29.940498, -95.522003); the tile server is the server's configuration (facilities/mapConfig) and
 * the form works without tiles: latitude and longitude are also plain fields.
 */
export function ScheduleMap({
  latitude,
  longitude,
  onPick,
}: {
  latitude?: number | null;
  longitude?: number | null;
  onPick: (lat: number, lng: number) => void;
}) {
  const { data: config } = useMapConfig();
  const has = typeof latitude === 'number' && typeof longitude === 'number';
  const fallback = config?.defaultPosition ?? DEFAULT_MAP_POSITION;
  const lat = has ? latitude : fallback.latitude;
  const lng = has ? longitude : fallback.longitude;
  return (
    <section aria-label="Service location map (click to place the pin)" className="appt-map">
      <MapContainer
        center={[lat, lng]}
        zoom={has ? 14 : 10}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        {config ? <TileLayer url={config.tileUrl} attribution={config.attribution} /> : null}
        {has ? (
          <CircleMarker center={[lat, lng]} radius={9} pathOptions={{ className: 'appt-marker' }} />
        ) : null}
        <Recenter lat={lat} lng={lng} />
        <ClickToPlace onPick={onPick} />
      </MapContainer>
    </section>
  );
}
