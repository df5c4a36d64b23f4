/**
 * The phone's field database (IndexedDB `glass-field`): the outbox of status updates (outbox.ts) and the
 * installer's day kept for offline starts (day-store.ts). Version 2 added the day.
 */
const DB = 'glass-field';
export const OUTBOX_STORE = 'outbox';
export const DAY_STORE = 'day';
let dbPromise: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 2);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(OUTBOX_STORE))
        db.createObjectStore(OUTBOX_STORE, { keyPath: 'seq', autoIncrement: true });
      if (!db.objectStoreNames.contains(DAY_STORE)) db.createObjectStore(DAY_STORE, { keyPath: 'userId' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      dbPromise = undefined;
      reject(req.error);
    };
  });
  return dbPromise;
}

/** Runs one request on a store in its own transaction; resolves with its result once the transaction commits. */
export async function fieldTx<T>(
  store: string,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const t = db.transaction(store, mode);
    const req = run(t.objectStore(store));
    t.oncomplete = () => resolve(req.result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}
