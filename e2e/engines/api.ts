/**
 * The data the cross-engine journeys need, made through the API as staff would (no browser): a fresh invoice
 * with a priced repair and its customer's three links, and a visit on the repair technician's day.
 */
import assert from 'node:assert/strict';
import { bookVisit, slotsOnTheDayOf } from '../book-visit';

export type Who = { userName: string; password: string };

/** README "Demo accounts". */
export const DEMO = {
  admin: { userName: '101', password: '258036' },
  /** The repair technician: an installer with a day of stops (/my-appointments). */
  repairTech: { userName: '105', password: '693704' },
} as const;

export type Api = ReturnType<typeof apiFor>;

/** Signs in through the API and returns a caller with that bearer token. */
export async function signInApi(baseURL: string, who: Who) {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...who, tzo: 300 }),
  });
  assert.equal(res.status, 200, `API login of user ${who.userName}`);
  const { token } = (await res.json()) as { token: string };
  return apiFor(baseURL, token);
}

function apiFor(baseURL: string, token: string) {
  const call = async <T>(method: string, path: string, data?: unknown) => {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(data === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, text };
  };
  const ok = async <T>(method: string, path: string, data?: unknown) => {
    const res = await call<T>(method, path, data);
    assert.ok(res.status >= 200 && res.status < 300, `${method} ${path} → ${res.status} ${res.text}`);
    return res.body;
  };
  return {
    call,
    get: <T>(path: string) => ok<T>('GET', path),
    post: <T>(path: string, data?: unknown) => ok<T>('POST', path, data),
    patch: <T>(path: string, data?: unknown) => ok<T>('PATCH', path, data),
  };
}

let serial = 0;

/** A fresh invoice of its own (new customer, consent unknown) with a priced repair and a deductible. */
export async function newInvoice(api: Api, lastName: string): Promise<number> {
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Toyota', model: 'Camry', sourceId: 1 },
    repairOrder: { repairOrderNumber: `ENG${Date.now() % 10_000_000}${++serial}`, statusId: 3 },
    customer: {
      firstName: 'Dana',
      lastName,
      contact: { primaryPhone: { phone: '(713) 555-0186', phoneTypeId: 2 } },
    },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  await api.post('/api/InvoiceRepairs', { invoiceId, description: 'Windshield chip', amount: 89.5 });
  await api.patch(`/api/Invoices/${invoiceId}`, { deductibleAmount: 25, insuranceCompanyId: 1 });
  return invoiceId;
}

export interface CustomerLinks {
  invoiceId: number;
  /** Paths (with the query of the signed initiate link), to open on the test server. */
  approval: string;
  optIn: string;
  initiate: string;
}

/** The approval request texted to the customer (approval and opt-in links) and the signed initiate link. */
export async function customerLinks(api: Api, lastName: string): Promise<CustomerLinks> {
  const invoiceId = await newInvoice(api, lastName);
  await api.post('/api/customerApprovals/requestApprovalSms', { invoiceId, phoneNumber: '(713) 555-0186' });
  const outbox = await api.get<{ value: Array<{ body: string; recordId: number | null }> }>(
    '/api/notify/outbox?channel=sms&$top=20',
  );
  const texts = outbox.value
    .filter((m) => m.recordId === invoiceId)
    .map((m) => m.body)
    .join(' ');
  const pathIn = (what: string, re: RegExp) => {
    const found = re.exec(texts)?.[0];
    assert.ok(found, `the ${what} link in the texts of invoice ${invoiceId}: ${texts}`);
    return new URL(found).pathname;
  };
  const initiate = new URL(
    (await api.post<{ url: string }>('/api/customerApprovals/initiateLink', { invoiceId })).url,
  );
  return {
    invoiceId,
    approval: pathIn('approval', /https?:\/\/\S+\/sign-approval\/[0-9a-f-]{36}/),
    optIn: pathIn('opt-in', /https?:\/\/\S+\/customer-opt-in\/[\w-]+/),
    initiate: `${initiate.pathname}${initiate.search}`,
  };
}

/**
 * A visit for the repair technician today (in the facility's zone) on an invoice of its own (newInvoice): the
 * first free 40-minute slot from a minute from now, and once the day ends, back from now (../book-visit.ts).
 */
export async function bookTodayForRepairTech(admin: Api, tech: Api, lastName: string) {
  const { installerId } = await tech.get<{ installerId: number }>('/api/appointments/my-day');
  assert.ok(installerId, 'the repair technician is an installer');
  return bookVisit(admin.call, {
    installerId,
    invoiceId: await newInvoice(admin, lastName),
    slots: slotsOnTheDayOf(new Date(Date.now() + 60_000)),
    visit: { phone1: '7135550186', latitude: 29.95, longitude: -95.5 },
  });
}
