import { RecordScreen } from '../../shell/record-screen';

/** /service-vehicles/:id — title 'Service Vehicle: {id}' (spec 1 §2); the detail screen is later work. */
export function ServiceVehiclePage() {
  return <RecordScreen route="/service-vehicles/:id" />;
}
