import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Spin } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { withProgress } from '../../api/notices';
import { type QuickQuote, type QuickQuotePart, svApi } from './sv-api';
import { Section } from '../../ui/section';
import { money } from './sv-detail-sections';
import { serviceVehicleKeys } from '../../query/query-keys';

type Lists = { partTypes: Array<{ id: number; name: string }>; grades: Array<{ id: number; name: string }> };
type QuoteKey = 'quote1' | 'quote2';
const QUOTES: Array<[QuoteKey, string]> = [
  ['quote1', 'Quote 1'],
  ['quote2', 'Quote 2'],
];

/** What the form holds per quote: text as typed, ids as chosen. */
interface PartDraft {
  partNumber?: string;
  partTypeId?: number | null;
  gradeId?: number | null;
  manufacturer?: string;
  cog?: string;
  quoted?: string;
}
type Draft = Record<QuoteKey, PartDraft>;

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const trimmed = (value?: string) => value?.trim() || null;
const amount = (value?: string) => (value?.trim() ? Number(value.trim()) : null);

const toDraft = (part?: QuickQuotePart | null): PartDraft => ({
  partNumber: text(part?.partNumber),
  partTypeId: part?.partTypeId ?? null,
  gradeId: part?.gradeId ?? null,
  manufacturer: text(part?.manufacturer),
  cog: text(part?.cog),
  quoted: text(part?.quoted),
});

const toPart = (draft: PartDraft = {}): QuickQuotePart => ({
  partNumber: trimmed(draft.partNumber),
  partTypeId: draft.partTypeId ?? null,
  gradeId: draft.gradeId ?? null,
  manufacturer: trimmed(draft.manufacturer),
  cog: amount(draft.cog),
  quoted: amount(draft.quoted),
});

const nameOf = (list: Array<{ id: number; name: string }> | undefined, id?: number | null) =>
  id == null ? '' : (list?.find((o) => o.id === id)?.name ?? `#${id}`);

/** Quote 1 and quote 2 side by side: one row per field. */
function QuoteTable({ quote, lists }: { quote: QuickQuote; lists?: Lists }) {
  const rows: Array<[string, (p?: QuickQuotePart | null) => string]> = [
    ['Part number', (p) => text(p?.partNumber)],
    ['Type', (p) => nameOf(lists?.partTypes, p?.partTypeId)],
    ['Grade', (p) => nameOf(lists?.grades, p?.gradeId)],
    ['Manufacturer', (p) => text(p?.manufacturer)],
    ['Cost', (p) => money(p?.cog)],
    ['Quoted price', (p) => money(p?.quoted)],
  ];
  return (
    <div className="sv-table-wrap">
      <table className="sv-quote-table">
        <caption>
          Quick quote #{quote.id}
          {quote.quotedAt ? ` — ${formatDateTime(String(quote.quotedAt))}` : ''}
          {quote.quotedBy ? ` — ${String(quote.quotedBy)}` : ''}
        </caption>
        <thead>
          <tr>
            <td />
            {QUOTES.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, show]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {QUOTES.map(([key]) => (
                <td key={key}>{show(quote[key]) || '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Adds (POST) or changes (PUT) a quick quote; a 400 shows at the field the server names (e.g. quote1.cog). */
function QuoteForm({
  quote,
  serviceVehicleId,
  lists,
  onDone,
}: {
  quote?: QuickQuote;
  serviceVehicleId: number;
  lists?: Lists;
  onDone: (saved: boolean) => void;
}) {
  const [form] = Form.useForm<Draft>();
  const [saving, setSaving] = useState(false);
  const title = quote ? `Edit quick quote #${quote.id}` : 'New quick quote';

  const submit = async (draft: Draft) => {
    const body = { quote1: toPart(draft.quote1), quote2: toPart(draft.quote2) };
    setSaving(true);
    try {
      await withProgress(
        quote ? svApi.updateQuickQuote(quote.id, body) : svApi.addQuickQuote({ serviceVehicleId, ...body }),
      );
      onDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        form.setFields(
          Object.entries(error.errors)
            .filter(([field]) => /^quote[12]\.\w+$/.test(field))
            .map(([field, errors]) => ({ name: field.split('.'), errors })) as Parameters<
            typeof form.setFields
          >[0],
        );
    } finally {
      setSaving(false);
    }
  };

  const options = (list?: Array<{ id: number; name: string }>) =>
    (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const amountRule = { pattern: AMOUNT, message: 'Enter an amount like 199.99' };

  return (
    <Form<Draft>
      form={form}
      layout="vertical"
      aria-label={title}
      onFinish={submit}
      initialValues={{ quote1: toDraft(quote?.quote1), quote2: toDraft(quote?.quote2) }}
      className="sv-row"
    >
      <strong>{title}</strong>
      <div className="sv-form-grid">
        {QUOTES.map(([key, label]) => (
          <fieldset key={key} className="sv-quote-fieldset">
            <legend>{label}</legend>
            <Form.Item name={[key, 'partNumber']} label="Part number">
              <Input aria-label={`${label} part number`} maxLength={50} />
            </Form.Item>
            <Form.Item name={[key, 'partTypeId']} label="Type">
              <Select
                aria-label={`${label} type`}
                allowClear
                virtual={false}
                options={options(lists?.partTypes)}
              />
            </Form.Item>
            <Form.Item name={[key, 'gradeId']} label="Grade">
              {/* Short lists, all rendered (not virtual): every option reachable by screen readers and tests. */}
              <Select
                aria-label={`${label} grade`}
                allowClear
                virtual={false}
                options={options(lists?.grades)}
              />
            </Form.Item>
            <Form.Item name={[key, 'manufacturer']} label="Manufacturer">
              <Input aria-label={`${label} manufacturer`} maxLength={100} />
            </Form.Item>
            <Form.Item name={[key, 'cog']} label="Cost" rules={[amountRule]}>
              <Input aria-label={`${label} cost`} inputMode="decimal" prefix="$" />
            </Form.Item>
            <Form.Item name={[key, 'quoted']} label="Quoted price" rules={[amountRule]}>
              <Input aria-label={`${label} quoted price`} inputMode="decimal" prefix="$" />
            </Form.Item>
          </fieldset>
        ))}
      </div>
      <div className="sv-actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          Save quote
        </Button>
        <Button onClick={() => onDone(false)}>Cancel</Button>
      </div>
    </Form>
  );
}

/** Quick quotes of the vehicle (GET/POST/PUT /api/QuickQuotes): quote 1 and quote 2 each. */
export function QuickQuotes({ serviceVehicleId, canWrite }: { serviceVehicleId: number; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const quotes = useQuery({
    queryKey: serviceVehicleKeys.quotes(serviceVehicleId),
    queryFn: () => svApi.quickQuotes(serviceVehicleId),
  });
  const lists = useQuery({
    queryKey: serviceVehicleKeys.quickQuoteLists,
    queryFn: svApi.quickQuoteLists,
    staleTime: 300_000,
  });
  /** The quote being edited: its id, 'new', or none. */
  const [editing, setEditing] = useState<number | 'new'>();

  const done = (saved: boolean) => {
    setEditing(undefined);
    if (!saved) return;
    void queryClient.invalidateQueries({ queryKey: serviceVehicleKeys.quotes(serviceVehicleId) });
    void queryClient.invalidateQueries({ queryKey: serviceVehicleKeys.history(serviceVehicleId) });
  };
  const form = (quote?: QuickQuote) => (
    <QuoteForm quote={quote} serviceVehicleId={serviceVehicleId} lists={lists.data} onDone={done} />
  );

  return (
    <Section id="quotes" title="Quick quotes">
      {quotes.isLoading ? (
        <Spin aria-label="Loading quick quotes" />
      ) : quotes.isError ? (
        <Alert type="error" showIcon title="Failed to get quick quotes" />
      ) : quotes.data?.length ? (
        <ul className="sv-list" aria-label="Quick quotes">
          {quotes.data.map((q) => (
            <li key={q.id}>
              {editing === q.id && canWrite ? (
                form(q)
              ) : (
                <div className="sv-row">
                  <QuoteTable quote={q} lists={lists.data} />
                  {canWrite ? (
                    <Button
                      size="small"
                      style={{ marginTop: 8 }}
                      onClick={() => setEditing(q.id)}
                      aria-label={`Edit quick quote #${q.id}`}
                    >
                      Edit
                    </Button>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No quick quotes.</p>
      )}
      {canWrite && editing === 'new' ? <div style={{ marginTop: 8 }}>{form()}</div> : null}
      {canWrite && editing !== 'new' ? (
        <Button style={{ marginTop: 8 }} onClick={() => setEditing('new')}>
          Add quick quote
        </Button>
      ) : null}
    </Section>
  );
}
