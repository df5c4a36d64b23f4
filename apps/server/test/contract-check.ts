import * as claims from '@glass/domain/contracts/claim-submissions';
import { odataPage } from '@glass/domain/contracts/common';
import * as inv from '@glass/domain/contracts/invoices';
import * as sv from '@glass/domain/contracts/service-vehicles';
import { z } from 'zod';
import { parseAs } from './harness.js';

/**
 * The contract schema of each invoice and service vehicle answer, by method and path, so the test
 * clients (invoiceClient, the service vehicle client) parse every 2xx JSON answer they get with it:
 * a change of the SQL-built JSON fails the test that reads it rather than a screen. A page asked with
 * `$select` carries a subset of the row, so it is read with the row's `.partial()`.
 */
type Rule = [method: string, path: RegExp, schema: (selected: boolean) => z.ZodType];
const n = '\\d+';
const always = (schema: z.ZodType) => () => schema;
const page =
  <T extends z.ZodObject>(row: T) =>
  (selected: boolean) =>
    odataPage(selected ? row.partial() : row);

const RULES: Rule[] = [
  // invoices
  ['GET', /^\/api\/Invoices$/, page(inv.invoiceListRow)],
  ['GET', /^\/api\/Invoices\/outstanding$/, page(inv.outstandingInvoiceRow)],
  ['GET', /^\/api\/Invoices\/finalizing$/, page(inv.finalizingInvoiceRow)],
  ['GET', /^\/api\/Invoices\/summary$/, always(inv.invoiceSummary)],
  ['POST', /^\/api\/Invoices\/finalize$/, always(inv.finalizeResult)],
  ['GET', new RegExp(`^/api/Invoices/(${n}|byServiceVehicle/${n})$`), always(inv.invoiceDetail)],
  ['PATCH', new RegExp(`^/api/Invoices/${n}$`), always(inv.invoiceDetail)],
  [
    'POST',
    new RegExp(
      `^/api/Invoices/${n}/(submit|unsubmit|finalize|unfinalize|followUp|markAsVerballyApproved|void|thumb|lost|deleteAccessories|signature)$`,
    ),
    always(inv.invoiceDetail),
  ],
  ['PUT', new RegExp(`^/api/Invoices/${n}/LockForCurrentUser$`), always(inv.invoiceDetail)],
  ['POST', /^\/api\/Invoice(Repairs|Parts)$/, always(inv.invoiceDetail)],
  ['PUT', new RegExp(`^/api/Invoice(Repairs|Parts)/${n}$`), always(inv.invoiceDetail)],
  ['GET', /^\/api\/InvoiceNotes$/, always(z.array(inv.invoiceNote))],
  ['POST', /^\/api\/InvoiceNotes$/, always(inv.invoiceNote)],
  ['PUT', new RegExp(`^/api/InvoiceNotes/${n}$`), always(inv.invoiceNote)],
  ['GET', /^\/api\/InvoiceLocks$/, always(z.array(inv.invoiceLockRow))],
  ['GET', /^\/api\/InvoicesHistory$/, always(z.array(inv.invoiceHistoryRow))],
  ['POST', /^\/api\/InvoicesHistory$/, always(inv.invoiceHistoryRow)],
  ['GET', /^\/api\/InvoiceTransactions$/, always(z.array(inv.invoiceTransaction))],
  ['POST', /^\/api\/InvoiceTransactions$/, always(inv.invoiceTransaction)],
  ['PUT', new RegExp(`^/api/InvoiceTransactions/${n}$`), always(inv.invoiceTransaction)],
  ['GET', new RegExp(`^/api/Invoices/${n}/ExtraImages$`), always(z.array(inv.invoiceExtraImage))],
  ['POST', new RegExp(`^/api/Invoices/${n}/ExtraImages$`), always(z.array(inv.invoiceExtraImage))],
  ['POST', new RegExp(`^/api/Invoices/${n}/pdf$`), always(inv.invoicePdfVersion)],
  ['GET', new RegExp(`^/api/Invoices/${n}/previousPdfs$`), always(z.array(inv.invoicePdfVersion))],
  ['POST', new RegExp(`^/api/Invoices/${n}/pdf/link$`), always(inv.invoicePdfLink)],
  ['GET', new RegExp(`^/api/Invoices/${n}/SignaturePath$`), always(inv.signaturePath)],
  ['POST', /^\/api\/Invoices\/sendCustomerInvoice$/, always(inv.sentInvoiceEmail)],
  ['POST', new RegExp(`^/api/Invoices/${n}/sendTechText$`), always(inv.sentTechText)],
  ['GET', new RegExp(`^/api/Invoices/${n}/techTexts$`), always(z.array(inv.techTextRow))],
  ['POST', new RegExp(`^/api/Invoices/createInvoiceFromServiceVehicle/${n}$`), always(inv.createdInvoice)],
  // claim submissions
  ['GET', new RegExp(`^/api/Invoices/${n}/claimSubmissions$`), always(claims.invoiceClaimSubmissions)],
  [
    'POST',
    new RegExp(`^/api/claimSubmissions/${n}/(acknowledge|reject|accept|deny)$`),
    always(claims.claimSubmission),
  ],
  ['GET', /^\/api\/claimQueue$/, page(claims.claimQueueRow)],
  ['GET', /^\/api\/claimQueue\/counts$/, always(claims.claimQueueCounts)],
  // service vehicles
  ['GET', /^\/api\/ServiceVehicles$/, page(sv.svListRow)],
  ['GET', /^\/api\/listMy(ServiceVehicles|Requests)$/, always(sv.myServiceVehicles)],
  ['GET', /^\/api\/listMyPipeline$/, always(sv.myPipeline)],
  ['POST', /^\/api\/(ServiceVehicle|ServiceVehiclesOData)$/, always(sv.svDetail)],
  ['GET', /^\/api\/ServiceVehicle\/Sources$/, always(sv.svSources)],
  ['GET', new RegExp(`^/api/ServiceVehicle/${n}$`), always(sv.svDetail)],
  ['PUT', new RegExp(`^/api/ServiceVehicle/${n}$`), always(sv.svDetail)],
  ['PATCH', new RegExp(`^/api/ServiceVehicles/${n}$`), always(sv.svDetail)],
  ['POST', new RegExp(`^/api/ServiceVehicle/${n}/thumb$`), always(sv.svDetail)],
  [
    'PUT',
    new RegExp(
      `^/api/ServiceVehicle/${n}/(markOkToCall|void|disposition/${n}|lost/${n}|lock|removeLock|removeLock/all)$`,
    ),
    always(sv.svDetail),
  ],
  ['GET', new RegExp(`^/api/ServiceVehicle/Accessories/${n}$`), always(z.array(sv.svAccessory))],
  ['GET', /^\/api\/ServiceVehicleHistory$/, page(sv.svHistoryRow)],
  ['GET', /^\/api\/VinLookup\/history$/, always(z.array(sv.vinLookup))],
  ['GET', /^\/api\/QuickQuotes$/, page(sv.quickQuote)],
  ['GET', /^\/api\/QuickQuotes\/Lists$/, always(sv.quickQuoteLists)],
  ['POST', /^\/api\/QuickQuotes$/, always(sv.quickQuote)],
  ['PUT', new RegExp(`^/api/QuickQuotes/${n}$`), always(sv.quickQuote)],
];

/** The contract schema of an answer, or undefined when the route is not an invoice, claim or service vehicle one. */
export function contractOf(method: string, url: string): z.ZodType | undefined {
  const [path, query = ''] = url.split('?');
  const selected = /(^|&)(%24|\$)select=/i.test(query);
  const rule = RULES.find(([m, re]) => m === method && re.test(path));
  return rule?.[2](selected);
}

/** Parses a 2xx JSON answer with its route's contract schema; other answers pass untouched. */
export function checkContract<
  R extends { statusCode: number; body: string; headers: Record<string, unknown> },
>(method: string, url: string, res: R): R {
  if (res.statusCode < 200 || res.statusCode >= 300) return res;
  if (!String(res.headers['content-type'] ?? '').includes('json')) return res;
  const schema = contractOf(method, url);
  if (schema) parseAs(schema, res);
  return res;
}
