import type { AttributeValue, SettingValueList } from '@glass/domain/contracts';
import { type Action, can } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { assertCanManageUser } from '../users/index.js';
import type { Db } from '../../db/unit-of-work.js';

/**
 * Page attributes (GET/POST attributevalues by Page and RecordId). `Page` is either a tab name
 * (the per-user settings, e.g. 'My Pipeline' Repairs/Replacements, object name Page) or an object
 * name with a record id: 'User', 'Invoice', 'ServiceVehicle' (shared values) and 'Facility'
 * (the facility form's attributes). Values from a value list (1 and 3 YES/NO, 17 levels) must be
 * one of its values.
 */
const SHARED_WRITE: Record<string, Action> = {
  User: 'users.write',
  Facility: 'facilities.write',
  Invoice: 'invoice.write',
  ServiceVehicle: 'serviceVehicle.write',
};
/** Own keys only: a page named `constructor` or `toString` is a tab name, not an object. */
const sharedAction = (page: string): Action | undefined =>
  Object.hasOwn(SHARED_WRITE, page) ? SHARED_WRITE[page] : undefined;

export interface AttributeValueInput {
  attributeNameId: number;
  value: string | null;
}

interface Scope {
  object: string;
  page: string;
  recordId: number;
  userId: number | null;
}

type Row = AttributeValue;

export class AttributeValueService {
  constructor(private db: Database) {}

  private scope(page: string, recordId: number, user: SessionUser): Scope {
    if (sharedAction(page)) return { object: page, page: '', recordId, userId: null };
    return { object: 'Page', page, recordId, userId: user.id };
  }

  list(pageName: string, recordId: number, user: SessionUser, tx: Db = this.db): Promise<Row[]> {
    const s = this.scope(pageName, recordId, user);
    const stored =
      s.object === 'Facility'
        ? sql`(select fa.value from facility_attributes fa where fa.attribute_name_id = n.id and fa.facility_id = ${s.recordId})`
        : sql`(select v.value from attribute_values v where v.attribute_name_id = n.id and v.page = ${s.page}
                 and v.record_id = ${s.recordId} and v.user_id is not distinct from ${s.userId}::int)`;
    return tx.rows<Row>(
      sql`select n.id as "attributeNameId", n.name, ${pageName} as page, ${recordId}::int as "recordId",
                 coalesce(${stored}, n.default_value) as value, n.default_value as "defaultValue",
                 n.tooltip_text as "tooltipText", n.setting_value_list_id as "settingValueListId",
                 coalesce((select json_agg(sv.value order by sv.sort_order) from setting_values sv
                           where sv.setting_value_list_id = n.setting_value_list_id), '[]'::json) as values
          from attribute_names n join object_names o on o.id = n.object_name_id
          where n.is_active and o.name = ${s.object}
            ${s.object === 'Page' ? sql`and n.tag_page_name = ${s.page}` : sql``}
          order by n.id`,
    );
  }

  async save(pageName: string, recordId: number, input: AttributeValueInput[], user: SessionUser) {
    const action = sharedAction(pageName);
    if (action && !can(user.userRoleId, action)) throw forbidden();
    return this.db.transaction(async (tx) => {
      // Another user's attributes: only of an existing employee whose role the caller may manage.
      if (pageName === 'User') {
        await assertCanManageUser(tx, user, recordId, {
          lock: 'share',
          missing: { field: 'recordId' },
        });
      }
      await this.write(tx, pageName, recordId, input, user, 'values');
      await audit(tx, user, {
        activity: 'Saved page attributes',
        type: 'update',
        recordType: pageName === 'Facility' ? 'Facility' : undefined,
        recordId: pageName === 'Facility' ? recordId : undefined,
        details: {
          page: pageName,
          recordId,
          ...Object.fromEntries(input.map((v) => [`attribute${v.attributeNameId}`, v.value ?? ''])),
        },
      });
      return this.list(pageName, recordId, user, tx);
    });
  }

  /**
   * Checks and stores values inside the caller's transaction (the employee save uses it for the
   * User attributes); a bad one is a 400 on `{field}.{i}.attributeNameId` or `.value`.
   */
  async write(
    tx: Db,
    pageName: string,
    recordId: number,
    input: AttributeValueInput[],
    user: SessionUser,
    field: string,
  ) {
    const s = this.scope(pageName, recordId, user);
    const known = new Map((await this.list(pageName, recordId, user, tx)).map((r) => [r.attributeNameId, r]));
    for (const [i, item] of input.entries()) {
      const def = known.get(item.attributeNameId);
      if (!def)
        throw badRequest(
          `${field}.${i}.attributeNameId`,
          `Attribute ${item.attributeNameId} is not an attribute of ${pageName}`,
        );
      const value = item.value ?? '';
      if (def.values.length && !def.values.includes(value)) {
        throw badRequest(`${field}.${i}.value`, `${def.name} must be one of ${def.values.join(', ')}`);
      }
      if (s.object === 'Facility') {
        await tx.rows(
          sql`insert into facility_attributes (facility_id, attribute_name_id, value) values (${recordId}, ${def.attributeNameId}, ${value})
              on conflict (facility_id, attribute_name_id) do update set value = excluded.value, updated_at = now()`,
        );
      } else {
        await tx.rows(
          sql`insert into attribute_values (attribute_name_id, page, record_id, user_id, value, setting_value_list_id)
              values (${def.attributeNameId}, ${s.page}, ${recordId}, ${s.userId}, ${value}, ${def.settingValueListId})
              on conflict on constraint attribute_values_uq do update set value = excluded.value, updated_at = now()`,
        );
      }
    }
  }

  settingValueLists() {
    return this.db.rows<SettingValueList>(
      sql`select l.id, l.name, coalesce((select json_agg(v.value order by v.sort_order) from setting_values v
                   where v.setting_value_list_id = l.id), '[]'::json) as values
          from setting_value_lists l order by l.id`,
    );
  }
}
