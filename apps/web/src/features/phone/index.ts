// The phone feature's front door: what other features may use (docs/architecture-boundaries.md).
export { PhoneLink } from './phone-link';
