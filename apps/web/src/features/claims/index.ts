// The claims feature's front door: what other features may use (docs/architecture-boundaries.md).
export { ClaimSubmissionsSection } from './claim-submissions-section';
