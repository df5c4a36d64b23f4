/**
 * Remittances (issue #35 item 4): insurers' and clearing houses' payment files imported through the DMS imports'
 * pipeline, each line matched to an invoice and funded through reconcile's funding, short-paid, or left in the
 * exceptions queue for a person to confirm, reassign or dismiss. README.md.
 */
import type { App } from '../../app-type.js';
import { onJobsStart } from '../../jobs/workers.js';
import { remittanceRoutes } from './routes.js';
import { ensureRemittanceWorker } from './worker.js';

export { markClaimPaid } from './claim-payment.js';

export function register(app: App) {
  remittanceRoutes(app);
  onJobsStart(app, ensureRemittanceWorker);
}
