import { APPROVAL_STATE_LABELS, type ApprovalState } from '@glass/domain/rules/approvals';
import { Tag } from 'antd';

// The theme's status text on its light tint (antd's preset tag colours are too faint for WCAG AA contrast).
const tone = (name: 'warning' | 'info' | 'success' | 'error') => ({
  color: `var(--gs-color-${name})`,
  background: `var(--gs-color-${name}-bg)`,
  borderColor: `var(--gs-color-${name})`,
});
const TONES: Record<ApprovalState, React.CSSProperties> = {
  sent: tone('info'),
  viewed: tone('warning'),
  approved: tone('success'),
  declined: tone('error'),
  expired: { color: 'var(--gs-color-text-secondary)', background: 'var(--gs-color-fill-tertiary)' },
  voided: { color: 'var(--gs-color-text-secondary)', background: 'var(--gs-color-fill-tertiary)' },
};

/** An approval request's state (sent, viewed, approved, declined, expired, voided) as a coloured tag. */
export function ApprovalStateTag({ state }: { state: ApprovalState }) {
  return (
    <Tag style={TONES[state]} data-testid="approval-state">
      {APPROVAL_STATE_LABELS[state]}
    </Tag>
  );
}
