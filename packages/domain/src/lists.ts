/** Smaller fixed lists of the specs: connection and duty states, views, tabs, brands, setting values. */
import { labelOf, optionsOf, type ValueOf } from './enum-helpers.js';

/** Spec 1 §4 "Real-time connection status"; any other value shows as Unknown. */
export const ConnectionStatus = {
  Disconnected: 'disconnected',
  Connecting: 'connecting',
  Connected: 'connected',
  Error: 'error',
} as const;
export type ConnectionStatusName = ValueOf<typeof ConnectionStatus>;
export const CONNECTION_STATUS_OPTIONS = optionsOf<ConnectionStatusName>([
  ['disconnected', 'Disconnected'],
  ['connecting', 'Connecting'],
  ['connected', 'Connected'],
  ['error', 'Error'],
]);
export const connectionStatusLabel = labelOf(CONNECTION_STATUS_OPTIONS, 'Unknown');

export const DutyStatus = { OnDuty: 'OnDuty', OffDuty: 'OffDuty' } as const;
export type DutyStatusName = ValueOf<typeof DutyStatus>;
export const DUTY_STATUS_OPTIONS = optionsOf<DutyStatusName>([
  ['OnDuty', 'On Duty'],
  ['OffDuty', 'Off Duty'],
]);
export const dutyStatusLabel = labelOf(DUTY_STATUS_OPTIONS);

export const AppointmentView = { Day: 'Day', Week: 'Week', Month: 'Month' } as const;
export type AppointmentViewName = ValueOf<typeof AppointmentView>;
export const APPOINTMENT_VIEWS: readonly AppointmentViewName[] = ['Day', 'Week', 'Month'];

/** The two columns of the Subscription Settings dialog; `always` is the stored boolean. */
export const SubscriptionChoice = { Never: 'Never', Always: 'Always' } as const;
export type SubscriptionChoiceName = ValueOf<typeof SubscriptionChoice>;
export const SUBSCRIPTION_CHOICES: readonly SubscriptionChoiceName[] = ['Never', 'Always'];

/** Tabs whose repair/replacement filters are saved per tab as YES/NO attributes. */
export const ServiceVehicleTab = {
  MyPipeline: 'My Pipeline',
  MyRequests: 'My Requests',
  MyServiceVehicles: 'My Service Vehicles',
} as const;
export type ServiceVehicleTabName = ValueOf<typeof ServiceVehicleTab>;
export const SERVICE_VEHICLE_TABS: readonly ServiceVehicleTabName[] = [
  'My Pipeline',
  'My Requests',
  'My Service Vehicles',
];

/** Spec 2 names brand ids 1, 2 and 3 only; their names are data, not code. */
export const BRAND_IDS = [1, 2, 3] as const;
export type BrandId = (typeof BRAND_IDS)[number];

export const YES = 'YES';
export const NO = 'NO';
export type YesNo = typeof YES | typeof NO;
export const YES_NO: readonly YesNo[] = [YES, NO];

/** Setting value lists keyed by setting id (spec 2 §3): ids 1 and 3 are YES/NO, 17 is a level. */
export const SETTING_VALUE_LISTS: Readonly<Record<number, readonly string[]>> = {
  1: YES_NO,
  3: YES_NO,
  17: ['None', 'Porter', 'Low', 'Medium', 'High', 'Master'],
};

/** A setting without a fixed list is free text: the form shows an input instead of a select. */
export function settingValuesFor(settingId: number): readonly string[] | undefined {
  return SETTING_VALUE_LISTS[settingId];
}

export function toYesNo(value: boolean): YesNo {
  return value ? YES : NO;
}

/** Missing or unrecognised attribute values read as the spec's default for these filters: true. */
export function fromYesNo(value: string | null | undefined, fallback = true): boolean {
  const v = value?.trim().toUpperCase();
  if (v === YES) return true;
  if (v === NO) return false;
  return fallback;
}
