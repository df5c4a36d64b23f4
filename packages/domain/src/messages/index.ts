/** The text catalogue, one file per area, so screens and tests import the same words. */
export * from './admin.js';
export * from './appointments.js';
export * from './facilities.js';
export * from './invoices.js';
export * from './loaners.js';
export * from './messaging.js';
export * from './parking.js';
export * from './password.js';
export * from './patch.js';
export * from './phone.js';
export * from './reconcile.js';
export * from './search.js';
export * from './service-vehicles.js';
export * from './session.js';
export * from './shell.js';
export * from './subscriptions.js';
export * from './vin.js';
