import { MoneyInput } from '../../../resources/money-input';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Button, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { recordsApi } from './records-api';
import { LookupSelect } from '../../../resources/lookup-select';
import { type InvoicePart, useInvoiceDetail } from '../documents/documents-api';
import { money } from '../invoice-api';
import { useRecordWrite } from './records-form';
import { QueryBody, RecordItem, RecordList } from './records-section';

type PartInput = Pick<
  InvoicePart,
  'partTypeId' | 'partNumber' | 'description' | 'vendorId' | 'cost' | 'price' | 'statusId'
>;

const PART_TYPES = { path: '/api/PartTypes' };
const PART_STATUSES = { path: '/api/ReplacementPartStatuses' };
const VENDORS = { path: '/api/vendors' };

/** The detail's replacement parts with their status; POST/PUT /api/InvoiceParts (the server recomputes the total). */
export function PartsSection({ invoiceId, canWrite }: { invoiceId: number; canWrite: boolean }) {
  const detail = useInvoiceDetail(invoiceId);
  const [editing, setEditing] = useState<InvoicePart | 'new' | null>(null);
  return (
    <>
      {canWrite && (
        <Button style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
          Add part
        </Button>
      )}
      <QueryBody
        query={{ ...detail, data: detail.data?.parts }}
        label="replacement parts"
        empty="No replacement parts."
      >
        {(rows) => (
          <RecordList label="Replacement parts">
            {rows.map((part) => (
              <RecordItem
                key={part.id}
                testId="invoice-part"
                title={
                  [part.partType, part.partNumber, part.description].filter(Boolean).join(' · ') || 'Part'
                }
                meta={[
                  part.vendor,
                  `price ${money(part.price)}`,
                  part.cost !== null && part.cost !== undefined ? `cost ${money(part.cost)}` : '',
                  part.orderedAt ? `ordered ${formatDateTime(part.orderedAt)}` : '',
                  part.receivedAt ? `received ${formatDateTime(part.receivedAt)}` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
                actions={
                  <>
                    {part.status && <Tag>{part.status}</Tag>}
                    {canWrite && (
                      <Button
                        size="small"
                        aria-label={`Edit part ${part.id}`}
                        onClick={() => setEditing(part)}
                      >
                        Edit
                      </Button>
                    )}
                  </>
                }
              />
            ))}
          </RecordList>
        )}
      </QueryBody>
      {editing && <PartModal invoiceId={invoiceId} part={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function PartModal({
  invoiceId,
  part,
  onClose,
}: {
  invoiceId: number;
  part: InvoicePart | 'new';
  onClose: () => void;
}) {
  const [form] = Form.useForm<PartInput>();
  const [busy, setBusy] = useState(false);
  const write = useRecordWrite(invoiceId);
  const isNew = part === 'new';
  const save = async (values: PartInput) => {
    // null clears a field on edit (an absent one would stay as it was).
    const body = {
      partTypeId: values.partTypeId,
      statusId: values.statusId,
      price: values.price,
      partNumber: values.partNumber?.trim() || null,
      description: values.description?.trim() || null,
      vendorId: values.vendorId ?? null,
      cost: values.cost ?? null,
    };
    setBusy(true);
    const done = await write(
      () => (isNew ? recordsApi.addPart(invoiceId, body) : recordsApi.savePart(part.id, body)),
      isNew ? 'Part added' : 'Part saved',
      form,
    );
    setBusy(false);
    if (done) onClose();
  };
  const required = (what: string) => [{ required: true, message: `Choose the ${what}.` }];
  return (
    <Modal
      open
      title={isNew ? 'Add replacement part' : 'Edit replacement part'}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy }}
    >
      <Form
        name="invoice-part"
        form={form}
        layout="vertical"
        initialValues={isNew ? {} : { ...part, cost: toNumber(part.cost), price: toNumber(part.price) }}
        onFinish={save}
      >
        <Form.Item name="partTypeId" label="Part type" rules={required('part type')}>
          <LookupSelect source={PART_TYPES} />
        </Form.Item>
        <Form.Item name="statusId" label="Status" rules={required('status')}>
          <LookupSelect source={PART_STATUSES} />
        </Form.Item>
        <Form.Item name="partNumber" label="Part number">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="vendorId" label="Vendor">
          <LookupSelect source={VENDORS} />
        </Form.Item>
        <Form.Item name="cost" label="Cost">
          <MoneyInput step={0.01} />
        </Form.Item>
        <Form.Item name="price" label="Price" rules={[{ required: true, message: 'Enter the price.' }]}>
          <MoneyInput step={0.01} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const toNumber = (value: number | string | null) =>
  value === null || value === '' ? undefined : Number(value);
