import { type SQL, sql } from 'drizzle-orm';

/** The facility row of spec 2 §3 as the list and the detail send it. */
export const FACILITY_COLUMNS = sql`f.id, f.code, f.name, f.short_name as "shortName", f.brand_id as "brandId",
  (select b.name from brands b where b.id = f.brand_id) as "brandName",
  f.did_phone as "didPhone", f.tzo, f.time_zone as "timeZone", f.tax_rate as "taxRate", f.address, f.city, f.state, f.zip,
  f.latitude, f.longitude, f.icon_image_file as "iconImageFile", f.logo_image_file as "logoImageFile",
  f.is_active as "isActive"`;

/** Great-circle distance in miles from a point (haversine); PostgreSQL has no earthdistance here. */
export function milesFrom(lat: number, lng: number): SQL {
  return sql`(3958.8 * 2 * asin(sqrt(
    power(sin(radians(f.latitude - ${lat}::float8) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(f.latitude)) * power(sin(radians(f.longitude - ${lng}::float8) / 2), 2))))`;
}
