import type { ReactNode } from 'react';
import { DetailGrid } from '../../../ui/detail-layout';
import { FieldRecords } from '../../appointments';
import { ApprovalsSection } from '../../approvals';
import { ClaimSubmissionsSection } from '../../claims';
import { DocumentActions } from '../documents/documents-actions';
import { facilityTimeZone } from '../../../shell/facility-time';
import { useCan, useInvoiceDetail } from '../documents/documents-api';
import { PdfsSection, SignatureSection, TechTextsSection } from '../documents/documents-sections';
import { AccessoriesSection } from '../records/records-accessories';
import { ContactHistorySection } from '../records/records-history';
import { ImagesSection } from '../records/records-images';
import { PartsSection } from '../records/records-parts';
import { CollapsibleSection } from '../records/records-section';
import { TransactionsSection } from '../records/records-transactions';

/** Props shared by the detail's extra sections: they read the invoice through the query key ['invoice', id]. */
export interface InvoiceSectionProps {
  invoiceId: number;
  /** True when the invoice is finalized or locked by someone else: sections show data but no write controls. */
  readOnly: boolean;
}

/** Documents and sending actions for the detail header (signature, PDF, e-mail, tech text). */
export function InvoiceDocumentActions(props: InvoiceSectionProps) {
  return <DocumentActions {...props} />;
}

type SectionBody = (props: { invoiceId: number; canWrite: boolean }) => ReactNode;

/**
 * The installer's photos, notes and materials, on the facility's clock like the calendar's drawer (the parts and
 * accessories have their own sections here).
 */
function FieldRecordsSection({ invoiceId }: { invoiceId: number }) {
  const invoice = useInvoiceDetail(invoiceId);
  return (
    <FieldRecords
      invoiceId={invoiceId}
      timeZone={facilityTimeZone(invoice.data?.facility)}
      invoiceRecords={false}
    />
  );
}

/** The sections in work order; the wide ones (tables, image grids) span both columns. */
const SECTIONS: Array<[key: string, title: string, Body: SectionBody, wide?: boolean]> = [
  ['signature', 'Signature', SignatureSection],
  ['approvals', 'Customer approvals', ApprovalsSection],
  ['claims', 'Claim submissions', ClaimSubmissionsSection, true],
  ['pdfs', 'PDFs', PdfsSection],
  ['contacts', 'Contact history', ContactHistorySection],
  ['tech-texts', 'Tech texts sent', TechTextsSection],
  ['field-records', 'Field records', FieldRecordsSection, true],
  ['images', 'Images', ImagesSection],
  ['transactions', 'Transactions', TransactionsSection, true],
  ['parts', 'Replacement parts', PartsSection, true],
  ['accessories', 'Accessories', AccessoriesSection, true],
];

/** The detail's record sections below the core ones (history, images, transactions, parts, accessories, PDFs). */
export function InvoiceExtraSections({ invoiceId, readOnly }: InvoiceSectionProps) {
  const canWrite = useCan('invoice.write') && !readOnly;
  return (
    <div className="invoice-extra-sections">
      <DetailGrid>
        {SECTIONS.map(([key, title, Body, wide]) => (
          <CollapsibleSection key={key} title={title} wide={wide}>
            <Body invoiceId={invoiceId} canWrite={canWrite} />
          </CollapsibleSection>
        ))}
      </DetailGrid>
    </div>
  );
}
