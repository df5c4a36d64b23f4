import { CALL_URI_SCHEME } from '@glass/domain/resources/index';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';

export const NO_EXTENSION = 'No phone extension is set up for you or this facility';

interface Extension {
  extension: string;
  uriTemplate: string;
}

/**
 * The phone bridge's call URI (spec 2 §4, §7 getRequestUri). The URI template comes from the
 * user's own phone extension, or the facility's (front desk) one when useFacilityId is set or the
 * user has none; `{callerId}` is the facility DID when calling on the facility's behalf.
 */
export class PhoneBridgeService {
  constructor(private db: Database) {}

  private async own(userId: number) {
    const [row] = await this.db.rows<Extension>(
      sql`select extension, uri_template as "uriTemplate" from phone_extensions
          where user_id = ${userId} and is_active order by id limit 1`,
    );
    return row;
  }

  private async facility(facilityId: number | null) {
    if (!facilityId) return undefined;
    const [row] = await this.db.rows<Extension & { did: string | null }>(
      sql`select e.extension, e.uri_template as "uriTemplate", f.did_phone as did
          from facilities f left join phone_extensions e on e.facility_id = f.id and e.user_id is null and e.is_active
          where f.id = ${facilityId} order by e.id limit 1`,
    );
    return row;
  }

  async requestUri(
    user: SessionUser,
    q: { destinationPhone: string; useFacilityId?: boolean; facilityId?: number },
  ): Promise<string> {
    const digits = q.destinationPhone.replace(/[^\d]/g, '');
    if (digits.length < 3 || digits.length > 15)
      throw badRequest('destinationPhone', 'destinationPhone is not a phone number');
    const facility = await this.facility(q.facilityId ?? user.facilityId);
    const mine = q.useFacilityId ? undefined : await this.own(user.id);
    const ext = mine ?? (facility?.uriTemplate ? (facility as Extension) : await this.own(user.id));
    if (!ext) throw notFound(NO_EXTENSION);
    const callerId = q.useFacilityId ? (facility?.did ?? '').replace(/[^\d]/g, '') : '';
    const uri = ext.uriTemplate
      .replaceAll('{destinationPhone}', digits)
      .replaceAll('{extension}', encodeURIComponent(ext.extension))
      .replaceAll('{callerId}', callerId);
    if (!CALL_URI_SCHEME.test(uri)) throw notFound(NO_EXTENSION);
    return uri;
  }
}
