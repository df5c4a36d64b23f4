import { describe, expect, it } from 'vitest';
import { PhoneType, RepairOrderStatus } from '../enums.js';
import {
  dmsRepairCount,
  dmsRowReason,
  HEADER_EMPTY,
  headerProblem,
  mappingProblem,
  normalizeHeader,
  parseDmsDate,
  parsePhone,
  parsePhoneType,
  parseRoStatus,
  recogniseColumns,
  splitCustomerName,
  validateDmsRow,
} from './dms-import.js';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('DMS column recogniser (issue #23: "common DMS header names are recognised automatically")', () => {
  it('normalizes header text to letters and digits', () => {
    expect(normalizeHeader(' R.O. # ')).toBe('ronumber');
    expect(normalizeHeader('Customer_Last Name')).toBe('customerlastname');
  });

  it('maps a CDK-style export', () => {
    const headers = [
      'RO Number',
      'RO Status',
      'Open Date',
      'VIN',
      'Year',
      'Make',
      'Model',
      'Color',
      'License Plate',
    ];
    expect(recogniseColumns(headers)).toEqual({
      roNumber: 0,
      roStatus: 1,
      openDate: 2,
      vin: 3,
      year: 4,
      make: 5,
      model: 6,
      color: 7,
      tag: 8,
    });
  });

  it('maps a Reynolds-style export with full names, phones and advisors', () => {
    const headers = [
      'RO#',
      'Date In',
      'Customer Name',
      'Home Phone',
      'Work Phone',
      'Advisor',
      'Comments',
      'Hat Tag',
    ];
    expect(recogniseColumns(headers)).toEqual({
      roNumber: 0,
      openDate: 1,
      customerName: 2,
      phone1: 3,
      phone2: 4,
      serviceAdvisor: 5,
      notes: 6,
      serviceTag: 7,
    });
  });

  it('gives a column to one field only and ignores unknown headers', () => {
    const m = recogniseColumns(['Phone', 'Phone', 'Mileage', '']);
    expect(m).toEqual({ phone1: 0 });
  });
});

describe('DMS header check', () => {
  it('refuses an empty first row', () => {
    expect(headerProblem(['', ' '])).toBe(HEADER_EMPTY);
  });
  it('refuses a first row that is data (no header)', () => {
    expect(headerProblem(['12345', '1HGCM82633A004352', 'Honda'])).toMatch(/column names/);
    expect(headerProblem(['A1', '03/04/2025'])).toMatch(/03\/04\/2025/);
    expect(headerProblem(['RO', '(281) 894-4520'])).toMatch(/column names/);
  });
  it('accepts names', () => {
    expect(headerProblem(['RO Number', 'VIN', 'Year'])).toBeUndefined();
  });
});

describe('DMS mapping check', () => {
  it('needs the RO number', () => {
    expect(mappingProblem({ vin: 1 }, 3)).toBe('Map a column to the RO number');
  });
  it('refuses columns the file does not have and a column mapped twice', () => {
    expect(mappingProblem({ roNumber: 5 }, 3)).toMatch(/no column 5/);
    expect(mappingProblem({ roNumber: 0, vin: 0 }, 3)).toMatch(/same column/);
    expect(mappingProblem({ roNumber: 0, vin: 1, make: null }, 3)).toBeUndefined();
  });
});

describe('DMS cell parsers', () => {
  it('RO status (spec 1 §3: -1 none, 1 Finished, 2 Hold, 3 Working)', () => {
    expect(parseRoStatus('')).toBe(RepairOrderStatus.None);
    expect(parseRoStatus('Closed')).toBe(RepairOrderStatus.Finished);
    expect(parseRoStatus('ON HOLD')).toBe(RepairOrderStatus.Hold);
    expect(parseRoStatus('open')).toBe(RepairOrderStatus.Working);
    expect(parseRoStatus('3')).toBe(RepairOrderStatus.Working);
    expect(parseRoStatus('cancelled')).toBeUndefined();
  });

  it('phone types (spec 1 §3: 1 Home, 2 Cell, 3 Work, 4 Fax, 5 Other/Land Line, -1 unlabelled)', () => {
    expect(parsePhoneType('Mobile')).toBe(PhoneType.Cell);
    expect(parsePhoneType('Land Line')).toBe(PhoneType.Other);
    expect(parsePhoneType('')).toBe(PhoneType.Unlabelled);
    expect(parsePhoneType('pager')).toBeUndefined();
  });

  it('phones are stored as 10 digits; a leading country code 1 and extensions are dropped', () => {
    expect(parsePhone('(281) 894-4520')).toBe('2818944520');
    expect(parsePhone('+1 281.894.4520')).toBe('2818944520');
    expect(parsePhone('281-894-4520 x12')).toBe('2818944520');
    expect(parsePhone('894-4520')).toBeUndefined();
    expect(parsePhone('call me')).toBeUndefined();
  });

  it('dates: ISO, US and spreadsheet serials, with an optional wall-clock time', () => {
    expect(parseDmsDate('2025-03-04')).toBe('2025-03-04');
    expect(parseDmsDate('2025-03-04 14:30:00')).toBe('2025-03-04T14:30');
    expect(parseDmsDate('3/4/2025')).toBe('2025-03-04');
    expect(parseDmsDate('03/04/25 2:30 PM')).toBe('2025-03-04T14:30');
    expect(parseDmsDate('12/31/99')).toBe('1999-12-31');
    expect(parseDmsDate('45720', true)).toBe('2025-03-04');
    expect(parseDmsDate('45720.5', true)).toBe('2025-03-04T12:00');
    expect(parseDmsDate('45720')).toBeUndefined();
    expect(parseDmsDate('2/30/2025')).toBeUndefined();
    expect(parseDmsDate('yesterday')).toBeUndefined();
  });

  it('full customer names', () => {
    expect(splitCustomerName('Smith, John')).toEqual({ firstName: 'John', lastName: 'Smith' });
    expect(splitCustomerName('John Q  Smith')).toEqual({ firstName: 'John Q', lastName: 'Smith' });
    expect(splitCustomerName('Cher')).toEqual({ firstName: null, lastName: 'Cher' });
  });
});

describe('DMS row validation', () => {
  const headers = [
    'RO',
    'Status',
    'Opened',
    'VIN',
    'Year',
    'Make',
    'Model',
    'Customer',
    'Cell Phone',
    'Count',
  ];
  const mapping = recogniseColumns(headers);
  mapping.repairCount = 9;
  mapping.phone1 = 8;

  it('turns a good row into service vehicle values', () => {
    const r = validateDmsRow(
      [
        'R100',
        'Open',
        '3/4/2025',
        '1hgcm82633a004352',
        '',
        'Honda',
        'Accord',
        'Smith, Jo',
        '281 894 4520',
        '2',
      ],
      mapping,
      { headers, now: NOW },
    );
    expect(r.errors).toEqual([]);
    expect(r.values).toMatchObject({
      roNumber: 'R100',
      roStatusId: RepairOrderStatus.Working,
      openedAt: '2025-03-04',
      vin: '1HGCM82633A004352',
      // The model year comes from the VIN when the file has none.
      year: 2003,
      make: 'Honda',
      firstName: 'Jo',
      lastName: 'Smith',
      phone1: '2818944520',
      // "Cell Phone" names its type.
      phone1TypeId: PhoneType.Cell,
      repairCount: 2,
    });
  });

  it('names each bad cell with its field and column (VIN check digit with the domain rule)', () => {
    const r = validateDmsRow(
      ['', 'Lost', 'soon', '1HGCM82643A004352', '1890', '', '', '', '12', '7'],
      mapping,
      {
        now: NOW,
      },
    );
    expect(r.values).toBeNull();
    expect(r.errors.map((e) => [e.field, e.column])).toEqual([
      ['roNumber', 0],
      ['roStatus', 1],
      ['openDate', 2],
      ['vin', 3],
      ['year', 4],
      ['phone1', 8],
      ['repairCount', 9],
    ]);
    expect(dmsRowReason(r.errors)).toContain('VIN check digit does not match');
    expect(dmsRowReason(r.errors)).toContain('RO number is required');
  });

  it('keeps formula-looking text as text (escaped again by every CSV export)', () => {
    const r = validateDmsRow(['R1', '', '', '', '', '=HYPERLINK("http://x","y")'], { roNumber: 0, make: 5 });
    expect(r.values?.make).toBe('=HYPERLINK("http://x","y")');
  });

  it("the repair count is the file's, else the default chosen at import, at least 1", () => {
    expect(dmsRepairCount({ repairCount: 3 }, 1)).toBe(3);
    expect(dmsRepairCount({ repairCount: null }, 2)).toBe(2);
    expect(dmsRepairCount({ repairCount: null }, 0)).toBe(1);
    expect(dmsRepairCount({ repairCount: null }, 9)).toBe(4);
  });
});
