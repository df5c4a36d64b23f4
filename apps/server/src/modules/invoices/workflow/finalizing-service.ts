import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { HttpError } from '../../../http/errors.js';
import { f, out } from '../../../odata/fields.js';
import type { ODataResource } from '../../../odata/types.js';
import { InvoiceActionService } from './action-service.js';
import { type ClaimItem, claimRouteOf, type ClaimSender, routeKey } from '../claims/claim-send.js';
import { invoiceListResource } from '../list/list-resource.js';

/**
 * GET /api/Invoices/finalizing: list-view rows of submitted invoices not yet finalized (nor void or lost),
 * each with its clearing house (reached through the insurer: insurance_companies.clearing_house_id),
 * oldest submission first: the queue order, read from the partial index invoices_finalizing_idx, so a page
 * costs the same however long the queue is (a sort by clearing house name would sort the whole queue on
 * every page: 300 ms for the 68,000 of the bench database). The screen groups each page by clearing house,
 * and `clearingHouseId eq N` narrows the list to one.
 */
export const finalizingInvoicesResource: ODataResource = {
  ...invoiceListResource,
  name: 'FinalizingInvoices',
  // Its own condition and table: not the list's search copy nor its counts by name.
  searchCopy: undefined,
  valueCounts: undefined,
  from: `invoices i left join insurance_companies fic on fic.id = i.insurance_company_id
    left join clearing_houses fch on fch.id = fic.clearing_house_id`,
  where: 'i.submitted and not i.finalized and not i.void and not i.lost',
  fields: {
    ...invoiceListResource.fields,
    clearingHouseId: f('fch.id', 'number'),
    clearingHouse: out(
      `case when fch.id is not null then json_build_object('id', fch.id, 'name', fch.name) end`,
      'string',
    ),
  },
  defaultOrderBy: 'i.submitted_at asc, i.id asc',
};

export interface FinalizeResult {
  finalized: number[];
  refused: { id: number; message: string }[];
}

/**
 * POST /api/Invoices/finalize: each invoice through the same work flow rules as POST /api/Invoices/{id}/finalize
 * (one history entry `Finalized` each). A refusal (not submitted, void, locked by someone else, unknown, already
 * finalized, a clearing house without an e-mail address) is reported, not thrown, so the others go through.
 *
 * Claims (issue #35, decision 0024): the invoices whose clearing house receives them at finalize go out as one
 * e-mail per clearing house with every PDF attached, as a clerk sending a batch expects. Their PDFs are rendered
 * first; then each clearing house's invoices are finalized in one transaction, each in its own savepoint (a
 * refused one rolls back alone), and the e-mail and the submissions are written in that transaction, so an
 * invoice is finalized exactly when its claim is queued. The other invoices are finalized one by one, as before.
 */
export async function finalizeInvoices(
  db: Database,
  user: SessionUser,
  ids: number[],
  claims?: ClaimSender,
): Promise<FinalizeResult> {
  const actions = new InvoiceActionService(db, claims);
  const result: FinalizeResult = { finalized: [], refused: [] };
  const unique = [...new Set(ids)];
  const pdfs = claims ? await claims.render(db, unique, 'finalize') : new Map<number, Buffer>();
  const groups = new Map<string, number[]>();
  const alone: number[] = [];
  for (const id of unique) {
    const route = pdfs.has(id) ? await claimRouteOf(db, id) : null;
    if (!route) {
      alone.push(id);
      continue;
    }
    const key = routeKey(route);
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  const refuse = (id: number, err: unknown) => {
    if (!(err instanceof HttpError)) throw err;
    result.refused.push({ id, message: err.detail ?? err.title });
  };
  const done = (id: number, changed: boolean) => {
    if (changed) result.finalized.push(id);
    else result.refused.push({ id, message: `Invoice ${id} is already finalized.` });
  };
  for (const group of groups.values()) {
    // The send itself refused (no mailbox): the group's transaction rolled back, and each of its invoices says why.
    const outcome = await db
      .transaction(async (tx) => {
        const collect: ClaimItem[] = [];
        const finalized: [number, boolean][] = [];
        const refused: [number, unknown][] = [];
        for (const id of group) {
          try {
            finalized.push([
              id,
              await new InvoiceActionService(tx, claims).finalizeInBatch(user, id, { pdfs, collect }),
            ]);
          } catch (err) {
            if (!(err instanceof HttpError)) throw err;
            refused.push([id, err]);
          }
        }
        if (collect.length && claims) await claims.send(tx, user, collect, 'finalize');
        return { finalized, refused };
      })
      .catch((err: unknown) => {
        for (const id of group) refuse(id, err);
        return undefined;
      });
    if (!outcome) continue;
    for (const [id, changed] of outcome.finalized) done(id, changed);
    for (const [id, err] of outcome.refused) refuse(id, err);
  }
  for (const id of alone) {
    try {
      done(id, await actions.finalize(user, id));
    } catch (err) {
      refuse(id, err);
    }
  }
  const order = new Map(unique.map((id, i) => [id, i]));
  result.finalized.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  result.refused.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return result;
}
