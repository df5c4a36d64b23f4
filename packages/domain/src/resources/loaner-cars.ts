import { z } from 'zod';
import { FAILED_TO_GET_LOANER_CARS } from '../messages/loaners.js';
import { defineResource } from './define.js';
import { flag, optionalNumber, optionalText, requiredId, requiredText } from './fields.js';
import { ACTIVE_FILTER, FACILITY_LOOKUP } from './lookups.js';

export const LOANER_CAR_TYPE_LOOKUP = { path: '/api/loanerCarTypes' } as const;

const vin = z.preprocess(
  (v) =>
    typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim().toUpperCase() : v,
  z
    .string()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'VIN is 17 letters and digits (no I, O or Q)')
    .nullable()
    .optional(),
);

/**
 * Loaner cars (issue #18 item 5): the fleet of each facility, a tab of /loaner-reservations beside the
 * reservations. Type from `loanerCarTypes`, facility, plate, VIN, active.
 */
export const loanerCars = defineResource({
  name: 'loanerCars',
  title: 'Loaner Cars',
  singular: 'Loaner Car',
  route: '/loaner-reservations',
  table: 'loaner_cars',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    facilityId: { type: 'number' },
    facilityName: { type: 'string', ref: { table: 'facilities', via: 'facilityId' } },
    loanerCarTypeId: { type: 'number' },
    loanerCarTypeName: { type: 'string', ref: { table: 'loaner_car_types', via: 'loanerCarTypeId' } },
    year: { type: 'number' },
    make: { type: 'string' },
    model: { type: 'string' },
    vin: { type: 'string' },
    licensePlate: { type: 'string' },
    color: { type: 'string' },
    mileage: { type: 'number' },
    isActive: { type: 'boolean' },
  },
  schema: z.object({
    name: requiredText('Name', 100),
    facilityId: requiredId('Facility'),
    loanerCarTypeId: requiredId('Type'),
    year: optionalNumber('Year', 1980, 2100),
    make: optionalText('Make', 50),
    model: optionalText('Model', 50),
    vin,
    licensePlate: optionalText('Plate', 15),
    color: optionalText('Color', 30),
    mileage: optionalNumber('Mileage', 0, 2_000_000),
    isActive: flag(true),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'loanerCarTypeName', title: 'Type' },
    { key: 'facilityName', title: 'Facility' },
    { key: 'licensePlate', title: 'Plate' },
    { key: 'vin', title: 'VIN' },
    { key: 'mileage', title: 'Mileage' },
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name', 'licensePlate', 'vin', 'make', 'model'],
  filters: [
    ACTIVE_FILTER,
    { key: 'facilityId', label: 'Facility', kind: 'lookup', lookup: FACILITY_LOOKUP },
    { key: 'loanerCarTypeId', label: 'Type', kind: 'lookup', lookup: LOANER_CAR_TYPE_LOOKUP },
  ],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    {
      name: 'loanerCarTypeId',
      label: 'Type',
      widget: 'lookup',
      lookup: LOANER_CAR_TYPE_LOOKUP,
      required: true,
    },
    { name: 'facilityId', label: 'Facility', widget: 'lookup', lookup: FACILITY_LOOKUP, required: true },
    { name: 'licensePlate', label: 'Plate', widget: 'text' },
    { name: 'vin', label: 'VIN', widget: 'text' },
    { name: 'year', label: 'Year', widget: 'number' },
    { name: 'make', label: 'Make', widget: 'text' },
    { name: 'model', label: 'Model', widget: 'text' },
    { name: 'color', label: 'Color', widget: 'text' },
    { name: 'mileage', label: 'Mileage', widget: 'number' },
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  read: 'loaners.read',
  write: 'loaners.write',
  api: { base: '/api/loanerCars', list: '/api/loanerCars' },
  failedToGet: FAILED_TO_GET_LOANER_CARS,
  example: { name: 'Example Loaner', facilityId: 1, loanerCarTypeId: 1, licensePlate: 'TX-1234' },
});
