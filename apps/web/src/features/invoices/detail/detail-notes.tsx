import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useSessionState } from '../../../api/use-session';
import { Section } from '../../../ui/section';
import { useInvoiceWrite } from './detail-hooks';
import { type InvoiceNote, invoiceApi } from '../invoice-api';
import { invoiceKeys } from '../../../query/query-keys';
import { noteBody } from '@glass/domain/contracts/invoices';
import { limitsOf, zodRule } from '../../../ui/zod-rule';

interface NoteValues {
  subject: string;
  note: string;
}

function NoteForm({
  invoiceId,
  note,
  onDone,
}: {
  invoiceId: number;
  note?: InvoiceNote;
  onDone: () => void;
}) {
  const write = useInvoiceWrite(invoiceId);
  const [form] = Form.useForm<NoteValues>();
  const [saving, setSaving] = useState(false);
  const save = async (v: NoteValues) => {
    const body = { subject: v.subject.trim() || undefined, note: v.note };
    setSaving(true);
    const ok = await write(() =>
      note ? invoiceApi.editNote(note.id, body) : invoiceApi.addNote(invoiceId, body),
    );
    setSaving(false);
    if (ok) {
      form.resetFields();
      onDone();
    }
  };
  const label = note ? 'Edit note' : 'New note';
  return (
    <Form<NoteValues>
      form={form}
      layout="vertical"
      aria-label={label}
      onFinish={save}
      initialValues={{ subject: note?.subject ?? '', note: note?.note ?? '' }}
      className="inv-note-form"
    >
      <Form.Item name="subject" label="Subject">
        <Input aria-label={`${label} subject`} maxLength={limitsOf(noteBody.shape.subject).maxLength} />
      </Form.Item>
      <Form.Item
        name="note"
        label="Note"
        rules={[
          { required: true, whitespace: true, message: 'Note is required' },
          zodRule(noteBody.shape.note),
        ]}
      >
        <Input.TextArea
          aria-label={`${label} text`}
          rows={3}
          maxLength={limitsOf(noteBody.shape.note).maxLength}
        />
      </Form.Item>
      <div className="sv-actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {note ? 'Save note' : 'Add note'}
        </Button>
        {note ? <Button onClick={onDone}>Cancel</Button> : null}
      </div>
    </Form>
  );
}

/** GET/POST/PUT /api/InvoiceNotes: newest first; each author edits only their own notes. */
export function DetailNotes({ invoiceId, canWrite }: { invoiceId: number; canWrite: boolean }) {
  const { user } = useSessionState();
  const [editingId, setEditingId] = useState<number | null>(null);
  const notes = useQuery({
    queryKey: invoiceKeys.notes(invoiceId),
    queryFn: () => invoiceApi.notes(invoiceId),
  });
  return (
    <Section id="notes" title="Notes">
      {notes.isLoading ? (
        <Spin aria-label="Loading notes" />
      ) : notes.isError ? (
        <Alert type="error" showIcon title="Failed to get notes" />
      ) : notes.data?.length ? (
        <ul className="sv-list" aria-label="Notes">
          {notes.data.map((n) => (
            <li key={n.id} className="sv-row">
              {editingId === n.id ? (
                <NoteForm invoiceId={invoiceId} note={n} onDone={() => setEditingId(null)} />
              ) : (
                <>
                  <div className="sv-row-head">
                    {n.subject ? <strong className="inv-wrap">{n.subject}</strong> : null}
                    <span>
                      {n.author ?? 'Unknown'} — {formatDateTime(n.createdAt)}
                      {n.lastEditedAt ? ` (edited ${formatDateTime(n.lastEditedAt)})` : ''}
                    </span>
                    {canWrite && n.userId === user?.id ? (
                      <Button size="small" onClick={() => setEditingId(n.id)}>
                        Edit
                      </Button>
                    ) : null}
                  </div>
                  <div className="inv-wrap inv-pre">{n.note}</div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No notes yet.</p>
      )}
      {canWrite ? <NoteForm invoiceId={invoiceId} onDone={() => undefined} /> : null}
    </Section>
  );
}
