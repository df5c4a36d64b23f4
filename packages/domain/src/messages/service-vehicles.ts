/** Service vehicle texts, spec 1 §2, §8 and spec 2 §8 (verbatim). */
export const FAILED_TO_GET_SERVICE_VEHICLES = 'Failed to get Service Vehicles';
export const FAILED_TO_LIST_SERVICE_VEHICLES = 'Failed to list service vehicles';
export const FAILED_TO_GET_SERVICE_VEHICLE_HISTORY = 'Failed to get Service Vehicle History';
export const FAILED_TO_GET_VEHICLE_SOURCES = 'Failed to get vehicle sources';
export const FAILED_TO_GET_SERVICE_DRIVE_LIST = 'Failed to get Service Drive List';
export const failedToFollowUpServiceVehicle = (id: number | string) =>
  `Failed to Follow Up Service Vehicle ${id}`;
export const serviceVehicleTitle = (id: number | string) => `Service Vehicle: ${id}`;

/** "Schedule" on a service vehicle (ours, issue #34 item 4, decision 0021). */
export const SCHEDULE_INVOICE_CREATED = 'Invoice created from this service vehicle';
export const scheduleNeedsInvoice = (id: number | string) =>
  `Service vehicle ${id} has no invoice yet. Appointments are scheduled on the invoice, so an invoice will be created from this service vehicle first.`;
export const scheduleUsesExistingInvoice = (invoiceId: number | string) =>
  `This service vehicle already had invoice ${invoiceId}; scheduling on it.`;
