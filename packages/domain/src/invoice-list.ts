/**
 * The properties the invoice list screens ask for ($select of GET /api/Invoices, /outstanding and
 * /finalizing): spec 2 §3 "Invoice (list view)" plus the sort keys (lost, followUpAt, openDateTime, id).
 * The resource has more (ids of the people and the insurer, VIN, service address …) for other callers;
 * leaving them out halves the 250-row page (bench/RESULTS.md). The benchmark asks for the same list.
 */
export const INVOICE_LIST_SELECT = [
  'id',
  'totalCost',
  'facility',
  'lockedBy',
  'paymentTypeId',
  'insuranceCompany',
  'referenceNumber',
  'soldTo',
  'customerPhone',
  'licensePlate',
  'serviceTag',
  'roNumber',
  'topper',
  'vehicleDetails',
  'adminAssistant',
  'leadTech',
  'autoGlassAssociate',
  'initiated',
  'pending',
  'completed',
  'repairCompleted',
  'submitted',
  'funded',
  'void',
  'inspection',
  'lost',
  'signed',
  'replacement',
  'snailMail',
  'finalized',
  'flagged',
  'followedUp',
  'thumb',
  'windshieldChecked',
  'claimNumber',
  'openDateTime',
  'followUpAt',
  'notesCount',
  'repairCount',
  'parkedLine',
] as const;

/** INVOICE_LIST_SELECT as the $select value, with extra properties of a variant list. */
export function invoiceListSelect(...extra: string[]): string {
  return [...INVOICE_LIST_SELECT, ...extra].join(',');
}
