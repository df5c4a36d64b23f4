import {
  centsText,
  decideFunding,
  matchRemittanceLine,
  type RemittanceMatch,
  type RemittanceRowValues,
} from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { HttpError } from '../../http/errors.js';
import type { FundingService, FundItem } from '../reconcile/index.js';
import { markClaimPaid } from './claim-payment.js';
import { type CandidateRow, findCandidates } from './matching.js';

/** The transaction type of a remittance's funding: money received (1 Cash, as a check or EFT is on reconcile). */
const RECEIVED = 1;

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

/** The statuses of a claim submission a payment moves (markClaimPaid's open submission). */
const OPEN_CLAIM_STATES = sql`('Sent', 'Acknowledged', 'Accepted', 'ShortPaid')`;

export interface BatchFunding {
  lineNo: number;
  line: RemittanceRowValues;
  /** A fund or shortPay decision; one invoice at most once per call. */
  match: RemittanceMatch;
}

/**
 * fundDecision for the sure lines of a batch, each on its own invoice, with the same outcome per line: the
 * invoices' row locks are taken together (id order, FundingService.lockForFunding) with what the funding checks,
 * their open transaction of record and whether a claim submission is open; an invoice with an
 * open claim submission (whose move could still be refused) is funded as before, in a savepoint per line
 * (fundDecision); the others through reconcile's FundingService.fundMany, whose checks answer each refusal
 * without writing anything (so no savepoint is needed) and whose writes cover the whole batch in a few
 * statements. Answers the outcomes in the items' order.
 */
export async function fundDecisions(
  tx: Db,
  ctx: Omit<FundContext, 'lineNo'>,
  items: readonly BatchFunding[],
): Promise<FundingOutcome[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.match.invoiceId as number);
  // One statement: the row locks (id order), what the funding checks, the open transaction of record, the claim.
  const locked = await ctx.funding.lockForFunding<{ open: number | null; claim: boolean }>(
    tx,
    ids,
    sql`(select t.id from invoice_transactions t where t.invoice_id = r.id and t.status_id = 0
         order by t.amount desc, t.id limit 1) as open,
        exists (select 1 from claim_submissions s where s.invoice_id = r.id and s.state in ${OPEN_CLAIM_STATES}) as claim`,
  );
  const info = new Map(locked.map((r) => [Number(r.id), r]));
  const outcomes: FundingOutcome[] = new Array(items.length);
  const batch: Array<{ at: number; item: FundItem }> = [];
  for (const [at, { lineNo, line, match }] of items.entries()) {
    const invoiceId = match.invoiceId as number;
    const row = info.get(invoiceId);
    if (row?.claim) {
      outcomes[at] = await fundDecision(tx, { ...ctx, lineNo }, line, match);
      continue;
    }
    const reference = (line.checkNumber || line.claimNumber || line.referenceNumber || '').slice(0, 50);
    batch.push({
      at,
      item: {
        invoiceId,
        body: {
          transactionTypeId: RECEIVED,
          amount: line.paidCents / 100,
          ...(reference ? { reference } : {}),
          ...(row?.open != null ? { invoiceTransactionId: Number(row.open) } : {}),
        },
        note: `${ctx.source} ${ctx.importId} line ${lineNo}${match.shortCents ? `, short by ${centsText(match.shortCents)}` : ''}`,
      },
    });
  }
  const refusals = await ctx.funding.fundMany(
    tx,
    ctx.user,
    batch.map((b) => b.item),
    locked,
  );
  for (const [i, { at }] of batch.entries()) {
    const { line, match } = items[at];
    const err = refusals[i];
    if (!err) {
      outcomes[at] = { match, fundedCents: line.paidCents };
      continue;
    }
    const reason = reasonOf(err);
    if (reason === undefined) throw err;
    outcomes[at] = { match: { ...match, decision: 'exception', reason, shortCents: 0 }, fundedCents: 0 };
  }
  return outcomes;
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
