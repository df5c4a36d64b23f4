import * as s from '../schema/index.js';
import type { SeedContext } from './context.js';
import { FACILITIES } from './data/catalogue.js';
import {
  CLEARING_HOUSES,
  EMAIL_TEMPLATES,
  INSURANCE_COMPANIES,
  MAILBOXES,
  VENDORS,
} from './data/partners.js';
import { FIRST_NAMES, LAST_NAMES } from './data/people.js';
import type { Employee } from './staff.js';
import type { Rng } from './prng.js';

/**
 * Admin lists: mail settings, clearing houses, insurers, vendors, phone extensions, STA phones,
 * loaner cars, service writers and a few user attribute values. Returns the service writer
 * names per facility (service vehicles pick their advisor from them).
 */
export async function seedDirectory(ctx: SeedContext, rng: Rng, people: Employee[]): Promise<string[][]> {
  const { tx } = ctx;
  await tx
    .insert(s.mailboxes)
    .values(MAILBOXES.map((m, i) => ({ id: i + 1, ...m, passwordSecret: `enc:v1:${rng.digits(12)}` })));
  await tx.insert(s.emailTemplates).values(
    EMAIL_TEMPLATES.map(([name, subject, body, u], i) => ({
      id: i + 1,
      name,
      subject,
      salutation: 'Hello {firstName},',
      body,
      brandId: null,
      forRepairInvoices: u.includes('RI'),
      forReplacementInvoices: u.includes('PI'),
      forRepairServiceVehicles: u.includes('RS'),
      forReplacementServiceVehicles: u.includes('PS'),
      forCustomerText: u.includes('CT'),
      forCustomerEmail: u.includes('CE'),
      forTechText: u.includes('TT'),
      forClearingHouse: u.includes('CH'),
    })),
  );
  await tx.insert(s.clearingHouses).values(
    CLEARING_HOUSES.map((c, i) => ({
      id: i + 1,
      ...c,
      phone: `800${rng.digits(7)}`,
      fax: `800${rng.digits(7)}`,
      ccEmail: null,
      bccEmail: 'claims@lonestarautoglass.com',
      brandId: 1,
      mailboxId: 4,
      emailTemplateId: 7,
    })),
  );
  await tx.insert(s.insuranceCompanies).values(
    INSURANCE_COMPANIES.map(([name, ch, [r1, r2, r3], inactive], i) => ({
      id: i + 1,
      name,
      clearingHouseId: ch,
      repair1Rate: r1,
      repair2Rate: r2,
      repair3Rate: r3,
      inactive,
      dnp: name === 'Root Insurance',
      cbr: i % 5 === 0,
      phone1: `800${rng.digits(7)}`,
      brandId: null,
      address1: `${rng.int(100, 9999)} Corporate Dr`,
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
    })),
  );
  await tx.insert(s.vendors).values(
    VENDORS.map((v, i) => ({
      id: i + 1,
      ...v,
      state: 'TX',
      brandId: 1 + (i % 3),
      email: `orders${i + 1}@vendor.example.com`,
      accountNumber: `AC-${rng.digits(6)}`,
      fax: null,
    })),
  );

  const office = people.filter((e) => e.isActive && [1, 2, 4].includes(e.role));
  await tx.insert(s.phoneExtensions).values([
    ...office.map((e, i) => ({
      name: `${e.firstName} ${e.lastName}`,
      userId: e.id,
      facilityId: e.facilityId,
      extension: String(2000 + e.id),
      // Half the office dials through the PBX (SIP), the rest through the desk phone handler.
      uriTemplate: i % 2 ? 'sip:{destinationPhone}@pbx.lonestarautoglass.com' : 'tel:{destinationPhone}',
    })),
    ...FACILITIES.map((f) => ({
      name: `${f.shortName} Front Desk`,
      userId: null,
      facilityId: f.id,
      extension: `1${f.code}`,
      uriTemplate: 'tel:{destinationPhone}',
    })),
  ]);
  const techs = people.filter((e) => e.isActive && (e.role === 3 || e.role === 5));
  await tx.insert(s.loanerPhones).values(
    techs.slice(0, 10).map((e, i) => ({
      brandId: FACILITIES[e.facilityId - 1].brandId,
      employeeId: i < 8 ? e.id : null,
      name: `STA Phone ${i + 1}`,
      phone: `346${rng.digits(7)}`,
      phoneName: rng.pick(['iPhone 13', 'iPhone 14', 'Galaxy A54', 'Pixel 7a']),
      serialNumber: `SN${rng.digits(10)}`,
      isActive: i !== 9,
    })),
  );

  const loanerModels = [
    ['Toyota', 'Corolla', 1],
    ['Honda', 'Accord', 2],
    ['Nissan', 'Rogue', 3],
    ['Ford', 'F-150', 4],
    ['Chrysler', 'Pacifica', 5],
    ['Hyundai', 'Elantra', 1],
  ] as const;
  await tx.insert(s.loanerCars).values(
    FACILITIES.flatMap((f) =>
      loanerModels.slice(0, 3 + (f.id % 3)).map(([make, model, type], k) => ({
        facilityId: f.id,
        loanerCarTypeId: type,
        name: `${f.shortName} Loaner ${k + 1}`,
        year: rng.int(2020, 2024),
        make,
        model,
        vin: null,
        licensePlate: `${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(4)}`,
        color: rng.pick(['White', 'Silver', 'Black', 'Gray']),
        mileage: rng.int(8000, 60000),
      })),
    ),
  );

  const writers = FACILITIES.map(() =>
    Array.from({ length: 4 }, () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`),
  );
  await tx
    .insert(s.facilityServiceWriters)
    .values(
      writers.flatMap((names, f) =>
        [...new Set(names)].map((name) => ({ facilityId: f + 1, name, phone: `713${rng.digits(7)}` })),
      ),
    );
  await tx.insert(s.attributeValues).values([
    ...techs.map((e) => ({
      attributeNameId: 7,
      page: '',
      recordId: e.id,
      value: rng.pick(['Porter', 'Low', 'Medium', 'High', 'Master']),
      settingValueListId: 17,
    })),
    ...[1, 3, 5].flatMap((a) => [
      {
        attributeNameId: a,
        page: ['', 'My Pipeline', '', 'My Requests', '', 'My Service Vehicles'][a],
        recordId: 0,
        userId: 103,
        value: 'YES',
        settingValueListId: 3,
      },
      {
        attributeNameId: a + 1,
        page: ['', 'My Pipeline', '', 'My Requests', '', 'My Service Vehicles'][a],
        recordId: 0,
        userId: 103,
        value: a === 3 ? 'NO' : 'YES',
        settingValueListId: 3,
      },
    ]),
  ]);
  return writers;
}
