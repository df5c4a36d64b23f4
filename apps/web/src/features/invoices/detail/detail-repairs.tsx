import { MoneyInput } from '../../../resources/money-input';
import { centsText, invoiceMoney, toCents } from '@glass/domain';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { Facts, Section } from '../../../ui/section';
import { useInvoiceWrite } from './detail-hooks';
import { type InvoiceDetail, type InvoiceRepair, invoiceApi, money, type RepairInput } from '../invoice-api';
import { repairBody } from '@glass/domain/contracts/invoices';
import { limitsOf, zodRule } from '../../../ui/zod-rule';

interface RepairValues {
  lineNumber: number | null;
  description: string;
  location: string;
  amount: number | null;
}

/** Add or edit one repair line; the server answers the detail with the recomputed totals. */
function RepairDialog({
  invoiceId,
  repair,
  onClose,
}: {
  invoiceId: number;
  repair: InvoiceRepair | null;
  onClose: () => void;
}) {
  const write = useInvoiceWrite(invoiceId);
  const [form] = Form.useForm<RepairValues>();
  const [saving, setSaving] = useState(false);
  const save = async (v: RepairValues) => {
    const body: RepairInput = {
      description: v.description.trim(),
      location: v.location?.trim() || null,
      amount: v.amount ?? 0,
      ...(v.lineNumber ? { lineNumber: v.lineNumber } : {}),
    };
    setSaving(true);
    const ok = await write(() =>
      repair ? invoiceApi.editRepair(repair.id, body) : invoiceApi.addRepair(invoiceId, body),
    );
    setSaving(false);
    if (ok) onClose();
  };
  return (
    <Modal
      open
      title={repair ? `Edit repair line ${repair.lineNumber}` : 'Add repair'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RepairValues>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          lineNumber: repair?.lineNumber ?? null,
          description: repair?.description ?? '',
          location: repair?.location ?? '',
          amount: repair ? Number(repair.amount) : null,
        }}
      >
        <Form.Item
          name="description"
          label="Description"
          rules={[{ required: true, whitespace: true, message: 'Description is required' }]}
        >
          <Input
            aria-label="Description"
            maxLength={limitsOf(repairBody.shape.description).maxLength}
            autoFocus
          />
        </Form.Item>
        <Form.Item name="location" label="Location">
          <Input aria-label="Location" maxLength={limitsOf(repairBody.shape.location).maxLength} />
        </Form.Item>
        <Form.Item name="amount" label="Amount" rules={[{ required: true, message: 'Amount is required' }]}>
          <MoneyInput label="Amount" />
        </Form.Item>
        <Form.Item
          name="lineNumber"
          label="Line number"
          extra="Blank takes the next line."
          rules={[zodRule(repairBody.shape.lineNumber)]}
        >
          <InputNumber
            aria-label="Line number"
            {...limitsOf(repairBody.shape.lineNumber)}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const cents = (c: number) => money(centsText(c));

/**
 * The totals panel: the labor, parts and tax the server stored, totalled by the domain's invoiceMoney
 * (the computation the server and the PDF use), with the deductible, deposit and balance when either
 * payment carries an amount (as the PDF prints them).
 */
function totalsItems(invoice: InvoiceDetail): [string, ReactNode][] {
  const m = invoiceMoney({
    labor: toCents(invoice.laborCost),
    parts: toCents(invoice.partsCost),
    tax: toCents(invoice.taxCost),
    deductible: invoice.deductiblePayment?.value,
    deposit: invoice.depositPayment?.value,
  });
  const items: [string, ReactNode][] = [
    ['Labor', cents(m.labor)],
    ['Parts', cents(m.parts)],
    ['Tax', cents(m.tax)],
    [
      'Total',
      <strong key="total" data-testid="invoice-total">
        {cents(m.total)}
      </strong>,
    ],
  ];
  if (m.deductible !== 0 || m.deposit !== 0) {
    if (m.deductible !== 0) items.push(['Deductible', cents(m.deductible)]);
    if (m.deposit !== 0) items.push(['Deposit', cents(m.deposit)]);
    items.push([
      'Balance',
      <strong key="balance" data-testid="invoice-balance">
        {cents(m.balance)}
      </strong>,
    ]);
  }
  return items;
}

/** Repair lines with their amounts and the invoice's totals as the server computed them. */
export function DetailRepairs({ invoice, readOnly }: { invoice: InvoiceDetail; readOnly: boolean }) {
  const [editing, setEditing] = useState<InvoiceRepair | 'new' | null>(null);
  return (
    <Section id="repairs" title="Repairs" wide>
      {invoice.repairs.length ? (
        <ol className="sv-list" aria-label="Repair lines">
          {invoice.repairs.map((r) => (
            <li key={r.id} className="sv-row inv-line" data-testid="repair-line">
              <span className="inv-line-no">#{r.lineNumber}</span>
              <span className="inv-wrap inv-grow">
                {r.description}
                {r.location ? ` — ${r.location}` : ''}
              </span>
              <span>{money(r.amount)}</span>
              {readOnly ? null : (
                <Button
                  size="small"
                  onClick={() => setEditing(r)}
                  aria-label={`Edit repair line ${r.lineNumber}`}
                >
                  Edit
                </Button>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p>No repair lines.</p>
      )}
      <Facts items={totalsItems(invoice)} />
      {readOnly ? null : (
        <Button style={{ marginTop: 8 }} onClick={() => setEditing('new')}>
          Add repair
        </Button>
      )}
      {editing ? (
        <RepairDialog
          invoiceId={invoice.id}
          repair={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Section>
  );
}
