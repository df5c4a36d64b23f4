import { SETTING_VALUE_LISTS } from '@glass/domain/lists';

/** Global options. Id 36 is the number of park lines (spec 1 §9). */
export const OPTIONS: readonly (readonly [id: number, name: string, description: string, value: string, adminOnly: boolean])[] = [
  [1, 'CompanyName', 'Name printed on invoices and e-mails', 'Lone Star Auto Glass', true],
  [2, 'DefaultTaxRate', 'Labor tax rate for new facilities', '0.0825', true],
  [3, 'InvoiceFollowUpDays', 'Days after opening an invoice is due for follow-up', '3', false],
  [4, 'ServiceVehicleFollowUpDays', 'Days after creation a service vehicle is due for follow-up', '2', false],
  [5, 'SmsEnabled', 'Send text messages to customers', 'true', true],
  [6, 'EmailEnabled', 'Send e-mails to customers', 'true', true],
  [8, 'ApprovalLinkValidDays', 'Days a customer approval link stays valid', '14', false],
  [9, 'RepairPrice1', 'Default price of the first chip repair', '59.95', false],
  [10, 'RepairPrice2', 'Default price of the second chip repair', '29.95', false],
  [11, 'RepairPrice3', 'Default price of the third chip repair', '19.95', false],
  [12, 'MaxImageUploadMb', 'Largest image accepted', '5', true],
  [13, 'InvoiceLockMinutes', 'Minutes after which an idle invoice lock may be taken over', '30', false],
  [14, 'ReconcileCacheMinutes', 'Minutes the reconcile list is cached in the browser', '5', false],
  [15, 'SessionIdleMinutes', 'Minutes of inactivity before a login expires', '480', true],
  [16, 'DefaultAppointmentMinutes', 'Default time allowed for an appointment', '60', false],
  [17, 'CalendarStartHour', 'First hour shown on the appointment calendar', '8', false],
  [18, 'TechTextSignature', 'Signature appended to tech texts', '- Dispatch', false],
  [19, 'LoanerDailyMileageLimit', 'Miles per day included with a loaner car', '150', false],
  [20, 'SupportPhone', 'Phone number printed on customer documents', '2818944520', false],
  [36, 'ParkLines', 'Number of park lines in the footer', '8', false],
];

/** Setting value lists: 1 and 3 YES/NO, 17 the technician level (from the domain), plus ours. */
export const SETTING_LISTS: readonly (readonly [id: number, name: string, values: readonly string[]])[] = [
  [1, 'Yes/No', SETTING_VALUE_LISTS[1]],
  [2, 'Shift', ['Day', 'Evening', 'Weekend']],
  [3, 'Yes/No (filters)', SETTING_VALUE_LISTS[3]],
  [4, 'Language', ['English', 'Spanish', 'Vietnamese']],
  [17, 'Technician Level', SETTING_VALUE_LISTS[17]],
];

/**
 * Attribute definitions: [id, name, object name id, attribute type id, value list id, page, default].
 * Object names: 1 User, 2 Facility, 3 Invoice, 4 ServiceVehicle, 5 Page. Types: 1 Text … 5 List.
 * The Page attributes are the per-tab repair/replacement filters (YES/NO, default YES).
 */
export const ATTRIBUTES: readonly (readonly [number, string, number, number, number | null, string | null, string])[] = [
  [1, 'Repairs', 5, 5, 3, 'My Pipeline', 'YES'],
  [2, 'Replacements', 5, 5, 3, 'My Pipeline', 'YES'],
  [3, 'Repairs', 5, 5, 3, 'My Requests', 'YES'],
  [4, 'Replacements', 5, 5, 3, 'My Requests', 'YES'],
  [5, 'Repairs', 5, 5, 3, 'My Service Vehicles', 'YES'],
  [6, 'Replacements', 5, 5, 3, 'My Service Vehicles', 'YES'],
  [7, 'TechnicianLevel', 1, 5, 17, null, 'None'],
  [8, 'ReceivesDailySummary', 1, 5, 1, null, 'NO'],
  [9, 'PreferredLanguage', 1, 5, 4, null, 'English'],
  [10, 'Shift', 1, 5, 2, null, 'Day'],
  [11, 'DealerCode', 2, 1, null, null, ''],
  [12, 'ServiceDriveLanes', 2, 2, null, null, '2'],
  [13, 'OpensAt', 2, 1, null, null, '07:00'],
  [14, 'ClosesAt', 2, 1, null, null, '18:00'],
  [15, 'ClaimPortalUrl', 3, 1, null, null, ''],
  [16, 'DealerStockNote', 4, 1, null, null, ''],
  // Migration 0019 (issue #18): the calendar's and the facility list's switches.
  [17, 'Repairs', 5, 5, 3, 'Appointments', 'YES'],
  [18, 'Replacements', 5, 5, 3, 'Appointments', 'YES'],
  [19, 'Repairs', 5, 5, 3, 'My Facility Appointments', 'YES'],
  [20, 'Replacements', 5, 5, 3, 'My Facility Appointments', 'YES'],
];
