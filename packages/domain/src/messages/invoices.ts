/** Invoice texts, spec 1 §8 and spec 2 §2, §8 (verbatim unless marked ours). */
export const FAILED_TO_GET_INVOICES = 'Failed to get Invoices';
export const INVOICE_INITIATED = 'invoice initiated successfully';
export const INVOICE_INITIATE_FAILED = 'failed to initiate invoice';
export const failedToFollowUpInvoice = (id: number | string) => `failed to follow up invoice #${id}`;
export const invoiceNotFound = (id: number | string) => `Invoice ${id} not found or missing service vehicle`;
export const invoiceTitle = (id: number | string) => `Invoice: ${id}`;
/** Ours: the spec states the rule (payment type 5 requires a reference) but no wording. */
export const REFERENCE_REQUIRED = 'Reference is required for Repair Order payments';
