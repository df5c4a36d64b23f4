import type { APIRequestContext, Page } from '@playwright/test';
import { bookVisit, newVisitInvoice, slotsOnTheDayOf } from '../book-visit';
import { apiLogin, DEMO, type Who } from './fixtures';

/** Helpers of the field specs (the installer's day, live record pages): API calls, invoices and visits of their own. */

// The smallest valid PNG (1×1): a "photo" from the phone camera.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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
export const newInvoice = (call: Awaited<ReturnType<typeof api>>): Promise<number> => newVisitInvoice(call);

/**
 * Books a visit for the installer through the schedule save (../book-visit.ts), at the first free slot from
 * `from` on the facility's day of `from` (the save refuses an overlap with the installer's other visits with
 * 409, so it moves on by 40 minutes).
 */
export const book = (
  call: Awaited<ReturnType<typeof api>>,
  installerId: number,
  from: Date,
  where: { latitude: number; longitude: number },
  extra: Record<string, unknown> = {},
) => bookVisit(call, { installerId, slots: slotsOnTheDayOf(from), visit: { ...where, ...extra } });

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
