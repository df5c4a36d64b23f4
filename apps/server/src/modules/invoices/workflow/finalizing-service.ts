import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { HttpError } from '../../../http/errors.js';
import { f, out } from '../../../odata/fields.js';
import type { ODataResource } from '../../../odata/types.js';
import { InvoiceActionService } from './action-service.js';
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
 * POST /api/Invoices/finalize: each invoice in its own transaction through the same work flow rules as
 * POST /api/Invoices/{id}/finalize (one history entry `Finalized` each). A refusal (not submitted, void,
 * locked by someone else, unknown, already finalized) is reported, not thrown, so the others go through.
 */
export async function finalizeInvoices(
  db: Database,
  user: SessionUser,
  ids: number[],
): Promise<FinalizeResult> {
  const actions = new InvoiceActionService(db);
  const result: FinalizeResult = { finalized: [], refused: [] };
  for (const id of new Set(ids)) {
    try {
      if (await actions.finalize(user, id)) result.finalized.push(id);
      else result.refused.push({ id, message: `Invoice ${id} is already finalized.` });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      result.refused.push({ id, message: err.detail ?? err.title });
    }
  }
  return result;
}
