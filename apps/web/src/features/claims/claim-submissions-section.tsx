import type { ClaimSubmission } from '@glass/domain/contracts/claim-submissions';
import { formatDateTime } from '@glass/domain/rules/date-format';
import {
  ClaimSubmissionState,
  MANUAL_CLAIM_STATES,
  nextClaimStates,
} from '@glass/domain/rules/claim-submission';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/use-can';
import { useFailureToast } from '../../query/use-failure-toast';
import { claimKeys, invoiceKeys } from '../../query/query-keys';
import { useWrite } from '../../query/use-write';
import { EmptyState } from '../../ui/empty-state';
import { Money } from '../../ui/money';
import { CLAIM_STATE, MOVE_BUTTON, WAITING_ON } from './claim-labels';
import { ClaimReasonDialog, type ReasonValues } from './claim-move-dialog';
import { claimsApi, FAILED_TO_GET_CLAIMS } from './claims-api';

const S = ClaimSubmissionState;
type ReasonMove = typeof S.Rejected | typeof S.Denied;

/**
 * The invoice's submissions to its clearing house (issue #35), newest first: what was sent to whom and when, the
 * amount claimed and paid, every answer recorded, and the moves the billing office records by hand (an
 * acknowledgment, an acceptance, a rejection with its reason, a denial). A rejected claim is fixed on the invoice
 * and sent again by submitting (or finalizing) it again: a new submission.
 */
export function ClaimSubmissionsSection({ invoiceId }: { invoiceId: number }) {
  const canMove = useCan('invoice.finalize');
  const list = useQuery({
    queryKey: claimKeys.invoice(invoiceId),
    queryFn: () => claimsApi.ofInvoice(invoiceId),
  });
  useFailureToast(list.isError, FAILED_TO_GET_CLAIMS);
  const write = useWrite([claimKeys.all, invoiceKeys.detail(invoiceId)]);
  const [asking, setAsking] = useState<{ submission: ClaimSubmission; to: ReasonMove } | null>(null);

  if (!list.data?.length)
    return <EmptyState>{list.isPending ? 'Loading…' : 'Not sent to a clearing house yet'}</EmptyState>;

  const move = (s: ClaimSubmission, to: ClaimSubmissionState, values: ReasonValues = {}) => {
    if (to === S.Acknowledged) return write(() => claimsApi.acknowledge(s.id, values));
    if (to === S.Accepted) return write(() => claimsApi.accept(s.id, values));
    if (to === S.Rejected)
      return write(() =>
        claimsApi.reject(s.id, {
          reasonCode: values.reasonCode ?? '',
          reasonText: values.reasonText ?? '',
          note: values.note,
        }),
      );
    return write(() => claimsApi.deny(s.id, values));
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="claim-submissions">
      {list.data.map((s) => {
        const state = CLAIM_STATE[s.state];
        const moves = canMove
          ? nextClaimStates(s.state).filter((to) => MANUAL_CLAIM_STATES.includes(to))
          : [];
        return (
          <section
            key={s.id}
            aria-label={`Submission ${s.id} to ${s.clearingHouse.name}`}
            className="claim-submission"
          >
            <Space wrap size="small">
              <Typography.Text strong>{s.clearingHouse.name}</Typography.Text>
              <Tag color={state.color}>{state.label}</Tag>
              {s.waitingOn && <Typography.Text type="secondary">{WAITING_ON[s.waitingOn]}</Typography.Text>}
            </Space>
            <div>
              {s.resubmissionOf ? 'Sent again' : 'Sent'} {formatDateTime(s.sentAt)} by{' '}
              {s.sentBy?.name ?? 'a batch'}
              {' · '}claimed <Money value={s.amountClaimed} />
              {s.amountPaid ? (
                <>
                  {' · '}paid <Money value={s.amountPaid} />
                </>
              ) : null}
            </div>
            {s.reasonCode && (
              <Typography.Text type="danger">
                {s.reasonCode}: {s.reasonText}
              </Typography.Text>
            )}
            <Timeline
              style={{ marginTop: 12 }}
              items={s.events.map((e) => ({
                key: e.id,
                children: (
                  <span>
                    {CLAIM_STATE[e.toState].label} · {formatDateTime(e.at)}
                    {e.by ? ` · ${e.by.name}` : e.source ? ` · ${e.source}` : ''}
                    {e.reasonCode ? ` · ${e.reasonCode}: ${e.reasonText ?? ''}` : ''}
                    {e.note ? ` · ${e.note}` : ''}
                  </span>
                ),
              }))}
            />
            {moves.length > 0 && (
              <Space wrap>
                {moves.map((to) => (
                  <Button
                    key={to}
                    size="small"
                    danger={to === S.Rejected || to === S.Denied}
                    onClick={() =>
                      to === S.Rejected || to === S.Denied
                        ? setAsking({ submission: s, to })
                        : void move(s, to)
                    }
                  >
                    {MOVE_BUTTON[to]}
                  </Button>
                ))}
              </Space>
            )}
          </section>
        );
      })}
      {asking && (
        <ClaimReasonDialog
          submission={asking.submission}
          to={asking.to}
          onCancel={() => setAsking(null)}
          onSave={(values) => move(asking.submission, asking.to, values)}
        />
      )}
    </Space>
  );
}
