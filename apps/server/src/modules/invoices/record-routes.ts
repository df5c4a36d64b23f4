import type { App } from '../../app.js';

/** Invoice records: history and contacts, images, transactions, accessories, summary, outstanding, finalizing. */
export function invoiceRecordRoutes(_app: App) {}
