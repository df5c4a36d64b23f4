import { APPOINTMENT_STATUS_OPTIONS } from '@glass/domain/enums';
import { tilesForRole } from '@glass/domain/roles';
import { TILES } from '@glass/domain/tiles';
import type { Orm } from '../client.js';
import * as s from '../schema/index.js';
import type { SeedContext } from './context.js';
import * as cat from './data/catalogue.js';
import { ATTRIBUTES, OPTIONS, SETTING_LISTS } from './data/settings.js';

const named = (names: readonly string[]) => names.map((name, i) => ({ id: i + 1, name, sortOrder: i + 1 }));

/** Brands, facilities, pick lists, settings, message groups and the tile catalogue. */
export async function seedReference(ctx: SeedContext): Promise<void> {
  const { tx } = ctx;
  await tx.insert(s.brands).values(cat.BRANDS);
  await tx.insert(s.facilities).values(cat.FACILITIES.map((f) => ({ ...f, state: 'TX', tzo: 300 })));
  await seedPickLists(tx);
  await tx.insert(s.facilityAttributes).values(
    cat.FACILITIES.flatMap((f) => [
      { facilityId: f.id, attributeNameId: 11, value: `D${f.code}7` },
      { facilityId: f.id, attributeNameId: 12, value: String(2 + (f.id % 3)) },
      { facilityId: f.id, attributeNameId: 13, value: '07:00' },
      { facilityId: f.id, attributeNameId: 14, value: f.id === 5 ? '17:00' : '18:00' },
    ]),
  );
}

/**
 * What every installation needs before its first login, demo or not (`npm run setup` writes it too):
 * pick lists, options, attribute and setting lists, message groups, the tile catalogue and the role
 * tiles, call query categories. Nothing here names a brand, a facility or a person.
 */
export async function seedPickLists(tx: Orm): Promise<void> {
  await tx.insert(s.dispositions).values(named(cat.DISPOSITIONS));
  await tx.insert(s.lostReasons).values(named(cat.LOST_REASONS));
  await tx.insert(s.customerWaitingOptions).values(named(cat.CUSTOMER_WAITING_OPTIONS));
  await tx.insert(s.materials).values(named(cat.MATERIALS));
  await tx.insert(s.replacementPartStatuses).values(named(cat.REPLACEMENT_PART_STATUSES));
  await tx.insert(s.partGrades).values(named(cat.PART_GRADES));
  await tx
    .insert(s.partTypes)
    .values(named(cat.PART_TYPES).map((p) => ({ ...p, isReplacement: p.id !== 1 })));
  await tx
    .insert(s.appointmentStatuses)
    .values(APPOINTMENT_STATUS_OPTIONS.map((o, i) => ({ id: o.value, name: o.label, sortOrder: i + 1 })));
  await tx.insert(s.loanerCarTypes).values(cat.LOANER_CAR_TYPES.map((name, i) => ({ id: i + 1, name })));
  await tx.insert(s.windshieldAccessories).values(
    cat.WINDSHIELD_ACCESSORIES.map(([name, price, requiresCalibration], i) => ({
      id: i + 1,
      name,
      price,
      requiresCalibration,
      partNumber: `WA-${String(1001 + i)}`,
      sortOrder: i + 1,
    })),
  );

  await tx.insert(s.options).values(
    OPTIONS.map(([id, name, description, value, adminOnly]) => ({
      id,
      name,
      description,
      value,
      adminOnly,
    })),
  );
  await tx.insert(s.objectNames).values(cat.OBJECT_NAMES.map((name, i) => ({ id: i + 1, name })));
  await tx
    .insert(s.attributeTypes)
    .values(cat.ATTRIBUTE_TYPES.map(([name, dataType], i) => ({ id: i + 1, name, dataType })));
  await tx.insert(s.settingValueLists).values(SETTING_LISTS.map(([id, name]) => ({ id, name })));
  await tx.insert(s.settingValues).values(
    SETTING_LISTS.flatMap(([listId, , values]) =>
      values.map((value, i) => ({
        settingValueListId: listId,
        value,
        displayText: value,
        sortOrder: i + 1,
      })),
    ),
  );
  await tx.insert(s.attributeNames).values(
    ATTRIBUTES.map(
      ([id, name, objectNameId, attributeTypeId, settingValueListId, tagPageName, defaultValue]) => ({
        id,
        name,
        objectNameId,
        attributeTypeId,
        settingValueListId,
        tagPageName,
        defaultValue,
        tooltipText: tagPageName ? `Show ${name.toLowerCase()} on ${tagPageName}` : null,
      }),
    ),
  );
  await tx
    .insert(s.messageGroups)
    .values(cat.MESSAGE_GROUPS.map(([name, description], i) => ({ id: i + 1, name, description })));
  await tx.insert(s.tiles).values(
    TILES.map((t, i) => ({
      id: t.id,
      name: t.name,
      displayName: t.displayName,
      url: t.url,
      icon: t.icon,
      sortOrder: i + 1,
    })),
  );
  const roleTiles = [1, 2, 3, 4, 5, 6].flatMap((role) =>
    tilesForRole(role).map((t, i) => ({ userRoleId: role, tileId: t.id, sortOrder: i + 1 })),
  );
  await tx.insert(s.roleTiles).values(roleTiles);
  await tx
    .insert(s.callQueryCategories)
    .values(cat.CALL_QUERY_CATEGORIES.map(([name], i) => ({ id: i + 1, name, sortOrder: i + 1 })));
  await tx
    .insert(s.callQueries)
    .values(
      cat.CALL_QUERY_CATEGORIES.flatMap(([, queries], c) =>
        queries.map(([name, filter], i) => ({ categoryId: c + 1, name, filter, sortOrder: i + 1 })),
      ),
    );
}
