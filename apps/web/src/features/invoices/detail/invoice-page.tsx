import { invoiceNotFound, invoiceTitle } from '@glass/domain/messages/invoices';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../api/http';
import { RecordNotFound } from '../../../shell/access-pages';
import { useDocumentTitle } from '../../../shell/document-title';
import { DetailGrid } from '../../../ui/detail-layout';
import { ListSkeleton } from '../../../ui/list-skeleton';
import { DetailForm } from './detail-form';
import { DetailHeader, useInvoiceAccess } from './detail-header';
import { DetailNotes } from './detail-notes';
import { DetailHistory } from './detail-records';
import { DetailRepairs } from './detail-repairs';
import { InvoiceExtraSections } from './extra-sections';
import { invoiceApi } from '../invoice-api';
import '../../service-vehicles';
import './invoice-detail.css';
import { appointmentKeys, invoiceKeys } from '../../../query/query-keys';
import { RecordChangeNotice, useRecordLive } from '../../messaging';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /invoices/:id — the invoice detail (spec 2 §2–§5) on the shared detail layout (ui/detail-layout.tsx):
 * the header with its sticky action bar, then the sections as cards, two columns on a desktop and one
 * on a phone, in work order.
 */
export function InvoicePage() {
  const { id: rawId = '' } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  useDocumentTitle(invoiceTitle(rawId));
  const detail = useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => invoiceApi.detail(id),
    enabled: valid,
    retry: (count, error) => !notFound(error) && count < 1,
  });
  const invoice = detail.data;
  const access = useInvoiceAccess(invoice);
  // Live: a change by anyone rereads the invoice and its lists (all under its detail key); one by someone else says so.
  const live = useRecordLive('Invoice', valid ? id : undefined, [
    invoiceKeys.detail(id),
    appointmentKeys.allFieldRecords(id),
  ]);

  if (!valid || notFound(detail.error)) {
    return <RecordNotFound title={invoiceNotFound(rawId)} listPath="/invoices" listLabel="Invoices" />;
  }
  if (detail.isLoading) return <ListSkeleton label="Loading invoice" />;
  if (!invoice) {
    return <Alert type="error" showIcon title={`Failed to get ${invoiceTitle(rawId)}`} />;
  }
  return (
    <article aria-labelledby="screen-title" className="inv-page" data-live={live.watching ? 'on' : 'off'}>
      <DetailHeader invoice={invoice} />
      <RecordChangeNotice change={live.change} onClose={live.dismiss} />
      <DetailForm key={invoice.id} invoice={invoice} readOnly={access.readOnly} />
      <DetailGrid>
        <DetailRepairs invoice={invoice} readOnly={access.readOnly} />
        <DetailNotes invoiceId={invoice.id} canWrite={access.mayWrite} />
        <DetailHistory invoice={invoice} />
      </DetailGrid>
      <InvoiceExtraSections invoiceId={invoice.id} readOnly={access.readOnly} />
    </article>
  );
}
