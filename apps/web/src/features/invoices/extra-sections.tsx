import type { ReactNode } from 'react';
import { DocumentActions } from './documents-actions';
import { useCan } from './documents-api';
import { PdfsSection, SignatureSection, TechTextsSection } from './documents-sections';
import { AccessoriesSection } from './records-accessories';
import { ContactHistorySection } from './records-history';
import { ImagesSection } from './records-images';
import { PartsSection } from './records-parts';
import { CollapsibleSection } from './records-section';
import { TransactionsSection } from './records-transactions';

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

const SECTIONS: Array<[key: string, title: string, Body: SectionBody]> = [
  ['signature', 'Signature', SignatureSection],
  ['pdfs', 'PDFs', PdfsSection],
  ['contacts', 'Contact history', ContactHistorySection],
  ['tech-texts', 'Tech texts sent', TechTextsSection],
  ['images', 'Images', ImagesSection],
  ['transactions', 'Transactions', TransactionsSection],
  ['parts', 'Replacement parts', PartsSection],
  ['accessories', 'Accessories', AccessoriesSection],
];

/** The detail's record sections below the core ones (history, images, transactions, parts, accessories, PDFs). */
export function InvoiceExtraSections({ invoiceId, readOnly }: InvoiceSectionProps) {
  const canWrite = useCan('invoice.write') && !readOnly;
  return (
    <div className="invoice-extra-sections" style={{ marginTop: 16 }}>
      {SECTIONS.map(([key, title, Body]) => (
        <CollapsibleSection key={key} title={title}>
          <Body invoiceId={invoiceId} canWrite={canWrite} />
        </CollapsibleSection>
      ))}
    </div>
  );
}
