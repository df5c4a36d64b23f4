/**
 * Request shapes of the invoice routes. They live in the domain contract
 * (`@glass/domain/contracts/invoices`), which the web forms validate with too; the names here are the
 * ones the routes and services use.
 */
export {
  accessoriesToAdd,
  deleteAccessoriesBody,
  finalizeBody,
  type HistoryBody,
  historyBody,
  historyListQuery,
  type InvoicePatch,
  type InvoicePatchBody,
  invoicePatchBody as patchBody,
  invoicePatchFields as patchFields,
  invoiceThumbBody as thumbBody,
  lockListQuery,
  lostBody,
  type NoteBody,
  type NoteUpdate,
  noteBody,
  noteListQuery,
  noteUpdate,
  type PartBody,
  type PartUpdate,
  partBody,
  partUpdate,
  type RepairBody,
  type RepairUpdate,
  repairBody,
  repairUpdate,
  SUBMITTED_AT_ONLY_CLEARED,
  svIdParams,
  type TransactionBody,
  type TransactionUpdate,
  transactionBody,
  transactionListQuery,
  transactionUpdate,
} from '@glass/domain/contracts/invoices';
export { idParams } from '@glass/domain/contracts/common';
