// The search feature's front door: what other features may use (docs/architecture-boundaries.md).
export {
  firstPhone,
  invoiceColumns,
  invoicePath,
  serviceVehicleColumns,
  serviceVehiclePath,
} from './record-columns';
