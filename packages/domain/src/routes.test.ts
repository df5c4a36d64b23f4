import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, ROUTES, routePath, routeTitle } from './routes.js';

const SPEC_AUTHENTICATED = `/logout, /employees, /facilities, /appointments, /my-appointments, /my-facility-appointments,
/schedule-appointment, /my-pipeline, /my-service-vehicles, /my-requests, /pending-audits, /phone-requests, /reconcile,
/reports, /vendors-ctd, /password-change, /call-center, /call-status, /control-room, /call-manager,
/insurance-companies, /materials, /outstanding-invoices, /dms-imports, /service-drive, /vendors, /customer-approvals,
/loaner-reservations, /deposits, /attributes, /options, /clearing-houses, /brands, /activity-logs, /email-templates,
/mailboxes, /finalizing, /sta-phones, /service-vehicles, /invoices, /invoices/{id}, /service-vehicles/{id}, /new-home,
/windshield-accessories, /phone-extensions, /new-service-vehicle`;

describe('routes (spec 2 §2 "Authenticated routes (all exact)")', () => {
  it('lists every authenticated route of the spec, plus the root home, our Outbox, Appointment Routes, Claim Queue and Remittances', () => {
    const spec = SPEC_AUTHENTICATED.split(',').map((p) => p.trim().replace('{id}', ':id'));
    const ours = ROUTES.map((r) => r.path as string);
    expect(new Set(ours)).toEqual(
      new Set(['/', '/outbox', '/appointment-routes', '/claim-queue', '/remittances', ...spec]),
    );
    expect(ours).toHaveLength(new Set(ours).size);
  });

  it('Title "Invoice: {id}" and "Service Vehicle: {id}"', () => {
    expect(routeTitle('/invoices/:id', 42)).toBe('Invoice: 42');
    expect(routeTitle('/service-vehicles/:id', 7)).toBe('Service Vehicle: 7');
    expect(routePath('/invoices/:id', 42)).toBe('/invoices/42');
  });

  it('public routes: login and the three customer pages', () => {
    expect(PUBLIC_ROUTES.map((r) => r.path)).toEqual([
      '/login',
      '/sign-approval/:id',
      '/sign-initiate/:id',
      '/customer-opt-in/*',
    ]);
  });
});
