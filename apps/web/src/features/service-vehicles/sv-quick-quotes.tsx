import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Spin } from 'antd';
import { type FormEvent, useState } from 'react';
import { withProgress } from '../../api/notices';
import { type QuickQuote, type QuickQuotePart, svApi, svKeys } from './sv-api';
import { Section } from './sv-detail-sections';

const money = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : `$${Number(value).toFixed(2)}`;

function Part({ label, part }: { label: string; part?: QuickQuotePart | null }) {
  if (!part || (!part.partNumber && part.quoted == null && part.cog == null && !part.manufacturer)) {
    return (
      <div>
        <span className="sv-field-label">{label}:</span> —
      </div>
    );
  }
  return (
    <div>
      <span className="sv-field-label">{label}:</span> {part.partNumber ?? ''} {part.manufacturer ?? ''}{' '}
      quoted {money(part.quoted)}, cost {money(part.cog)}
    </div>
  );
}

const amount = (text: string) => (text.trim() === '' ? null : Number(text));

/** Quick quotes of the vehicle (GET/POST /api/QuickQuotes): two part quotes each. */
export function QuickQuotes({ serviceVehicleId, canWrite }: { serviceVehicleId: number; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const quotes = useQuery({
    queryKey: svKeys.quotes(serviceVehicleId),
    queryFn: async () => {
      const data = await svApi.quickQuotes(serviceVehicleId);
      return (Array.isArray(data) ? data : (data?.value ?? [])) as QuickQuote[];
    },
  });
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ part1: '', quoted1: '', part2: '', quoted2: '' });
  const valid = [draft.quoted1, draft.quoted2].every(
    (t) => t.trim() === '' || /^\d{1,7}(\.\d{1,2})?$/.test(t.trim()),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      await withProgress(
        svApi.addQuickQuote({
          serviceVehicleId,
          quote1: { partNumber: draft.part1.trim() || null, quoted: amount(draft.quoted1) },
          quote2: { partNumber: draft.part2.trim() || null, quoted: amount(draft.quoted2) },
        }),
      );
      setAdding(false);
      setDraft({ part1: '', quoted1: '', part2: '', quoted2: '' });
      void queryClient.invalidateQueries({ queryKey: svKeys.quotes(serviceVehicleId) });
    } catch {
      // withProgress showed the error.
    }
  };
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <Section id="quotes" title="Quick quotes">
      {quotes.isLoading ? (
        <Spin aria-label="Loading quick quotes" />
      ) : quotes.isError ? (
        <Alert type="error" showIcon title="Failed to get quick quotes" />
      ) : quotes.data?.length ? (
        <ul className="sv-list" aria-label="Quick quotes">
          {quotes.data.map((q) => (
            <li key={q.id} className="sv-row">
              <div>
                Quote #{q.id} {q.createdAt ? formatDateTime(q.createdAt) : ''}
              </div>
              <Part label="Quote 1" part={q.quote1} />
              <Part label="Quote 2" part={q.quote2} />
            </li>
          ))}
        </ul>
      ) : (
        <p>No quick quotes.</p>
      )}
      {canWrite && !adding ? (
        <Button style={{ marginTop: 8 }} onClick={() => setAdding(true)}>
          Add quick quote
        </Button>
      ) : null}
      {canWrite && adding ? (
        <form
          onSubmit={submit}
          className="sv-form-grid"
          style={{ marginTop: 8 }}
          aria-label="New quick quote"
        >
          <Input
            aria-label="Quote 1 part number"
            placeholder="Quote 1 part number"
            value={draft.part1}
            onChange={set('part1')}
          />
          <Input
            aria-label="Quote 1 amount"
            placeholder="Quote 1 amount"
            inputMode="decimal"
            value={draft.quoted1}
            onChange={set('quoted1')}
          />
          <Input
            aria-label="Quote 2 part number"
            placeholder="Quote 2 part number"
            value={draft.part2}
            onChange={set('part2')}
          />
          <Input
            aria-label="Quote 2 amount"
            placeholder="Quote 2 amount"
            inputMode="decimal"
            value={draft.quoted2}
            onChange={set('quoted2')}
          />
          <div className="sv-actions">
            <Button type="primary" htmlType="submit" disabled={!valid}>
              Save quote
            </Button>
            <Button onClick={() => setAdding(false)}>Cancel</Button>
          </div>
        </form>
      ) : null}
    </Section>
  );
}
