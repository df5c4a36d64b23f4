import type { CustomerApprovalRow, CustomerConsent } from '@glass/domain/contracts/approvals';
import { approvalRequested } from '@glass/domain/messages/approvals';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { formatPhone } from '../../ui/phone';
import {
  APPROVAL_CHANNEL_LABELS,
  OPT_IN_STATE_LABELS,
  type ApprovalState,
} from '@glass/domain/rules/approvals';
import { Alert, Button, Collapse, Empty, Modal, Space, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { approvalKeys, invoiceKeys } from '../../query/query-keys';
import { useWrite } from '../../query/use-write';
import { AttachmentImage } from '../../ui/attachment-image';
import { ListSkeleton } from '../../ui/list-skeleton';
import {
  approvalsApi,
  useCan,
  useCustomerConsent,
  useInvoice,
  useInvoiceApprovals,
  useLiveApprovals,
} from './api';
import { InitiateLinkModal } from './initiate-link-modal';
import { RequestApprovalModal } from './request-modal';
import { ApprovalStateTag } from './state-tag';

const list: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
const item: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 12px',
  alignItems: 'baseline',
  padding: '8px 0',
  borderBottom: '1px solid var(--gs-color-split)',
  overflowWrap: 'anywhere',
};
const meta: CSSProperties = { fontSize: 13, color: 'var(--gs-color-text-secondary)' };

const target = (row: Pick<CustomerApprovalRow, 'channel' | 'sentTo'>) =>
  row.channel === 'sms' ? formatPhone(row.sentTo) : row.sentTo;

/** A cell phone when the customer has one marked so, else the primary (then secondary) number. */
function textablePhone(
  customer:
    | {
        primaryPhone?: { phone: string | null; phoneTypeId: number | null } | null;
        secondaryPhone?: { phone: string | null; phoneTypeId: number | null } | null;
      }
    | null
    | undefined,
) {
  const phones = [customer?.primaryPhone, customer?.secondaryPhone].filter((p) => p?.phone);
  return (phones.find((p) => p?.phoneTypeId === 2) ?? phones[0])?.phone ?? null;
}

/**
 * The invoice's customer approvals (one section of the invoice detail): each request with its state and
 * times, the signature of an approved one, a resend; Request approval and the initiate signature link;
 * the customer's consent to texts and e-mails with its history. Answers appear live (useLiveApprovals).
 */
export function ApprovalsSection({ invoiceId }: { invoiceId: number; canWrite?: boolean }) {
  useLiveApprovals();
  const approvals = useInvoiceApprovals(invoiceId);
  const consent = useCustomerConsent(invoiceId);
  const customer = useInvoice(invoiceId).data?.customer;
  const mayRequest = useCan('approvals.request');
  const mayInitiate = useCan('invoice.initiate');
  const [dialog, setDialog] = useState<'request' | 'initiate' | null>(null);
  const [signature, setSignature] = useState<CustomerApprovalRow | null>(null);
  const write = useWrite([approvalKeys.all, invoiceKeys.detail(invoiceId)]);

  const resend = (row: CustomerApprovalRow) =>
    write(
      () =>
        row.channel === 'sms'
          ? approvalsApi.requestSms(invoiceId, row.sentTo)
          : approvalsApi.requestEmail(invoiceId, row.sentTo),
      approvalRequested(row.channel, target(row)),
    );

  return (
    <div data-testid="invoice-approvals">
      {(mayRequest || mayInitiate) && (
        <Space wrap style={{ marginBottom: 8 }}>
          {mayRequest && (
            <Button type="primary" onClick={() => setDialog('request')}>
              Request approval
            </Button>
          )}
          {mayInitiate && <Button onClick={() => setDialog('initiate')}>Signature link</Button>}
        </Space>
      )}
      {consent.data && <ConsentLine consent={consent.data} />}
      {approvals.isLoading ? (
        <ListSkeleton rows={2} label="Loading customer approvals" />
      ) : approvals.isError ? (
        <Alert type="error" showIcon title="Failed to get Customer Approvals" />
      ) : !approvals.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No approval requested yet." />
      ) : (
        <ul aria-label="Customer approvals" style={list}>
          {approvals.data.map((row) => (
            <li key={row.id} style={item} data-testid="approval-row">
              <strong style={{ flex: '1 1 12rem' }}>
                {APPROVAL_CHANNEL_LABELS[row.channel]} to {target(row)}{' '}
                <ApprovalStateTag state={row.state as ApprovalState} />
              </strong>
              <span style={meta}>
                {[
                  `Sent ${formatDateTime(row.sentAt)}${row.requestedBy ? ` by ${row.requestedBy}` : ''}`,
                  row.pageViewedAt && `viewed ${formatDateTime(row.pageViewedAt)}`,
                  row.responseReceivedAt && `answered ${formatDateTime(row.responseReceivedAt)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                {row.hasSignature && (
                  <Button size="small" onClick={() => setSignature(row)}>
                    View signature
                  </Button>
                )}
                {mayRequest && !row.approved && (
                  <Button
                    size="small"
                    onClick={() => void resend(row)}
                    aria-label={`Resend to ${target(row)}`}
                  >
                    Resend
                  </Button>
                )}
              </span>
              {(row.responseComments || row.voidReason || row.signerName) && (
                <div style={{ flexBasis: '100%', whiteSpace: 'pre-wrap' }}>
                  {row.signerName && <div>Signed by {row.signerName}</div>}
                  {row.responseComments && <div>Comments: {row.responseComments}</div>}
                  {row.state === 'voided' && row.voidReason && <div style={meta}>{row.voidReason}</div>}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog === 'request' && (
        <RequestApprovalModal
          invoiceId={invoiceId}
          open
          onClose={() => setDialog(null)}
          phone={textablePhone(customer)}
          email={customer?.email ?? null}
        />
      )}
      <InitiateLinkModal invoiceId={invoiceId} open={dialog === 'initiate'} onClose={() => setDialog(null)} />
      <Modal
        open={signature !== null}
        title="Customer approval signature"
        footer={null}
        onCancel={() => setSignature(null)}
        destroyOnHidden
      >
        {signature && (
          <figure style={{ margin: 0 }}>
            <div style={{ background: 'var(--gs-color-bg-container)', borderRadius: 4 }}>
              <AttachmentImage
                url={approvalsApi.signaturePath(signature.id)}
                alt="Customer approval signature"
              />
            </div>
            <figcaption>
              {signature.signerName ? `${signature.signerName}, ` : ''}
              {formatDateTime(signature.responseReceivedAt)}
            </figcaption>
          </figure>
        )}
      </Modal>
    </div>
  );
}

/** Texts: Opted in · E-mails: Not asked yet, and every answer the customer gave on the opt-in page. */
function ConsentLine({ consent }: { consent: CustomerConsent }) {
  const summary = `Texts: ${OPT_IN_STATE_LABELS[consent.texts]} · E-mails: ${OPT_IN_STATE_LABELS[consent.emails]}`;
  if (!consent.history.length)
    return (
      <Typography.Paragraph style={meta} data-testid="customer-consent">
        {summary}
      </Typography.Paragraph>
    );
  return (
    <Collapse
      size="small"
      ghost
      style={{ marginBottom: 8 }}
      items={[
        {
          key: 'consent',
          label: <span data-testid="customer-consent">{summary}</span>,
          children: (
            <ul aria-label="Consent history" style={list}>
              {consent.history.map((h) => (
                <li key={h.id} style={item}>
                  <strong style={{ flex: '1 1 12rem' }}>
                    Texts {h.texts ? 'yes' : 'no'}, e-mails {h.emails ? 'yes' : 'no'}
                  </strong>
                  <span style={meta}>
                    {formatDateTime(h.respondedAt)}
                    {h.clientIp ? ` from ${h.clientIp}` : ''}
                  </span>
                  <div style={{ flexBasis: '100%', ...meta }}>{h.consentText}</div>
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
