import { MoneyInput } from '../../../resources/money-input';
import { PAYMENT_TYPE_OPTIONS, TRANSACTION_TYPE_OPTIONS } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Button, Form, Input, Popconfirm, Select, Tag } from 'antd';
import { useState } from 'react';
import { recordsApi, useTransactions } from './records-api';
import { money } from '../invoice-api';
import { useRecordWrite } from './records-form';
import { byLine, QueryBody, RecordItem, RecordList } from './records-section';
import type { InvoiceTransaction } from '@glass/domain/contracts/invoices';
import { SearchSelect } from '../../../ui/search-select';

type Transaction = InvoiceTransaction;

interface TransactionInput {
  transactionTypeId: number;
  amount: number;
  paymentTypeId?: number;
  reference?: string;
}

const STATUS = { open: 0, funded: 1, void: 2 } as const;
// Status colours of the theme (antd's preset gold and green text is too faint for 4.5:1).
const STATUS_COLOR: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'default' };

/** GET/POST /api/InvoiceTransactions, PUT to mark one funded or void (spec 2 §3: 1 Cash, 2 Warranty, 3 In-House). */
export function TransactionsSection({ invoiceId, canWrite }: { invoiceId: number; canWrite: boolean }) {
  const transactions = useTransactions(invoiceId);
  const write = useRecordWrite(invoiceId);
  const setStatus = (t: Transaction, statusId: number, text: string) =>
    write(() => recordsApi.setTransactionStatus(t.id, statusId), text);
  return (
    <>
      {canWrite && <TransactionForm invoiceId={invoiceId} />}
      <QueryBody query={transactions} label="transactions" empty="No transactions yet.">
        {(rows) => (
          <RecordList label="Transactions">
            {rows.map((t) => (
              <RecordItem
                key={t.id}
                testId="invoice-transaction"
                title={`${t.transactionType} ${money(t.amount)}`}
                meta={[
                  t.reference ? `Ref ${t.reference}` : '',
                  t.fundedAt ? `funded ${formatDateTime(t.fundedAt)}` : '',
                  byLine(formatDateTime(t.createdAt), t.user),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                actions={
                  <>
                    <Tag color={STATUS_COLOR[t.statusId]}>{t.status}</Tag>
                    {canWrite && t.statusId === STATUS.open && (
                      <>
                        <Button
                          size="small"
                          onClick={() => setStatus(t, STATUS.funded, 'Transaction funded')}
                        >
                          Mark funded
                        </Button>
                        <Popconfirm
                          title="Void this transaction?"
                          okText="Void"
                          onConfirm={() => setStatus(t, STATUS.void, 'Transaction voided')}
                        >
                          <Button size="small" danger>
                            Void
                          </Button>
                        </Popconfirm>
                      </>
                    )}
                  </>
                }
              />
            ))}
          </RecordList>
        )}
      </QueryBody>
    </>
  );
}

function TransactionForm({ invoiceId }: { invoiceId: number }) {
  const [form] = Form.useForm<TransactionInput>();
  const [busy, setBusy] = useState(false);
  const write = useRecordWrite(invoiceId);
  const add = async (values: TransactionInput) => {
    setBusy(true);
    const body = { invoiceId, ...values, reference: values.reference?.trim() || undefined };
    const done = await write(() => recordsApi.addTransaction(body), 'Transaction added', form);
    setBusy(false);
    if (done) form.resetFields();
  };
  return (
    <Form
      name="invoice-transaction"
      form={form}
      layout="inline"
      onFinish={add}
      aria-label="Add a transaction"
      style={{ marginBottom: 12, rowGap: 8 }}
    >
      <Form.Item
        name="transactionTypeId"
        label="Type"
        rules={[{ required: true, message: 'Choose the type.' }]}
      >
        <Select aria-label="Type" options={[...TRANSACTION_TYPE_OPTIONS]} style={{ minWidth: 130 }} />
      </Form.Item>
      <Form.Item name="amount" label="Amount" rules={[{ required: true, message: 'Enter the amount.' }]}>
        <MoneyInput min={0.01} step={0.01} style={undefined} />
      </Form.Item>
      <Form.Item name="paymentTypeId" label="Payment type">
        <SearchSelect<number>
          allowClear
          aria-label="Payment type"
          options={PAYMENT_TYPE_OPTIONS}
          minWidth={150}
        />
      </Form.Item>
      <Form.Item name="reference" label="Reference">
        <Input maxLength={50} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        Add transaction
      </Button>
    </Form>
  );
}
