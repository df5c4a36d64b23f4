/**
 * Row formulas shared by several bulk tables, so that a service vehicle and the invoice made from
 * it agree (facility, customer, payment type, repair count, RO number) without a join.
 *
 * Invoice ids run in time order. Invoice i with (i-1) % 5 < 2 was made from service vehicle
 * j = 2*((i-1)/5) + (i-1)%5 + 1; service vehicles past the last such j are still in the pipeline.
 */
import type { Volumes } from './context.js';
import { hf, hn, weighted } from './sql-gen.js';

/** Linked service vehicles for n invoices. */
export const linkedCount = (invoices: number) => 2 * Math.floor(invoices / 5) + Math.min(invoices % 5, 2);
export const svOfInvoice = (i: string) => `(2 * ((${i} - 1) / 5) + (${i} - 1) % 5 + 1)`;
export const invoiceOfSv = (j: string) => `(5 * ((${j} - 1) / 2) + (${j} - 1) % 2 + 1)`;
export const isLinkedInvoice = (i: string) => `((${i} - 1) % 5 < 2)`;

/**
 * Days before the anchor an invoice was opened: linear density from 1 (two years ago) to 3
 * (today), so recent months are busier, as in a growing chain.
 */
export const invoiceDaysAgo = (i: string, v: Volumes) =>
  `floor(730 * (1 - (sqrt(1 + 8 * ((${i} - 0.5) / ${v.invoices})) - 1) / 2))::int`;

/** Open time: that day between 08:00 and 18:00 Houston time (anchor is local midnight). */
export const invoiceOpenTs = (i: string, v: Volumes, anchor: string) =>
  `(${anchor} - make_interval(days => ${invoiceDaysAgo(i, v)}) + make_interval(mins => 480 + ${hn(i, 1, 600)}))`;

/** Facility: the first two are the busiest. */
export const facilityOf = (key: string, salt: number) =>
  weighted(
    [
      [1, 28],
      [2, 24],
      [3, 18],
      [4, 16],
      [5, 14],
    ],
    key,
    salt,
  );

/** Repeat customers: about 8 % of invoices reuse an earlier customer. */
export const invoiceCustomer = (i: string) =>
  `(case when ${i} > 50 and ${hf(i, 40)} < 0.08 then 1 + ${hn(i, 41, 1_000_000_000)} % (${i} - 1) else ${i} end)`;

/** Repair count: 1-3 repairs, 4 replacement, 0 pending/cleared. */
export const repairCountOf = (key: string, salt: number) =>
  weighted(
    [
      [1, 42],
      [2, 18],
      [3, 7],
      [4, 27],
      [0, 6],
    ],
    key,
    salt,
  );

/** Payment type of an invoice: dealer work (linked) is mostly billed on the repair order. */
export const paymentTypeOf = (i: string) =>
  `(case when ${isLinkedInvoice(i)} then ${weighted(
    [
      [5, 72],
      [1, 12],
      [4, 6],
      [2, 5],
      [8, 5],
    ],
    i,
    42,
  )}
     else ${weighted(
       [
         [1, 46],
         [2, 17],
         [4, 14],
         [6, 5],
         [0, 9],
         [7, 5],
         [8, 4],
       ],
       i,
       43,
     )} end)`;

/** Dealer repair order number of a service vehicle (6 digits, increasing with the id). */
export const roNumberOf = (j: string) => `(200000 + ${j} * 3 + ${hn(j, 220, 3)})::text`;
export const serviceTagOf = (j: string) => `(1000 + ${hn(j, 221, 9000)})::text`;
export const topperOf = (j: string) =>
  `case when ${hf(j, 222)} < 0.4 then (100 + ${hn(j, 223, 900)})::text end`;

/** Half the invoices get an appointment schedule (the rule appointments and invoices.scheduled share). */
export const isScheduledInvoice = (i: string) => `(${hf(i, 60)} < 0.5)`;
