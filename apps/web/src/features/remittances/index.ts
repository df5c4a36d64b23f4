// The remittances feature's front door: what other features may use (docs/architecture-boundaries.md).
export { remittanceRouteElements } from './routes';
