import DislikeOutlined from '@ant-design/icons/DislikeOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import LikeOutlined from '@ant-design/icons/LikeOutlined';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { failedToFollowUpInvoice, invoiceTitle } from '@glass/domain/messages/invoices';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { can } from '@glass/domain/roles';
import { allowedActions, invoiceActionProblem, isRepeatedAction } from '@glass/domain/rules/invoice-workflow';
import { Alert, Button, Dropdown, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { toastError } from '../../../api/notices';
import { useSessionState } from '../../../api/use-session';
import { NewConversationDrawer, ParkButton } from '../../messaging';
import { useNarrow } from '../../../ui/use-narrow';
import { claimKeys, invoiceKeys } from '../../../query/query-keys';
import { useWrite } from '../../../query/use-write';
import { useInvoiceWrite } from './detail-hooks';
import { InvoiceDocumentActions } from './extra-sections';
import { type InvoiceDetail, type InvoiceFlow, invoiceApi, money } from '../invoice-api';
import { SearchSelect } from '../../../ui/search-select';
import { StickyActions } from '../../../ui/detail-layout';

/** What the signed-in user may do with this invoice (role matrix, lock and state). */
export function useInvoiceAccess(invoice: InvoiceDetail | undefined) {
  const { user } = useSessionState();
  const role = user?.userRoleId ?? user?.userRole;
  const holder = invoice?.lock?.user ?? null;
  const lockedByOther = Boolean(holder && holder.id !== user?.id);
  const mayWrite = can(role, 'invoice.write') && !lockedByOther;
  return {
    role,
    holder,
    lockedByOther,
    lockedByMe: Boolean(holder && holder.id === user?.id),
    /** Edits are closed: finalized, locked by someone else, or no write right. */
    readOnly: !mayWrite || Boolean(invoice?.finalized),
    mayWrite,
  };
}

const FLAGS: Array<[keyof InvoiceDetail, string]> = [
  ['initiated', 'Initiated'],
  ['pending', 'Pending'],
  ['confirmed', 'Confirmed'],
  ['scheduled', 'Scheduled'],
  ['completed', 'Completed'],
  ['signed', 'Signed'],
  ['hasVerbalSignature', 'Verbally approved'],
  ['repairApproved', 'Repair approved'],
  ['submitted', 'Submitted'],
  ['funded', 'Funded'],
  ['finalized', 'Finalized'],
  ['followedUp', 'Followed up'],
  ['flagged', 'Flagged'],
  ['inspection', 'Inspection'],
  ['snailMail', 'Snail mail'],
  ['replacement', 'Replacement'],
  ['void', 'Void'],
  ['lost', 'Lost'],
];

interface Act {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** Why a disabled action is refused. */
  title?: string;
  pressed?: boolean;
  onClick: () => void;
}

/** Title, state tags, total, previous/next, lock and the action bar of the invoice detail. */
export function DetailHeader({ invoice }: { invoice: InvoiceDetail }) {
  const { id } = invoice;
  const { lostReasons } = useSessionState();
  const access = useInvoiceAccess(invoice);
  const narrow = useNarrow();
  const write = useInvoiceWrite(id);
  const [modal, modalHolder] = Modal.useModal();
  const [lostOpen, setLostOpen] = useState(false);
  const [lostReasonId, setLostReasonId] = useState<number>();
  const [talkOpen, setTalkOpen] = useState(false);
  const { role, holder, lockedByOther, lockedByMe, mayWrite } = access;
  const closed = invoice.void || invoice.lost;

  // Submit, unsubmit, finalize and unfinalize may send or withdraw the invoice's claim: the claim queue too.
  const flowWrite = useWrite([invoiceKeys.detail(id), claimKeys.all]);
  const flow = (action: InvoiceFlow) => flowWrite(() => invoiceApi.flow(id, action));
  const confirm = (title: string, onOk: () => Promise<unknown>) =>
    modal.confirm({ title, okText: 'Yes', cancelText: 'Cancel', onOk });
  const followUp = async () => {
    if (!(await write(() => invoiceApi.flow(id, 'followUp')))) toastError(failedToFollowUpInvoice(id));
  };

  // The work flow is the domain's: the same rule the server refuses writes with (409).
  const allowed = new Set(lockedByOther ? [] : allowedActions(invoice, role));
  const submitProblem = invoiceActionProblem(invoice, 'submit');
  const primary: Act[] = [];
  const secondary: Act[] = [];
  if (allowed.has('submit')) primary.push({ key: 'submit', label: 'Submit', onClick: () => flow('submit') });
  else if (
    submitProblem &&
    !closed &&
    !lockedByOther &&
    can(role, 'invoice.submit') &&
    !isRepeatedAction(invoice, 'submit')
  )
    // Shown but disabled, with the reason (a Repair Order invoice without a reference).
    primary.push({ key: 'submit', label: 'Submit', disabled: true, title: submitProblem, onClick: () => {} });
  if (allowed.has('unsubmit'))
    primary.push({ key: 'unsubmit', label: 'Unsubmit', onClick: () => flow('unsubmit') });
  if (allowed.has('finalize'))
    primary.push({ key: 'finalize', label: 'Finalize', onClick: () => flow('finalize') });
  if (allowed.has('unfinalize'))
    primary.push({ key: 'unfinalize', label: 'Unfinalize', onClick: () => flow('unfinalize') });
  if (allowed.has('edit')) {
    primary.push({
      key: 'followUp',
      label: invoice.followedUp ? 'Followed up' : 'Follow up',
      disabled: !allowed.has('followUp'),
      onClick: followUp,
    });
    secondary.push(
      {
        key: 'verbal',
        label: 'Mark verbally approved',
        disabled: !allowed.has('markAsVerballyApproved'),
        onClick: () => flow('markAsVerballyApproved'),
      },
      {
        key: 'up',
        label: 'Thumbs up',
        icon: <LikeOutlined aria-hidden />,
        pressed: invoice.thumb === 1,
        onClick: () => write(() => invoiceApi.thumb(id, invoice.thumb === 1 ? 0 : 1)),
      },
      {
        key: 'down',
        label: 'Thumbs down',
        icon: <DislikeOutlined aria-hidden />,
        pressed: invoice.thumb === -1,
        onClick: () => write(() => invoiceApi.thumb(id, invoice.thumb === -1 ? 0 : -1)),
      },
    );
    if (allowed.has('void'))
      secondary.push({
        key: 'void',
        label: 'Void',
        danger: true,
        onClick: () => confirm(`Void invoice ${id}?`, () => flow('void')),
      });
    if (allowed.has('lost'))
      secondary.push({ key: 'lost', label: 'Lost…', danger: true, onClick: () => setLostOpen(true) });
  }

  const button = (a: Act) => (
    <Button
      key={a.key}
      danger={a.danger}
      disabled={a.disabled}
      title={a.title}
      icon={a.icon}
      aria-pressed={a.pressed}
      onClick={a.onClick}
    >
      {a.label}
    </Button>
  );
  const canLock = can(role, 'invoice.lock');
  const lockId = invoice.lock?.id;

  // The action bar follows the header (not inside it) so it stays in view while the sections scroll.
  return (
    <>
      <header className="inv-header">
        {modalHolder}
        <div className="inv-title-row">
          <h1 id="screen-title">{invoiceTitle(id)}</h1>
          <span className="inv-total" data-testid="header-total">
            Total {money(invoice.totalCost) || '$0.00'}
          </span>
          <nav aria-label="Adjacent invoices" className="inv-adjacent">
            {invoice.previousInvoiceId ? (
              <Link to={`/invoices/${invoice.previousInvoiceId}`} aria-label="Previous invoice">
                <LeftOutlined aria-hidden /> #{invoice.previousInvoiceId}
              </Link>
            ) : null}
            {invoice.nextInvoiceId ? (
              <Link to={`/invoices/${invoice.nextInvoiceId}`} aria-label="Next invoice">
                #{invoice.nextInvoiceId} <RightOutlined aria-hidden />
              </Link>
            ) : null}
          </nav>
        </div>
        <ul className="inv-tags" aria-label="Status">
          {FLAGS.filter(([key]) => invoice[key]).map(([key, label]) => (
            <li key={key} className="sv-tag">
              {key === 'lost' && invoice.lostReason ? `${label}: ${invoice.lostReason.name}` : label}
            </li>
          ))}
        </ul>

        {holder ? (
          <Alert
            className="inv-banner"
            type={lockedByOther ? 'warning' : 'info'}
            showIcon
            title={
              lockedByOther
                ? `Locked by ${holder.name} since ${formatDateTime(invoice.lock?.lockedAt)} — read only`
                : `Locked by you since ${formatDateTime(invoice.lock?.lockedAt)}`
            }
          />
        ) : null}
        {invoice.finalized && !lockedByOther ? (
          <Alert className="inv-banner" type="info" showIcon title="Finalized — unfinalize it to change it" />
        ) : null}
      </header>

      <StickyActions label="Invoice actions">
        {canLock && !invoice.lock ? (
          <Button onClick={() => write(() => invoiceApi.lock(id))}>Lock</Button>
        ) : null}
        {canLock && lockId && (lockedByMe || can(role, 'locks.override')) ? (
          <Button
            danger={lockedByOther}
            onClick={() =>
              lockedByOther
                ? confirm(`Remove the lock of ${holder?.name}?`, () => write(() => invoiceApi.unlock(lockId)))
                : write(() => invoiceApi.unlock(lockId))
            }
          >
            Remove lock
          </Button>
        ) : null}
        {primary.map(button)}
        {narrow && secondary.length ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: secondary.map((a) => ({
                key: a.key,
                label: a.pressed ? `${a.label} ✓` : a.label,
                danger: a.danger,
                disabled: a.disabled,
                icon: a.icon,
              })),
              onClick: ({ key }) => secondary.find((a) => a.key === key)?.onClick(),
            }}
          >
            <Button icon={<MoreOutlined aria-hidden />}>More actions</Button>
          </Dropdown>
        ) : (
          secondary.map(button)
        )}
        {mayWrite ? <ParkButton recordType="Invoice" recordId={id} /> : null}
        <Button onClick={() => setTalkOpen(true)}>Start conversation</Button>
        <InvoiceDocumentActions invoiceId={id} readOnly={access.readOnly} />
      </StickyActions>

      <NewConversationDrawer open={talkOpen} onClose={() => setTalkOpen(false)} />
      <Modal
        open={lostOpen}
        title={`Mark invoice ${id} lost`}
        okText="Mark lost"
        okButtonProps={{ danger: true, disabled: !lostReasonId }}
        cancelText="Cancel"
        onCancel={() => setLostOpen(false)}
        onOk={async () => {
          if (lostReasonId && (await write(() => invoiceApi.lost(id, lostReasonId)))) setLostOpen(false);
        }}
      >
        <div className="inv-field">
          <span id={`lost-reason-${id}`}>Lost reason</span>
          <SearchSelect<number>
            aria-labelledby={`lost-reason-${id}`}
            placeholder="Choose a reason"
            style={{ width: '100%' }}
            value={lostReasonId}
            onChange={setLostReasonId}
            options={lostReasons.map((r) => ({ value: r.id, label: r.name }))}
          />
        </div>
      </Modal>
    </>
  );
}
