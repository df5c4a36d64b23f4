import { z } from 'zod';
import { FAILED_TO_GET_ATTRIBUTES } from '../messages/admin.js';
import { defineResource } from './define.js';
import { flag, optionalId, optionalText, requiredId, requiredText, textOrEmpty } from './fields.js';
import {
  ACTIVE_FILTER,
  ATTRIBUTE_TYPE_LOOKUP,
  OBJECT_NAME_LOOKUP,
  SETTING_VALUE_LIST_LOOKUP,
} from './lookups.js';

/**
 * Attribute name (spec 2 §3): id, name, objectType, dataType, tagPageName, defaultValue,
 * tooltipText, objectNameId, attributeTypeId. objectType and dataType are the names of the
 * object name and attribute type rows.
 */
export const attributeNames = defineResource({
  name: 'attributeNames',
  title: 'Attributes',
  singular: 'Attribute',
  route: '/attributes',
  table: 'attribute_names',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    objectNameId: { type: 'number' },
    objectType: { type: 'string', ref: { table: 'object_names', via: 'objectNameId' } },
    attributeTypeId: { type: 'number' },
    dataType: {
      type: 'string',
      ref: { table: 'attribute_types', via: 'attributeTypeId', label: ['data_type'] },
    },
    settingValueListId: { type: 'number' },
    tagPageName: { type: 'string' },
    defaultValue: { type: 'string' },
    tooltipText: { type: 'string' },
    isActive: { type: 'boolean' },
  },
  schema: z.object({
    name: requiredText('Name', 100),
    objectNameId: requiredId('Object Name'),
    attributeTypeId: requiredId('Attribute Type'),
    settingValueListId: optionalId('Value List'),
    tagPageName: optionalText('Page', 100),
    defaultValue: textOrEmpty('Default Value', 500),
    tooltipText: optionalText('Tooltip', 500),
    isActive: flag(true),
  }),
  defaultOrder: [
    ['objectNameId', 'asc'],
    ['name', 'asc'],
  ],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'objectType', title: 'Object' },
    { key: 'dataType', title: 'Data Type' },
    { key: 'tagPageName', title: 'Page' },
    { key: 'defaultValue', title: 'Default Value' },
    { key: 'tooltipText', title: 'Tooltip' },
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name', 'tagPageName', 'tooltipText'],
  filters: [
    ACTIVE_FILTER,
    { key: 'objectNameId', label: 'Object Name', kind: 'lookup', lookup: OBJECT_NAME_LOOKUP },
    { key: 'attributeTypeId', label: 'Attribute Type', kind: 'lookup', lookup: ATTRIBUTE_TYPE_LOOKUP },
  ],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    {
      name: 'objectNameId',
      label: 'Object Name',
      widget: 'lookup',
      lookup: OBJECT_NAME_LOOKUP,
      required: true,
    },
    {
      name: 'attributeTypeId',
      label: 'Attribute Type',
      widget: 'lookup',
      lookup: ATTRIBUTE_TYPE_LOOKUP,
      required: true,
    },
    { name: 'settingValueListId', label: 'Value List', widget: 'lookup', lookup: SETTING_VALUE_LIST_LOOKUP },
    { name: 'tagPageName', label: 'Page', widget: 'text' },
    { name: 'defaultValue', label: 'Default Value', widget: 'text' },
    { name: 'tooltipText', label: 'Tooltip', widget: 'text' },
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  read: 'admin.read',
  write: 'admin.write',
  api: { base: '/api/AttributeNames', list: '/api/AttributeNames' },
  failedToGet: FAILED_TO_GET_ATTRIBUTES,
  example: { name: 'Example Attribute', objectNameId: 2, attributeTypeId: 1, defaultValue: '' },
});
