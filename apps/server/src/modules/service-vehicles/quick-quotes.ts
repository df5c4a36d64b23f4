import type { QuickQuote } from '@glass/domain/contracts/service-vehicles';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { compileODataQuery } from '../../odata/index.js';
import { quickQuoteResource } from './child-resources.js';
import { assertReference, describeChanges, loadForWrite, recordChange } from './records.js';
import type { QuoteInput } from './schemas.js';
import type { Db } from '../../db/unit-of-work.js';

const QUOTE_FIELDS = [
  'invoiceId',
  'cog',
  'partNumber',
  'partTypeId',
  'quoted',
  'gradeId',
  'manufacturer',
] as const;
const COLUMN: Record<(typeof QUOTE_FIELDS)[number], string> = {
  invoiceId: 'invoice_id',
  cog: 'cog',
  partNumber: 'part_number',
  partTypeId: 'part_type_id',
  quoted: 'quoted',
  gradeId: 'grade_id',
  manufacturer: 'manufacturer',
};

type Row = QuickQuote;

/** Quick quotes (spec 2 §7): two glass quotes side by side for a service vehicle. */
export class QuickQuoteService {
  constructor(private db: Database) {}

  /** The pick lists of a quote: active part types and part grades, in their order. */
  async lists() {
    const [partTypes, grades] = await Promise.all([
      this.db.rows<{ id: number; name: string }>(
        sql`select id, name from part_types where is_active order by sort_order, id`,
      ),
      this.db.rows<{ id: number; name: string }>(
        sql`select id, name from part_grades where is_active order by sort_order, id`,
      ),
    ]);
    return { partTypes, grades };
  }

  async one(id: number, tx: Db): Promise<Row> {
    const compiled = compileODataQuery(quickQuoteResource, {}, { extraWhere: sql`q.id = ${id}` });
    const [row] = await tx.rows<{ json: string }>(compiled.dataSql);
    const found = JSON.parse(row?.json ?? '[]')[0] as Row | undefined;
    if (!found) throw notFound(`Quick quote ${id} not found.`);
    return found;
  }

  async create(
    user: SessionUser,
    input: { serviceVehicleId: number; quote1: QuoteInput; quote2: QuoteInput },
  ) {
    return this.db.transaction(async (tx) => {
      await loadForWrite(tx, input.serviceVehicleId, user);
      await this.checkRefs(tx, input.quote1, 'quote1');
      await this.checkRefs(tx, input.quote2, 'quote2');
      const cols: SQL[] = [];
      const vals: SQL[] = [];
      for (const [n, q] of [
        [1, input.quote1],
        [2, input.quote2],
      ] as const) {
        for (const k of QUOTE_FIELDS) {
          cols.push(sql.raw(`quote${n}_${COLUMN[k]}`));
          vals.push(sql`${q[k] ?? null}`);
        }
      }
      const [row] = await tx.rows<{ id: number }>(
        sql`insert into quick_quotes (service_vehicle_id, quoted_by_id, ${sql.join(cols, sql`, `)})
            values (${input.serviceVehicleId}, ${user.id}, ${sql.join(vals, sql`, `)}) returning id`,
      );
      await recordChange(tx, user, input.serviceVehicleId, {
        activity: 'Quick quote added',
        type: 'create',
        details: summary(input.quote1, input.quote2),
        params: { quickQuoteId: row.id },
      });
      return this.one(row.id, tx);
    });
  }

  /** Changes only the fields that differ; a request that changes nothing writes nothing. */
  async update(user: SessionUser, id: number, input: { quote1?: QuoteInput; quote2?: QuoteInput }) {
    return this.db.transaction(async (tx) => {
      const current = await this.one(id, tx);
      await loadForWrite(tx, current.serviceVehicleId, user);
      const sets: SQL[] = [];
      const changes: { field: string; before: unknown; after: unknown }[] = [];
      for (const [n, q] of [
        [1, input.quote1],
        [2, input.quote2],
      ] as const) {
        if (!q) continue;
        await this.checkRefs(tx, q, `quote${n}`);
        const before = (current[`quote${n}`] ?? {}) as Record<string, unknown>;
        for (const k of QUOTE_FIELDS) {
          if (!(k in q) || (q[k] ?? null) === (before[k] ?? null)) continue;
          sets.push(sql`${sql.raw(`quote${n}_${COLUMN[k]}`)} = ${q[k] ?? null}`);
          changes.push({ field: `quote${n}.${k}`, before: before[k], after: q[k] });
        }
      }
      if (changes.length === 0) return current;
      await tx.rows(
        sql`update quick_quotes set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
      );
      await recordChange(tx, user, current.serviceVehicleId, {
        activity: 'Quick quote updated',
        details: describeChanges(changes),
        params: { quickQuoteId: id },
      });
      return this.one(id, tx);
    });
  }

  private async checkRefs(tx: Db, q: QuoteInput, prefix: string) {
    await assertReference(tx, 'part type', q.partTypeId, `${prefix}.partTypeId`);
    await assertReference(tx, 'grade', q.gradeId, `${prefix}.gradeId`);
    if (q.invoiceId) {
      const [inv] = await tx.rows(sql`select 1 from invoices where id = ${q.invoiceId}`);
      if (!inv) throw badRequest(`${prefix}.invoiceId`, `Unknown invoice ${q.invoiceId}`);
    }
  }
}

function summary(q1: QuoteInput, q2: QuoteInput): string {
  const one = (n: number, q: QuoteInput) =>
    q.partNumber || q.quoted != null ? `Quote ${n}: ${q.partNumber ?? '-'} ${q.quoted ?? '-'}` : '';
  return [one(1, q1), one(2, q2)].filter(Boolean).join('; ');
}
