import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { svApi } from './sv-api';
import { Section } from '../../ui/section';
import { money } from './sv-detail-sections';
import { serviceVehicleKeys } from '../../query/query-keys';

/**
 * The vehicle's windshield accessories (spec 1 §7 GET ServiceVehicle/Accessories/{id}): recorded on the
 * invoice made from it, so a vehicle without an invoice has none yet.
 */
export function SvAccessories({ serviceVehicleId }: { serviceVehicleId: number }) {
  const query = useQuery({
    queryKey: serviceVehicleKeys.accessories(serviceVehicleId),
    queryFn: () => svApi.accessories(serviceVehicleId),
  });
  const rows = query.data ?? [];
  return (
    <Section id="accessories" title="Accessories">
      {query.isPending ? (
        <Spin aria-label="Loading accessories" />
      ) : query.isError ? (
        <Alert type="error" showIcon title="Failed to get accessories" />
      ) : rows.length ? (
        <ul className="sv-list" aria-label="Accessories">
          {rows.map((a) => (
            <li key={a.id} className="sv-row">
              <strong>{a.name}</strong>
              {a.partNumber ? ` — ${a.partNumber}` : ''}
              {a.price !== null && a.price !== undefined ? ` — ${money(a.price)}` : ''}
              {a.requiresCalibration ? <span className="sv-tag"> Requires calibration</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No accessories.</p>
      )}
    </Section>
  );
}
