import { INVOICE_INITIATE_FAILED } from '@glass/domain/messages/invoices';
import {
  SCHEDULE_INVOICE_CREATED,
  scheduleNeedsInvoice,
  scheduleUsesExistingInvoice,
} from '@glass/domain/messages/service-vehicles';
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { showError, toastError, toastInfo, toastSuccess } from '../../api/notices';
import { invoiceKeys, serviceVehicleKeys } from '../../query/query-keys';
import { useRefreshingMutation } from '../../query/use-write';
import { svApi } from './sv-api';

const scheduleUrl = (invoiceId: number) => `/schedule-appointment?invoiceId=${invoiceId}`;

/**
 * "Schedule" on a service vehicle (decision 0021): scheduling is keyed on the invoice (spec 2 §2), so a vehicle
 * with its invoice opens the form for it; one without asks, creates the invoice (the to-invoice action, POST
 * Invoices/createInvoiceFromServiceVehicle/{id}), says so and opens the form for the new invoice. The page shows
 * it only to users who may schedule (appointments.write) and, when there is no invoice yet, create one
 * (`canCreateInvoice`).
 */
export function ScheduleButton({
  serviceVehicleId,
  invoiceId,
  canCreateInvoice,
}: {
  serviceVehicleId: number;
  invoiceId: number | null | undefined;
  canCreateInvoice: boolean;
}) {
  const navigate = useNavigate();
  const create = useRefreshingMutation({
    mutationFn: () => svApi.createInvoice(serviceVehicleId),
    refresh: () => [serviceVehicleKeys.detail(serviceVehicleId), invoiceKeys.lists],
    progress: false,
    onSuccess: (made) => {
      if (made.created === false) toastInfo(scheduleUsesExistingInvoice(made.invoiceId));
      else toastSuccess(SCHEDULE_INVOICE_CREATED);
      navigate(scheduleUrl(made.invoiceId));
    },
  });
  if (invoiceId) return <Button onClick={() => navigate(scheduleUrl(invoiceId))}>Schedule</Button>;
  if (!canCreateInvoice) return null;
  return (
    <Popconfirm
      title="Create the invoice and schedule?"
      description={<div style={{ maxWidth: 300 }}>{scheduleNeedsInvoice(serviceVehicleId)}</div>}
      okText="Create invoice and schedule"
      cancelText="Cancel"
      okButtonProps={{ loading: create.isPending }}
      onConfirm={async () => {
        try {
          await create.mutateAsync();
        } catch (error) {
          toastError(INVOICE_INITIATE_FAILED);
          if (error instanceof ApiError && error.status !== 500) showError(error);
        }
      }}
    >
      <Button loading={create.isPending}>Schedule</Button>
    </Popconfirm>
  );
}
