/**
 * The numeric and named enumerations of both spec documents (spec 1 §3 "Enumerations",
 * spec 2 §3 "Fixed lists"). Each is a const object for code, an options list in drop-down order,
 * and a label lookup that tolerates unknown ids. Screen-level lists (connection status, duty,
 * views, tabs, setting values) live in `lists.ts`; states in `us-states.ts`; both re-exported here.
 */
import { labelOf, optionsOf, type ValueOf } from './enum-helpers.js';

export * from './lists.js';
export * from './us-states.js';

export const PaymentType = {
  Pending: 0,
  Ins: 1,
  Credit: 2,
  Cash: 4,
  RepairOrder: 5,
  Check: 6,
  Refused: 7,
  Complimentary: 8,
} as const;
export type PaymentTypeId = ValueOf<typeof PaymentType>;
export const PAYMENT_TYPE_OPTIONS = optionsOf<PaymentTypeId>([
  [0, 'Pending'],
  [1, 'Ins'],
  [2, 'Credit'],
  [4, 'Cash'],
  [5, 'Repair Order'],
  [6, 'Check'],
  [7, 'Refused'],
  [8, 'Complimentary'],
]);
export const paymentTypeLabel = labelOf(PAYMENT_TYPE_OPTIONS);

/** -1 is a phone stored without a type; it has no option and an empty label. */
export const PhoneType = { Unlabelled: -1, Home: 1, Cell: 2, Work: 3, Fax: 4, Other: 5 } as const;
export type PhoneTypeId = ValueOf<typeof PhoneType>;
export const PHONE_TYPE_OPTIONS = optionsOf<PhoneTypeId>([
  [1, 'Home'],
  [2, 'Cell'],
  [3, 'Work'],
  [4, 'Fax'],
  [5, 'Other'],
]);
/** Spec 2 lists type 5 as "Land Line" (customer and buyer phones on the invoice). */
export const PHONE_TYPE_OPTIONS_LAND_LINE = optionsOf<PhoneTypeId>([
  [1, 'Home'],
  [2, 'Cell'],
  [3, 'Work'],
  [4, 'Fax'],
  [5, 'Land Line'],
]);
const phoneTypeOther = labelOf(PHONE_TYPE_OPTIONS);
const phoneTypeLandLine = labelOf(PHONE_TYPE_OPTIONS_LAND_LINE);
export function phoneTypeLabel(
  id: number | null | undefined,
  variant: 'other' | 'landLine' = 'other',
): string {
  return variant === 'landLine' ? phoneTypeLandLine(id) : phoneTypeOther(id);
}

export const TransactionType = { Cash: 1, Warranty: 2, InHouse: 3 } as const;
export type TransactionTypeId = ValueOf<typeof TransactionType>;
export const TRANSACTION_TYPE_OPTIONS = optionsOf<TransactionTypeId>([
  [1, 'Cash'],
  [2, 'Warranty'],
  [3, 'In-House'],
]);
export const transactionTypeLabel = labelOf(TRANSACTION_TYPE_OPTIONS);

export const UserRole = {
  None: 0,
  SystemAdmin: 1,
  Manager: 2,
  LeadTechnician: 3,
  AdminAssistant: 4,
  RepairTechnician: 5,
  Reviewer: 6,
} as const;
export type UserRoleId = ValueOf<typeof UserRole>;
export const USER_ROLE_OPTIONS = optionsOf<UserRoleId>([
  [0, 'None'],
  [1, 'System Admin'],
  [2, 'Manager'],
  [3, 'Lead Technician'],
  [4, 'Admin Assistant'],
  [5, 'Repair Technician'],
  [6, 'Reviewer'],
]);
export const userRoleLabel = labelOf(USER_ROLE_OPTIONS, 'None');

/** Any id other than 1, 2, 3 shows as None (spec 2: "otherwise None"). */
export const RepairOrderStatus = { None: -1, Finished: 1, Hold: 2, Working: 3 } as const;
export type RepairOrderStatusId = ValueOf<typeof RepairOrderStatus>;
export const REPAIR_ORDER_STATUS_OPTIONS = optionsOf<RepairOrderStatusId>([
  [1, 'Finished'],
  [2, 'Hold'],
  [3, 'Working'],
]);
export const repairOrderStatusLabel = labelOf(REPAIR_ORDER_STATUS_OPTIONS, 'None');

export const VehicleSource = {
  CarWash: 1,
  CustomerWaiting: 2,
  CustomerDropOff: 3,
  InHouse: 4,
  CallIn: 5,
  DmsImport: 6,
  Express: 7,
} as const;
export type VehicleSourceId = ValueOf<typeof VehicleSource>;
export const VEHICLE_SOURCE_OPTIONS = optionsOf<VehicleSourceId>([
  [1, 'Car Wash'],
  [2, 'Customer Waiting'],
  [3, 'Customer Drop-Off'],
  [4, 'In-House'],
  [5, 'Call-In'],
  [6, 'DMS Import'],
  [7, 'Express'],
]);
export const vehicleSourceLabel = labelOf(VEHICLE_SOURCE_OPTIONS, 'Unknown');

/**
 * The spec names the statuses but not their ids; these ids are ours, in workflow order
 * (Arrived means the installer started the job). Stored in the database, so never renumber.
 */
export const AppointmentStatus = {
  Scheduled: 1,
  Arrived: 2,
  Completed: 3,
  ReSchedule: 4,
  Cancelled: 5,
} as const;
export type AppointmentStatusId = ValueOf<typeof AppointmentStatus>;
export const APPOINTMENT_STATUS_OPTIONS = optionsOf<AppointmentStatusId>([
  [1, 'Scheduled'],
  [2, 'Arrived'],
  [3, 'Completed'],
  [4, 'ReSchedule'],
  [5, 'Cancelled'],
]);
export const appointmentStatusLabel = labelOf(APPOINTMENT_STATUS_OPTIONS);

export const AlertType = {
  NewMessage: 'NewMessage',
  DealerWarranty: 'DealerWarranty',
  FollowUp: 'FollowUp',
  ParkedForMe: 'ParkedForMe',
  Consume: 'Consume',
  ParkedUpdate: 'ParkedUpdate',
} as const;
export type AlertTypeName = ValueOf<typeof AlertType>;
export const ALERT_TYPE_OPTIONS = optionsOf<AlertTypeName>([
  ['NewMessage', 'New Message'],
  ['DealerWarranty', 'Dealer Warranty'],
  ['FollowUp', 'Follow Up'],
  ['ParkedForMe', 'Parked For Me'],
  ['Consume', 'Consume'],
  ['ParkedUpdate', 'Parked Update'],
]);
export const alertTypeLabel = labelOf(ALERT_TYPE_OPTIONS);

export const ConversationClass = { SystemRequest: 1, TechRequest: 2, Regular: 3 } as const;
export type ConversationClassId = ValueOf<typeof ConversationClass>;
export const CONVERSATION_CLASS_OPTIONS = optionsOf<ConversationClassId>([
  [1, 'System Request'],
  [2, 'Tech Request'],
  [3, 'Regular'],
]);
export const conversationClassLabel = labelOf(CONVERSATION_CLASS_OPTIONS);

export const RecordType = { Invoice: 'Invoice', ServiceVehicle: 'ServiceVehicle' } as const;
export type RecordTypeName = ValueOf<typeof RecordType>;
export const RECORD_TYPE_OPTIONS = optionsOf<RecordTypeName>([
  ['Invoice', 'Invoice'],
  ['ServiceVehicle', 'Service Vehicle'],
]);
export const recordTypeLabel = labelOf(RECORD_TYPE_OPTIONS);

export const Thumb = { Up: 1, None: 0, Down: -1 } as const;
export type ThumbValue = ValueOf<typeof Thumb>;
export const THUMB_OPTIONS = optionsOf<ThumbValue>([
  [1, 'Up'],
  [0, 'None'],
  [-1, 'Down'],
]);
export const thumbLabel = labelOf(THUMB_OPTIONS, 'None');
