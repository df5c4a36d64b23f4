import { exec, type SeedContext } from './context.js';
import { FACILITIES } from './data/catalogue.js';
import { personColumns } from './sql-gen.js';

/** Dealerships whose service drives send work; they are the buyer ("sold to") of repair-order invoices. */
export const DEALERS = [
  'Willowbrook Toyota',
  'Cypress Creek Honda',
  'Champions Ford',
  'Jersey Village Chevrolet',
  'Katy Freeway Nissan',
];
export const dealerCustomerId = (ctx: SeedContext, facilityId: string) =>
  `(${ctx.volumes.customers} + ${facilityId})`;

/** People 1..N (invoice i's customer is i unless a repeat customer; then pipeline vehicles' owners). */
export async function seedCustomers(ctx: SeedContext): Promise<void> {
  const cols = personColumns('g.i');
  const names = Object.keys(cols);
  await exec(
    ctx,
    `insert into customers (id, ${names.join(', ')}, created_at, updated_at)
     select g.i, ${names.map((n) => cols[n]).join(', ')}, ${ctx.anchorSql} - interval '730 days', ${ctx.anchorSql} - interval '730 days'
       from generate_series(1, ${ctx.volumes.customers}) g(i)`,
  );
  const dealerRows = DEALERS.map((name, k) => {
    const f = FACILITIES[k];
    const id = ctx.volumes.customers + k + 1;
    return `(${id}, 'Service', 'Department', '${name}', '${f.didPhone.replace(/^.../, '713')}', 3, 'service@${name.toLowerCase().replace(/[^a-z]/g, '')}.example.com', '${f.address}', '${f.city}', 'TX', '${f.zip}')`;
  });
  await exec(
    ctx,
    `insert into customers (id, first_name, last_name, company_name, primary_phone, primary_phone_type_id, email, address_line1, city, state, zip)
     values ${dealerRows.join(', ')}`,
  );
}
