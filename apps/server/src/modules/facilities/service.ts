import type { Facility, FacilityDetail, FacilityDistance } from '@glass/domain/contracts';
import { DEFAULT_MAP_POSITION } from '@glass/domain/constants';
import { timeZoneForOffset } from '@glass/domain/rules/time-zone';
import { type FacilitySave, facilitySaveSchema } from '@glass/domain/resources/facility';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type ImageUpload, storeImage } from '../../files/images.js';
import { audit } from '../../http/audit.js';
import { badRequest, notFound, validationFailed, zodErrors } from '../../http/errors.js';
import { translateDbError } from '../../resources/db-errors.js';
import { retaxFacilityInvoices } from '../invoices/index.js';
import { FACILITY_COLUMNS, milesFrom } from './queries.js';
import { saveChildren } from './save-children.js';
import { likeContains as like } from '../../odata/index.js';
import type { Db } from '../../db/unit-of-work.js';
import { facilityType } from './record-type.js';

type Row = FacilityDetail;

const CONSTRAINT_FIELDS = {
  code: { column: 'code', label: 'Facility Number' },
  brandId: { column: 'brand_id', label: 'Brand' },
  attributes: { column: 'attribute_name_id', label: 'Attribute' },
  serviceWriters: { column: 'facility_service_writers_name', label: 'Service writer name' },
};

/** Facilities (spec 2 §3, §5, §7): list, detail, save with children, images, distance. */
export class FacilityService {
  constructor(
    private db: Database,
    private config: Config,
  ) {}

  list(q: { isActive?: boolean; searchTerm?: string }) {
    const term = q.searchTerm?.trim();
    return this.db.rows<Facility>(
      sql`select ${FACILITY_COLUMNS} from facilities f
          where true ${q.isActive === undefined ? sql`` : sql`and f.is_active = ${q.isActive}`}
          ${term ? sql`and (f.name ilike ${like(term)} or f.short_name ilike ${like(term)} or f.code ilike ${like(term)} or f.city ilike ${like(term)})` : sql``}
          order by f.short_name, f.id limit 1000`,
    );
  }

  async detail(id: number, tx: Db = this.db): Promise<Row> {
    const [facility] = await tx.rows<Facility>(
      sql`select ${FACILITY_COLUMNS} from facilities f where f.id = ${id}`,
    );
    if (!facility) throw notFound(`Facility ${id} not found`);
    const [serviceWriters, trafficCounts, attributes] = await Promise.all([
      tx.rows<FacilityDetail['serviceWriters'][number]>(
        sql`select id, name, email, phone, is_active as "isActive" from facility_service_writers
            where facility_id = ${id} order by name`,
      ),
      tx.rows<FacilityDetail['trafficCounts'][number]>(
        sql`select traffic_date_time as "trafficDateTime", traffic_count as "trafficCount" from facility_traffic_counts
            where facility_id = ${id} order by traffic_date_time desc limit 31`,
      ),
      tx.rows<FacilityDetail['attributes'][number]>(
        sql`select n.id as "nameId", n.name, n.tooltip_text as "tooltipText", n.setting_value_list_id as "settingValueListId",
                   coalesce(fa.value, n.default_value) as value,
                   coalesce((select json_agg(sv.value order by sv.sort_order) from setting_values sv
                             where sv.setting_value_list_id = n.setting_value_list_id), '[]'::json) as values
            from attribute_names n join object_names o on o.id = n.object_name_id and o.name = 'Facility'
            left join facility_attributes fa on fa.attribute_name_id = n.id and fa.facility_id = ${id}
            where n.is_active order by n.name`,
      ),
    ]);
    return { ...facility, serviceWriters, trafficCounts, attributes };
  }

  /** Facilities with their distance in miles from a point, nearest first (spec 2 §7 GET /latlong). */
  latLong(lat: number = DEFAULT_MAP_POSITION.latitude, lng: number = DEFAULT_MAP_POSITION.longitude) {
    return this.db.rows<FacilityDistance>(
      sql`select f.id, f.name, f.longitude, f.latitude, round(${milesFrom(lat, lng)}::numeric, 2)::float8 as distance,
                 f.short_name as "shortName", f.state, f.city, f.address, f.zip
          from facilities f where f.is_active and f.latitude is not null and f.longitude is not null
          order by 5, f.id`,
    );
  }

  async save(body: unknown, user: SessionUser): Promise<Row> {
    const parsed = facilitySaveSchema.safeParse(body ?? {});
    if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
    const v: FacilitySave = parsed.data;
    try {
      return await this.db.transaction(async (tx) => {
        const values = sql`${v.code}, ${v.name}, ${v.shortName}, ${v.brandId}, ${v.didPhone}, ${v.tzo}, ${v.taxRate},
          ${v.address}, ${v.city}, ${v.state}, ${v.postalCode}, ${v.latitude}, ${v.longitude}, ${v.iconImageFile},
          ${v.logoImageFile}, ${v.isActive}`;
        let id = v.facilityId;
        if (id === -1) {
          const [row] = await tx.rows<{ id: number }>(
            sql`insert into facilities (code, name, short_name, brand_id, did_phone, tzo, tax_rate, address, city, state, zip,
                  latitude, longitude, icon_image_file, logo_image_file, is_active, time_zone)
                values (${values}, ${v.timeZone ?? timeZoneForOffset(v.tzo)}) returning id`,
          );
          id = row.id;
        } else {
          const [before] = await tx.rows<{ taxRate: string }>(
            sql`select tax_rate::text as "taxRate" from facilities where id = ${id} for update`,
          );
          const updated = await tx.rows(
            sql`update facilities set (code, name, short_name, brand_id, did_phone, tzo, tax_rate, address, city, state, zip,
                  latitude, longitude, icon_image_file, logo_image_file, is_active, updated_at) = (${values}, now()),
                  -- Without a timeZone the stored zone stays, unless the offset changed (then the offset's zone).
                  time_zone = coalesce(${v.timeZone ?? null}, case when tzo = ${v.tzo} then time_zone
                    else ${timeZoneForOffset(v.tzo)} end)
                where id = ${id} returning id`,
          );
          if (!updated.length) throw notFound(`Facility ${id} not found`);
          // A new labor tax rate re-taxes the facility's open invoices (invoices/money.ts).
          if (Number(before.taxRate) !== v.taxRate) await retaxFacilityInvoices(tx, id);
        }
        await saveChildren(tx, id, v);
        const { serviceWriters, trafficCounts, attributes, ...fields } = v;
        await audit(tx, user, {
          activity: v.facilityId === -1 ? 'Created Facility' : 'Updated Facility',
          type: v.facilityId === -1 ? 'create' : 'update',
          recordType: 'Facility',
          recordId: id,
          details: {
            ...fields,
            facilityId: id,
            serviceWriters: serviceWriters.map((w) => w.name),
            trafficCounts: trafficCounts.length,
            attributes: attributes.length,
          },
        });
        return this.detail(id, tx);
      });
    } catch (e) {
      translateDbError(e, CONSTRAINT_FIELDS);
    }
  }

  /** Stores an icon or logo; with an existing facilityId the facility points at it at once. */
  async uploadImage(kind: 'icon' | 'logo', upload: ImageUpload, user: SessionUser) {
    const raw = upload.fields.facilityId ?? upload.fields.FacilityId;
    const facilityId = raw && raw !== '-1' ? Number(raw) : undefined;
    if (facilityId !== undefined && !(Number.isInteger(facilityId) && facilityId > 0)) {
      throw badRequest('facilityId', 'facilityId is not valid');
    }
    const done = this.db.transaction(async (tx) => {
      const filePath = await storeImage(tx, this.config, upload, {
        folder: 'facilities',
        userId: user.id,
        ownerType: facilityType.recordType,
        ownerId: facilityId,
      });
      if (facilityId !== undefined) {
        const column = kind === 'icon' ? sql`icon_image_file` : sql`logo_image_file`;
        const rows = await tx.rows(
          sql`update facilities set ${column} = ${filePath}, updated_at = now() where id = ${facilityId} returning id`,
        );
        if (!rows.length) throw notFound(`Facility ${facilityId} not found`);
      }
      await audit(tx, user, {
        activity: kind === 'icon' ? 'Uploaded facility icon' : 'Uploaded facility logo',
        type: 'action',
        recordType: facilityId ? 'Facility' : undefined,
        recordId: facilityId,
        details: { facilityId, filePath, size: upload.buffer.length },
      });
      return { filePath };
    });
    return done;
  }
}
