import { DEFAULT_MAP_POSITION } from '@glass/domain/constants';
import type { GeoPoint } from '@glass/domain/rules/route-order';
import { useMapConfig } from '../api/map-config';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { PlannedStop } from './route-plan';
import './route.css';

type LatLng = [number, number];

/** Keeps every pin in view when the stops, their order or the map's size change (a phone turned, a tab shown). */
function FitBounds({ points }: { points: LatLng[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the points' text is the dependency.
  useEffect(() => {
    const fit = () => {
      if (points.length === 1) map.setView(points[0], 13, { animate: false });
      else if (points.length > 1)
        map.fitBounds(L.latLngBounds(points), { padding: [28, 28], animate: false });
    };
    fit();
    const resized = new ResizeObserver(() => {
      map.invalidateSize();
      fit();
    });
    resized.observe(map.getContainer());
    return () => resized.disconnect();
  }, [map, key]);
  return null;
}

/** A numbered pin (the number only: no user text goes into the icon's HTML). */
const pin = (n: number) =>
  L.divIcon({
    className: '',
    html: `<span class="route-pin">${n}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });

/**
 * A route on a Leaflet map: the start, then the stops with coordinates as numbered pins in the given order,
 * joined by a line. Tiles come from the server's configuration (facilities/mapConfig); without tiles the
 * pins and the line still show. Stops without coordinates are left out (the list shows them).
 */
export function RouteMap<S extends PlannedStop>({
  stops,
  start,
  label = 'Route map',
}: {
  stops: S[];
  start: GeoPoint | null;
  label?: string;
}) {
  const { data: config } = useMapConfig();
  const pins = useMemo(
    () =>
      stops
        .map((s, i) => ({ stop: s, n: i + 1 }))
        .filter(
          (p): p is { stop: S & { latitude: number; longitude: number }; n: number } =>
            p.stop.latitude !== null && p.stop.longitude !== null,
        ),
    [stops],
  );
  const line: LatLng[] = [
    ...(start ? [[start.latitude, start.longitude] as LatLng] : []),
    ...pins.map((p) => [p.stop.latitude, p.stop.longitude] as LatLng),
  ];
  const fallback = config?.defaultPosition ?? DEFAULT_MAP_POSITION;
  const center: LatLng = line[0] ?? [fallback.latitude, fallback.longitude];
  return (
    <section aria-label={label} className="route-map">
      <MapContainer
        center={center}
        zoom={11}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        {config ? <TileLayer url={config.tileUrl} attribution={config.attribution} /> : null}
        {line.length > 1 ? <Polyline positions={line} className="route-line" weight={3} /> : null}
        {start ? (
          <CircleMarker
            center={[start.latitude, start.longitude]}
            radius={8}
            className="route-start"
            weight={3}
          >
            <Tooltip>Start</Tooltip>
          </CircleMarker>
        ) : null}
        {pins.map(({ stop, n }) => (
          <Marker
            key={stop.appointmentId}
            position={[stop.latitude, stop.longitude]}
            icon={pin(n)}
            title={`Stop ${n}: invoice ${stop.invoiceId}`}
            zIndexOffset={1000 - n}
          >
            <Tooltip>
              {n}. Invoice {stop.invoiceId}
              {stop.customerName ? ` · ${stop.customerName}` : ''}
            </Tooltip>
          </Marker>
        ))}
        <FitBounds points={line} />
      </MapContainer>
    </section>
  );
}
