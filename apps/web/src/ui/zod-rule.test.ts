import { invoicePatchFields, personPatch, repairBody } from '@glass/domain/contracts/invoices';
import { svEditFields } from '@glass/domain/contracts/service-vehicles';
import { describe, expect, it } from 'vitest';
import { limitsOf, zodRule } from './zod-rule';

const check = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);
const fields = invoicePatchFields.shape;

describe('zodRule', () => {
  it('checks a value with the contract schema and says why in words', async () => {
    await expect(check(zodRule(fields.vehicleMake), 'Honda')).resolves.toBeUndefined();
    await expect(check(zodRule(fields.vehicleMake), 'x'.repeat(51))).rejects.toThrow('At most 50 characters');
    await expect(check(zodRule(fields.vehicleYear), 1899)).rejects.toThrow('At least 1,900');
    await expect(check(zodRule(fields.vehicleYear), 2101)).rejects.toThrow('At most 2,100');
    await expect(check(zodRule(fields.mileage), 1.5)).rejects.toThrow('Must be a whole number');
  });

  it('checks form-string fields as the server parses them (the service vehicle edit form)', async () => {
    const form = svEditFields.shape;
    await expect(check(zodRule(form.vehicleYear), '2019')).resolves.toBeUndefined();
    await expect(check(zodRule(form.vehicleYear), '1800')).rejects.toThrow('Unknown value 1800');
    await expect(check(zodRule(form.mileage), '12.5')).rejects.toThrow('Must be a whole number');
    await expect(check(zodRule(form.phone1), '12')).rejects.toThrow('Phone must have 7 to 15 digits');
    await expect(check(zodRule(form.color), '')).resolves.toBeUndefined();
    await expect(check(zodRule(form.facilityId), '')).rejects.toThrow('Required');
  });

  it('a blank input is null: fine for a nullable field, Required otherwise or when asked', async () => {
    await expect(check(zodRule(fields.claimNumber), '  ')).resolves.toBeUndefined();
    await expect(check(zodRule(fields.vehicleYear), null)).resolves.toBeUndefined();
    await expect(check(zodRule(repairBody.shape.lineNumber), undefined)).resolves.toBeUndefined();
    await expect(check(zodRule(repairBody.shape.amount), '')).rejects.toThrow('Required');
    await expect(check(zodRule(fields.claimNumber, { required: true }), '')).rejects.toThrow('Required');
  });
});

describe('limitsOf', () => {
  it('reads the input limits the contract declares', () => {
    expect(limitsOf(fields.vehicleMake)).toEqual({ maxLength: 50 });
    expect(limitsOf(fields.licensePlate)).toEqual({ maxLength: 15 });
    expect(limitsOf(fields.vehicleYear)).toEqual({ min: 1900, max: 2100 });
    expect(limitsOf(fields.mileage)).toEqual({ min: 0, max: 2_000_000 });
    expect(limitsOf(personPatch.shape.companyName)).toEqual({ maxLength: 100 });
  });
});
