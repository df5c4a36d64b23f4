import type { App } from '../../app.js';

/** Invoice documents: PDF, signature, e-mail to the customer, tech text (issue 7 §4–6). */
export function invoiceDocumentRoutes(_app: App) {}
