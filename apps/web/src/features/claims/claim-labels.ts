import { ClaimSubmissionState } from '@glass/domain/rules/claim-submission';

const S = ClaimSubmissionState;

/** How a submission's state reads on screen, and its tag's status colour (antd's preset statuses, themed). */
export const CLAIM_STATE: Record<ClaimSubmissionState, { label: string; color: string }> = {
  [S.Sent]: { label: 'Sent', color: 'processing' },
  [S.Acknowledged]: { label: 'Acknowledged', color: 'processing' },
  [S.Accepted]: { label: 'Accepted', color: 'processing' },
  [S.Rejected]: { label: 'Rejected', color: 'error' },
  [S.Denied]: { label: 'Denied', color: 'error' },
  [S.ShortPaid]: { label: 'Short-paid', color: 'warning' },
  [S.Paid]: { label: 'Paid', color: 'success' },
  [S.Withdrawn]: { label: 'Withdrawn', color: 'default' },
};

/** The buttons of the moves staff record by hand, in the order a claim goes. */
export const MOVE_BUTTON: Partial<Record<ClaimSubmissionState, string>> = {
  [S.Acknowledged]: 'Acknowledged',
  [S.Accepted]: 'Accepted',
  [S.Rejected]: 'Rejected…',
  [S.Denied]: 'Denied…',
};

export const WAITING_ON = { shop: 'Waiting on the shop', insurer: 'Waiting on the insurer' } as const;
