import { http } from '../../api/http';
import type { Row } from '../../resources/list-query';

export interface FacilityAttribute {
  attributeNameId?: number;
  nameId?: number;
  name: string;
  value: string;
  tooltipText?: string | null;
  values?: string[];
}

export interface FacilityDetail extends Row {
  serviceWriters: {
    id?: number;
    name: string;
    email?: string | null;
    phone?: string | null;
    isActive: boolean;
  }[];
  trafficCounts: { trafficDateTime: string; trafficCount: number }[];
  attributes: FacilityAttribute[];
}

export interface MapConfig {
  tileUrl: string;
  attribution: string;
  defaultPosition: { latitude: number; longitude: number };
}

export const facilityApi = {
  list: (q: { isActive?: boolean; searchTerm?: string }) =>
    http.get<Row[]>('facilities', { query: { IsActive: q.isActive, SearchTerm: q.searchTerm } }),
  detail: (id: number) => http.get<FacilityDetail>(`facilities/${id}`),
  /** A new facility's attributes: every Facility attribute with its default value. */
  newAttributes: () =>
    http.get<FacilityAttribute[]>('attributevalues', { query: { Page: 'Facility', RecordId: 0 } }),
  save: (body: Record<string, unknown>) => http.post<FacilityDetail>('facilities', body),
  mapConfig: () => http.get<MapConfig>('facilities/mapConfig'),
};
