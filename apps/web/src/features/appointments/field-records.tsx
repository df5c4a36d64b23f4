import { appointmentStatusLabel } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Button, Tag } from 'antd';
import type { ReactNode } from 'react';
import { appointmentKeys } from '../../query/query-keys';
import { EmptyState } from '../../ui/empty-state';
import { ListSkeleton } from '../../ui/list-skeleton';
import { ThumbnailImage } from '../../ui/thumbnail-image';
import { STATUS_TAG } from './appointment-colors';
import { appointmentsApi } from './appointments-api';
import './field-records.css';

const LOADERS = {
  images: appointmentsApi.images,
  notes: appointmentsApi.notes,
  materials: appointmentsApi.materials,
  parts: appointmentsApi.parts,
  accessories: appointmentsApi.accessories,
};
type Kind = keyof typeof LOADERS;
type Loaded<K extends Kind> = Awaited<ReturnType<(typeof LOADERS)[K]>>;

function useFieldRecords<K extends Kind>(invoiceId: number, kind: K): UseQueryResult<Loaded<K>> {
  const load = LOADERS[kind] as (id: number) => Promise<Loaded<K>>;
  return useQuery({
    queryKey: appointmentKeys.fieldRecords(invoiceId, kind),
    queryFn: () => load(invoiceId),
  });
}

/** One block: its heading, then a skeleton while loading, the failure with a retry, the empty line or the rows. */
function Block<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T[]>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  const what = title.toLowerCase();
  let body: ReactNode;
  if (query.isLoading) body = <ListSkeleton rows={2} label={`Loading ${what}`} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={`Failed to get ${what}`}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!query.data?.length) body = <EmptyState compact>{empty}</EmptyState>;
  else body = children(query.data);
  return (
    <section className="field-records-block" aria-label={title}>
      <h3 className="field-records-title">{title}</h3>
      {body}
    </section>
  );
}

/**
 * What the installer recorded on an invoice's visits (GET /api/appointments/images|notes|materials, from the
 * status updates) and, with `invoiceRecords`, the invoice's parts and accessories (GET appointments/parts|
 * accessories): shown to the office in the calendar's drawer and on the invoice. Photos are thumbnails
 * (`?thumb=1`) that open full size. Times on the facility's clock when `timeZone` is given.
 */
export function FieldRecords({
  invoiceId,
  timeZone,
  invoiceRecords = true,
}: {
  invoiceId: number;
  timeZone?: string | null;
  /** False where the screen already shows the invoice's parts and accessories (the invoice page). */
  invoiceRecords?: boolean;
}) {
  const images = useFieldRecords(invoiceId, 'images');
  const notes = useFieldRecords(invoiceId, 'notes');
  const materials = useFieldRecords(invoiceId, 'materials');
  const when = (at: string) => formatDateTime(at, timeZone);
  return (
    <div className="field-records">
      <Block title="Photos" query={images} empty="No photos yet">
        {(rows) => (
          <ul className="field-records-photos" aria-label="Installer photos">
            {rows.map((photo, i) => {
              const status = appointmentStatusLabel(photo.statusId as never) ?? '';
              return (
                <li key={photo.id} data-testid="field-photo">
                  <ThumbnailImage
                    url={`/api/files/${photo.path}`}
                    alt={`Photo ${i + 1} (${status}, ${when(photo.createdAt)})`}
                    size={120}
                    square
                  />
                  <div className="field-records-meta">
                    {status} · {when(photo.createdAt)}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Block>
      <Block title="Notes" query={notes} empty="No notes yet">
        {(rows) => (
          <ul className="field-records-list" aria-label="Installer notes">
            {rows.map((n) => (
              <li key={n.id} data-testid="field-note">
                <div className="field-records-meta">
                  <Tag color={STATUS_TAG[n.statusId]}>{n.statusName}</Tag>
                  {[n.userName, when(n.createdAt)].filter(Boolean).join(', ')}
                </div>
                <div className="field-records-text">{n.note}</div>
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block title="Materials" query={materials} empty="No materials reported yet">
        {(rows) => (
          <ul className="field-records-list" aria-label="Materials used">
            {rows.map((m) => (
              <li key={m.id}>
                {m.name} × {Number(m.quantity)}
              </li>
            ))}
          </ul>
        )}
      </Block>
      {invoiceRecords ? <InvoiceRecords invoiceId={invoiceId} /> : null}
    </div>
  );
}

/** The invoice's parts (with their status) and accessories: what the installer fits. */
function InvoiceRecords({ invoiceId }: { invoiceId: number }) {
  const parts = useFieldRecords(invoiceId, 'parts');
  const accessories = useFieldRecords(invoiceId, 'accessories');
  return (
    <>
      <Block title="Parts" query={parts} empty="No parts on this invoice">
        {(rows) => (
          <ul className="field-records-list" aria-label="Parts">
            {rows.map((p) => (
              <li key={p.id}>
                {[p.partTypeName, p.partNumber, p.description].filter(Boolean).join(' · ') || `Part ${p.id}`}{' '}
                <Tag>{p.statusName}</Tag>
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block title="Accessories" query={accessories} empty="No accessories on this invoice">
        {(rows) => (
          <ul className="field-records-list" aria-label="Accessories">
            {rows.map((a) => (
              <li key={a.id}>{[a.name, a.partNumber].filter(Boolean).join(' · ')}</li>
            ))}
          </ul>
        )}
      </Block>
    </>
  );
}
