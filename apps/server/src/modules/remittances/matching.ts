import {
  centsText,
  claimKeyDigits,
  invoiceNumberOf,
  normalizeClaimKey,
  type RemittanceCandidate,
  type RemittancePaymentLine,
  toCents,
} from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';

/** The transaction type of a remittance's funding: money received (1 Cash, as a check or EFT is on reconcile). */
const _RECEIVED = 1;

export interface CandidateRow extends RemittanceCandidate {
  facilityId: number;
}

interface InvoiceRow {
  id: number;
  claimNumber: string | null;
  referenceNumber: string | null;
  funded: boolean;
  void: boolean;
  lost: boolean;
  paymentTypeId: number | null;
  facilityId: number;
  total: string;
  owed: string;
}

const INVOICE_COLUMNS = sql`i.id, i.claim_number as "claimNumber", i.reference_number as "referenceNumber", i.funded,
  i.void, i.lost, i.payment_type_id as "paymentTypeId", i.facility_id as "facilityId", i.total_cost::text as total,
  (i.total_cost - coalesce(i.deductible_amount, 0) - coalesce(i.deposit_amount, 0))::text as owed`;

const asCandidate = (r: InvoiceRow): CandidateRow => ({
  id: r.id,
  claimNumber: r.claimNumber,
  referenceNumber: r.referenceNumber,
  funded: r.funded,
  void: r.void,
  lost: r.lost,
  paymentTypeId: r.paymentTypeId,
  facilityId: r.facilityId,
  totalCents: toCents(r.total),
  amountOwedCents: toCents(r.owed),
});

/** The facilities an import may fund in (its starter's), as a condition on `column`. */
export function scopeCondition(scope: readonly number[] | null, column: SQL): SQL {
  if (scope === null) return sql`true`;
  return sql`${column} = any(${`{${scope.join(',')}}`}::int[])`;
}

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/** What the candidate queries look a line up by (findCandidates, findCandidatesMany). */
interface LineKeys {
  /** The claim and reference numbers normalised (letters and digits only). */
  keys: string[];
  /** Keys of at least four digits are also looked up by their digits alone (migration 0033's digits index). */
  digitKeys: string[];
  /** The invoice the invoice number names, or 0. */
  invoiceId: number;
  /** Whether the fuzzy pass may find the line's invoice (a key with digits enough). */
  hasDigits: boolean;
  /** The fuzzy pass's amounts: paid and billed, above 0, as numeric text. */
  amounts: string[];
}

function lineKeys(line: RemittancePaymentLine): LineKeys {
  const keys = [
    ...new Set([normalizeClaimKey(line.claimNumber), normalizeClaimKey(line.referenceNumber)]),
  ].filter(Boolean);
  const digitKeys = [...new Set(keys.map(claimKeyDigits))].filter((d) => d.length >= 4);
  return {
    keys,
    digitKeys,
    invoiceId: invoiceNumberOf(line.invoiceNumber) ?? 0,
    hasDigits: digitKeys.length > 0 || keys.some((k) => k.length >= 5),
    amounts: [line.paidCents, line.billedCents]
      .filter((c): c is number => typeof c === 'number' && c > 0)
      .map(centsText),
  };
}

/** The fuzzy pass runs when the line has digits enough and no open invoice was found by its keys. */
const wantsFuzzy = (k: LineKeys, found: readonly CandidateRow[]) =>
  k.hasDigits && k.amounts.length > 0 && !found.some((c) => !c.funded);

/** The exact pass's condition on invoice `i` (keys, digit keys and invoice id given as SQL). */
const exactCondition = (keys: SQL, digitKeys: SQL, invoiceId: SQL) =>
  sql`((i.claim_number is not null and regexp_replace(upper(i.claim_number), '[^A-Z0-9]', '', 'g') = any(${keys}))
      or (i.reference_number is not null and regexp_replace(upper(i.reference_number), '[^A-Z0-9]', '', 'g') = any(${keys}))
      or (i.claim_number is not null and ltrim(regexp_replace(i.claim_number, '[^0-9]', '', 'g'), '0') = any(${digitKeys}))
      or i.id = ${invoiceId})`;

/** The fuzzy pass's condition on invoice `i` (joined to its insurer `ic`): the amount, open, of the clearing house. */
const fuzzyCondition = (amountMatch: SQL, clearingHouseId: number | null) =>
  sql`${amountMatch} and not i.funded and not i.void
      and (${clearingHouseId}::int is null or ic.clearing_house_id = ${clearingHouseId}::int)
      and (i.claim_number is not null or i.reference_number is not null)`;

/**
 * The invoices a line may pay: those whose claim or reference number equals one of the line's keys once
 * normalised (the expression indexes of migration 0033), whose claim number has the key's digits, the invoice
 * its invoice number names (the first 20 by id), and, for the fuzzy pass (when none of those is open), the
 * newest 50 unfunded invoices of the clearing house's insurers whose total is the amount paid or billed (a typo
 * in the claim number is then found by the domain's digit and one-edit comparison). Within the import's
 * facility scope.
 */
export async function findCandidates(
  db: Db,
  line: RemittancePaymentLine,
  clearingHouseId: number | null,
  scope: readonly number[] | null,
): Promise<CandidateRow[]> {
  const k = lineKeys(line);
  const inScope = scopeCondition(scope, sql`i.facility_id`);
  const exact = await db.rows<InvoiceRow>(
    sql`select ${INVOICE_COLUMNS} from invoices i
        where ${exactCondition(textArray(k.keys), textArray(k.digitKeys), sql`${k.invoiceId}`)}
          and ${inScope}
        order by i.id limit 20`,
  );
  const found = exact.map(asCandidate);
  if (wantsFuzzy(k, found)) {
    const byAmount = await db.rows<InvoiceRow>(
      sql`select ${INVOICE_COLUMNS} from invoices i
            left join insurance_companies ic on ic.id = i.insurance_company_id
          where ${fuzzyCondition(sql`i.total_cost = any(${`{${k.amounts.join(',')}}`}::numeric[])`, clearingHouseId)}
            and ${inScope}
          order by i.open_date_time desc limit 50`,
    );
    for (const r of byAmount) if (!found.some((c) => c.id === r.id)) found.push(asCandidate(r));
  }
  return found;
}

/**
 * findCandidates for a batch of lines in two statements (the exact pass of every line, then the fuzzy pass of
 * those that want it), with the same candidates as findCandidates run per line, in the database as it is when
 * called. Each key is its own probe (a scalar equality on its expression index; an `= any(array)` over a lateral
 * column would not be planned as the per-line query's index lookups, but as a walk of a million invoices): the
 * first 20 by id of each probe, of which a line keeps its first 20 by id (findCandidates' limit: the first 20
 * of a union are among the first 20 of its parts); the fuzzy pass likewise keeps the newest 50 of its amounts'.
 * Answers them in the lines' order.
 */
export async function findCandidatesMany(
  db: Db,
  lines: readonly RemittancePaymentLine[],
  clearingHouseId: number | null,
  scope: readonly number[] | null,
): Promise<CandidateRow[][]> {
  if (lines.length === 0) return [];
  const ks = lines.map(lineKeys);
  const inScope = scopeCondition(scope, sql`i.facility_id`);
  const keys = JSON.stringify(ks.flatMap((k, ord) => k.keys.map((key) => ({ ord, key }))));
  const digits = JSON.stringify(ks.flatMap((k, ord) => k.digitKeys.map((key) => ({ ord, key }))));
  const numbers = JSON.stringify(ks.flatMap((k, ord) => (k.invoiceId ? [{ ord, id: k.invoiceId }] : [])));
  // `offset 0` keeps the probe's own plan (its index, then the sort): without it the planner, which cannot
  // tell how many invoices a lateral key finds, walks the primary key in id order for the first 20.
  const probe = (where: SQL) =>
    sql`(select * from (select ${INVOICE_COLUMNS} from invoices i where ${where} and ${inScope} offset 0) x
         order by x.id limit 20)`;
  const exact = await db.rows<InvoiceRow & { ord: number }>(
    sql`select p.ord, c.* from jsonb_to_recordset(${keys}::jsonb) as p(ord int, key text)
          cross join lateral (
            ${probe(sql`i.claim_number is not null and regexp_replace(upper(i.claim_number), '[^A-Z0-9]', '', 'g') = p.key`)}
            union all
            ${probe(sql`i.reference_number is not null and regexp_replace(upper(i.reference_number), '[^A-Z0-9]', '', 'g') = p.key`)}
          ) c
        union all
        select p.ord, c.* from jsonb_to_recordset(${digits}::jsonb) as p(ord int, key text)
          cross join lateral ${probe(sql`i.claim_number is not null and ltrim(regexp_replace(i.claim_number, '[^0-9]', '', 'g'), '0') = p.key`)} c
        union all
        select p.ord, ${INVOICE_COLUMNS} from jsonb_to_recordset(${numbers}::jsonb) as p(ord int, id int)
          join invoices i on i.id = p.id
        where ${inScope}`,
  );
  const byLine: InvoiceRow[][] = lines.map(() => []);
  for (const r of exact) if (!byLine[r.ord].some((c) => c.id === r.id)) byLine[r.ord].push(r);
  const found = byLine.map((rows) =>
    rows
      .sort((a, b) => a.id - b.id)
      .slice(0, 20)
      .map(asCandidate),
  );
  const amounts = ks.flatMap((k, ord) =>
    wantsFuzzy(k, found[ord]) ? k.amounts.map((amount) => ({ ord, amount })) : [],
  );
  if (amounts.length) {
    // A few totals are shared by a large part of the invoices (a standard windshield price): for those only
    // the (total_cost, open_date_time) index read backwards stops after the newest 50 open ones, as the
    // per-line query is planned with its amounts known. Over a lateral amount the planner guesses a dozen
    // rows and would read every invoice of the amount into a bitmap and sort them, so bitmaps are off for
    // this statement (set_config local to the transaction, put back after it).
    const [{ was }] = await db.rows<{ was: string }>(
      sql`select current_setting('enable_bitmapscan') as was, set_config('enable_bitmapscan', 'off', true)`,
    );
    const byAmount = await db.rows<InvoiceRow & { ord: number; opened: string }>(
      sql`select p.ord, c.* from jsonb_to_recordset(${JSON.stringify(amounts)}::jsonb) as p(ord int, amount numeric)
          cross join lateral (
            select ${INVOICE_COLUMNS}, to_char(i.open_date_time at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as opened from invoices i
              left join insurance_companies ic on ic.id = i.insurance_company_id
            where ${fuzzyCondition(sql`i.total_cost = p.amount`, clearingHouseId)}
              and ${inScope}
            order by i.open_date_time desc limit 50
          ) c`,
    );
    await db.rows(sql`select set_config('enable_bitmapscan', ${was}, true)`);
    const fuzzy: Array<Array<InvoiceRow & { opened: string }>> = lines.map(() => []);
    for (const r of byAmount) if (!fuzzy[r.ord].some((c) => c.id === r.id)) fuzzy[r.ord].push(r);
    for (const [ord, rows] of fuzzy.entries()) {
      rows.sort((a, b) => (a.opened < b.opened ? 1 : a.opened > b.opened ? -1 : 0));
      for (const r of rows.slice(0, 50))
        if (!found[ord].some((c) => c.id === r.id)) found[ord].push(asCandidate(r));
    }
  }
  return found;
}

/** One invoice as a candidate (the invoice a person confirms or reassigns a line to), or undefined. */
export async function candidateOf(db: Db, invoiceId: number): Promise<CandidateRow | undefined> {
  const [row] = await db.rows<InvoiceRow>(
    sql`select ${INVOICE_COLUMNS} from invoices i where i.id = ${invoiceId}`,
  );
  return row && asCandidate(row);
}
