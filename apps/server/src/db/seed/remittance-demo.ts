import { exec, rows, type SeedContext } from './context.js';
import { REMITTANCE_SAMPLE_INVOICES } from './data/remittance-sample.js';

/**
 * The invoices the demo remittance file pays (data/remittance-sample.ts): for each claim, the newest open invoice
 * of facility 1 (where the demo accounts work; not funded, void, lost or locked, no deposit, an insurance one
 * first, else one with a payer that becomes the insurer) whose total is at least the amount gets the claim number,
 * an insurer, and the deductible that leaves the insurer owing exactly that amount. Reads only seeded rows,
 * so the same scale and moment give the same invoices.
 */
export async function seedRemittanceDemo(ctx: SeedContext): Promise<void> {
  const taken: number[] = [];
  for (const { claim, owed } of REMITTANCE_SAMPLE_INVOICES) {
    const [pick] = await rows<{ id: number }>(
      ctx,
      `select id from invoices
        where facility_id = 1 and payment_type_id not in (0, 7, 8) and not funded and not void and not lost
          and coalesce(deposit_amount, 0) = 0 and total_cost >= ${Number(owed).toFixed(2)}
          and not exists (select 1 from invoice_locks l where l.invoice_id = invoices.id)
          ${taken.length ? `and id not in (${taken.join(',')})` : ''}
        order by payment_type_id = 1 desc, id desc limit 1`,
    );
    if (!pick) continue;
    taken.push(pick.id);
    await exec(
      ctx,
      `update invoices set claim_number = '${claim}', deductible_amount = total_cost - ${Number(owed).toFixed(2)},
         payment_type_id = 1,
         insurance_company_id = coalesce(insurance_company_id,
           (select min(id) from insurance_companies where clearing_house_id is not null)),
         deductible_payment_type_id = coalesce(deductible_payment_type_id, 4)
       where id = ${pick.id}`,
    );
  }
}
