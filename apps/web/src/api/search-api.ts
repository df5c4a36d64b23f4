import { http } from './http';
import type { PhoneLookupResult, SearchResult } from '@glass/domain/contracts';

/** Global search fields (spec 1 §5 "Global search"); empty ones are not sent. */
export interface SearchQuery {
  phone?: string;
  firstName?: string;
  lastName?: string;
  vin?: string;
  licenseTag?: string;
  facilityId?: number;
  roNumber?: string;
  invoiceId?: string;
  referenceNumber?: string;
}

const arr = <T>(value: T[] | undefined | null): T[] => (Array.isArray(value) ? value : []);

export const searchApi = {
  async search(query: SearchQuery): Promise<SearchResult> {
    const result = await http.get<Partial<SearchResult>>('search', { query: { ...query } });
    return { invoices: arr(result?.invoices), serviceVehicles: arr(result?.serviceVehicles) };
  },

  /** The server matches the last digits of the given length (spec 1 §5). */
  async phoneLookup(phone: string): Promise<PhoneLookupResult> {
    const result = await http.get<Partial<PhoneLookupResult>>('phone/lookup', { query: { phone } });
    return {
      customers: arr(result?.customers),
      serviceVehicles: arr(result?.serviceVehicles),
      invoices: arr(result?.invoices),
    };
  },
};
