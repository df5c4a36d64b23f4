import { routeTitle } from '@glass/domain/routes';
import { useParams, useSearchParams } from 'react-router-dom';
import { TileScreen } from './tile-screen';

/** Invoice and service vehicle detail routes: the title with the id; `?alertId=` is accepted. */
export function RecordScreen({ route }: { route: '/invoices/:id' | '/service-vehicles/:id' }) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  // The alert that opened this record is consumed by the messaging work; it is read here so the
  // route accepts it and the value is not lost on the way.
  const alertId = search.get('alertId');
  return (
    <div data-alert-id={alertId ?? undefined}>
      <TileScreen title={routeTitle(route, id)} detail="The record detail screen is not built yet." />
    </div>
  );
}
