// The phone bridge's front door: what other features may use (docs/architecture-boundaries.md).
export { type CallRequest, makePhoneCall, startPhoneBridge } from './bridge';
