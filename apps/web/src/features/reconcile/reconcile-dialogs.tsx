import type { CreatedDeposit } from '@glass/domain/contracts/deposits';
import { TRANSACTION_TYPE_OPTIONS } from '@glass/domain/enums';
import { DEPOSIT_CREATED, INVOICE_FUNDED, INVOICE_UNFUNDED } from '@glass/domain/messages/reconcile';
import { Alert, Form, type FormInstance, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { depositKeys, invoiceKeys, reconcileKeys } from '../../query/query-keys';
import { useWrite } from '../../query/use-write';
import { MoneyInput } from '../../resources/money-input';
import { problemFields } from '../../resources/form-values';
import { Money } from '../../ui/money';
import { amountToFund, depositRequest, type ReconcileRow, reconcileApi } from './reconcile-api';

/** What a funding or unfunding changes: every reconcile answer (cached or not), the invoice and its lists. */
const refreshed = (id: number) => [reconcileKeys.all, invoiceKeys.detail(id), invoiceKeys.lists];

/** A 400's fields marked on the form, and the failure passed on (the notice shows it). */
const marking = (form: FormInstance) => (error: unknown) => {
  if (error instanceof ApiError) form.setFields(problemFields(error.errors));
  throw error;
};

interface FundValues {
  transactionTypeId: number;
  amount: number;
  reference?: string;
}

/**
 * The funded button's dialog: the transaction recorded with the funding (type, amount, reference). The
 * row's open transaction, when it has one, is the one funded.
 */
export function FundDialog({ row, onClose }: { row: ReconcileRow; onClose: () => void }) {
  const [form] = Form.useForm<FundValues>();
  const [busy, setBusy] = useState(false);
  const write = useWrite(refreshed(row.id));
  const submit = async (values: FundValues) => {
    setBusy(true);
    const body = {
      transactionTypeId: values.transactionTypeId as 1 | 2 | 3,
      amount: values.amount,
      reference: values.reference?.trim() || undefined,
      invoiceTransactionId: row.invoiceTransactionId ?? undefined,
    };
    const done = await write(() => reconcileApi.fund(row.id, body).catch(marking(form)), INVOICE_FUNDED);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={`Fund invoice ${row.id}`}
      okText="Mark funded"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <p>
        {row.buyerName ?? 'No buyer'} · total <Money value={row.totalCost} />
      </p>
      <Form
        name="fund-invoice"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ transactionTypeId: row.itemType ?? 1, amount: amountToFund(row), reference: '' }}
      >
        <Form.Item
          name="transactionTypeId"
          label="Transaction type"
          rules={[{ required: true, message: 'Choose the transaction type.' }]}
        >
          <Select options={[...TRANSACTION_TYPE_OPTIONS]} />
        </Form.Item>
        <Form.Item name="amount" label="Amount" rules={[{ required: true, message: 'Enter the amount.' }]}>
          <MoneyInput min={0.01} step={0.01} />
        </Form.Item>
        <Form.Item name="reference" label="Reference">
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Taking back a funding (a manager's right): the reason is required and goes to the invoice's history. */
export function UnfundDialog({ row, onClose }: { row: ReconcileRow; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const write = useWrite(refreshed(row.id));
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    const done = await write(
      () => reconcileApi.unfund(row.id, reason.trim()).catch(marking(form)),
      INVOICE_UNFUNDED,
    );
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={`Unfund invoice ${row.id}`}
      okText="Unfund"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>Its funded transactions become void. The reason is kept in the invoice's history.</p>
      <Form name="unfund-invoice" form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[{ required: true, whitespace: true, message: 'Enter the reason.' }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** POST DepositInvoices/contextual of the chosen funded rows, with the figures the deposit will hold. */
export function DepositDialog({
  rows,
  onClose,
  onCreated,
}: {
  rows: ReconcileRow[];
  onClose: () => void;
  onCreated: (deposit: CreatedDeposit) => void;
}) {
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const write = useWrite([reconcileKeys.all, depositKeys.all]);
  const { money } = depositRequest(rows);
  const facilities = [...new Set(rows.map((row) => row.facilityName))];
  const submit = async () => {
    setBusy(true);
    let created: CreatedDeposit | undefined;
    const done = await write(async () => {
      created = await reconcileApi.createDeposit(rows, notes.trim());
    }, DEPOSIT_CREATED);
    setBusy(false);
    if (done && created) onCreated(created);
  };
  return (
    <Modal
      open
      title="Create deposit"
      okText="Create deposit"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: facilities.length !== 1 }}
      destroyOnHidden
    >
      {facilities.length > 1 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="A deposit holds the invoices of one facility"
          description={`Chosen: ${facilities.join(', ')}. Choose the invoices of one facility.`}
        />
      ) : null}
      <dl className="rc-deposit-facts" aria-label="The deposit">
        <dt>Facility</dt>
        <dd>{facilities.join(', ')}</dd>
        <dt>Invoices</dt>
        <dd>{rows.length}</dd>
        <dt>Labor</dt>
        <dd>
          <Money cents={money.labor} />
        </dd>
        <dt>Parts</dt>
        <dd>
          <Money cents={money.parts} />
        </dd>
        <dt>Tax</dt>
        <dd>
          <Money cents={money.tax} />
        </dd>
        <dt>Total</dt>
        <dd>
          <strong>
            <Money cents={money.total} />
          </strong>
        </dd>
      </dl>
      <label htmlFor="deposit-notes">Notes</label>
      <Input.TextArea
        id="deposit-notes"
        rows={2}
        maxLength={500}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
    </Modal>
  );
}
