// The approvals feature's front door (docs/architecture-boundaries.md): the invoice detail's section.
export { ApprovalsSection } from './approvals-section';
