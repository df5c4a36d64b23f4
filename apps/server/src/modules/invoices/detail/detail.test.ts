import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceTestContext,
} from '../test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

describe('GET /api/Invoices/{id}', () => {
  it('answers the detail with facility, customer, vehicle, service vehicle and adjacent ids', async () => {
    const a = await createInvoice(t.app, t.admin);
    const b = await createInvoice(t.app, t.admin);
    const res = await api.get(`/api/Invoices/${a.id}`, t.reviewer);
    expect(res.statusCode).toBe(200);
    const inv = res.json();
    expect(inv).toEqual(
      expect.objectContaining({
        id: a.id,
        lock: null,
        submitted: false,
        finalized: false,
        repairs: expect.any(Array),
        history: expect.any(Array),
      }),
    );
    expect(inv.facility.id).toBe(1);
    expect(inv.serviceVehicle.id).toBe(a.serviceVehicleId);
    expect(inv.vehicleDetails).toEqual(expect.objectContaining({ make: 'Honda', model: 'Accord' }));
    expect(inv.customer ?? inv.buyer).toEqual(
      expect.objectContaining({ doNotCall: false, doNotText: false, doNotEmail: false }),
    );
    expect(inv.deductiblePayment).toEqual({ value: null, paymentTypeId: null });
    // Other test files may create invoices in between on a shared database: adjacent, not equal.
    expect(inv.nextInvoiceId).toBeGreaterThan(a.id);
    expect(inv.nextInvoiceId).toBeLessThanOrEqual(b.id);
    const prev = (await api.get(`/api/Invoices/${b.id}`, t.admin)).json().previousInvoiceId;
    expect(prev).toBeGreaterThanOrEqual(a.id);
    expect(prev).toBeLessThan(b.id);
  });

  it('404 with the spec text for an unknown id; 400 for a bad id', async () => {
    const res = await api.get('/api/Invoices/99999999', t.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Invoice 99999999 not found or missing service vehicle');
    expect((await api.get('/api/Invoices/abc', t.admin)).statusCode).toBe(400);
  });
});

describe('GET /api/Invoices/byServiceVehicle/{serviceVehicleId}', () => {
  it('answers the latest invoice of the service vehicle; 404 when it has none', async () => {
    const a = await createInvoice(t.app, t.admin);
    const res = await api.get(`/api/Invoices/byServiceVehicle/${a.serviceVehicleId}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(a.id);
    expect((await api.get('/api/Invoices/byServiceVehicle/99999999', t.admin)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the detail answer from the contract (and the service vehicle detail)', async () => {
    const doc = (await api.get('/api/docs/json', t.admin)).json();
    const schemaOf = (path: string, method: string, code: string) =>
      doc.paths[path][method].responses[code].content['application/json'].schema;
    const invoice = schemaOf('/api/Invoices/{id}', 'get', '200');
    expect(invoice.properties).toEqual(
      expect.objectContaining({ totalCost: expect.anything(), vehicleDetails: expect.anything() }),
    );
    expect(schemaOf('/api/Invoices/{id}/submit', 'post', '200').properties).toHaveProperty('submitted');
    expect(schemaOf('/api/ServiceVehicle/{id}', 'get', '200').properties).toHaveProperty('priority');
    expect(schemaOf('/api/ServiceVehicle', 'post', '201').properties).toHaveProperty('repairOrder');
  });
});
