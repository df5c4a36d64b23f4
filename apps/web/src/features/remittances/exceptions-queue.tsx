import type { RemittanceLine } from '@glass/domain/contracts/remittances';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Breakpoint, Button, Form, Input, InputNumber, Modal, Segmented, Space } from 'antd';
import { useState } from 'react';
import { claimKeys, invoiceKeys, remittanceKeys } from '../../query/query-keys';
import { useFailureToast } from '../../query/use-failure-toast';
import { refreshKeys, useWrite } from '../../query/use-write';
import { AppLink } from '../../ui/app-link';
import { DataTable } from '../../ui/data-table';
import { Money } from '../../ui/money';
import { FAILED_TO_GET_REMITTANCE_EXCEPTIONS, remittancesApi } from './remittances-api';

const PAGE = 25;
const WIDE: Breakpoint[] = ['md'];
type Outcome = 'Exception' | 'ShortPaid';
type Dialog = { kind: 'reassign' | 'dismiss'; line: RemittanceLine } | null;

const numbers = (l: RemittanceLine) =>
  [
    l.claimNumber ? `Claim ${l.claimNumber}` : null,
    l.referenceNumber ? `Ref ${l.referenceNumber}` : null,
    l.invoiceNumber ? `Invoice ${l.invoiceNumber}` : null,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The exceptions queue: the lines the import could not fund on its own, oldest first, with the suggested invoice;
 * Confirm funds it, Reassign funds another invoice, Dismiss takes the line off without funding. A 409 (the line
 * resolved meanwhile, the invoice cannot take the payment) is shown by useWrite's failure notice.
 */
export function ExceptionsQueue() {
  const [outcome, setOutcome] = useState<Outcome>('Exception');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery({
    queryKey: remittanceKeys.exceptionsPage(outcome, page),
    queryFn: () => remittancesApi.exceptions(outcome, page, PAGE),
  });
  useFailureToast(list.isError, FAILED_TO_GET_REMITTANCE_EXCEPTIONS);
  const write = useWrite([remittanceKeys.all]);
  const queryClient = useQueryClient();
  // A funding changes the invoice (funded, its transaction) and its claim (Paid or Short-paid) too.
  const fund = async (invoiceId: number | null, call: () => Promise<unknown>) => {
    const ok = await write(call, 'Funded');
    if (ok && invoiceId !== null)
      await refreshKeys(queryClient, [invoiceKeys.detail(invoiceId), claimKeys.all]);
    return ok;
  };
  return (
    <>
      <Space wrap align="center" style={{ marginBottom: 12 }}>
        <Segmented<Outcome>
          aria-label="Lines"
          value={outcome}
          onChange={(v) => {
            setOutcome(v);
            setPage(1);
          }}
          options={[
            { value: 'Exception', label: 'Exceptions' },
            { value: 'ShortPaid', label: 'Short-paid' },
          ]}
        />
        <span role="status" aria-live="polite">
          {list.data
            ? `${list.data.total} ${outcome === 'Exception' ? 'exceptions' : 'short-paid lines'}`
            : ''}
        </span>
      </Space>
      <DataTable<RemittanceLine>
        label="Remittance exceptions"
        rowKey="id"
        dataSource={list.data?.value ?? []}
        loading={list.isFetching}
        empty="No exceptions"
        cardLabel={(l) => `Line ${l.lineNo} of import ${l.importId}`}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'line', title: 'Line', width: 90, render: (_, l) => `${l.importId}/${l.lineNo}` },
          { key: 'numbers', title: 'Numbers', render: (_, l) => numbers(l) },
          { key: 'payer', title: 'Payer', dataIndex: 'payerName', responsive: WIDE },
          {
            key: 'paid',
            title: 'Paid',
            width: 110,
            render: (_, l) => (l.paidCents === null ? 'Unreadable' : <Money cents={l.paidCents} />),
          },
          outcome === 'Exception'
            ? { key: 'reason', title: 'Reason', dataIndex: 'reason' }
            : {
                key: 'short',
                title: 'Short by',
                width: 110,
                render: (_, l) => <Money cents={l.shortCents} />,
              },
          {
            key: 'invoice',
            title: 'Suggested invoice',
            render: (_, l) =>
              l.invoiceId ? (
                <span>
                  <AppLink to={`/invoices/${l.invoiceId}`} aria-label={`Open invoice ${l.invoiceId}`}>
                    {l.invoiceId}
                  </AppLink>
                  {l.invoiceOwedCents !== null ? (
                    <>
                      {' '}
                      owes <Money cents={l.invoiceOwedCents} />
                    </>
                  ) : null}
                </span>
              ) : (
                'None'
              ),
          },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, l) =>
              l.outcome !== 'Exception' ? null : (
                <Space wrap size={4}>
                  {l.invoiceId ? (
                    <Button
                      size="small"
                      type="primary"
                      aria-label={`Confirm line ${l.lineNo} of import ${l.importId}`}
                      onClick={() => void fund(l.invoiceId, () => remittancesApi.confirm(l.id))}
                    >
                      Confirm
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    aria-label={`Reassign line ${l.lineNo} of import ${l.importId}`}
                    onClick={() => setDialog({ kind: 'reassign', line: l })}
                  >
                    Reassign
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Dismiss line ${l.lineNo} of import ${l.importId}`}
                    onClick={() => setDialog({ kind: 'dismiss', line: l })}
                  >
                    Dismiss
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {dialog?.kind === 'reassign' ? (
        <ReassignDialog
          line={dialog.line}
          onCancel={() => setDialog(null)}
          onSave={(invoiceId) => fund(invoiceId, () => remittancesApi.reassign(dialog.line.id, invoiceId))}
        />
      ) : null}
      {dialog?.kind === 'dismiss' ? (
        <DismissDialog
          line={dialog.line}
          onCancel={() => setDialog(null)}
          onSave={(reason) => write(() => remittancesApi.dismiss(dialog.line.id, reason), 'Dismissed')}
        />
      ) : null}
    </>
  );
}

function ReassignDialog({
  line,
  onCancel,
  onSave,
}: {
  line: RemittanceLine;
  onCancel: () => void;
  onSave: (invoiceId: number) => Promise<boolean>;
}) {
  const [form] = Form.useForm<{ invoiceId: number }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={`Fund another invoice with line ${line.lineNo} of import ${line.importId}`}
      okText="Reassign"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() =>
        form.validateFields().then(async ({ invoiceId }) => {
          setSaving(true);
          const ok = await onSave(invoiceId);
          setSaving(false);
          if (ok) onCancel();
        })
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="invoiceId"
          label="Invoice number"
          rules={[{ required: true, message: 'Invoice number is required' }]}
        >
          <InputNumber min={1} max={2_147_483_647} precision={0} style={{ width: '100%' }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DismissDialog({
  line,
  onCancel,
  onSave,
}: {
  line: RemittanceLine;
  onCancel: () => void;
  onSave: (reason: string) => Promise<boolean>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={`Dismiss line ${line.lineNo} of import ${line.importId}`}
      okText="Dismiss"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() =>
        form.validateFields().then(async ({ reason }) => {
          setSaving(true);
          const ok = await onSave(reason.trim());
          setSaving(false);
          if (ok) onCancel();
        })
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="Reason"
          rules={[{ required: true, whitespace: true, message: 'Reason is required' }]}
        >
          <Input.TextArea maxLength={500} rows={3} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
