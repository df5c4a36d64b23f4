/**
 * Customer approvals and the public customer pages (issue #19): requests by text and e-mail, the
 * approval, initiate and opt-in pages' API, the list, consent. README.md says how it works.
 */
import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { hubOf } from '../../realtime/hub.js';
import { onInvoiceMoneyChanged } from '../invoices/index.js';
import { InitiateService } from './initiate.js';
import { OptInService } from './opt-in.js';
import { registerPublicHeaders } from './public-headers.js';
import { publicApprovalRoutes } from './public-routes.js';
import { markRepriced, PublicApprovalService } from './public-service.js';
import { ApprovalRequestService } from './request-service.js';
import { approvalRoutes } from './routes.js';
import { PublicThrottle } from './throttle.js';

export { customerApprovalsResource } from './resource.js';
export { approvedApprovalExists, type InvoiceApprovalStatus, invoiceApprovalStatus } from './sql.js';

export function register(app: App) {
  const { db, config } = app.deps;
  const files = new FileStore(db, config);
  const optIn = new OptInService(db, files);
  const initiate = new InitiateService(db, config, files);
  // A change of an invoice's stored total voids the requests sent at the old price (in the same work).
  onInvoiceMoneyChanged(markRepriced);
  registerPublicHeaders(app);
  approvalRoutes(app, { requests: new ApprovalRequestService(db, config, files), initiate, optIn });
  publicApprovalRoutes(app, {
    throttle: new PublicThrottle(db),
    approvals: new PublicApprovalService(db, files, hubOf(app)),
    initiate,
    optIn,
  });
}
