// The appointments area's front door for sibling features (docs/architecture-boundaries.md); its screens are
// loaded lazily by the router from their own modules.
export { FieldRecords } from './field-records';
