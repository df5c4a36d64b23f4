import { describe, expect, it } from 'vitest';
import {
  appointmentStatusLabel,
  connectionStatusLabel,
  fromYesNo,
  PAYMENT_TYPE_OPTIONS,
  paymentTypeLabel,
  phoneTypeLabel,
  repairOrderStatusLabel,
  settingValuesFor,
  thumbLabel,
  transactionTypeLabel,
  US_STATES,
  usStateName,
  userRoleLabel,
  vehicleSourceLabel,
} from './enums.js';

describe('enumerations (spec 1 §3, spec 2 §3)', () => {
  it('Payment types: 0 Pending, 1 Ins, 2 Credit, 4 Cash, 5 Repair Order, 6 Check, 7 Refused, 8 Complimentary', () => {
    expect(PAYMENT_TYPE_OPTIONS.map((o) => `${o.value} ${o.label}`).join(', ')).toBe(
      '0 Pending, 1 Ins, 2 Credit, 4 Cash, 5 Repair Order, 6 Check, 7 Refused, 8 Complimentary',
    );
    expect(paymentTypeLabel(3)).toBe('');
  });
  it('Phone types: 1 Home, 2 Cell, 3 Work, 4 Fax, 5 Other (also labelled Land Line in some lists), -1 unlabelled', () => {
    expect([1, 2, 3, 4, 5].map((id) => phoneTypeLabel(id))).toEqual(['Home', 'Cell', 'Work', 'Fax', 'Other']);
    expect(phoneTypeLabel(5, 'landLine')).toBe('Land Line');
    expect(phoneTypeLabel(-1)).toBe('');
  });
  it('Transaction (deposit/payment) types: 1 Cash, 2 Warranty, 3 In-House', () => {
    expect([1, 2, 3].map(transactionTypeLabel)).toEqual(['Cash', 'Warranty', 'In-House']);
  });
  it('User roles: 0 None, 1 System Admin, 2 Manager, 3 Lead Technician, 4 Admin Assistant, 5 Repair Technician, 6 Reviewer', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(userRoleLabel)).toEqual([
      'None',
      'System Admin',
      'Manager',
      'Lead Technician',
      'Admin Assistant',
      'Repair Technician',
      'Reviewer',
    ]);
  });
  it('Repair order status: -1 none, 1 Finished, 2 Hold, 3 Working (otherwise None)', () => {
    expect([-1, 1, 2, 3, 9, null].map(repairOrderStatusLabel)).toEqual([
      'None',
      'Finished',
      'Hold',
      'Working',
      'None',
      'None',
    ]);
  });
  it('Vehicle source: 1 car wash … 7 express, otherwise unknown', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(vehicleSourceLabel)).toEqual([
      'Car Wash',
      'Customer Waiting',
      'Customer Drop-Off',
      'In-House',
      'Call-In',
      'DMS Import',
      'Express',
      'Unknown',
    ]);
  });
  it('Appointment status: Scheduled, Arrived, Completed, ReSchedule, Cancelled', () => {
    expect([1, 2, 3, 4, 5].map(appointmentStatusLabel)).toEqual([
      'Scheduled',
      'Arrived',
      'Completed',
      'ReSchedule',
      'Cancelled',
    ]);
  });
  it('Thumb: 1 up, -1 down, 0 none', () => {
    expect([1, -1, 0].map(thumbLabel)).toEqual(['Up', 'Down', 'None']);
  });
  it('connection status: disconnected, connecting, connected, error; any other value shows as unknown', () => {
    expect(connectionStatusLabel('connected')).toBe('Connected');
    expect(connectionStatusLabel('reconnecting')).toBe('Unknown');
  });
  it('The 50 US states as code and name', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(50);
    expect(usStateName('tx')).toBe('Texas');
  });
  it('Setting value lists: ids 1 and 3 are YES/NO; id 17 is None, Porter, Low, Medium, High, Master', () => {
    expect(settingValuesFor(1)).toEqual(['YES', 'NO']);
    expect(settingValuesFor(3)).toEqual(['YES', 'NO']);
    expect(settingValuesFor(17)).toEqual(['None', 'Porter', 'Low', 'Medium', 'High', 'Master']);
    expect(settingValuesFor(2)).toBeUndefined();
  });
  it('YES/NO attributes read back as booleans, defaulting to true', () => {
    expect([fromYesNo('YES'), fromYesNo('no'), fromYesNo(undefined)]).toEqual([true, false, true]);
  });
});
