/** Props shared by the detail's extra sections: they read the invoice through the query key ['invoice', id]. */
export interface InvoiceSectionProps {
  invoiceId: number;
  /** True when the invoice is finalized or locked by someone else: sections show data but no write controls. */
  readOnly: boolean;
}

/** Documents and sending actions for the detail header (signature, PDF, e-mail, tech text). */
export function InvoiceDocumentActions(_props: InvoiceSectionProps) {
  return null;
}

/** The detail's record sections below the core ones (history, images, transactions, parts, accessories, PDFs). */
export function InvoiceExtraSections(_props: InvoiceSectionProps) {
  return null;
}
