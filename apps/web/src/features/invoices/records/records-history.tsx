import { formatDateTime } from '@glass/domain/rules/date-format';
import { AutoComplete, Button, Checkbox, Form, Input, Switch, Tag } from 'antd';
import { useId, useState } from 'react';
import { recordsApi, useContactHistory } from './records-api';
import { useRecordWrite } from './records-form';
import { byLine, QueryBody, RecordItem, RecordList } from './records-section';
import { DateTimeField } from '../../../ui/date-fields';

interface ContactInput {
  activity: string;
  details?: string;
  activityDateTime?: string;
  contactItem: boolean;
}

/** Ours: the usual ways a shop reaches a customer, offered as suggestions (any text is allowed). */
const ACTIVITIES = [
  'Called customer',
  'Left voicemail',
  'Texted customer',
  'E-mailed customer',
  'Customer called',
];

/** GET/POST /api/InvoicesHistory: the invoice's history, optionally only the contact entries, and new contacts. */
export function ContactHistorySection({ invoiceId, canWrite }: { invoiceId: number; canWrite: boolean }) {
  // The detail's History section lists every entry; this one starts on the contacts.
  const [contactsOnly, setContactsOnly] = useState(true);
  const switchId = useId();
  const history = useContactHistory(invoiceId, contactsOnly);
  return (
    <>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <Switch id={switchId} size="small" checked={contactsOnly} onChange={setContactsOnly} />
        <label htmlFor={switchId}>Contacts only</label>
      </div>
      {canWrite && <ContactForm invoiceId={invoiceId} />}
      <QueryBody query={history} label="history" empty={contactsOnly ? 'No contact yet.' : 'No history yet.'}>
        {(rows) => (
          <RecordList label="Contact history">
            {rows.map((entry) => (
              <RecordItem
                key={entry.id}
                testId="history-entry"
                title={entry.activity}
                meta={byLine(formatDateTime(entry.activityDateTime), entry.user)}
                actions={entry.contactItem ? <Tag color="processing">Contact</Tag> : undefined}
                body={entry.details || undefined}
              />
            ))}
          </RecordList>
        )}
      </QueryBody>
    </>
  );
}

function ContactForm({ invoiceId }: { invoiceId: number }) {
  const [form] = Form.useForm<ContactInput>();
  const [busy, setBusy] = useState(false);
  const write = useRecordWrite(invoiceId);
  const add = async ({ activityDateTime, details, ...values }: ContactInput) => {
    setBusy(true);
    const body = {
      invoiceId,
      ...values,
      activity: values.activity.trim(),
      details: details?.trim() || undefined,
      // The input holds local time; the server stores an instant.
      activityDateTime: activityDateTime ? new Date(activityDateTime).toISOString() : undefined,
    };
    const done = await write(() => recordsApi.addContact(body), 'Contact added', form);
    setBusy(false);
    if (done) form.resetFields();
  };
  return (
    <Form
      name="invoice-contact"
      form={form}
      layout="vertical"
      initialValues={{ contactItem: true }}
      onFinish={add}
      aria-label="Add a contact entry"
      style={{ maxWidth: 560, marginBottom: 12 }}
    >
      <Form.Item
        name="activity"
        label="Activity"
        rules={[{ required: true, whitespace: true, message: 'Enter the activity.' }]}
      >
        <AutoComplete
          options={ACTIVITIES.map((value) => ({ value }))}
          filterOption={(input, option) => !!option?.value.toLowerCase().includes(input.toLowerCase())}
        >
          <Input maxLength={200} />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="details" label="Details">
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Form.Item name="activityDateTime" label="When (leave empty for now)">
        <DateTimeField valueFormat="YYYY-MM-DDTHH:mm" />
      </Form.Item>
      <Form.Item name="contactItem" valuePropName="checked">
        <Checkbox>Contact with the customer</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        Add contact
      </Button>
    </Form>
  );
}
