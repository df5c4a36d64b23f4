import { PushpinOutlined } from '@ant-design/icons';
import type { RecordTypeName } from '@glass/domain/enums';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

// The dialog (its Select, Radio and the lines' reads) loads when the button is first pressed.
const ParkDialog = lazy(() => import('./park-dialog').then((m) => ({ default: m.ParkDialog })));

/**
 * The "Park" action for record screens: choose a free line (1..option 36) and a user or a message group,
 * then POST Invoices/{id}/park or ServiceVehicle/{id}/park.
 */
export function ParkButton({
  recordType,
  recordId,
  onParked,
}: {
  recordType: RecordTypeName;
  recordId: number;
  onParked?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PushpinOutlined />} onClick={() => setOpen(true)}>
        Park
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ParkDialog
            recordType={recordType}
            recordId={recordId}
            onClose={() => setOpen(false)}
            onParked={onParked}
          />
        </Suspense>
      ) : null}
    </>
  );
}
