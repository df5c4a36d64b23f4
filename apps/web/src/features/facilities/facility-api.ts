import { http } from '../../api/http';
import type { AttributeValue, Facility, FacilityDetail } from '@glass/domain/contracts';

/** A facility attribute as the detail lists it, or a new facility's attribute (GET attributevalues). */
export type FacilityAttribute = FacilityDetail['attributes'][number] | AttributeValue;

export const facilityApi = {
  list: (q: { isActive?: boolean; searchTerm?: string }) =>
    http.get<Facility[]>('facilities', { query: { IsActive: q.isActive, SearchTerm: q.searchTerm } }),
  detail: (id: number) => http.get<FacilityDetail>(`facilities/${id}`),
  /** A new facility's attributes: every Facility attribute with its default value. */
  newAttributes: () =>
    http.get<AttributeValue[]>('attributevalues', { query: { Page: 'Facility', RecordId: 0 } }),
  save: (body: Record<string, unknown>) => http.post<FacilityDetail>('facilities', body),
};
