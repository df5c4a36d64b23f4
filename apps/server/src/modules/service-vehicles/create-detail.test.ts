import { VEHICLE_SOURCE_OPTIONS, VIN_CHECK_DIGIT, VIN_LENGTH } from '@glass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createSv, type SvTestContext, svTestContext, uniqueRo, VALID_VIN } from './test-helpers.js';

let t: SvTestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await svTestContext();
  api = client(t.app);
});
afterAll(() => t.app.close());

describe('POST /api/ServiceVehicle and /api/ServiceVehiclesOData', () => {
  it('2 repairs give 2 default repair lines; the detail has every spec field', async () => {
    const sv = await createSv(t.app, t.leadTech, { repairCount: 2 });
    expect(sv.repairs).toHaveLength(2);
    expect(sv.repairs.map((r: any) => r.lineNumber)).toEqual([1, 2]);
    for (const key of [
      'id',
      'facility',
      'paymentTypeId',
      'lock',
      'followedUp',
      'followUpDate',
      'readyForParts',
      'readyToCall',
      'readyToSchedule',
      'vehicle',
      'repairOrder',
      'customer',
      'internal',
      'createdBy',
      'createdAt',
      'updatedAt',
      'leadTechnician',
      'inspectedAt',
      'promisedDateTime',
      'invoiceId',
      'serviceAdvisorName',
      'void',
      'lost',
      'flagged',
      'repairCount',
      'windshieldChecked',
      'replacementPartsCount',
      'thumb',
      'parkedItem',
      'notesCount',
      'history',
      'lastDisposition',
      'priority',
    ]) {
      expect(sv).toHaveProperty(key);
    }
    expect(Object.keys(sv.vehicle)).toEqual(
      expect.arrayContaining([
        'year',
        'make',
        'model',
        'vin',
        'licenseTag',
        'serviceTag',
        'topper',
        'bodyStyle',
        'sourceId',
      ]),
    );
    expect(Object.keys(sv.repairOrder)).toEqual(
      expect.arrayContaining(['repairOrderNumber', 'openedAt', 'closedAt', 'statusDescription', 'statusId']),
    );
    expect(sv.customer.contact.primaryPhone).toEqual({ phone: '7135550199', phoneTypeId: 2 });
    expect(sv.createdBy).toEqual({ id: 103, name: 'Luis Ortega' });
    expect(sv.lock).toBeNull();
    expect(sv.priority).toBe(6);
    expect(sv.history[0]).toEqual(
      expect.objectContaining({ activity: 'Service vehicle created', user: 'Luis Ortega', isContact: false }),
    );
  });

  it('the OData path creates the same way; a replacement (4) adds no repair lines', async () => {
    const res = await api.post('/api/ServiceVehiclesOData', t.admin, {
      repairCount: 4,
      facilityId: 2,
      vehicle: { make: 'Ford' },
      repairs: [],
      repairOrder: { repairOrderNumber: uniqueRo() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe(`/api/ServiceVehicle/${res.json().id}`);
    expect(res.json().repairs).toEqual([]);
    expect(res.json().facility.id).toBe(2);
  });

  it('given repair contents fill the default lines in order', async () => {
    const sv = await createSv(t.app, t.admin, {
      repairCount: 3,
      repairs: [{ description: 'Bullseye', location: 'Driver side', amount: 59.95 }],
    });
    expect(sv.repairs.map((r: any) => [r.description, r.amount])).toEqual([
      ['Bullseye', 59.95],
      ['Chip repair', 0],
      ['Chip repair', 0],
    ]);
  });

  it('decodes the model year from a valid VIN when the year is missing, and records the lookup', async () => {
    const sv = await createSv(t.app, t.admin, { vehicle: { vin: VALID_VIN.toLowerCase() } });
    expect(sv.vehicle.vin).toBe(VALID_VIN);
    expect(sv.vehicle.year).toBe(2003);
    const lookups = (await api.get(`/api/VinLookup/history?serviceVehicleId=${sv.id}`, t.reviewer)).json();
    expect(lookups).toEqual([
      expect.objectContaining({
        vin: VALID_VIN,
        year: 2003,
        serviceVehicleId: sv.id,
        user: 'Diane Whitfield',
      }),
    ]);
    const kept = await createSv(t.app, t.admin, { vehicle: { vin: VALID_VIN, year: 2011 } });
    expect(kept.vehicle.year).toBe(2011);
  });

  it('refuses a bad VIN, too many repair lines, unknown facility or source with 400 naming the field', async () => {
    const bad = await api.post('/api/ServiceVehicle', t.admin, {
      facilityId: 1,
      vehicle: { vin: '1HGCM82633A004353' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['vehicle.vin']).toEqual([VIN_CHECK_DIGIT]);
    const short = await api.post('/api/ServiceVehicle', t.admin, { facilityId: 1, vehicle: { vin: 'ABC' } });
    expect(short.json().errors['vehicle.vin']).toContain(VIN_LENGTH);
    const lines = await api.post('/api/ServiceVehicle', t.admin, {
      facilityId: 1,
      repairCount: 1,
      repairs: [{}, {}],
    });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().errors.repairs).toBeDefined();
    const facility = await api.post('/api/ServiceVehicle', t.admin, { facilityId: 9999 });
    expect(facility.json().errors.facilityId).toBeDefined();
    const source = await api.post('/api/ServiceVehicle', t.admin, {
      facilityId: 1,
      vehicle: { sourceId: 9 },
    });
    expect(source.statusCode).toBe(400);
    expect(source.json().errors['vehicle.sourceId']).toBeDefined();
    const count = await api.post('/api/ServiceVehicle', t.admin, { facilityId: 1, repairCount: 5 });
    expect(count.json().errors.repairCount).toBeDefined();
  });

  it('a Reviewer and a Repair Technician may not create (403)', async () => {
    expect((await api.post('/api/ServiceVehicle', t.reviewer, { facilityId: 1 })).statusCode).toBe(403);
    expect((await api.post('/api/ServiceVehiclesOData', t.repairTech, { facilityId: 1 })).statusCode).toBe(
      403,
    );
  });
});

describe('reads', () => {
  it('GET /api/ServiceVehicle/Sources lists the vehicle sources as {id, name}', async () => {
    const res = await api.get('/api/ServiceVehicle/Sources', t.reviewer);
    expect(res.json()).toEqual(VEHICLE_SOURCE_OPTIONS.map((o) => ({ id: o.value, name: o.label })));
    expect(res.json()[0]).toEqual({ id: 1, name: 'Car Wash' });
  });

  it('GET /api/ServiceVehicle/{id} is 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await api.get('/api/ServiceVehicle/99999999', t.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Service vehicle 99999999 not found.');
    expect((await api.get('/api/ServiceVehicle/abc', t.admin)).statusCode).toBe(400);
    expect((await api.get('/api/ServiceVehicle/Accessories/99999999', t.admin)).statusCode).toBe(404);
  });

  it('a seeded invoiced vehicle shows priority 9, its invoice and its history', async () => {
    const [row] = (
      await api.get('/api/ServiceVehicles?$filter=invoiceId ne null&$top=1&$select=id', t.admin)
    ).json().value;
    const sv = (await api.get(`/api/ServiceVehicle/${row.id}`, t.reviewer)).json();
    expect(sv.invoiceId).toBeGreaterThan(0);
    expect(sv.priority).toBe(9);
    expect(sv.history.some((h: any) => h.activity === 'Invoice created')).toBe(true);
    expect(
      Array.isArray((await api.get(`/api/ServiceVehicle/Accessories/${row.id}`, t.reviewer)).json()),
    ).toBe(true);
  });

  it('GET /api/ServiceVehicleHistory filters by serviceVehicleId, newest first', async () => {
    const sv = await createSv(t.app, t.admin);
    await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { followedUp: true });
    const odata = (
      await api.get(`/api/ServiceVehicleHistory?$filter=serviceVehicleId eq ${sv.id}`, t.reviewer)
    ).json();
    expect(odata.value.map((h: any) => h.activity)).toEqual(['Followed up', 'Service vehicle created']);
    expect(odata.value[0]).toEqual(
      expect.objectContaining({
        activityDate: expect.any(String),
        user: 'Diane Whitfield',
        details: expect.any(String),
        isContact: false,
      }),
    );
    expect(odata.value[0].activityLogId).toBeGreaterThan(0);
    const plain = (await api.get(`/api/ServiceVehicleHistory?ServiceVehicleId=${sv.id}`, t.reviewer)).json();
    expect(plain.value).toEqual(odata.value);
    expect(
      (await api.get('/api/ServiceVehicleHistory?ServiceVehicleId=x', t.reviewer)).json().errors
        .ServiceVehicleId,
    ).toBeDefined();
  });

  it('GET /api/VinLookup/history needs a vehicle or a VIN', async () => {
    const res = await api.get('/api/VinLookup/history', t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.serviceVehicleId).toBeDefined();
  });
});
