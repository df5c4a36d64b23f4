import type {
  CustomerMatch,
  InvoiceSearchRow,
  PhoneLookupResult,
  SearchResult,
  ServiceVehicleSearchRow,
} from '@glass/domain/contracts';
import { normalizePhone } from '@glass/domain/rules/phone-input';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../../auth/sessions.js';
import { badRequest } from '../../http/errors.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { compileODataQuery } from '../../odata/index.js';
import { invoiceListResource } from '../invoices/index.js';
import { serviceVehicleListResource } from '../service-vehicles/index.js';
import { likePrefix } from '../../odata/index.js';

export interface SearchInput {
  phone?: string;
  firstName?: string;
  lastName?: string;
  vin?: string;
  licenseTag?: string;
  facilityId?: number;
  roNumber?: string;
  invoiceId?: number;
  referenceNumber?: string;
}

/** spec 1 §3 "Invoice (search fields)". */
const INVOICE_SEARCH_SELECT = [
  'id',
  'facilityId',
  'facility/shortName',
  'lockedBy',
  'paymentTypeId',
  'soldTo',
  'customerPhone',
  'serviceVehicleId',
  'vehicleDetails/year',
  'vehicleDetails/make',
  'vehicleDetails/model',
  'void',
  'lost',
  'openDateTime',
  'notesCount',
  'thumb',
  'replacement',
  'referenceNumber',
  'followUpAt',
  'serviceAddress/line1',
  'serviceAddress/city',
  'serviceAddress/state',
  'serviceAddress/zip',
  'licensePlate',
  'roNumber',
].join(',');

const MAX_RESULTS = 50;

/** Customers whose primary or secondary phone ends with the digits (reversed-phone index range scans). */
const customersByPhoneSuffix = (digits: string) => {
  const rev = likePrefix([...digits].reverse().join(''));
  return sql`(select c.id from customers c where c.primary_phone_rev like ${rev}
              union select c.id from customers c where c.secondary_phone_rev like ${rev})`;
};

/**
 * Global search (spec 1 §5): every filled field narrows both invoices and service vehicles.
 * A phone matches the last digits of the given length. RO number needs a facility (RO numbers are the
 * dealers' own and repeat across facilities; the screen enables the field only then): without one it is a 400
 * on facilityId.
 */
export class SearchService {
  constructor(private db: Database) {}

  /** `user`: a facility-bound user finds only their allowed facilities' records (decision 0016). */
  async search(user: Pick<SessionUser, 'allowedFacilityIds'>, input: SearchInput): Promise<SearchResult> {
    const inv: SQL[] = [];
    const sv: SQL[] = [];
    const phone = input.phone ? normalizePhone(input.phone) : '';
    if (input.phone !== undefined && input.phone !== '' && phone.length < 4) {
      throw badRequest('phone', 'Enter at least 4 digits of the phone number');
    }
    if (phone) {
      const rev = likePrefix([...phone].reverse().join(''));
      const ids = customersByPhoneSuffix(phone);
      inv.push(sql`(i.customer_phone_rev like ${rev} or i.buyer_id in ${ids})`);
      sv.push(sql`sv.customer_id in ${ids}`);
    }
    if (input.firstName || input.lastName) {
      const names: SQL[] = [];
      if (input.lastName)
        names.push(sql`lower(c.last_name) like ${likePrefix(input.lastName.trim().toLowerCase())}`);
      if (input.firstName)
        names.push(sql`lower(c.first_name) like ${likePrefix(input.firstName.trim().toLowerCase())}`);
      const ids = sql`(select c.id from customers c where ${sql.join(names, sql` and `)} limit 2000)`;
      inv.push(sql`(i.customer_id in ${ids} or i.buyer_id in ${ids})`);
      sv.push(sql`sv.customer_id in ${ids}`);
    }
    if (input.vin) {
      const vin = input.vin.trim().toUpperCase();
      if (vin.length >= 17) {
        inv.push(sql`i.vin = ${vin}`);
        sv.push(sql`sv.vin = ${vin}`);
      } else {
        // Last characters of the VIN, as staff read them off the windshield tag.
        sv.push(sql`sv.vin_rev like ${likePrefix([...vin].reverse().join(''))}`);
        inv.push(
          sql`i.service_vehicle_id in (select x.id from service_vehicles x where x.vin_rev like ${likePrefix([...vin].reverse().join(''))})`,
        );
      }
    }
    if (input.licenseTag) {
      const tag = input.licenseTag.trim().toUpperCase();
      inv.push(sql`i.license_plate = ${tag}`);
      sv.push(sql`sv.license_tag = ${tag}`);
    }
    if (input.roNumber) {
      if (!input.facilityId) throw badRequest('facilityId', 'Choose a facility to search by RO number');
      const ro = input.roNumber.trim();
      inv.push(sql`i.ro_number = ${ro}`);
      sv.push(sql`sv.repair_order_number = ${ro}`);
    }
    if (input.facilityId) {
      inv.push(sql`i.facility_id = ${input.facilityId}`);
      sv.push(sql`sv.facility_id = ${input.facilityId}`);
    }
    if (input.invoiceId) {
      inv.push(sql`i.id = ${input.invoiceId}`);
      sv.push(sql`sv.invoice_id = ${input.invoiceId}`);
    }
    if (input.referenceNumber) {
      inv.push(sql`i.reference_number = ${input.referenceNumber.trim()}`);
      sv.push(sql`false`);
    }
    if (inv.length === 0) throw badRequest('search', 'Fill at least one search field');
    // A facility alone is not a search: it would list the whole facility.
    if (inv.length === 1 && input.facilityId)
      throw badRequest('search', 'Fill at least one search field besides the facility');
    if (user.allowedFacilityIds !== null) {
      inv.push(facilityFilter(user, sql`i.facility_id`));
      sv.push(facilityFilter(user, sql`sv.facility_id`));
    }

    const [invoices, serviceVehicles] = await Promise.all([
      this.list<InvoiceSearchRow>(
        invoiceListResource,
        { $select: INVOICE_SEARCH_SELECT, $orderby: 'openDateTime desc', $top: String(MAX_RESULTS) },
        inv,
      ),
      this.list<ServiceVehicleSearchRow>(
        serviceVehicleListResource,
        { $orderby: 'id desc', $top: String(MAX_RESULTS) },
        sv,
      ),
    ]);
    return { invoices, serviceVehicles };
  }

  /** The Phone dialog: customers, service vehicles and invoices whose phone ends with the digits. */
  async phoneLookup(
    user: Pick<SessionUser, 'allowedFacilityIds'>,
    phoneInput: string,
  ): Promise<PhoneLookupResult> {
    const phone = normalizePhone(phoneInput);
    if (phone.length < 4) throw badRequest('phone', 'Enter at least 4 digits of the phone number');
    const ids = customersByPhoneSuffix(phone);
    const [customers, found] = await Promise.all([
      this.db.rows<CustomerMatch>(
        sql`select c.id, c.first_name as "firstName", c.last_name as "lastName", c.primary_phone as "primaryPhone",
                   c.primary_phone_type_id as "primaryPhoneTypeId", c.secondary_phone as "secondaryPhone",
                   c.secondary_phone_type_id as "secondaryPhoneTypeId", c.do_not_call as "doNotCall"
            from customers c where c.id in ${ids} order by c.last_name, c.first_name limit ${MAX_RESULTS}`,
      ),
      this.search(user, { phone }),
    ]);
    return { customers, ...found };
  }

  private async list<T>(resource: typeof invoiceListResource, query: Record<string, string>, where: SQL[]) {
    const compiled = compileODataQuery(resource, query, { extraWhere: sql.join(where, sql` and `) });
    const [row] = await this.db.rows<{ json: string }>(compiled.dataSql);
    return JSON.parse(row?.json ?? '[]') as T[];
  }
}
