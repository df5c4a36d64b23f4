import type { LookupSource } from './define.js';

/**
 * Option sources shared by several forms and filters. No `$top`: it would limit the whole list; the drop-down
 * reads every page (apps/web resources/lookup-select.tsx).
 */
export const BRAND_LOOKUP: LookupSource = { path: '/api/Brands?$select=id,name' };
export const FACILITY_LOOKUP: LookupSource = { path: '/api/FacilitiesOData?$select=id,name' };
export const EMPLOYEE_LOOKUP: LookupSource = {
  path: '/api/users/employeeList',
  label: ['firstName', 'lastName'],
};
export const CLEARING_HOUSE_LOOKUP: LookupSource = { path: '/api/clearingHouses?$select=id,name' };
export const MAILBOX_LOOKUP: LookupSource = { path: '/api/mailboxes?$select=id,name' };
export const EMAIL_TEMPLATE_LOOKUP: LookupSource = { path: '/api/emailTemplates?$select=id,name' };
export const OBJECT_NAME_LOOKUP: LookupSource = { path: '/api/ObjectNames?$select=id,name' };
export const ATTRIBUTE_TYPE_LOOKUP: LookupSource = { path: '/api/AttributeTypes?$select=id,name' };
export const SETTING_VALUE_LIST_LOOKUP: LookupSource = { path: '/api/settingValueLists' };

/** The usual "is active" filter, starting on active rows. */
export const ACTIVE_FILTER = { key: 'isActive', label: 'Active', kind: 'boolean', initial: true } as const;
