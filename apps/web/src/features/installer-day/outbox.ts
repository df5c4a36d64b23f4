import { ApiError, http } from '../../api/http';
import { fieldTx, OUTBOX_STORE } from './field-db';

/**
 * The installer's offline outbox (issue #18 "Field conditions"): status updates with their notes and photos
 * are written to IndexedDB first, then sent one at a time in the order they were made. Each carries a
 * client-generated key (the `Idempotency-Key` header), so a call whose answer was lost in a dead zone and is
 * sent again changes nothing on the server: every update lands exactly once. A network failure stops the
 * queue (it resumes on `online`, on a timer and when the screen opens); a refusal by the server (4xx) takes
 * the entry out of the queue into `failed`, shown with the server's reason until it is dismissed.
 */

export interface OutboxEntry {
  seq?: number;
  key: string;
  /** Who queued it: another user signing in on the phone does not send it under their name. */
  userId: number;
  label: string;
  invoiceId: number;
  partTypeId: number;
  statusId: number;
  /** The visit and the status the installer saw: the server refuses (409) a stop the office changed since. */
  appointmentId?: number;
  seenStatusId?: number;
  latitude?: number;
  longitude?: number;
  note?: string;
  materials: string[];
  files: File[];
  createdAt: string;
  state: 'pending' | 'sending' | 'failed';
  error?: string;
  /** Refused because the stop changed meanwhile (409): shown as a conflict with the office's change. */
  conflict?: boolean;
}

const tx = <T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) =>
  fieldTx(OUTBOX_STORE, mode, run);

const listeners = new Set<() => void>();
let snapshot: OutboxEntry[] = [];

async function reload() {
  snapshot = ((await tx('readonly', (s) => s.getAll())) as OutboxEntry[]).sort(
    (a, b) => (a.seq ?? 0) - (b.seq ?? 0),
  );
  for (const l of listeners) l();
}

export const outbox = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  entries: () => snapshot,
  load: reload,
  async add(entry: Omit<OutboxEntry, 'seq' | 'state' | 'createdAt' | 'key'>) {
    const key = `st-${crypto.randomUUID()}`;
    await tx('readwrite', (s) =>
      s.add({ ...entry, key, state: 'pending', createdAt: new Date().toISOString() }),
    );
    await reload();
    void flush();
  },
  async dismiss(seq: number) {
    await tx('readwrite', (s) => s.delete(seq));
    await reload();
  },
  flush: () => flush(),
};

let flushing: Promise<void> | undefined;
const sentListeners = new Set<(entry: OutboxEntry) => void>();
export function onSent(listener: (entry: OutboxEntry) => void) {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

function formOf(e: OutboxEntry): FormData {
  const form = new FormData();
  form.append('InvoiceId', String(e.invoiceId));
  form.append('PartTypeId', String(e.partTypeId));
  form.append('StatusId', String(e.statusId));
  if (e.appointmentId !== undefined) form.append('AppointmentId', String(e.appointmentId));
  if (e.seenStatusId !== undefined) form.append('SeenStatusId', String(e.seenStatusId));
  if (e.latitude !== undefined && e.longitude !== undefined) {
    form.append('Latitude', String(e.latitude));
    form.append('Longitude', String(e.longitude));
  }
  if (e.note) form.append('Note', e.note);
  for (const m of e.materials) form.append('Materials[]', m);
  for (const f of e.files) form.append('Files', f, f.name);
  return form;
}

/** Sends the pending entries in order, one at a time; stops at the first network failure. */
function flush(userId?: number): Promise<void> {
  flushing ??= (async () => {
    try {
      await reload();
      for (const entry of snapshot) {
        if (entry.state === 'failed' || (userId !== undefined && entry.userId !== userId)) continue;
        if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
        try {
          await http.post('appointments/status', formOf(entry), {
            headers: { 'Idempotency-Key': entry.key },
          });
          await tx('readwrite', (s) => s.delete(entry.seq as number));
          for (const l of sentListeners) l(entry);
        } catch (err) {
          if (
            err instanceof ApiError &&
            err.status >= 400 &&
            err.status < 500 &&
            err.status !== 401 &&
            err.status !== 408 &&
            err.status !== 429
          ) {
            const detail = (err.body as { detail?: string } | undefined)?.detail ?? err.title;
            await tx('readwrite', (s) =>
              s.put({ ...entry, state: 'failed', error: detail, conflict: err.status === 409 }),
            );
            continue;
          }
          return; // offline or the server is away: try again later, in the same order
        } finally {
          await reload();
        }
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}

let started = false;
/** Sends whenever the connection returns, and every 30 s while something waits. */
export function startOutbox() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flush());
  setInterval(() => {
    if (snapshot.some((e) => e.state === 'pending')) void flush();
  }, 30_000);
  void flush();
}
