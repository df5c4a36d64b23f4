import { sql } from 'drizzle-orm';
import { IGNORED_MESSAGE_GROUP_ID } from '@glass/domain/constants';
import { likeContains as like } from '../../odata/index.js';

/**
 * The User list item of spec 1 §3: id, facility {id, name, shortName, brandId}, subscriptions,
 * attributeValues, stateNavigation, photo, firstName, lastName, isActive; plus what the employee
 * form edits (userName, role, brand, contact, installer flag). Built by PostgreSQL as JSON.
 */
export const USER_ITEM = sql`json_build_object(
  'id', u.id, 'userName', u.user_name, 'firstName', u.first_name, 'lastName', u.last_name,
  'email', u.email, 'phone', u.phone, 'userRoleId', u.user_role_id, 'facilityId', u.facility_id,
  'extraFacilityIds', coalesce((select json_agg(uf.facility_id order by uf.facility_id) from user_facilities uf
                                where uf.user_id = u.id), '[]'::json),
  'brandId', u.brand_id, 'isActive', u.is_active, 'isInstaller', u.is_installer, 'isOnDuty', u.is_on_duty,
  'photo', u.photo, 'stateNavigation', u.state_navigation::json,
  'facility', (select json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name, 'brandId', f.brand_id)
               from facilities f where f.id = u.facility_id),
  'subscriptions', coalesce((select json_agg(json_build_object('id', s.id, 'userId', s.user_id,
      'messageGroupId', s.message_group_id, 'groupName', g.name, 'groupDescription', g.description,
      'always', s.always, 'onDuty', s.on_duty, 'useSms', s.use_sms) order by s.id)
    from subscriptions s join message_groups g on g.id = s.message_group_id
    where s.user_id = u.id and s.message_group_id <> ${IGNORED_MESSAGE_GROUP_ID}), '[]'::json),
  'attributeValues', coalesce((select json_agg(json_build_object('id', v.id, 'attributeNameId', v.attribute_name_id,
      'name', n.name, 'value', v.value) order by n.name)
    from attribute_values v join attribute_names n on n.id = v.attribute_name_id
    join object_names o on o.id = n.object_name_id and o.name = 'User'
    where v.record_id = u.id and v.user_id is null), '[]'::json)
)`;

export function userSearch(term: string | undefined) {
  const t = term?.trim();
  if (!t) return sql``;
  const p = like(t);
  return sql`and (u.first_name ilike ${p} or u.last_name ilike ${p} or u.user_name ilike ${p}
              or (u.first_name || ' ' || u.last_name) ilike ${p} or u.email ilike ${p})`;
}
