import {
  centsText,
  claimKeyDigits,
  decideFunding,
  invoiceNumberOf,
  matchRemittanceLine,
  normalizeClaimKey,
  type RemittanceCandidate,
  type RemittanceMatch,
  type RemittancePaymentLine,
  type RemittanceRowValues,
  toCents,
} from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { HttpError } from '../../http/errors.js';
import type { FundingService } from '../reconcile/index.js';
import { markClaimPaid } from './claim-payment.js';

/** The transaction type of a remittance's funding: money received (1 Cash, as a check or EFT is on reconcile). */
const RECEIVED = 1;

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

/**
 * The invoices a line may pay: those whose claim or reference number equals one of the line's keys once
 * normalised (the expression indexes of migration 0033), whose claim number has the key's digits, the invoice
 * its invoice number names, and, for the
 * fuzzy pass, unfunded invoices of the clearing house's insurers whose total is the amount paid or billed (a
 * typo in the claim number is then found by the domain's digit and one-edit comparison). Within the import's
 * facility scope.
 */
export async function findCandidates(
  db: Db,
  line: RemittancePaymentLine,
  clearingHouseId: number | null,
  scope: readonly number[] | null,
): Promise<CandidateRow[]> {
  const keys = [
    ...new Set([normalizeClaimKey(line.claimNumber), normalizeClaimKey(line.referenceNumber)]),
  ].filter(Boolean);
  // Keys of at least four digits are also looked up by their digits alone (migration 0033's digits index).
  const digitKeys = [...new Set(keys.map(claimKeyDigits))].filter((d) => d.length >= 4);
  const invoiceId = invoiceNumberOf(line.invoiceNumber) ?? 0;
  const inScope = scopeCondition(scope, sql`i.facility_id`);
  const exact = await db.rows<InvoiceRow>(
    sql`select ${INVOICE_COLUMNS} from invoices i
        where ((i.claim_number is not null and regexp_replace(upper(i.claim_number), '[^A-Z0-9]', '', 'g') = any(${textArray(keys)}))
            or (i.reference_number is not null and regexp_replace(upper(i.reference_number), '[^A-Z0-9]', '', 'g') = any(${textArray(keys)}))
            or (i.claim_number is not null and ltrim(regexp_replace(i.claim_number, '[^0-9]', '', 'g'), '0') = any(${textArray(digitKeys)}))
            or i.id = ${invoiceId})
          and ${inScope}
        order by i.id limit 20`,
  );
  const found = exact.map(asCandidate);
  const hasDigits = digitKeys.length > 0 || keys.some((k) => k.length >= 5);
  if (hasDigits && !found.some((c) => !c.funded)) {
    const amounts = [line.paidCents, line.billedCents]
      .filter((c): c is number => typeof c === 'number' && c > 0)
      .map(centsText);
    if (amounts.length) {
      const byAmount = await db.rows<InvoiceRow>(
        sql`select ${INVOICE_COLUMNS} from invoices i
              left join insurance_companies ic on ic.id = i.insurance_company_id
            where i.total_cost = any(${`{${amounts.join(',')}}`}::numeric[]) and not i.funded and not i.void
              and (${clearingHouseId}::int is null or ic.clearing_house_id = ${clearingHouseId}::int)
              and (i.claim_number is not null or i.reference_number is not null)
              and ${inScope}
            order by i.open_date_time desc limit 50`,
      );
      for (const r of byAmount) if (!found.some((c) => c.id === r.id)) found.push(asCandidate(r));
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

export interface FundingOutcome {
  match: RemittanceMatch;
  /** Funded now (in full or short): the amount funded in cents; 0 when the line stays an exception. */
  fundedCents: number;
}

export interface FundContext {
  funding: FundingService;
  user: SessionUser;
  importId: number;
  lineNo: number;
  /** 'remittance' for the import job, 'remittance exception' for a person's resolution. */
  source: string;
}

const reasonOf = (err: unknown) =>
  err instanceof HttpError &&
  (err.status === 409 || err.status === 400 || err.status === 403 || err.status === 404)
    ? (err.detail ?? err.title)
    : undefined;

/**
 * Funds the invoice the decision names (a full or short payment) through reconcile's funding, in a savepoint
 * of the caller's unit of work: a refusal there (already funded, locked by another user, a Repair Order
 * without reference …) leaves nothing behind and turns the line into an exception with the refusal's text;
 * any other failure is thrown. A short payment also marks the claim Short-paid (markClaimPaid).
 */
export async function fundDecision(
  tx: Db,
  ctx: FundContext,
  line: RemittanceRowValues,
  match: RemittanceMatch,
): Promise<FundingOutcome> {
  if (match.decision === 'exception' || match.invoiceId === null) return { match, fundedCents: 0 };
  const invoiceId = match.invoiceId;
  try {
    await tx.transaction(async (sp) => {
      const [open] = await sp.rows<{ id: number }>(
        sql`select id from invoice_transactions where invoice_id = ${invoiceId} and status_id = 0
            order by amount desc, id limit 1`,
      );
      const reference = (line.checkNumber || line.claimNumber || line.referenceNumber || '').slice(0, 50);
      await ctx.funding.fundIn(
        sp,
        ctx.user,
        invoiceId,
        {
          transactionTypeId: RECEIVED,
          amount: line.paidCents / 100,
          ...(reference ? { reference } : {}),
          ...(open ? { invoiceTransactionId: open.id } : {}),
        },
        `${ctx.source} ${ctx.importId} line ${ctx.lineNo}${match.shortCents ? `, short by ${centsText(match.shortCents)}` : ''}`,
      );
      await markClaimPaid(sp, invoiceId, line.paidCents, `${ctx.source} ${ctx.importId}`, ctx.user);
    });
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === undefined) throw err;
    return { match: { ...match, decision: 'exception', reason, shortCents: 0 }, fundedCents: 0 };
  }
  return { match, fundedCents: line.paidCents };
}

/** Matches a line against its candidates and funds it when the match is sure (the import job's step). */
export async function matchAndFund(
  tx: Db,
  ctx: FundContext,
  line: RemittanceRowValues,
  clearingHouseId: number | null,
  scope: readonly number[] | null,
): Promise<FundingOutcome> {
  const candidates = await findCandidates(tx, line, clearingHouseId, scope);
  return fundDecision(tx, ctx, line, matchRemittanceLine(line, candidates));
}

/** A person's choice of invoice for a line (confirm or reassign): decided as a payment to that invoice. */
export function decideChosen(line: RemittanceRowValues, invoice: CandidateRow): RemittanceMatch {
  return decideFunding(line.paidCents, invoice, { invoiceId: invoice.id, kind: 'exact', confidence: 100 });
}
