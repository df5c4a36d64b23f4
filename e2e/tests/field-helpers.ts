import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, DEMO, expect, type Who } from './fixtures';

/** Helpers of the field specs (the installer's day, live record pages): API calls, invoices and visits of their own. */

// The smallest valid PNG (1×1): a "photo" from the phone camera.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let ro = 0;

export async function api(request: APIRequestContext, who: Who = DEMO.admin) {
  const token = await apiLogin(request, who);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
    const res = await request.fetch(path, { method, headers, data });
    return {
      status: res.status(),
      body: (await res.text().then((t) => (t ? JSON.parse(t) : undefined))) as T,
    };
  };
  return call;
}

/** A fresh invoice of its own (new service vehicle, then the invoice). */
export async function newInvoice(call: Awaited<ReturnType<typeof api>>): Promise<number> {
  const sv = await call<{ id: number }>('POST', '/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EAF${Date.now() % 1_000_000}${++ro}`, statusId: 3 },
    customer: {
      firstName: 'Fiona',
      lastName: 'Fieldcase',
      contact: { primaryPhone: { phone: '(713) 555-0177', phoneTypeId: 2 } },
    },
  });
  expect(sv.status).toBe(201);
  const inv = await call<{ invoiceId: number }>(
    'POST',
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.body.id}`,
  );
  expect(inv.status).toBe(201);
  return inv.body.invoiceId;
}

/**
 * Books a visit for the installer through the schedule save, at the first free slot from `from` (the save
 * refuses an overlap with the installer's other visits with 409, so it moves on by 40 minutes).
 */
export async function book(
  call: Awaited<ReturnType<typeof api>>,
  installerId: number,
  from: Date,
  where: { latitude: number; longitude: number },
  extra: Record<string, unknown> = {},
) {
  const invoiceId = await newInvoice(call);
  for (const at of slotsOnTheDayOf(from)) {
    const res = await call('POST', '/api/appointmentsSchedule/save', {
      scheduleInvoiceId: invoiceId,
      partTypeId: 1,
      installerId,
      appointmentDateTime: at.toISOString(),
      serviceAddress: '100 Main St',
      city: 'Houston',
      state: 'TX',
      zip: '77001',
      phone1: '7135550177',
      phone1AllowText: true,
      serviceAppointment: true,
      timeAllowed: 30,
      instructions: 'Gate code 1234',
      ...where,
      ...extra,
    });
    if (res.status === 200 || res.status === 201) return { invoiceId, at };
    expect(res.status, JSON.stringify(res.body)).toBe(409);
  }
  throw new Error('no free slot');
}

/** The facility's (Central) calendar date of an instant. */
export const centralDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(at);

/**
 * Times to try for a visit, every 40 minutes from `from` on, and once the facility's day ends, back from `from`,
 * so a visit booked "soon" at 23:30 Central is still on today's list and not tomorrow's.
 */
export function* slotsOnTheDayOf(from: Date) {
  const day = centralDay(from);
  for (const direction of [1, -1]) {
    for (let k = direction === 1 ? 0 : 1; k < 36; k++) {
      const at = new Date(from.getTime() + direction * k * 40 * 60_000);
      if (centralDay(at) !== day) break;
      yield at;
    }
  }
}

/** The repair technician's (installer 105's) user id. */
export async function repairTechId(request: APIRequestContext) {
  const call = await api(request, DEMO.repairTech);
  return (await call<{ installerId: number }>('GET', '/api/appointments/my-day')).body.installerId;
}

/** Soon, but today in the facility's time zone (Central) whatever the hour: a minute from now. */
export const soon = () => new Date(Date.now() + 60_000);

export const stopCard = (page: Page, invoiceId: number) =>
  page.getByRole('article', { name: new RegExp(`invoice ${invoiceId}$`) });

/** The invoice's history entries of one activity ('Appointment Arrived'), as the office reads them. */
export async function historyOf(call: Awaited<ReturnType<typeof api>>, invoiceId: number, activity: string) {
  const history = await call<{ activity: string; details: string }[]>(
    'GET',
    `/api/InvoicesHistory?InvoiceId=${invoiceId}`,
  );
  return history.body.filter((h) => h.activity === activity);
}
