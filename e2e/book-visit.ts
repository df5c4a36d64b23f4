/**
 * An installer visit booked through the API as the office books it (a new service vehicle and its invoice, then
 * the schedule save at the first free slot), written once for every HTTP client that needs one: the end-to-end
 * specs (Playwright's request context, tests/field-helpers.ts), the cross-engine journeys (fetch,
 * engines/api.ts) and the installer's Lighthouse run (fetch, bench/lighthouse-installer.ts). The client is
 * passed in as an `ApiCall`; nothing here needs Playwright, the DOM or node:assert, and a refusal is thrown as an
 * Error naming the answer (a failed test or run either way).
 */

/** One API request: method, path (`/api/…`) and JSON body; the answer's status and parsed JSON body. */
export type ApiCall = (
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) => Promise<{ status: number; body: unknown }>;

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

const refused = (what: string, res: { status: number; body: unknown }) =>
  new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);

let serial = 0;

/**
 * A fresh invoice of its own: a new service vehicle (facility 1, repair order `<roPrefix><digits>`, customer
 * Fiona `lastName`), then its invoice.
 */
export async function newVisitInvoice(
  call: ApiCall,
  { roPrefix = 'E2EAF', lastName = 'Fieldcase' }: { roPrefix?: string; lastName?: string } = {},
): Promise<number> {
  const sv = await call('POST', '/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `${roPrefix}${Date.now() % 1_000_000}${++serial}`, statusId: 3 },
    customer: {
      firstName: 'Fiona',
      lastName,
      contact: { primaryPhone: { phone: '(713) 555-0177', phoneTypeId: 2 } },
    },
  });
  if (sv.status !== 201) throw refused('POST /api/ServiceVehicle', sv);
  const id = (sv.body as { id: number }).id;
  const inv = await call('POST', `/api/Invoices/createInvoiceFromServiceVehicle/${id}`);
  if (inv.status !== 201) throw refused('creating the invoice of the service vehicle', inv);
  return (inv.body as { invoiceId: number }).invoiceId;
}

export interface VisitRequest {
  installerId: number;
  /** The times to try, in order (slotsOnTheDayOf): the save refuses an overlap with 409, and the next is tried. */
  slots: Iterable<Date>;
  /** The invoice to book; by default a fresh one (newVisitInvoice with `invoice`'s options). */
  invoiceId?: number;
  invoice?: Parameters<typeof newVisitInvoice>[1];
  /** Fields of the schedule save over the defaults: the position (latitude, longitude), a loaner car … */
  visit?: Record<string, unknown>;
}

/** Books the visit at the first slot the schedule save accepts; the invoice and the time booked. */
export async function bookVisit(call: ApiCall, req: VisitRequest): Promise<{ invoiceId: number; at: Date }> {
  const invoiceId = req.invoiceId ?? (await newVisitInvoice(call, req.invoice));
  for (const at of req.slots) {
    const res = await call('POST', '/api/appointmentsSchedule/save', {
      scheduleInvoiceId: invoiceId,
      partTypeId: 1,
      installerId: req.installerId,
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
      ...req.visit,
    });
    if (res.status === 200 || res.status === 201) return { invoiceId, at };
    if (res.status !== 409) throw refused('booking a visit (POST /api/appointmentsSchedule/save)', res);
  }
  throw new Error(`no free slot for installer ${req.installerId} on invoice ${invoiceId}`);
}
