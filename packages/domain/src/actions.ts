/**
 * The actions the role matrix (`roles.ts`) grants. `read` actions only look, `write` actions change
 * shared business data, `self` actions change only the user's own settings (password, tile layout,
 * subscriptions, duty, selected facility) and are granted to every real role, even read-only ones.
 */
export const ACTIONS = {
  'self.settings': {
    kind: 'self',
    description: 'Change own password, tiles, subscriptions, duty and facility',
  },

  'lookups.read': {
    kind: 'read',
    description:
      'Read the pick lists the screens offer (dispositions, insurers, vendors, employees, facilities …)',
  },
  'messages.read': { kind: 'read', description: 'See conversations and notifications' },
  'search.use': { kind: 'read', description: 'Use global search and the quick phone lookup' },
  'invoice.read': { kind: 'read', description: 'Open invoice lists and invoice detail' },
  'serviceVehicle.read': { kind: 'read', description: 'Open service vehicle lists and detail' },
  'appointments.read': { kind: 'read', description: 'See appointments and the calendar' },
  'loaners.read': { kind: 'read', description: 'See loaner reservations and loaner phones' },
  'approvals.read': { kind: 'read', description: 'See customer approval requests and responses' },
  'finance.read': { kind: 'read', description: 'See reconcile, deposits, outstanding and finalizing lists' },
  'reports.read': { kind: 'read', description: 'Open reports' },
  'audits.read': { kind: 'read', description: 'See pending audits' },
  'callCenter.read': { kind: 'read', description: 'See call center, control room and call manager' },
  'dmsImports.read': { kind: 'read', description: 'See DMS imports' },
  'facilities.read': { kind: 'read', description: 'See the facilities list' },
  'users.read': { kind: 'read', description: 'See employees' },
  'admin.read': { kind: 'read', description: 'See the administrative lists (brands, vendors, options …)' },

  'messages.send': { kind: 'write', description: 'Start conversations and reply' },
  'parking.write': { kind: 'write', description: 'Park records on lines and remove parked items' },
  'invoice.write': {
    kind: 'write',
    description: 'Edit invoices: notes, repairs, images, signature, follow-up',
  },
  'invoice.initiate': { kind: 'write', description: 'Create an invoice from a service vehicle' },
  'invoice.lock': { kind: 'write', description: 'Take or release the lock on an invoice or vehicle' },
  'invoice.submit': { kind: 'write', description: 'Submit and unsubmit invoices' },
  'invoice.finalize': { kind: 'write', description: 'Finalize and unfinalize invoices' },
  'invoice.send': { kind: 'write', description: 'Send the invoice or a tech text to the customer' },
  'locks.override': { kind: 'write', description: "Remove other users' locks" },
  'serviceVehicle.write': { kind: 'write', description: 'Edit service vehicles, dispositions, follow-up' },
  'serviceVehicle.create': { kind: 'write', description: 'Create service vehicles' },
  'appointments.write': { kind: 'write', description: 'Schedule appointments, mark them, route installers' },
  'appointments.status': { kind: 'write', description: 'Update the status of an appointment on site' },
  'loaners.write': { kind: 'write', description: 'Update loaner car usage and maintain loaner phones' },
  'approvals.request': { kind: 'write', description: 'Ask a customer for approval by text or e-mail' },
  'finance.write': { kind: 'write', description: 'Create deposits and mark invoices funded' },
  'finance.unfund': { kind: 'write', description: 'Take back the funding of an invoice, with a reason' },
  'dmsImports.write': { kind: 'write', description: 'Run DMS imports' },
  'audits.write': { kind: 'write', description: 'Pass or return invoices in Pending Audits' },
  'phone.call': { kind: 'write', description: 'Place calls through a phone extension' },
  'callCenter.work': {
    kind: 'write',
    description: 'Work call lists: take the next record, record call outcomes, save own call queries',
  },
  'facilities.write': { kind: 'write', description: 'Create and update facilities' },
  'users.write': { kind: 'write', description: 'Create and update employees and set initial passwords' },
  'admin.write': { kind: 'write', description: 'Create and update administrative list entries' },
  'options.adminOnly': { kind: 'write', description: 'Change options flagged adminOnly' },
} as const satisfies Record<string, { kind: 'read' | 'write' | 'self'; description: string }>;

export type Action = keyof typeof ACTIONS;
export type ActionKind = (typeof ACTIONS)[Action]['kind'];

export const ALL_ACTIONS = Object.keys(ACTIONS) as Action[];

export function actionKind(action: Action): ActionKind {
  return ACTIONS[action].kind;
}

export function isAction(value: string): value is Action {
  return Object.hasOwn(ACTIONS, value);
}
