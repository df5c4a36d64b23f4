import { defaultRepairLineCount, repairOrderStatusLabel, vinModelYear } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../files/file-store.js';
import { addDefaultRepairLines } from './create-service.js';
import { type EditField, parseEditFields } from './edit-fields.js';
import type { EditForm, ImageField } from './edit-form.js';
import { assertReference, describeChanges, loadForWrite, recordChange } from './records.js';
import { recordVinLookup } from './vin-check.js';
import type { Db } from '../../db/unit-of-work.js';

type Change = { field: EditField; before: unknown; after: unknown };

/** The single-image fields; WindshieldImageFiles append to windshield_image_paths. */
const IMAGE_COLUMN: Record<Exclude<ImageField, 'WindshieldImageFiles'>, string> = {
  ROImageFile: 'ro_image_path',
  InsuranceCardImageFile: 'insurance_card_image_path',
};

/**
 * PUT /api/ServiceVehicle/{id}: the detail form. Only values that differ are written; every change
 * (images included) writes one history entry listing the changed fields; a form that changes nothing
 * writes nothing. Images go to the file store inside the transaction and are removed if it fails.
 */
export class EditService {
  constructor(
    private db: Database,
    private files: FileStore,
  ) {}

  async edit(user: SessionUser, id: number, form: EditForm): Promise<boolean> {
    const parsed = parseEditFields(form.fields);
    // Uploaded images delete themselves if the work rolls back (FileStore.saveImage).
    return this.db.transaction(async (tx) => {
      await loadForWrite(tx, id, user);
      const changes = await this.diff(tx, id, parsed);
      const facility = changes.find((c) => c.field.name === 'facilityId');
      if (facility) await assertReference(tx, 'facility', facility.after as number, 'facilityId');
      const notes = changes.map((c) => ({ field: c.field.name, before: c.before, after: c.after }));
      const svSets = changes
        .filter((c) => c.field.table === 'sv')
        .map((c) => sql`${sql.identifier(c.field.col)} = ${c.after}`);

      const vin = changes.find((c) => c.field.name === 'vin')?.after as string | null | undefined;
      if (vin) {
        await recordVinLookup(tx, user, id, vin);
        const year = vinModelYear(vin);
        if (year && !parsed.some((p) => p.field.name === 'vehicleYear')) {
          svSets.push(sql`vehicle_year = coalesce(vehicle_year, ${year})`);
        }
      }
      const status = changes.find((c) => c.field.name === 'roStatusId');
      if (status) {
        const label = status.after === -1 ? null : repairOrderStatusLabel(status.after as number);
        svSets.push(sql`ro_status_description = ${label}`);
      }
      const windshield: string[] = [];
      for (const { field, image } of form.images) {
        const owner = { ownerUserId: user.id, ownerType: 'ServiceVehicle', ownerId: id };
        const path = await this.files.saveImage(tx, image, `service-vehicles/${id}`, owner);
        if (field === 'WindshieldImageFiles') windshield.push(path);
        else svSets.push(sql`${sql.identifier(IMAGE_COLUMN[field])} = ${path}`);
        notes.push({ field, before: null, after: `uploaded ${image.filename}` });
      }
      if (windshield.length) {
        const paths = sql.join(
          windshield.map((p) => sql`${p}`),
          sql`, `,
        );
        svSets.push(
          sql`windshield_image_paths = coalesce(windshield_image_paths, '{}') || array[${paths}]::text[]`,
        );
      }
      if (notes.length === 0) return false;

      await this.saveCustomer(tx, id, changes, svSets);
      if (svSets.length) {
        await tx.rows(
          sql`update service_vehicles set ${sql.join(svSets, sql`, `)}, updated_at = now() where id = ${id}`,
        );
      }
      const count = changes.find((c) => c.field.name === 'repairCount');
      if (count) await this.syncRepairLines(tx, id, count.after as number);
      await recordChange(tx, user, id, {
        activity: 'Service vehicle updated',
        details: describeChanges(notes),
      });
      return true;
    });
  }

  /** The parsed values that differ from the record (and its customer). */
  private async diff(tx: Db, id: number, parsed: ReturnType<typeof parseEditFields>): Promise<Change[]> {
    if (parsed.length === 0) return [];
    const cols = parsed.map(
      ({ field }) =>
        sql`${sql.raw(field.table === 'sv' ? 'sv' : 'c')}.${sql.identifier(field.col)} as ${sql.identifier(field.name)}`,
    );
    const [current] = await tx.rows<Record<string, unknown>>(
      sql`select ${sql.join(cols, sql`, `)} from service_vehicles sv left join customers c on c.id = sv.customer_id
          where sv.id = ${id}`,
    );
    return parsed
      .map(({ field, value }) => ({ field, before: current[field.name] ?? null, after: value ?? null }))
      .filter(
        (c) =>
          c.before !== c.after &&
          !(c.field.table === 'customer' && c.before === null && (c.after === '' || c.after === -1)),
      );
  }

  /** Customer fields update the vehicle's customer, or create one when the vehicle has none yet. */
  private async saveCustomer(tx: Db, id: number, changes: Change[], svSets: SQL[]) {
    const mine = changes.filter((c) => c.field.table === 'customer');
    if (mine.length === 0) return;
    const [sv] = await tx.rows<{ customerId: number | null }>(
      sql`select customer_id as "customerId" from service_vehicles where id = ${id}`,
    );
    if (sv.customerId) {
      const sets = mine.map((c) => sql`${sql.identifier(c.field.col)} = ${c.after}`);
      await tx.rows(
        sql`update customers set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${sv.customerId}`,
      );
      return;
    }
    const [row] = await tx.rows<{ id: number }>(
      sql`insert into customers (${sql.join(
        mine.map((c) => sql.identifier(c.field.col)),
        sql`, `,
      )})
          values (${sql.join(
            mine.map((c) => sql`${c.after}`),
            sql`, `,
          )}) returning id`,
    );
    svSets.push(sql`customer_id = ${row.id}`);
  }

  /** N repairs keep N lines: missing ones are added as defaults, lines past N (or all, for 0 or 4) removed. */
  private async syncRepairLines(tx: Db, id: number, repairCount: number) {
    const want = defaultRepairLineCount(repairCount);
    const [{ n }] = await tx.rows<{ n: number }>(
      sql`select count(*)::int as n from service_vehicle_repairs where service_vehicle_id = ${id}`,
    );
    if (n < want) await addDefaultRepairLines(tx, id, n + 1, want);
    if (n > want) {
      await tx.rows(
        sql`delete from service_vehicle_repairs where service_vehicle_id = ${id} and id not in (
              select id from service_vehicle_repairs where service_vehicle_id = ${id} order by line_number, id limit ${want})`,
      );
    }
  }
}
